//! Game review: every move of a game scored by an engine, and the moves
//! that lost seeds marked as inaccuracies, mistakes or blunders.
//!
//! The engine is anything that analyses a position (a protocol engine
//! through [`EngineProcess`](crate::EngineProcess), the GUI's engine
//! worker, a test's table of scores): [`review_game`] asks it once per
//! position of the game, then compares, for each move, the score of the
//! position before it (the mover's best) with the score of the position
//! after it (what the move kept). The difference is the score the move
//! lost, in centiseeds; [`Thresholds`] turn it into a [`Judgement`].
//!
//! Scores are the engine's `cp` (the expected final margin, hundredths of a
//! seed) bounded to ±[`DECIDED`]: past that margin the game is decided, and
//! a move that gives back seeds a winner does not need is not a mistake.
//! A forced win or loss (`mate`, or a proven tablebase score) counts as
//! ±[`DECIDED`].

use std::fmt;

use songo_core::{Game, GameStatus, Move, Position, Side};

use crate::InfoScore;

/// The margin, in centiseeds, past which a position counts as decided:
/// 10 seeds, a seventh of the 70 on the board. Scores are bounded to it.
pub const DECIDED: i32 = 1000;

/// The score lost, in centiseeds, from which a move is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// Least loss of an inaccuracy (100 by default).
    pub inaccuracy: i32,
    /// Least loss of a mistake (250 by default).
    pub mistake: i32,
    /// Least loss of a blunder (500 by default).
    pub blunder: i32,
}

/// One seed, two and a half, five: one seed is about what the evaluation
/// moves between two depths of a quiet position, so smaller losses are
/// noise; five seeds is a capture of the size that turns a level game.
impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            inaccuracy: 100,
            mistake: 250,
            blunder: 500,
        }
    }
}

/// How a move is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    /// Lost less than [`Thresholds::inaccuracy`]: not marked.
    Good,
    /// Lost at least [`Thresholds::inaccuracy`].
    Inaccuracy,
    /// Lost at least [`Thresholds::mistake`].
    Mistake,
    /// Lost at least [`Thresholds::blunder`].
    Blunder,
}

impl fmt::Display for Judgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Judgement::Good => "good",
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        })
    }
}

impl Thresholds {
    /// The mark of a move that lost `loss` centiseeds.
    pub fn judge(&self, loss: i32) -> Judgement {
        if loss >= self.blunder {
            Judgement::Blunder
        } else if loss >= self.mistake {
            Judgement::Mistake
        } else if loss >= self.inaccuracy {
            Judgement::Inaccuracy
        } else {
            Judgement::Good
        }
    }
}

/// An engine's analysis of one position, from the side to move's view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The engine's score of the position.
    pub score: InfoScore,
    /// The best move as the engine wrote it (`bestmove`).
    pub best: Option<String>,
    /// The principal variation as the engine wrote it.
    pub pv: Vec<String>,
}

/// A score in centiseeds bounded to ±[`DECIDED`], from the side to move's view.
pub fn bounded(score: InfoScore) -> i32 {
    match score {
        InfoScore::Cp(cp) => cp.clamp(-DECIDED, DECIDED),
        InfoScore::Mate(n) if n > 0 => DECIDED,
        InfoScore::Mate(_) => -DECIDED,
    }
}

/// One reviewed move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReview {
    /// The move's place in the game, from 0.
    pub ply: usize,
    /// The side that played it.
    pub mover: Side,
    /// The move played.
    pub played: Move,
    /// The engine's best move in the position before (`None` when it gave
    /// none, or one that is not a legal move there).
    pub best: Option<Move>,
    /// The engine's line from the position before, as it wrote it.
    pub pv: Vec<String>,
    /// The bounded score before the move (the mover's best), in
    /// centiseeds from the mover's view.
    pub before: i32,
    /// The bounded score after the move, in centiseeds from the mover's
    /// view.
    pub after: i32,
    /// `before - after`, at least 0; 0 when the move played is the best.
    pub loss: i32,
    /// The mark [`Thresholds::judge`] gives `loss`.
    pub judgement: Judgement,
}

impl MoveReview {
    /// Whether the engine would have played another move.
    pub fn better(&self) -> Option<Move> {
        self.best.filter(|&b| b != self.played)
    }
}

/// A whole game reviewed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReview {
    /// Every move reviewed, in order.
    pub moves: Vec<MoveReview>,
    /// The bounded score of every position of the game (the start, then
    /// after each move) from South's view: the graph of the game.
    pub curve: Vec<i32>,
}

impl GameReview {
    /// How many moves of `side` got each mark `[inaccuracy, mistake, blunder]`.
    pub fn counts(&self, side: Side) -> [usize; 3] {
        let mut counts = [0; 3];
        for m in self.moves.iter().filter(|m| m.mover == side) {
            match m.judgement {
                Judgement::Good => {}
                Judgement::Inaccuracy => counts[0] += 1,
                Judgement::Mistake => counts[1] += 1,
                Judgement::Blunder => counts[2] += 1,
            }
        }
        counts
    }
}

/// The score of a position the rules have ended: its final margin, from
/// the side to move's view.
fn final_score(status: GameStatus, to_move: Side) -> Option<i32> {
    match status {
        GameStatus::Ongoing => None,
        GameStatus::Over { scores, .. } => {
            let margin = i32::from(scores[0]) - i32::from(scores[1]);
            let south = (margin * 100).clamp(-DECIDED, DECIDED);
            Some(match to_move {
                Side::South => south,
                Side::North => -south,
            })
        }
    }
}

/// A review in steps, for a caller that cannot wait on the engine (the
/// GUI's engine driver hears its answers as they come): [`next_position`]
/// names the position to analyse, [`add`] takes the engine's verdict on
/// it, and [`finish`] scores the moves. [`review_game`] is this loop with a
/// blocking `analyse`, so both give the same review.
///
/// Positions the rules ended are scored by their final margin as they are
/// reached, without asking the engine; [`progress`] counts them too.
///
/// [`next_position`]: Reviewing::next_position
/// [`add`]: Reviewing::add
/// [`finish`]: Reviewing::finish
/// [`progress`]: Reviewing::progress
#[derive(Clone, Debug)]
pub struct Reviewing {
    game: Game,
    /// The game replayed up to the first position not scored yet.
    replay: Game,
    thresholds: Thresholds,
    /// Per position, the side to move's bounded score and the verdict.
    scored: Vec<(i32, Option<Verdict>)>,
    /// The moves stopped replaying; the review ends at the last position
    /// reached. A game built by the rules always replays, so this is only
    /// a guard.
    broken: bool,
}

impl Reviewing {
    /// A review of `game`, not started: no position scored yet.
    pub fn new(game: &Game, thresholds: Thresholds) -> Reviewing {
        Reviewing {
            game: game.clone(),
            replay: Game::new(game.variant(), game.start()),
            thresholds,
            scored: Vec::with_capacity(game.moves().len() + 1),
            broken: false,
        }
    }

    /// The game under review.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The next position the engine must analyse, `ply` moves after the
    /// start (the caller that talks to an engine sends it the game's first
    /// `ply` moves, so that repetitions count); `None` once every position
    /// is scored. Asking again before [`add`](Reviewing::add) names the
    /// same position.
    pub fn next_position(&mut self) -> Option<(usize, Position)> {
        while !self.is_complete() {
            let position = self.replay.position();
            match final_score(self.replay.status(), position.side_to_move()) {
                Some(score) => self.push(score, None),
                None => return Some((self.scored.len(), position)),
            }
        }
        None
    }

    /// The engine's verdict on the position
    /// [`next_position`](Reviewing::next_position) names; nothing once the
    /// review is complete.
    pub fn add(&mut self, verdict: Verdict) {
        if self.next_position().is_some() {
            self.push(bounded(verdict.score), Some(verdict));
        }
    }

    /// `(done, total)`: positions scored, positions in the game.
    pub fn progress(&self) -> (usize, usize) {
        (self.scored.len(), self.game.moves().len() + 1)
    }

    /// Whether every position is scored (or the moves stopped replaying).
    pub fn is_complete(&self) -> bool {
        self.broken || self.scored.len() > self.game.moves().len()
    }

    fn push(&mut self, score: i32, verdict: Option<Verdict>) {
        let ply = self.scored.len();
        self.scored.push((score, verdict));
        if let Some(&m) = self.game.moves().get(ply) {
            if self.replay.play(m).is_err() {
                self.broken = true;
            }
        }
    }

    /// The review of the positions scored so far: the whole game once
    /// [`is_complete`](Reviewing::is_complete), else the moves whose
    /// positions before and after are both scored.
    pub fn finish(self) -> GameReview {
        let moves = self.game.moves();
        let scored = &self.scored;
        let positions = self.replay.positions();
        let mut review = GameReview {
            moves: Vec::with_capacity(moves.len()),
            curve: Vec::with_capacity(scored.len()),
        };
        for (position, (score, _)) in positions.iter().zip(scored) {
            review.curve.push(match position.side_to_move() {
                Side::South => *score,
                Side::North => -*score,
            });
        }
        for (ply, &played) in moves
            .iter()
            .enumerate()
            .take(scored.len().saturating_sub(1))
        {
            let mover = positions[ply].side_to_move();
            let (before, verdict) = &scored[ply];
            let (next_score, _) = scored[ply + 1];
            let after = if positions[ply + 1].side_to_move() == mover {
                next_score
            } else {
                -next_score
            };
            let best = verdict
                .as_ref()
                .and_then(|v| v.best.as_deref())
                .and_then(|b| b.parse::<Move>().ok())
                .filter(|&b| {
                    Game::new(self.game.variant(), positions[ply])
                        .play(b)
                        .is_ok()
                });
            let loss = if best == Some(played) {
                0
            } else {
                (before - after).max(0)
            };
            review.moves.push(MoveReview {
                ply,
                mover,
                played,
                best,
                pv: verdict.as_ref().map(|v| v.pv.clone()).unwrap_or_default(),
                before: *before,
                after,
                loss,
                judgement: self.thresholds.judge(loss),
            });
        }
        review
    }
}

/// Reviews `game`: `analyse(ply, position)` is asked about every position
/// the game reached that the rules did not end (`ply` moves after the
/// start; the caller that talks to an engine sends it the game's first
/// `ply` moves, so that repetitions count), in order; `progress(done,
/// total)` follows, once per position. An error of `analyse` stops the
/// review. The steps are [`Reviewing`]'s.
pub fn review_game<E>(
    game: &Game,
    mut analyse: impl FnMut(usize, &Position) -> Result<Verdict, E>,
    thresholds: &Thresholds,
    mut progress: impl FnMut(usize, usize),
) -> Result<GameReview, E> {
    let mut reviewing = Reviewing::new(game, *thresholds);
    let mut reported = 0;
    loop {
        let next = reviewing.next_position();
        // Positions the rules ended were scored on the way: one call each.
        let (done, total) = reviewing.progress();
        for d in reported + 1..=done {
            progress(d, total);
        }
        reported = done;
        let Some((ply, position)) = next else {
            return Ok(reviewing.finish());
        };
        reviewing.add(analyse(ply, &position)?);
    }
}

/// A score in seeds as a review writes it: `+1.50`, `-0.25`, `0.00`.
pub fn seeds_text(centiseeds: i32) -> String {
    let sign = match centiseeds {
        c if c > 0 => "+",
        c if c < 0 => "-",
        _ => "",
    };
    let c = centiseeds.unsigned_abs();
    format!("{sign}{}.{:02}", c / 100, c % 100)
}

/// The comment a review writes after a move: the score the move kept,
/// from the mover's view, and for a marked move its mark, the seeds it
/// lost and the better move (`{+0.40}`, `{-3.10 blunder, lost 5.20; better C}`).
pub fn comment(m: &MoveReview) -> String {
    let mut text = seeds_text(m.after);
    if m.judgement != Judgement::Good {
        let lost = seeds_text(m.loss);
        text.push_str(&format!(
            " {}, lost {}",
            m.judgement,
            lost.trim_start_matches('+')
        ));
        if let Some(b) = m.better() {
            text.push_str(&format!("; better {b}"));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::Variant;

    fn cp(score: i32, best: &str) -> Verdict {
        Verdict {
            score: InfoScore::Cp(score),
            best: Some(best.to_string()),
            pv: vec![best.to_string()],
        }
    }

    fn game(moves: &str) -> Game {
        let mut g = Game::new(Variant::Songo40, Position::startpos());
        for m in moves.split_whitespace() {
            g.play(m.parse().unwrap()).unwrap();
        }
        g
    }

    #[test]
    fn thresholds_mark_by_the_score_lost() {
        let t = Thresholds::default();
        assert_eq!(t.judge(-50), Judgement::Good);
        assert_eq!(t.judge(99), Judgement::Good);
        assert_eq!(t.judge(100), Judgement::Inaccuracy);
        assert_eq!(t.judge(250), Judgement::Mistake);
        assert_eq!(t.judge(500), Judgement::Blunder);
        assert_eq!(t.judge(5000), Judgement::Blunder);
    }

    #[test]
    fn bounded_scores() {
        assert_eq!(bounded(InfoScore::Cp(150)), 150);
        assert_eq!(bounded(InfoScore::Cp(29871)), DECIDED);
        assert_eq!(bounded(InfoScore::Cp(-29871)), -DECIDED);
        assert_eq!(bounded(InfoScore::Mate(3)), DECIDED);
        assert_eq!(bounded(InfoScore::Mate(-1)), -DECIDED);
    }

    #[test]
    fn a_move_that_drops_the_score_is_marked_with_the_better_move() {
        let g = game("C d E");
        // Scores from the side to move's view: South 0, North +0.5 (so
        // South kept -0.5 with C, while the engine preferred A), South
        // +6 after d (North lost 6.5 seeds), North 0 after E.
        let scores = [(0, "A"), (50, "d"), (600, "E"), (0, "a")];
        let mut asked = Vec::new();
        let review = review_game(
            &g,
            |ply, _| {
                asked.push(ply);
                Ok::<_, ()>(cp(scores[ply].0, scores[ply].1))
            },
            &Thresholds::default(),
            |_, _| {},
        )
        .unwrap();
        assert_eq!(asked, [0, 1, 2, 3]);
        assert_eq!(review.curve, [0, -50, 600, 0]);
        let m0 = &review.moves[0];
        assert_eq!((m0.before, m0.after, m0.loss), (0, -50, 50));
        assert_eq!(m0.judgement, Judgement::Good);
        assert_eq!(m0.better(), Some("A".parse().unwrap()));
        let m1 = &review.moves[1];
        assert_eq!(m1.mover, Side::North);
        assert_eq!((m1.before, m1.after, m1.loss), (50, -600, 0));
        assert_eq!(m1.judgement, Judgement::Good, "d was the engine's choice");
        let m2 = &review.moves[2];
        assert_eq!((m2.before, m2.after, m2.loss), (600, 0, 0));
        assert_eq!(comment(m0), "-0.50");
        assert_eq!(review.counts(Side::South), [0, 0, 0]);
    }

    #[test]
    fn a_blunder_names_the_better_move() {
        let g = game("C d");
        let scores = [(100, "A"), (700, "a"), (0, "B")];
        let review = review_game(
            &g,
            |ply, _| Ok::<_, ()>(cp(scores[ply].0, scores[ply].1)),
            &Thresholds::default(),
            |_, _| {},
        )
        .unwrap();
        let m0 = &review.moves[0];
        assert_eq!(m0.loss, 800);
        assert_eq!(m0.judgement, Judgement::Blunder);
        assert_eq!(comment(m0), "-7.00 blunder, lost 8.00; better A");
        assert_eq!(review.counts(Side::South), [0, 0, 1]);
    }

    #[test]
    fn an_analysis_error_stops_the_review() {
        let g = game("C d");
        let r = review_game(
            &g,
            |ply, _| {
                if ply == 1 {
                    Err("crashed")
                } else {
                    Ok(cp(0, "A"))
                }
            },
            &Thresholds::default(),
            |_, _| {},
        );
        assert_eq!(r, Err("crashed"));
    }

    #[test]
    fn an_illegal_best_move_is_dropped() {
        let g = game("C");
        let review = review_game(
            &g,
            |_, _| Ok::<_, ()>(cp(0, "a")),
            &Thresholds::default(),
            |_, _| {},
        )
        .unwrap();
        assert_eq!(review.moves[0].best, None);
    }

    /// A game played to its end by pseudo-random legal moves.
    fn finished_game() -> Game {
        let mut g = Game::new(Variant::Songo40, Position::startpos());
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        while !g.is_over() {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let legal: Vec<Move> = g.position().legal_moves(g.variant()).iter().collect();
            let m = legal[(state >> 33) as usize % legal.len()];
            g.play(m).unwrap();
        }
        g
    }

    /// A verdict that depends on the ply only, with a legal best move.
    fn verdict_at(g: &Game, ply: usize) -> Verdict {
        let position = g.positions()[ply];
        let best = position.legal_moves(g.variant()).iter().next().unwrap();
        cp((ply as i32 * 137) % 1500 - 700, &best.to_string())
    }

    /// Drives `Reviewing` by hand: the plies asked and the progress after
    /// each step.
    fn step_by_step(g: &Game) -> (GameReview, Vec<usize>, Vec<(usize, usize)>) {
        let mut r = Reviewing::new(g, Thresholds::default());
        let mut asked = Vec::new();
        let mut progress = vec![r.progress()];
        while let Some((ply, position)) = r.next_position() {
            assert_eq!(position, g.positions()[ply]);
            assert_eq!(
                r.next_position(),
                Some((ply, position)),
                "asking again names it again"
            );
            asked.push(ply);
            r.add(verdict_at(g, ply));
            progress.push(r.progress());
        }
        progress.push(r.progress());
        assert!(r.is_complete());
        (r.finish(), asked, progress)
    }

    #[test]
    fn the_steps_give_review_games_review() {
        let g = game("C d E b");
        let mut calls = Vec::new();
        let whole = review_game(
            &g,
            |ply, _| Ok::<_, ()>(verdict_at(&g, ply)),
            &Thresholds::default(),
            |done, total| calls.push((done, total)),
        )
        .unwrap();
        let (stepped, asked, progress) = step_by_step(&g);
        assert_eq!(stepped, whole);
        assert_eq!(asked, [0, 1, 2, 3, 4]);
        assert_eq!(calls, [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]);
        assert_eq!(progress.first(), Some(&(0, 5)));
        assert_eq!(progress.last(), Some(&(5, 5)));
    }

    #[test]
    fn the_position_the_rules_ended_is_scored_without_the_engine() {
        let g = finished_game();
        let total = g.moves().len() + 1;
        let mut calls = Vec::new();
        let mut analysed = Vec::new();
        let whole = review_game(
            &g,
            |ply, _| {
                analysed.push(ply);
                Ok::<_, ()>(verdict_at(&g, ply))
            },
            &Thresholds::default(),
            |done, total| calls.push((done, total)),
        )
        .unwrap();
        assert_eq!(analysed, (0..total - 1).collect::<Vec<_>>());
        assert_eq!(calls, (1..=total).map(|d| (d, total)).collect::<Vec<_>>());
        let (stepped, asked, progress) = step_by_step(&g);
        assert_eq!(stepped, whole);
        assert_eq!(asked, analysed);
        // The final position is scored when `next_position` reaches it.
        assert_eq!(progress[progress.len() - 2], (total - 1, total));
        assert_eq!(progress[progress.len() - 1], (total, total));
        assert_eq!(whole.moves.len(), g.moves().len());
        let GameStatus::Over { scores, .. } = g.status() else {
            unreachable!("the game is over")
        };
        let margin = (i32::from(scores[0]) - i32::from(scores[1])) * 100;
        assert_eq!(whole.curve.last(), Some(&margin.clamp(-DECIDED, DECIDED)));
    }

    #[test]
    fn a_game_over_from_its_start_asks_nothing() {
        let p: Position = "3,2,1,5,0,0,0/0,0,0,0,0,0,0 s 36 23 -".parse().unwrap();
        let g = Game::new(Variant::Songo36Amateur, p);
        let mut r = Reviewing::new(&g, Thresholds::default());
        assert_eq!(r.progress(), (0, 1));
        assert_eq!(r.next_position(), None);
        assert_eq!(r.progress(), (1, 1));
        r.add(cp(0, "A"));
        assert_eq!(
            r.progress(),
            (1, 1),
            "a verdict nobody asked for is ignored"
        );
        let review = r.finish();
        assert!(review.moves.is_empty());
        assert_eq!(review.curve.len(), 1);
    }

    #[test]
    fn finishing_early_reviews_the_moves_scored_on_both_sides() {
        let g = game("C d E");
        let mut r = Reviewing::new(&g, Thresholds::default());
        assert_eq!(
            r.clone().finish(),
            GameReview {
                moves: vec![],
                curve: vec![]
            }
        );
        for ply in 0..2 {
            assert_eq!(r.next_position().map(|(p, _)| p), Some(ply));
            r.add(verdict_at(&g, ply));
        }
        assert!(!r.is_complete());
        let partial = r.finish();
        assert_eq!(partial.curve.len(), 2);
        assert_eq!(partial.moves.len(), 1);
        let whole = review_game(
            &g,
            |ply, _| Ok::<_, ()>(verdict_at(&g, ply)),
            &Thresholds::default(),
            |_, _| {},
        )
        .unwrap();
        assert_eq!(partial.moves[0], whole.moves[0]);
        assert_eq!(partial.curve[..], whole.curve[..2]);
    }

    #[test]
    fn seeds_are_written_with_two_decimals() {
        assert_eq!(seeds_text(0), "0.00");
        assert_eq!(seeds_text(5), "+0.05");
        assert_eq!(seeds_text(-1234), "-12.34");
    }
}

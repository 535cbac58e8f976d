//! Scores: what they mean and how they are kept.
//!
//! A score is in centiseeds (hundredths of a seed of final margin) for the
//! side to move, except near the ends of the range, where it stands for a
//! proven result:
//!
//! ```text
//!  MATE - ply        a forced game end won `ply` plies from the root
//!  ─── MATE_BOUND ─── (MATE - MAX_PLY)
//!  TB_WIN - ply      a win the tablebases prove, `ply` plies from the root
//!  ─── TB_BOUND ───── (TB_WIN - MAX_PLY)
//!  evaluations       centiseeds
//! ```
//!
//! and the same, negated, for losses. Front ends turn a score into text
//! through [`classify`] (and [`WinDrawLoss::estimate`] for a win/draw/loss
//! estimate), and a person reads it as [`text`] writes it, so that every
//! output agrees on what a score means.
//!
//! The scale is the rules core's so that the engine, the tables (which
//! add their results' scores) and the front ends share one definition
//! without depending on each other.

use crate::movegen::Outcome;
use crate::position::Position;
use crate::variant::Variant;

/// Centiseeds in a seed.
pub const CENTISEEDS: Score = 100;

/// A search or evaluation score.
pub type Score = i32;

/// A won game, `ply` plies from the root, scores `MATE - ply`.
pub const MATE: Score = 30_000;
/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
/// Scores beyond this are forced game ends.
pub const MATE_BOUND: Score = MATE - MAX_PLY as Score;
/// A win the tablebases prove, `ply` plies from the root, scores
/// `TB_WIN - ply`: below every mate (whose distance is known), above every
/// evaluation.
pub const TB_WIN: Score = MATE_BOUND - 1;
/// Scores beyond this are proven wins (tablebase or mate).
pub const TB_BOUND: Score = TB_WIN - MAX_PLY as Score;
/// Above every score: the bounds of a full search window.
pub const INFINITE: Score = MATE + 1;

/// Score of a finished game at `p`, `ply` plies from the root, for the side to move.
pub fn game_end_score(p: &Position, v: Variant, ply: usize) -> Score {
    match p.outcome(v) {
        Outcome::Draw => 0,
        Outcome::Win(side) if side == p.side_to_move() => MATE - ply as Score,
        Outcome::Win(_) => -(MATE - ply as Score),
    }
}

/// A score as the transposition table keeps it, for a node `ply` plies from
/// the root: mate and tablebase scores relative to the node, not the root.
pub fn score_to_tt(s: Score, ply: usize) -> i16 {
    let s = if s >= TB_BOUND {
        s + ply as Score
    } else if s <= -TB_BOUND {
        s - ply as Score
    } else {
        s
    };
    s as i16
}

/// The inverse of [`score_to_tt`] for a node `ply` plies from the root.
pub fn score_from_tt(s: i16, ply: usize) -> Score {
    let s = s as Score;
    if s >= TB_BOUND {
        s - ply as Score
    } else if s <= -TB_BOUND {
        s + ply as Score
    } else {
        s
    }
}

/// Moves to a forced win (positive) or loss (negative), in the mover's own
/// moves, for a mate score; `None` for an ordinary score.
pub fn mate_in(score: Score) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score + 1) / 2)
    } else {
        None
    }
}

/// What a score means, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreKind {
    /// An evaluation, in centiseeds.
    Seeds(i32),
    /// A forced game end in this many of the mover's own moves: won when
    /// positive, lost when negative (as [`mate_in`]).
    Mate(i32),
    /// A win the tablebases prove; the position they decided lies `plies`
    /// plies from the root (the distance to the game's end is unknown).
    TablebaseWin {
        /// Plies from the root to the position the tables decided.
        plies: u32,
    },
    /// A loss the tablebases prove, `plies` plies from the root.
    TablebaseLoss {
        /// Plies from the root to the position the tables decided.
        plies: u32,
    },
}

/// What `score` means: the one place that tells mates, tablebase results
/// and evaluations apart.
pub fn classify(score: Score) -> ScoreKind {
    if let Some(n) = mate_in(score) {
        ScoreKind::Mate(n)
    } else if score >= TB_BOUND {
        ScoreKind::TablebaseWin {
            plies: (TB_WIN - score) as u32,
        }
    } else if score <= -TB_BOUND {
        ScoreKind::TablebaseLoss {
            plies: (TB_WIN + score) as u32,
        }
    } else {
        ScoreKind::Seeds(score)
    }
}

/// A score for a person: seeds of margin with a sign (`+2.35`, `0.00`),
/// `win in N`, `loss in N`, or the tables' `tb win` / `tb loss`. The same
/// in every front end (the page's hooks, `songo play`, `songo analyze`).
pub fn text(score: Score) -> String {
    kind_text(classify(score))
}

/// [`text`] of a score already classified (a front end reading another
/// engine's `mate N` has a [`ScoreKind::Mate`] without a score).
pub fn kind_text(kind: ScoreKind) -> String {
    match kind {
        ScoreKind::Mate(n) if n > 0 => format!("win in {n}"),
        ScoreKind::Mate(n) => format!("loss in {}", -n),
        ScoreKind::TablebaseWin { .. } => "tb win".to_string(),
        ScoreKind::TablebaseLoss { .. } => "tb loss".to_string(),
        ScoreKind::Seeds(0) => "0.00".to_string(),
        ScoreKind::Seeds(cs) => format!("{:+.2}", f64::from(cs) / f64::from(CENTISEEDS)),
    }
}

/// A win/draw/loss estimate, in permille (the three add up to 1000), for
/// the side the score is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WinDrawLoss {
    /// Chance of a win, in permille.
    pub win: u32,
    /// Chance of a draw, in permille.
    pub draw: u32,
    /// Chance of a loss, in permille.
    pub loss: u32,
}

impl WinDrawLoss {
    /// A certain win.
    pub const WON: WinDrawLoss = WinDrawLoss {
        win: 1000,
        draw: 0,
        loss: 0,
    };
    /// A certain loss.
    pub const LOST: WinDrawLoss = WinDrawLoss {
        win: 0,
        draw: 0,
        loss: 1000,
    };

    /// The estimate for `score` in variant `v`. Mates and tablebase results
    /// are certain; otherwise a logistic curve of the margin, with a draw
    /// band in `songo40` where margins under 5 seeds are drawn.
    pub fn estimate(score: Score, v: Variant) -> WinDrawLoss {
        match classify(score) {
            ScoreKind::Mate(n) if n > 0 => return WinDrawLoss::WON,
            ScoreKind::Mate(_) => return WinDrawLoss::LOST,
            ScoreKind::TablebaseWin { .. } => return WinDrawLoss::WON,
            ScoreKind::TablebaseLoss { .. } => return WinDrawLoss::LOST,
            ScoreKind::Seeds(_) => {}
        }
        // Centiseeds of margin at which a win (or a loss) is even odds.
        let margin = if v.is_songo36() { 50.0 } else { 450.0 };
        // Centiseeds over which the odds change by a factor of e.
        let scale = 150.0;
        let s = score as f64;
        let win = 1.0 / (1.0 + (-(s - margin) / scale).exp());
        let loss = 1.0 / (1.0 + (-(-s - margin) / scale).exp());
        let w = ((win * 1000.0).round() as u32).min(1000);
        let l = ((loss * 1000.0).round() as u32).min(1000 - w);
        WinDrawLoss {
            win: w,
            draw: 1000 - w - l,
            loss: l,
        }
    }

    /// As `(win, draw, loss)` permille.
    pub fn permille(self) -> (u32, u32, u32) {
        (self.win, self.draw, self.loss)
    }

    /// As `(win, draw, loss)` whole percents, each rounded half up.
    pub fn percent(self) -> (u32, u32, u32) {
        let pct = |x: u32| (x + 5) / 10;
        (pct(self.win), pct(self.draw), pct(self.loss))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_classify_by_range() {
        assert_eq!(classify(0), ScoreKind::Seeds(0));
        assert_eq!(classify(-235), ScoreKind::Seeds(-235));
        assert_eq!(classify(TB_BOUND - 1), ScoreKind::Seeds(TB_BOUND - 1));
        assert_eq!(classify(MATE - 13), ScoreKind::Mate(7));
        assert_eq!(classify(-(MATE - 8)), ScoreKind::Mate(-4));
        assert_eq!(
            classify(MATE_BOUND),
            ScoreKind::Mate(mate_in(MATE_BOUND).unwrap())
        );
        assert_eq!(classify(TB_WIN - 5), ScoreKind::TablebaseWin { plies: 5 });
        assert_eq!(
            classify(-(TB_WIN - 9)),
            ScoreKind::TablebaseLoss { plies: 9 }
        );
        assert_eq!(
            classify(TB_BOUND),
            ScoreKind::TablebaseWin {
                plies: MAX_PLY as u32
            }
        );
    }

    #[test]
    fn every_kind_of_score_as_a_person_reads_it() {
        assert_eq!(text(235), "+2.35");
        assert_eq!(text(-50), "-0.50");
        assert_eq!(text(0), "0.00");
        assert_eq!(text(MATE - 13), "win in 7");
        assert_eq!(text(-(MATE - 8)), "loss in 4");
        assert_eq!(text(TB_WIN - 3), "tb win");
        assert_eq!(text(-(TB_WIN - 3)), "tb loss");
    }

    #[test]
    fn table_scores_are_relative_to_the_node() {
        for (s, ply) in [(0, 5), (-420, 9), (MATE - 20, 7), (-(TB_WIN - 30), 12)] {
            assert_eq!(score_from_tt(score_to_tt(s, ply), ply), s);
        }
        // A mate 20 plies from the root is 13 plies from a node at ply 7.
        assert_eq!(score_to_tt(MATE - 20, 7), (MATE - 13) as i16);
        assert_eq!(score_to_tt(123, 7), 123);
    }

    #[test]
    fn win_draw_loss_is_certain_for_proven_results_and_sums_to_1000() {
        let v = Variant::Songo40;
        assert_eq!(WinDrawLoss::estimate(MATE - 3, v), WinDrawLoss::WON);
        assert_eq!(WinDrawLoss::estimate(-(TB_WIN - 3), v), WinDrawLoss::LOST);
        let even = WinDrawLoss::estimate(0, v);
        assert_eq!(even.win, even.loss);
        assert!(even.draw > 900, "{even:?}");
        for s in [-5000, -450, -1, 0, 1, 50, 450, 5000] {
            for v in Variant::ALL {
                let e = WinDrawLoss::estimate(s, v);
                assert_eq!(e.win + e.draw + e.loss, 1000, "{s} {v}");
            }
        }
        let songo36 = WinDrawLoss::estimate(50, Variant::Songo36Beginner);
        assert_eq!(songo36.win, 500);
        assert_eq!(
            WinDrawLoss::estimate(0, v).percent().1,
            (even.draw + 5) / 10
        );
    }
}

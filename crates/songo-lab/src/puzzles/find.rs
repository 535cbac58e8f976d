//! The puzzles of one self-play game: the game, each of its positions
//! screened, the candidates searched deep and verified deeper (or decided
//! by the tables), the solution line, the difficulty and the themes.
//!
//! Every search is single-threaded, to a fixed depth, on a transposition
//! table cleared before it, of the position alone (no game history: the
//! puzzle is shown without one), so a game's puzzles depend only on the
//! settings, the seed and the game's index.

use songo_core::score::TB_BOUND;
use songo_core::{Game, Move, Position, Variant};
use songo_engine::search::{search, Info, ScoreBound, SearchOptions, SearchRequest};
use songo_engine::tt::{AllocError, TranspositionTable};
use songo_engine::Limits;
use songo_learn::puzzle::themes::detect;
use songo_learn::puzzle::{Puzzle, DIFFICULTY_DEPTHS, HARDEST};
use songo_tb::{Tablebases, TbValue};

use crate::datagen::{opening, PlayConfig};
use songo_core::rng::SplitMix;

/// Bumped whenever what a game yields changes (the constants below, the
/// thresholds' logic): a file made by another version is not continued.
pub const GENERATOR_VERSION: u32 = 1;
/// "Clearly best" also asks that the best move does not lose more than
/// this (centiseeds): finding the move that loses least is no puzzle.
pub const FLOOR: i32 = -100;
/// Longest solution line, in plies (three moves of the solver).
pub const MAX_LINE: usize = 5;
/// Puzzles kept from one game, the first ones found.
pub const MAX_PER_GAME: usize = 2;
/// Plies skipped after a puzzle's line before the next candidate, so that
/// two puzzles of a game are not the same idea.
pub const GAP: usize = 4;
/// A self-play game is stopped after this many plies.
pub const MAX_GAME_PLIES: usize = 300;
/// Of the puzzles a one-ply search solves, those whose position key is a
/// multiple of this are kept.
pub const EASY_KEPT: u64 = 4;
/// Each game's transposition table, in MB.
const HASH_MB: usize = 8;

/// How puzzles are found.
#[derive(Clone, Copy)]
pub struct FindConfig<'a> {
    /// The rule variant of the games.
    pub variant: Variant,
    /// Random plies that open each game.
    pub random_plies: u16,
    /// The depth of the self-play searches, which also screen positions.
    pub screen: u32,
    /// The depth of the search that makes a puzzle.
    pub depth: u32,
    /// The depth of the search that verifies it (at least `depth + 4`).
    pub verify: u32,
    /// "Clearly worse": the second-best move scores at least this many
    /// centiseeds below the best.
    pub margin: i32,
    /// Endgame tables for the searches, which decide the positions they cover.
    pub tables: Option<&'a Tablebases>,
}

/// A search's two best lines, as the search scored them.
#[derive(Clone, Copy, Debug)]
struct Lines {
    best: Move,
    score: i32,
    /// `None` when the move is the only one.
    second: Option<i32>,
}

/// Whether the best line is clearly best: it wins and the second does not,
/// or it does not lose more than `floor` and the second scores at least
/// `margin` less. A position where every move loses by force has none.
fn clearly_best(l: &Lines, margin: i32, floor: Option<i32>) -> bool {
    let Some(second) = l.second else {
        return false;
    };
    let win = |s: i32| s >= TB_BOUND;
    if win(l.score) {
        return !win(second);
    }
    l.score > -TB_BOUND && floor.is_none_or(|f| l.score >= f) && l.score - second >= margin
}

/// A step of the line: its move, and whether the tables decided it.
type Step = Option<(Move, bool)>;

struct Finder<'a> {
    cfg: FindConfig<'a>,
    tt: TranspositionTable,
}

impl Finder<'_> {
    /// The two best lines of `p` alone at `depth`.
    fn lines(&mut self, p: &Position, depth: u32, tables: bool) -> Option<Lines> {
        let game = Game::new(self.cfg.variant, *p);
        self.tt.clear();
        let mut last: [Option<Info>; 2] = [None, None];
        let mut report = |i: &Info| {
            if i.bound == ScoreBound::Exact && (1..=2).contains(&i.multipv) {
                last[i.multipv - 1] = Some(i.clone());
            }
        };
        let r = search(
            SearchRequest::new(&game, &self.tt)
                .limits(Limits::depth(depth))
                .options(SearchOptions {
                    multipv: 2,
                    ..SearchOptions::default()
                })
                .tablebases(if tables { self.cfg.tables } else { None })
                .report(&mut report),
        );
        let best = r.best?;
        let [first, second] = last;
        let first = first.filter(|i| i.pv.first() == Some(&best))?;
        // The second line of the same iteration as the first.
        let second = second.filter(|i| i.depth == first.depth).map(|i| i.score);
        Some(Lines {
            best,
            score: first.score,
            second,
        })
    }

    /// The move a plain search of `p` at `depth` plays (no tables: the
    /// difficulty is what a player without them faces).
    fn best(&mut self, p: &Position, depth: u32) -> Option<Move> {
        let game = Game::new(self.cfg.variant, *p);
        self.tt.clear();
        search(SearchRequest::new(&game, &self.tt).limits(Limits::depth(depth))).best
    }

    /// What the tables say of `p`'s moves: `None` when they do not decide
    /// every move exactly; else the one move whose result is better than
    /// every other's, if there is one.
    fn tables_decide(&self, p: &Position) -> Option<Option<Move>> {
        let tb = self.cfg.tables?;
        if !tb.covers(p, self.cfg.variant) {
            return None;
        }
        let exact: Vec<(Move, TbValue)> = tb
            .probe_moves(p, self.cfg.variant)
            .into_iter()
            .map(|(m, r)| r.filter(|(lo, hi)| lo == hi).map(|(v, _)| (m, v)))
            .collect::<Option<_>>()?;
        let top = exact.iter().map(|(_, v)| *v).max()?;
        let mut best = exact.iter().filter(|(_, v)| *v == top);
        Some(match (best.next(), best.next()) {
            (Some((m, _)), None) if exact.len() > 1 => Some(*m),
            _ => None,
        })
    }

    /// The solver's move at `p`: clearly best at the making depth and
    /// again, the same move, at the verifying depth; or the tables' one
    /// winning (or saving) move.
    fn solver_step(&mut self, p: &Position) -> Step {
        let (m, by_tables) = self.solver_move(p)?;
        (by_tables || self.verified(p, m, Some(FLOOR))).then_some((m, by_tables))
    }

    /// The solver's move at `p` before its verification: the tables' one
    /// best move, or the clearly best move at the making depth.
    fn solver_move(&mut self, p: &Position) -> Step {
        if let Some(decided) = self.tables_decide(p) {
            return decided.map(|m| (m, true));
        }
        let made = self.lines(p, self.cfg.depth, true)?;
        clearly_best(&made, self.cfg.margin, Some(FLOOR)).then_some((made.best, false))
    }

    /// Whether the search at the verifying depth finds `m` clearly best too.
    fn verified(&mut self, p: &Position, m: Move, floor: Option<i32>) -> bool {
        self.lines(p, self.cfg.verify, true)
            .is_some_and(|l| l.best == m && clearly_best(&l, self.cfg.margin, floor))
    }

    /// The defender's reply at `p`: forced, or clearly his best (however
    /// much it loses, short of a proven loss) at both depths.
    fn defender_step(&mut self, p: &Position) -> Option<Move> {
        let legal = p.legal_moves(self.cfg.variant);
        if legal.len() == 1 {
            return legal.into_iter().next();
        }
        if let Some(decided) = self.tables_decide(p) {
            return decided;
        }
        self.searched_step(p, None).map(|(m, _)| m)
    }

    fn searched_step(&mut self, p: &Position, floor: Option<i32>) -> Step {
        let made = self.lines(p, self.cfg.depth, true)?;
        (clearly_best(&made, self.cfg.margin, floor) && self.verified(p, made.best, floor))
            .then_some((made.best, false))
    }

    /// The puzzle at `p`, if it is one.
    fn puzzle(&mut self, p: &Position, game: u64) -> Option<Puzzle> {
        let v = self.cfg.variant;
        let (key, by_tables) = self.solver_move(p)?;
        let difficulty = self.difficulty(p, key);
        // Most positions where one ply finds the move are a capture any
        // beginner sees: a quarter of them are enough.
        if difficulty == 1 && !p.key().is_multiple_of(EASY_KEPT) {
            return None;
        }
        if !by_tables && !self.verified(p, key, Some(FLOOR)) {
            return None;
        }
        let mut solution = vec![key];
        let mut at = p.make_move(v, key);
        while solution.len() + 2 <= MAX_LINE && !at.is_over(v) {
            let Some(reply) = self.defender_step(&at) else {
                break;
            };
            let next = at.make_move(v, reply);
            // The line ends with a move of the solver.
            if next.is_over(v) {
                break;
            }
            let Some((m, _)) = self.solver_step(&next) else {
                break;
            };
            solution.extend([reply, m]);
            at = next.make_move(v, m);
        }
        Some(Puzzle {
            variant: v,
            position: *p,
            themes: detect(v, p, &solution, by_tables),
            solution,
            difficulty,
            game,
        })
    }

    /// The difficulty of `key` at `p`: the first depth of the ladder from
    /// which every deeper one plays it.
    fn difficulty(&mut self, p: &Position, key: Move) -> u8 {
        let found: Vec<bool> = DIFFICULTY_DEPTHS
            .iter()
            .map(|&d| self.best(p, d) == Some(key))
            .collect();
        match found.iter().rposition(|f| !f) {
            None => 1,
            Some(i) if i + 1 == found.len() => HARDEST,
            Some(i) => i as u8 + 2,
        }
    }

    /// Whether the self-play search's lines at `p` make it worth the deep
    /// searches: clearly best with half the margin, or decided by the tables.
    fn worth_a_look(&self, p: &Position, l: &Lines) -> bool {
        match self.tables_decide(p) {
            Some(decided) => decided.is_some(),
            None => clearly_best(l, self.cfg.margin / 2, Some(FLOOR)),
        }
    }
}

/// The seed of game `index`: its own stream, apart from datagen's.
fn game_seed(seed: u64, index: u64) -> u64 {
    SplitMix::new(seed ^ index.wrapping_mul(0xA24B_AED4_963E_E407) ^ 0x7075_7A7A_6C65).next_u64()
}

/// Plays game `index` and returns its puzzles, in the order of its plies.
pub fn find_in_game(cfg: &FindConfig, seed: u64, index: u64) -> Result<Vec<Puzzle>, AllocError> {
    let v = cfg.variant;
    let mut f = Finder {
        cfg: *cfg,
        tt: TranspositionTable::new(HASH_MB)?,
    };
    let play = PlayConfig {
        variant: v,
        nodes: 0,
        random_plies: cfg.random_plies,
        balance: 0,
        tables: None,
        eval: SearchOptions::default().eval,
    };
    let mut rng = SplitMix::new(game_seed(seed, index));
    let Some(mut game) = opening(&play, &mut rng, &mut f.tt) else {
        return Ok(Vec::new());
    };
    let start = game.moves().len();
    let mut puzzles = Vec::new();
    let mut next_candidate = 0;
    while !game.is_over() && game.moves().len() < start + MAX_GAME_PLIES {
        let p = game.position();
        let Some(l) = f.lines(&p, cfg.screen, true) else {
            break;
        };
        let ply = game.moves().len();
        if ply >= next_candidate && puzzles.len() < MAX_PER_GAME && f.worth_a_look(&p, &l) {
            if let Some(puzzle) = f.puzzle(&p, index) {
                next_candidate = ply + puzzle.solution.len() + GAP;
                puzzles.push(puzzle);
            }
        }
        if game.play(l.best).is_err() {
            break;
        }
    }
    Ok(puzzles)
}

/// Whether a search of `p` alone at `depth`, without tables, finds `key`
/// clearly best by the thresholds the generator applies (`margin` as in
/// the set's header): what a test re-verifying a set asks.
pub fn confirms(
    v: Variant,
    p: &Position,
    key: Move,
    depth: u32,
    margin: i32,
) -> Result<bool, AllocError> {
    let mut f = Finder {
        cfg: FindConfig {
            variant: v,
            random_plies: 0,
            screen: depth,
            depth,
            verify: depth,
            margin,
            tables: None,
        },
        tt: TranspositionTable::new(HASH_MB)?,
    };
    Ok(f.verified(p, key, Some(FLOOR)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::score::MATE;

    fn lines(score: i32, second: Option<i32>) -> Lines {
        Lines {
            best: Move::from_pit(0),
            score,
            second,
        }
    }

    #[test]
    fn the_thresholds() {
        let m = 300;
        // A win against no win; two wins are no puzzle.
        assert!(clearly_best(&lines(MATE - 5, Some(200)), m, Some(FLOOR)));
        assert!(!clearly_best(
            &lines(MATE - 5, Some(MATE - 9)),
            m,
            Some(FLOOR)
        ));
        // The margin, exactly.
        assert!(clearly_best(&lines(250, Some(-50)), m, Some(FLOOR)));
        assert!(!clearly_best(&lines(250, Some(-49)), m, Some(FLOOR)));
        // The floor: the best move may not lose more than a seed…
        assert!(!clearly_best(&lines(-101, Some(-900)), m, Some(FLOOR)));
        // …but the defender's best reply may.
        assert!(clearly_best(&lines(-101, Some(-900)), m, None));
        // Every move lost by force, or a forced move: no puzzle.
        assert!(!clearly_best(
            &lines(-(MATE - 9), Some(-(MATE - 1))),
            m,
            None
        ));
        assert!(!clearly_best(&lines(500, None), m, Some(FLOOR)));
    }
}

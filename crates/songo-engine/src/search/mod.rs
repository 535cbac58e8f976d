//! The search: iterative deepening over a principal variation search
//! (negamax alpha-beta), aspiration windows, a shared transposition table,
//! move ordering, repetition handling, time management and Lazy SMP threads
//! that share a table of the subtrees each is in (simplified ABDADA).
//!
//! Move ordering is the TT move, then captures by seeds taken, then two
//! killers per ply, which searched the smallest trees (a history table as
//! well searched larger ones).
//!
//! The search never prints. It reports each finished line through a
//! callback, and the caller (the protocol layer) formats it.
//!
//! The modules, each using only those above it:
//!
//! - `tunables`: the numbers that shape the search;
//! - `control`: what the outside world can do to a running search;
//! - `smp`: the state the threads share, Lazy SMP scheduling, the threads;
//! - `worker`: one thread's search (an iteration over the root moves,
//!   negamax, quiescence, move ordering), its state behind its methods;
//! - `root`: the root moves, iterative deepening, aspiration windows and
//!   the lines reported;
//! - this one: the public types, what a search is asked
//!   ([`SearchRequest`]) and the entry point ([`search`]).

mod control;
mod root;
mod smp;
mod tunables;
mod worker;

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::time::Instant;

pub use self::control::SearchControl;
use self::smp::Shared;
pub use self::tunables::{ParamError, ParamSetting, SearchParams, Technique, Tunable};
use self::worker::Worker;
use crate::abdada::BusyTable;
use crate::eval::EvalKind;
use crate::nn::Network;
pub(crate) use crate::score::game_end_score;
use crate::score::Score;
use crate::timeman::{budget, Limits};
use crate::tt::TranspositionTable;
use crate::turns::{cores, Turns};
use songo_core::game::Game;
use songo_core::moves::Move;
use songo_tb::Tablebases;

/// How a score was bounded when it was reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreBound {
    /// The score itself.
    Exact,
    /// The search failed high: at least this.
    Lower,
    /// The search failed low: at most this.
    Upper,
}

/// One finished (or bounded) principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The iteration's depth, in plies.
    pub depth: u32,
    /// The deepest ply this thread reached on the line, quiescence
    /// included.
    pub seldepth: u32,
    /// 1-based index of the line among the MultiPV lines.
    pub multipv: usize,
    /// For the side to move: [`crate::score::classify`] tells what it means.
    pub score: Score,
    /// Whether the score is exact or a bound.
    pub bound: ScoreBound,
    /// Nodes searched so far, by every thread.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Per mille of the transposition table used by this search (a sample
    /// of its first thousand slots).
    pub hashfull: u32,
    /// Tablebase probes that gave a verdict.
    pub tbhits: u64,
    /// The line: the move of this MultiPV line first.
    pub pv: Vec<Move>,
}

/// What a search settled on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when the game is already over.
    pub best: Option<Move>,
    /// The reply expected to `best` (its line's second move), if known.
    pub ponder: Option<Move>,
    /// `best`'s score for the side to move.
    pub score: Score,
    /// The depth of the iteration the answer comes from.
    pub depth: u32,
    /// Nodes searched, by every thread.
    pub nodes: u64,
    /// What each technique did, over all threads.
    pub stats: SearchStats,
}

/// How often each technique of the search acted, summed over the threads:
/// a test's evidence that a technique it relies on, or turns off, was at
/// work. A count costs an addition where its technique acts, nothing at
/// the other nodes, and changes no search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes reverse futility pruning cut off.
    pub rfp_cutoffs: u64,
    /// Quiet moves futility pruning skipped.
    pub futile_moves: u64,
    /// Table moves searched a ply deeper for being singular.
    pub singular_extensions: u64,
    /// Nodes cut off because the other moves beat beta without the table
    /// move (multi-cut, the other outcome of a singular search).
    pub multi_cuts: u64,
    /// Nodes searched a ply shallower by internal iterative reduction.
    pub iir_reductions: u64,
    /// Moves searched shallower first by late move reductions.
    pub lmr_reductions: u64,
    /// Root searches that fell outside their aspiration window.
    pub aspiration_failures: u64,
}

impl SearchStats {
    /// How often `technique` acted.
    pub fn acted(&self, technique: Technique) -> u64 {
        match technique {
            Technique::ReverseFutility => self.rfp_cutoffs,
            Technique::Futility => self.futile_moves,
            Technique::SingularExtensions => self.singular_extensions + self.multi_cuts,
            Technique::Iir => self.iir_reductions,
            Technique::Lmr => self.lmr_reductions,
            Technique::Aspiration => self.aspiration_failures,
        }
    }
}

/// Counts of several searches, or threads, together.
impl std::ops::AddAssign for SearchStats {
    fn add_assign(&mut self, other: SearchStats) {
        self.rfp_cutoffs += other.rfp_cutoffs;
        self.futile_moves += other.futile_moves;
        self.singular_extensions += other.singular_extensions;
        self.multi_cuts += other.multi_cuts;
        self.iir_reductions += other.iir_reductions;
        self.lmr_reductions += other.lmr_reductions;
        self.aspiration_failures += other.aspiration_failures;
    }
}

/// Options that shape a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Search threads (Lazy SMP), at least 1.
    pub threads: usize,
    /// Lines searched and reported, best first; at least 1.
    pub multipv: usize,
    /// Time kept back on each move for what happens outside the search
    /// (the GUI, the pipe): a `movetime` plans `MS − min(overhead, MS / 2)`.
    pub move_overhead: Duration,
    /// The evaluation the search uses.
    pub eval: EvalKind,
    /// The net `EvalKind::Nn` evaluates with (a net for every variant is
    /// specialised to the position's); without one, or in another variant
    /// than the net's, the variant's embedded net (see
    /// [`crate::nn::default_net`]), and without that the tuned weights.
    pub net: Option<Arc<Network>>,
    /// The tunables set at run time (see [`SearchParams`]).
    pub params: SearchParams,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(10),
            eval: EvalKind::default(),
            net: None,
            params: SearchParams::default(),
        }
    }
}

/// A move at the root, with the score and line its last search gave it
/// (`-INFINITE` when it failed low).
#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: Score,
    pv: Vec<Move>,
}

/// What a search is asked: the game whose current position to search, the
/// transposition table to use, and, each with a default, the limits (none:
/// until stopped), the options ([`SearchOptions::default`]), the endgame
/// tablebases (none), the control the outside world stops it with (one of
/// its own: then only the limits end the search) and where its lines go
/// (nowhere).
///
/// ```
/// use songo_core::{Game, Position, Variant};
/// use songo_engine::search::{search, SearchRequest};
/// use songo_engine::Limits;
/// use songo_engine::tt::TranspositionTable;
///
/// let game = Game::new(Variant::Songo40, Position::startpos());
/// let tt = TranspositionTable::new(1).unwrap();
/// let result = search(SearchRequest::new(&game, &tt).limits(Limits::depth(4)));
/// assert!(result.best.is_some());
/// ```
pub struct SearchRequest<'a> {
    game: &'a Game,
    tt: &'a TranspositionTable,
    limits: Limits,
    options: SearchOptions,
    tablebases: Option<&'a Tablebases>,
    control: Option<&'a SearchControl>,
    report: Option<&'a mut (dyn FnMut(&Info) + Send)>,
    /// The subtrees other threads are in, given by tests that play those
    /// threads; otherwise the search makes the table it needs.
    busy: Option<BusyTable>,
}

impl<'a> SearchRequest<'a> {
    /// A search of the current position of `game` with `tt`; the rest as
    /// the defaults say.
    pub fn new(game: &'a Game, tt: &'a TranspositionTable) -> Self {
        SearchRequest {
            game,
            tt,
            limits: Limits::default(),
            options: SearchOptions::default(),
            tablebases: None,
            control: None,
            report: None,
            busy: None,
        }
    }

    /// When the search stops (default: no limit, until stopped).
    pub fn limits(self, limits: Limits) -> Self {
        SearchRequest { limits, ..self }
    }

    /// Threads, lines, evaluation and tunables (default:
    /// [`SearchOptions::default`]).
    pub fn options(self, options: SearchOptions) -> Self {
        SearchRequest { options, ..self }
    }

    /// Endgame tablebases (`None`: none): the root keeps only the moves the
    /// tables do not prove worse, and nodes reached by a capture take the
    /// tables' verdict when it decides them.
    pub fn tablebases(self, tablebases: Option<&'a Tablebases>) -> Self {
        SearchRequest { tablebases, ..self }
    }

    /// What stops the search from outside, tells it the ponder move was
    /// played and takes its answer early.
    pub fn control(self, control: &'a SearchControl) -> Self {
        SearchRequest {
            control: Some(control),
            ..self
        }
    }

    /// Where each finished line goes, from whichever thread finished it
    /// (one at a time), until the answer is taken with
    /// [`SearchControl::stop_and_take_answer`].
    pub fn report(self, report: &'a mut (dyn FnMut(&Info) + Send)) -> Self {
        SearchRequest {
            report: Some(report),
            ..self
        }
    }

    /// The subtrees other threads are in, as if they were searching them.
    #[cfg(test)]
    fn busy(self, busy: BusyTable) -> Self {
        SearchRequest {
            busy: Some(busy),
            ..self
        }
    }
}

/// Searches as `request` asks. With one thread and no time limit the
/// search is deterministic.
pub fn search(request: SearchRequest<'_>) -> SearchResult {
    let SearchRequest {
        game,
        tt,
        limits,
        options,
        tablebases: tb,
        control,
        report,
        busy,
    } = request;
    let own_control;
    let control = match control {
        Some(c) => c,
        None => {
            own_control = SearchControl::default();
            &own_control
        }
    };
    let mut silent = |_: &Info| {};
    let report: &mut (dyn FnMut(&Info) + Send) = match report {
        Some(r) => r,
        None => &mut silent,
    };
    let v = game.variant();
    let root = game.position();
    let mut root_moves = root::root_moves(game, &limits, tb);
    if game.is_over() || root_moves.is_empty() {
        return SearchResult {
            best: None,
            ponder: None,
            score: game_end_score(&root, v, 0),
            depth: 0,
            nodes: 0,
            stats: SearchStats::default(),
        };
    }
    // Order the first iteration by the table's move, if any.
    if let Some(m) = tt.probe(root.key()).and_then(|e| e.mv) {
        if let Some(i) = root_moves.iter().position(|r| r.mv == m) {
            root_moves[..=i].rotate_right(1);
        }
    }
    tt.new_search();
    // Until depth 1 is done, a stop plays the first move (as `iterate` does).
    control.while_owed(|best| *best = Some((root_moves[0].mv, None)));
    let threads = options.threads.max(1);
    let multipv = options.multipv.clamp(1, root_moves.len());
    let shared = Shared {
        variant: v,
        eval: options.eval,
        params: options.params,
        net: match options.eval {
            EvalKind::Nn => crate::nn::net_or_embedded(options.net.as_ref(), v),
            _ => None,
        },
        tt,
        control,
        done: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        stats: Mutex::new(SearchStats::default()),
        limits: &limits,
        budget: budget(&limits, root.side_to_move(), options.move_overhead),
        tb,
        tbhits: AtomicU64::new(0),
        multipv,
        started: Instant::now(),
        frontier: AtomicU32::new(0),
        best: Mutex::new(None),
        turns: (threads > cores()).then(|| Turns::new(cores())),
        busy: busy.or_else(|| (threads > 1).then(BusyTable::default)),
        report: Mutex::new(report),
    };
    let main = smp::run_threads(&shared, threads, |id| {
        let mut w = Worker::new(&shared, id, game, root_moves.clone());
        root::iterate(&mut w)
    });
    shared.result(main)
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::position::{Position, Side};
    use songo_core::variant::Variant;

    /// The search of `p` to `depth` by one thread that finds the children
    /// and grandchildren of the root busy, as if other threads were in them.
    /// The tuned evaluation, not the default net: whether the marks
    /// reorder some search of these endgames depends on the evaluation's
    /// values, and the embedded net is retrained from time to time.
    fn fixed_eval() -> SearchOptions {
        SearchOptions {
            eval: crate::eval::EvalKind::Tuned,
            // Values that do not depend on the order the marks make.
            params: SearchParams::without_pruning(),
            ..SearchOptions::default()
        }
    }

    fn search_among_busy_threads(v: Variant, p: Position, depth: u32) -> SearchResult {
        let busy = BusyTable::default();
        for m in p.legal_moves(v) {
            let child = p.make_move(v, m);
            busy.enter(child.key());
            for n in child.legal_moves(v) {
                busy.enter(child.make_move(v, n).key());
            }
        }
        let tt = TranspositionTable::new(1).unwrap();
        let game = Game::new(v, p);
        search(
            SearchRequest::new(&game, &tt)
                .limits(Limits::depth(depth))
                .options(fixed_eval())
                .busy(busy),
        )
    }

    #[test]
    fn moves_put_off_as_busy_are_still_searched() {
        use rand::{rngs::StdRng, Rng, SeedableRng};
        // Small endgames searched deep enough to reach the end of most
        // lines: a move left out would change some of their values.
        let mut rng = StdRng::seed_from_u64(5);
        let mut compared = 0;
        let mut reordered = 0;
        while compared < 60 {
            let v = Variant::ALL[compared % 3];
            let mut pits = [0u8; 14];
            for _ in 0..rng.random_range(8..=12) {
                pits[rng.random_range(0..14)] += 1;
            }
            let board: u8 = pits.iter().sum();
            let south = (70 - board) / 2;
            let Some(p) =
                Position::from_parts(pits, Side::South, [south, 70 - board - south], [false; 2])
            else {
                continue;
            };
            if Game::new(v, p).is_over() {
                continue;
            }
            let tt = TranspositionTable::new(1).unwrap();
            let game = Game::new(v, p);
            let plain = search(
                SearchRequest::new(&game, &tt)
                    .limits(Limits::depth(12))
                    .options(fixed_eval()),
            );
            let marked = search_among_busy_threads(v, p, 12);
            assert_eq!(
                (marked.best, marked.score),
                (plain.best, plain.score),
                "{v} {p}"
            );
            compared += 1;
            reordered += (marked.nodes != plain.nodes) as usize;
        }
        assert!(reordered > 0, "the marks changed only {reordered} searches");
    }
}

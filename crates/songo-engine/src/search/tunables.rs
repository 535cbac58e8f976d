//! The numbers that shape the search, each with the reason for its value.
//! How they were measured, and the values tried and dropped, are in
//! `docs/tuning-history.md`; `songo bench` changes with any of them.
//!
//! The ones a tuner may set, and a test may turn off, are the fields of
//! [`SearchParams`], passed with each search; the others are constants.

use crate::eval::SEED;
use crate::score::Score;

// Aspiration windows (see `root::search_line`).

/// Half-width of the first window, in centiseeds: most iterations' scores land within it.
pub(super) const ASPIRATION_MARGIN: Score = 40;
/// Windows from this depth on: shallower iterations cost too little to be worth guessing.
pub(super) const ASPIRATION_MIN_DEPTH: u32 = 4;
/// A failed window's margin grows by this factor, so a few re-searches reach any score.
pub(super) const ASPIRATION_WIDEN_FACTOR: Score = 2;
/// Margins beyond this fall back to a full window: the guess was far off.
pub(super) const ASPIRATION_FULL_WINDOW_THRESHOLD: Score = 20 * SEED;

// Move ordering (see `Worker::ordered_children`): the table move, then
// captures by seeds taken, then the two killers of the ply, then the rest
// in pit order.

/// The transposition-table move goes first: it was best the last time.
pub(super) const TT_MOVE_BONUS: i32 = 1 << 30;
/// Captures next, plus the seeds taken: they change the score most.
pub(super) const CAPTURE_BONUS: i32 = 1 << 28;
/// The killers of the ply next, newest first: quiet moves that cut off a sibling.
pub(super) const KILLER_BONUS: [i32; 2] = [1 << 27, 1 << 26];

// Late move reductions: quiet moves late in the order are searched
// shallower first, and again at full depth only if they beat alpha.

/// Reductions from this depth on: shallower, a reduced search is almost no search.
pub(super) const LMR_MIN_DEPTH: i32 = 3;
/// Moves from this index on may be reduced: the earlier ones are the likely best.
pub(super) const LMR_MIN_MOVE_INDEX: usize = 2;
/// Plies a late move is reduced by: one, the least that saves work.
pub(super) const LMR_REDUCTION_PLIES: i32 = 1;
/// From this depth…
pub(super) const LMR_DEEP_MIN_DEPTH: i32 = 6;
/// …and this move index on, one more ply: deep nodes' late moves are rarely best.
pub(super) const LMR_DEEP_MIN_MOVE_INDEX: usize = 4;

// Threads.

/// Nodes this deep mark the children they search, for other threads to put
/// off: shallower, the marking costs more than the work it saves.
pub(super) const ABDADA_MIN_DEPTH: i32 = 3;
/// Odd-numbered helpers start this many plies beyond the frontier, so that threads leapfrog.
pub(super) const SMP_AHEAD_PLIES: u32 = 1;

// Bookkeeping.

/// Nodes between two additions to the shared node count: rare enough not to contend.
pub(super) const FLUSH_INTERVAL_NODES: u64 = 1024;
/// Nodes between two looks at the clock: often enough for milliseconds, rare enough to be free.
pub(super) const CLOCK_INTERVAL_NODES: u64 = 64;

/// The search's tunables that are set at run time: by a tuner (SPSA needs
/// many values in one process), or by a test that needs the plain minimax
/// value ([`SearchParams::without_pruning`]). The default is the engine's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Reverse futility pruning (`Worker::negamax`, step 5): a non-PV node
    /// this many plies or fewer from the horizon whose static evaluation
    /// beats beta by `rfp_margin` per ply left is cut off without a search.
    /// Deeper, a search finds too much that the evaluation cannot see.
    pub rfp_max_depth: i32,
    /// Centiseeds per ply left (see `rfp_max_depth`): about what the score
    /// of a quiet position moves by in one ply.
    pub rfp_margin: Score,
    /// Internal iterative reduction: from this depth left, a node the
    /// table knows no move for is searched a ply shallower (a node never
    /// searched before is rarely on the line that matters, and its search
    /// leaves a move for the next iteration).
    pub iir_min_depth: i32,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams {
            rfp_max_depth: 5,
            rfp_margin: SEED,
            iir_min_depth: 4,
        }
    }
}

impl SearchParams {
    /// No pruning by the static evaluation: a node's value no longer
    /// depends on its window, so the search's value does not depend on the
    /// order it meets the moves in (reductions still depend on it).
    pub fn without_pruning() -> Self {
        SearchParams {
            rfp_max_depth: 0,
            ..SearchParams::default()
        }
    }
}

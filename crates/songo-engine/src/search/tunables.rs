//! The numbers that shape the search, each with the reason for its value.
//! How they were measured is in `docs/tuning-history.md`.

use crate::score::Score;

/// First aspiration half-window, in centiseeds.
pub(super) const ASPIRATION_DELTA: Score = 40;
/// Aspiration windows start at this depth.
pub(super) const ASPIRATION_MIN_DEPTH: u32 = 4;
/// Nodes between two additions to the shared node count.
pub(super) const FLUSH_EVERY: u64 = 1024;
/// Nodes between two looks at the clock (about 15 µs; reading it costs
/// 33 ns here).
pub(super) const CLOCK_EVERY: u64 = 64;
/// Move ordering: the transposition-table move first…
pub(super) const ORDER_TT: i32 = 1 << 30;
/// …then captures, by seeds taken…
pub(super) const ORDER_CAPTURE: i32 = 1 << 28;
/// …then the two killer moves of the ply, then the rest in pit order
/// (a history table measured worse: see the module documentation).
pub(super) const ORDER_KILLER: [i32; 2] = [1 << 27, 1 << 26];
/// Late move reductions: quiet moves after the first `LMR_FIRST_MOVE`
/// (which are the table move, captures and killers when there are any) are
/// searched `LMR_PLY` shallower first, from `LMR_MIN_DEPTH` on, and again
/// at full depth only if they beat alpha.
pub(super) const LMR_MIN_DEPTH: i32 = 3;
pub(super) const LMR_FIRST_MOVE: usize = 2;
pub(super) const LMR_PLY: i32 = 1;
/// From this depth and move index on, one more ply.
pub(super) const LMR_DEEP: (i32, usize) = (6, 4);
/// With several threads, nodes from this depth on mark the children they
/// are searching, and put off later children another thread is searching.
///
/// `scripts/smp_speedup.py BASE NEW --depth 20 --runs 6 --runs1 3`
/// (Threads 2, Hash 256), geometric mean of the twelve positions' speed-ups:
/// 1.59x without the table, 1.71x from depth 2, 1.68x from depth 3 and
/// 1.68x from depth 4; summed times 1.65x, 1.66x, 1.65x, 1.59x. Two threads
/// searched 1.20x the nodes of one without it, 1.13x, 1.17x and 1.23x with
/// it. From depth 2 the marking costs enough speed (1.87x the nodes per
/// second of one thread against 1.94x) to cancel most of its gain.
/// Marking the root's moves too changed nothing (1.60x summed both ways).
pub(super) const ABDADA_MIN_DEPTH: i32 = 3;

/// How far beyond the frontier odd-numbered helpers start their iterations.
///
/// Time to depth 18 over the twelve bench positions, `Threads 2` against
/// `Threads 1` (`scripts/smp_speedup.py`, summed times): 1.31× with every
/// thread at the frontier, 1.41× one ply ahead, 1.22× two plies ahead.
/// Abandoning an iteration once another thread finished it gave 1.28×
/// against 1.43× for finishing it. Single runs vary by ±0.1×. The
/// skipped-depth scheme used before (helpers leaving out blocks of depths)
/// gave 0.93×, though on a table whose page faults also slowed it.
pub(super) const SMP_AHEAD: u32 = 1;

/// Aspiration windows wider than this fall back to a full window.
pub(super) const SEED_WINDOW_LIMIT: Score = 20 * crate::eval::SEED;

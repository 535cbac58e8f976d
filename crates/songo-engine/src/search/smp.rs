//! Lazy SMP: the state the threads of one search share, the frontier of
//! finished iterations they leapfrog, and the threads themselves.

use crate::time::Instant;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use super::control::SearchControl;
use super::tunables::{SearchParams, SMP_AHEAD_PLIES};
use super::{Info, RootMove, SearchResult, SearchStats};
use crate::abdada::BusyTable;
use crate::eval::{evaluate_with, EvalKind, Score};
use crate::nn::Network;
use crate::timeman::{Limits, TimeBudget};
use crate::tt::TranspositionTable;
use crate::turns::Turns;
use songo_core::variant::Variant;
use songo_tb::Tablebases;

/// State shared by the threads of one search.
pub(super) struct Shared<'a> {
    pub(super) variant: Variant,
    pub(super) eval: EvalKind,
    pub(super) params: SearchParams,
    /// The net of `EvalKind::Nn` (`None` for the other evaluations, or
    /// when the variant has no net: then the tuned weights).
    pub(super) net: Option<Arc<Network>>,
    pub(super) tt: &'a TranspositionTable,
    pub(super) control: &'a SearchControl,
    /// Set when the main thread is done: helpers stop too.
    pub(super) done: AtomicBool,
    pub(super) nodes: AtomicU64,
    /// The threads' counts, each added when its thread retires.
    pub(super) stats: Mutex<SearchStats>,
    pub(super) limits: &'a Limits,
    pub(super) budget: Option<TimeBudget>,
    pub(super) tb: Option<&'a Tablebases>,
    pub(super) tbhits: AtomicU64,
    pub(super) multipv: usize,
    pub(super) started: Instant,
    /// The deepest iteration any thread has finished (see [`next_depth`]).
    pub(super) frontier: AtomicU32,
    pub(super) best: Mutex<Option<Completed>>,
    /// With more threads than cores, their turns on the cores.
    pub(super) turns: Option<Turns>,
    /// With several threads, the subtrees they are in (see [`crate::abdada`]).
    pub(super) busy: Option<BusyTable>,
    pub(super) report: Mutex<&'a mut (dyn FnMut(&Info) + Send)>,
}

/// A finished iteration: its depth and best root move.
#[derive(Clone, Debug)]
pub(super) struct Completed {
    depth: u32,
    root: RootMove,
}

impl Shared<'_> {
    /// The static evaluation of `p` for the side to move.
    #[inline]
    pub(super) fn evaluate(&self, p: &songo_core::position::Position) -> Score {
        match self.net.as_deref() {
            Some(net) => net.evaluate(p),
            None => evaluate_with(p, self.variant, self.eval),
        }
    }

    pub(super) fn report(&self, info: &Info) {
        self.emit(info, None);
    }

    /// Makes `root` the move to play if the search stops now, and reports
    /// its line.
    pub(super) fn report_answer(&self, info: &Info, root: &RootMove) {
        self.emit(info, Some(root));
    }

    /// Reports `info` (and, given `root`, makes it the answer) unless the
    /// answer was given already.
    fn emit(&self, info: &Info, root: Option<&RootMove>) {
        self.control.while_owed(|best| {
            if let Some(root) = root {
                *best = Some((root.mv, root.pv.get(1).copied()));
            }
            let mut report = self.report.lock().unwrap_or_else(|e| e.into_inner());
            (*report)(info);
        });
    }

    /// Ends the search for every thread.
    pub(super) fn finish(&self) {
        self.done.store(true, Ordering::SeqCst);
        if let Some(turns) = &self.turns {
            turns.end();
        }
    }

    /// Whether the threads share one frontier: with several MultiPV lines
    /// only the main thread's iterations count, as helpers search one line.
    pub(super) fn shares_frontier(&self) -> bool {
        self.multipv == 1
    }

    /// Makes a finished iteration of `depth` the frontier, its best root
    /// move `root` the answer, and reports its line (made by `info`), unless
    /// another thread got there first. Returns whether it did.
    pub(super) fn publish(&self, depth: u32, root: &RootMove, info: impl FnOnce() -> Info) -> bool {
        let mut best = self.best.lock().unwrap_or_else(|e| e.into_inner());
        if best.as_ref().is_some_and(|c| c.depth >= depth) {
            return false;
        }
        *best = Some(Completed {
            depth,
            root: root.clone(),
        });
        self.frontier.store(depth, Ordering::Release);
        self.report_answer(&info(), root);
        true
    }

    /// The search's result, given the main thread's: with one line, the
    /// deepest iteration any thread finished, with the nodes of them all.
    pub(super) fn result(&self, main: SearchResult) -> SearchResult {
        let deepest = self.best.lock().unwrap_or_else(|e| e.into_inner()).take();
        let result = match deepest {
            Some(c) if self.multipv == 1 => SearchResult {
                best: Some(c.root.mv),
                ponder: c.root.pv.get(1).copied(),
                score: c.root.score,
                depth: c.depth,
                nodes: 0,
                stats: SearchStats::default(),
            },
            _ => main,
        };
        SearchResult {
            nodes: self.nodes.load(Ordering::Relaxed),
            stats: *self.stats.lock().unwrap_or_else(|e| e.into_inner()),
            ..result
        }
    }
}

/// Runs the threads of a search: `thread(id)` for each helper `1..threads`
/// on a thread of its own, and the main thread's `thread(0)` on this one.
/// When the main thread returns, the search ends for every thread; its
/// result is returned.
pub(super) fn run_threads<R>(
    shared: &Shared,
    threads: usize,
    thread: impl Fn(usize) -> R + Sync,
) -> R {
    #[cfg(not(feature = "threads"))]
    {
        debug_assert_eq!(threads, 1, "Threads is 1 without the threads feature");
        let result = thread(0);
        shared.finish();
        result
    }
    #[cfg(feature = "threads")]
    std::thread::scope(|scope| {
        for id in 1..threads {
            // Starting many helpers takes a while on a loaded machine: a
            // `stop` meanwhile must not wait for all of them to start.
            if shared.control.is_stopped() {
                break;
            }
            let thread = &thread;
            scope.spawn(move || {
                thread(id);
            });
        }
        let result = thread(0);
        shared.finish();
        result
    })
}

/// The depth a worker searches after finishing (or giving up) `depth`,
/// given the `frontier` and the deepest depth asked for.
///
/// Lazy SMP: the threads share one frontier, the deepest iteration any of
/// them has finished. A thread never starts a depth at or behind it, and
/// every other helper (odd `id`) starts `SMP_AHEAD_PLIES` plies beyond it,
/// so that the threads leapfrog each other and each iteration starts on a
/// table the deeper thread has already filled. A thread whose iteration
/// another finished first still completes it: abandoning it was slower. A
/// helper that would start beyond `max_depth` joins the search of
/// `max_depth` instead: leaving would leave the last iteration to fewer
/// threads.
pub(super) fn next_depth(depth: u32, frontier: u32, id: usize, max_depth: u32) -> u32 {
    let ahead = SMP_AHEAD_PLIES * (id % 2) as u32;
    (depth + 1).max(frontier + 1 + ahead).min(max_depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_leapfrog_the_frontier_up_to_the_last_depth() {
        // The main thread goes one beyond the frontier, the odd helper two.
        assert_eq!(next_depth(5, 10, 0, 60), 11);
        assert_eq!(next_depth(5, 10, 1, 60), 12);
        assert_eq!(next_depth(5, 10, 2, 60), 11);
        // A thread ahead of the frontier just goes on.
        assert_eq!(next_depth(14, 10, 1, 60), 15);
        // Near the end the helper joins the last depth rather than leave.
        assert_eq!(next_depth(18, 19, 1, 20), 20);
        assert_eq!(next_depth(19, 19, 0, 20), 20);
    }
}

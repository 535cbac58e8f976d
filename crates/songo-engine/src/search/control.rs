//! What the outside world can do to a running search: stop it, tell it the
//! ponder move was played (the clock starts then), and take its answer
//! without waiting for the threads to wind down.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use crate::time::Instant;

use songo_core::moves::Move;

/// What the outside world can do to a running search.
#[derive(Debug)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    /// A fixed instant the clock is read against, so that every thread
    /// can read it often without a lock.
    epoch: Instant,
    /// When the clock started for this move, in nanoseconds after `epoch`
    /// (reset by `ponderhit`).
    clock_start: AtomicU64,
    answer: Mutex<Answer>,
}

/// The move a running search would play if stopped now, and whether its
/// answer has been given: after that the search reports nothing more.
#[derive(Debug, Default)]
struct Answer {
    best: Option<(Move, Option<Move>)>,
    given: bool,
}

impl Default for SearchControl {
    fn default() -> Self {
        SearchControl {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            epoch: Instant::now(),
            clock_start: AtomicU64::new(0),
            answer: Mutex::new(Answer::default()),
        }
    }
}

impl SearchControl {
    /// Asks the search to stop as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Whether [`SearchControl::stop`] was called since the control was
    /// last reset for a search.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the clock starts now.
    pub fn ponderhit(&self) {
        self.start_clock();
        self.pondering.store(false, Ordering::SeqCst);
    }

    /// Readies the control for a new search.
    pub fn reset(&self, pondering: bool) {
        self.stop.store(false, Ordering::SeqCst);
        self.pondering.store(pondering, Ordering::SeqCst);
        self.start_clock();
        *self.answer() = Answer::default();
    }

    fn start_clock(&self) {
        let now = self.epoch.elapsed().as_nanos() as u64;
        self.clock_start.store(now, Ordering::SeqCst);
    }

    /// Time on the clock for this move.
    pub(super) fn clock(&self) -> Duration {
        let start = Duration::from_nanos(self.clock_start.load(Ordering::Relaxed));
        self.epoch.elapsed().saturating_sub(start)
    }

    fn answer(&self) -> std::sync::MutexGuard<'_, Answer> {
        self.answer.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stops the search and takes its answer now: the best move and ponder
    /// move of the deepest finished iteration, without waiting for the
    /// search threads to wind down (on a machine with far more threads than
    /// cores that takes a while). `None` when the answer was taken already
    /// or the search has none yet; then the search's own result stands.
    /// Once taken, the search reports no more lines.
    pub fn stop_and_take_answer(&self) -> Option<(Move, Option<Move>)> {
        self.stop();
        let mut a = self.answer();
        if a.given || a.best.is_none() {
            return None;
        }
        a.given = true;
        a.best
    }

    /// Whether the caller may give the search's own result as its answer:
    /// `true` once, unless [`SearchControl::stop_and_take_answer`] took it.
    pub fn take_answer_duty(&self) -> bool {
        !std::mem::replace(&mut self.answer().given, true)
    }

    /// Runs `f` on the answer unless it was given: so that no line of a
    /// search follows its answer.
    pub(super) fn while_owed(&self, f: impl FnOnce(&mut Option<(Move, Option<Move>)>)) {
        let mut a = self.answer();
        if !a.given {
            f(&mut a.best);
        }
    }

    pub(super) fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }
}

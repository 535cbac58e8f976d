//! Search threads taking turns on the cores.
//!
//! With more search threads than cores, only as many search at once as
//! there are cores; the others sleep in a first-come queue and a running
//! thread hands its turn on after [`TURN_DURATION`]. Left to the scheduler,
//! hundreds of runnable threads on a few cores make the protocol thread
//! wait its turn among them, and `stop` and `quit` slow (measurements in
//! `docs/tuning-history.md`). A sleeping thread costs nothing to wake for a
//! `stop` and nothing to kill at exit.
//!
//! The threads still all search, each for its share of the time, so the
//! search behaves as Lazy SMP with that many threads; it just never has
//! more of them runnable than the machine can run.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::Thread;
use std::time::Duration;

/// How long a thread searches before it lets a waiting one run: long next
/// to a context switch (microseconds), short next to a move's time.
pub const TURN_DURATION: Duration = Duration::from_millis(5);

/// The number of threads the machine runs at once.
pub fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The turns of one search's threads.
#[derive(Debug)]
pub struct Turns {
    state: Mutex<State>,
    /// Threads in the queue, read without the lock on every turn check.
    waiting: AtomicUsize,
    ended: AtomicBool,
}

#[derive(Debug)]
struct State {
    free: usize,
    queue: VecDeque<Arc<Waiter>>,
}

#[derive(Debug)]
struct Waiter {
    thread: Thread,
    woken: AtomicBool,
}

impl Turns {
    /// Turns for at most `running` threads at a time.
    pub fn new(running: usize) -> Turns {
        Turns {
            state: Mutex::new(State {
                free: running.max(1),
                queue: VecDeque::new(),
            }),
            waiting: AtomicUsize::new(0),
            ended: AtomicBool::new(false),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for a turn. `false` when the search ended meanwhile: then the
    /// caller must stop searching (and owes no [`Turns::give_back`]).
    pub fn take(&self) -> bool {
        let me = {
            let mut s = self.state();
            if self.is_ended() {
                return false;
            }
            if s.free > 0 && s.queue.is_empty() {
                s.free -= 1;
                return true;
            }
            let me = Arc::new(Waiter {
                thread: std::thread::current(),
                woken: AtomicBool::new(false),
            });
            s.queue.push_back(Arc::clone(&me));
            self.waiting.fetch_add(1, Ordering::Relaxed);
            me
        };
        // `park` may return spuriously; the flag says whether it was us.
        while !me.woken.load(Ordering::Acquire) {
            std::thread::park();
        }
        !self.is_ended()
    }

    /// Ends a turn: the longest waiting thread runs next.
    pub fn give_back(&self) {
        let mut s = self.state();
        match s.queue.pop_front() {
            Some(next) => {
                self.waiting.fetch_sub(1, Ordering::Relaxed);
                wake(&next);
            }
            None => s.free += 1,
        }
    }

    /// Lets a waiting thread run, if any, and waits for the next turn.
    /// `false` when the search ended meanwhile, as for [`Turns::take`].
    pub fn pass(&self) -> bool {
        if self.waiting.load(Ordering::Relaxed) == 0 {
            return true;
        }
        self.give_back();
        self.take()
    }

    /// Whether a thread waits for a turn.
    pub fn someone_waits(&self) -> bool {
        self.waiting.load(Ordering::Relaxed) > 0
    }

    /// The search is over: no thread gets a turn again. Waiting threads
    /// still wake one by one as turns are given back, and then learn it:
    /// waking them all at once would make them all runnable together, the
    /// very thing the turns are for.
    pub fn end(&self) {
        if self.is_ended() {
            return;
        }
        let _s = self.state();
        self.ended.store(true, Ordering::Release);
    }

    pub fn is_ended(&self) -> bool {
        self.ended.load(Ordering::Acquire)
    }
}

fn wake(w: &Waiter) {
    w.woken.store(true, Ordering::Release);
    w.thread.unpark();
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn no_more_than_the_allowed_threads_run_at_once() {
        let turns = Turns::new(2);
        let running = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        let rounds = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..8 {
                s.spawn(|| {
                    assert!(turns.take());
                    for _ in 0..50 {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::yield_now();
                        running.fetch_sub(1, Ordering::SeqCst);
                        rounds.fetch_add(1, Ordering::SeqCst);
                        assert!(turns.pass());
                    }
                    turns.give_back();
                });
            }
        });
        assert!(most.load(Ordering::SeqCst) <= 2);
        assert_eq!(rounds.load(Ordering::SeqCst), 8 * 50);
    }

    #[test]
    fn after_the_end_waiting_threads_wake_in_turn_and_get_no_turn() {
        let turns = Turns::new(1);
        assert!(turns.take());
        std::thread::scope(|s| {
            let waiters: Vec<_> = (0..3)
                .map(|_| {
                    s.spawn(|| {
                        let got = turns.take();
                        turns.give_back(); // as a search thread does when it ends
                        got
                    })
                })
                .collect();
            while turns.waiting.load(Ordering::SeqCst) < 3 {
                std::thread::yield_now();
            }
            turns.end();
            turns.give_back();
            for w in waiters {
                assert!(!w.join().unwrap());
            }
        });
        assert!(!turns.take());
        assert!(!turns.someone_waits());
    }

    #[test]
    fn a_turn_given_back_goes_to_the_first_waiter() {
        let turns = Turns::new(1);
        assert!(turns.take());
        let order = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for i in 0..3 {
                let (turns, order) = (&turns, &order);
                s.spawn(move || {
                    if turns.take() {
                        order.lock().unwrap().push(i);
                        turns.give_back();
                    }
                });
                // Queue them in order: each is waiting before the next starts.
                while turns.waiting.load(Ordering::SeqCst) < i + 1 {
                    std::thread::yield_now();
                }
            }
            turns.give_back();
        });
        assert_eq!(*order.lock().unwrap(), vec![0, 1, 2]);
    }
}

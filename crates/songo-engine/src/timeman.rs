//! Search limits and time management.

use std::time::Duration;

use songo_core::moves::Move;
use songo_core::position::Side;

/// The clock of a timed game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Remaining time, `[south, north]`.
    pub time: [Option<Duration>; 2],
    /// Increment per move, `[south, north]`.
    pub inc: [Duration; 2],
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// What bounds one search. Everything unset means "until stopped".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Search at most this many plies deep.
    pub depth: Option<u32>,
    /// Search about this many nodes (exactly, per thread, with one thread).
    pub nodes: Option<u64>,
    /// Think this long on the move, less the move overhead (but never
    /// less than half of it).
    pub movetime: Option<Duration>,
    /// The game's clock, if it is timed: the search plans its time from it.
    pub clock: Clock,
    /// Search until stopped, whatever the other limits.
    pub infinite: bool,
    /// Think on the opponent's time: no time limit counts until
    /// [`SearchControl::ponderhit`](crate::SearchControl::ponderhit).
    pub ponder: bool,
    /// Search a forced win in at most this many of our moves, then stop.
    pub mate: Option<u32>,
    /// Restrict the root to these moves (empty: all).
    pub searchmoves: Vec<Move>,
}

impl Limits {
    /// A search to `depth` plies, with no other limit.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search of about `nodes` nodes, with no other limit.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// When to stop: do not start another iteration after `soft`, abort at `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// No new iteration starts after this much time.
    pub soft: Duration,
    /// The search stops at this much time, even inside an iteration.
    pub hard: Duration,
}

/// Part of the remaining time a move may plan to use, when no moves-to-go is given.
const EXPECTED_MOVES_LEFT: u32 = 30;
/// The hard limit is this many times the soft one…
const HARD_OVER_SOFT: u32 = 4;
/// …but never more than this fraction of the remaining time.
const HARD_MAX_FRACTION: u32 = 3;
/// A fixed move time loses at most 1/this of itself to the move overhead:
/// a GUI that asks for 10 ms gets a 5 ms search, not a 1 ms one.
const MOVETIME_OVERHEAD_SHARE: u32 = 2;
/// Never plan below this, so that even a flagging engine returns a move.
const MIN_THINK: Duration = Duration::from_millis(1);
/// Clock time never planned for, on top of the move overhead: a cushion
/// against delays the engine cannot see (the operating system descheduling
/// it on a loaded machine, a slow pipe). With a small increment the clock
/// settles near this reserve plus the overhead plus about 30 × (inc / 4),
/// instead of near 30 × (inc / 4) alone.
const CLOCK_RESERVE: Duration = Duration::from_millis(100);

/// The budget for the side to move, or `None` when the search is not timed.
pub fn budget(limits: &Limits, side: Side, overhead: Duration) -> Option<TimeBudget> {
    if limits.infinite {
        return None;
    }
    let fixed = limits.movetime.map(|t| {
        let t = t
            .saturating_sub(overhead.min(t / MOVETIME_OVERHEAD_SHARE))
            .max(MIN_THINK);
        TimeBudget { soft: t, hard: t }
    });
    let clocked = limits.clock.time[side.index()].map(|left| {
        let inc = limits.clock.inc[side.index()];
        let usable = left.saturating_sub(overhead + CLOCK_RESERVE);
        let moves = limits
            .clock
            .moves_to_go
            .unwrap_or(EXPECTED_MOVES_LEFT)
            .clamp(1, EXPECTED_MOVES_LEFT);
        let soft = (usable / moves + inc * 3 / 4)
            .min(usable / 2)
            .max(MIN_THINK);
        let hard = (soft * HARD_OVER_SOFT)
            .min(usable / HARD_MAX_FRACTION)
            .max(MIN_THINK);
        TimeBudget {
            soft: soft.min(hard),
            hard,
        }
    });
    match (fixed, clocked) {
        (Some(a), Some(b)) => Some(TimeBudget {
            soft: a.soft.min(b.soft),
            hard: a.hard.min(b.hard),
        }),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_stays_inside_the_remaining_time() {
        for left_ms in [5u64, 50, 1000, 60_000] {
            for inc_ms in [0u64, 10, 1000] {
                let limits = Limits {
                    clock: Clock {
                        time: [Some(Duration::from_millis(left_ms)), None],
                        inc: [Duration::from_millis(inc_ms), Duration::ZERO],
                        moves_to_go: None,
                    },
                    ..Limits::default()
                };
                let b = budget(&limits, Side::South, Duration::from_millis(10)).unwrap();
                assert!(b.soft <= b.hard);
                assert!(
                    b.hard <= Duration::from_millis(left_ms / 3).max(MIN_THINK),
                    "{left_ms}+{inc_ms}: {b:?}"
                );
            }
        }
        assert_eq!(budget(&Limits::depth(3), Side::South, Duration::ZERO), None);
    }

    #[test]
    fn the_overhead_takes_at_most_half_a_fixed_move_time() {
        let ms = Duration::from_millis;
        let fixed = |movetime, overhead| {
            let limits = Limits {
                movetime: Some(ms(movetime)),
                ..Limits::default()
            };
            budget(&limits, Side::North, ms(overhead)).unwrap()
        };
        assert_eq!(fixed(10, 10).hard, ms(5));
        assert_eq!(fixed(10, 3).hard, ms(7));
        assert_eq!(fixed(1000, 10).hard, ms(990));
        assert_eq!(fixed(100, 10_000).soft, ms(50));
        assert_eq!(fixed(1, 10).hard, MIN_THINK);
    }
}

//! Time controls and the two clocks of a game against the engine, as pure
//! values: every operation takes the time it happens at, so the room
//! decides when, and the tests replay any timing exactly.
//!
//! A [`TimeControl`] is a base and an increment (Fischer): each side
//! starts with the base, the time a side uses on a move is taken off its
//! clock when the move arrives, and the increment is added after it. A
//! side whose clock reaches zero before its move arrives has lost on time.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use songo_core::Side;
use web_time::Instant;

/// A time control: each side starts with `base_ms` milliseconds and gains
/// `inc_ms` after each of its moves. The page sends it as
/// `{"base_ms": 300000, "inc_ms": 3000}`; values out of range are refused
/// when the message is read ([`TimeControlError`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawTimeControl")]
pub struct TimeControl {
    /// Each side's time at the start, in milliseconds.
    pub base_ms: u64,
    /// Added to a side's clock after each of its moves, in milliseconds.
    pub inc_ms: u64,
}

/// The wire form, checked into a [`TimeControl`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTimeControl {
    base_ms: u64,
    inc_ms: u64,
}

impl TryFrom<RawTimeControl> for TimeControl {
    type Error = TimeControlError;

    fn try_from(raw: RawTimeControl) -> Result<Self, Self::Error> {
        TimeControl::new(raw.base_ms, raw.inc_ms)
    }
}

/// A time control out of range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// A base (ms) outside [`TimeControl::MIN_BASE_MS`] to
    /// [`TimeControl::MAX_BASE_MS`].
    #[error(
        "a clock of {0} ms: the base is {min} ms to {max} ms",
        min = TimeControl::MIN_BASE_MS,
        max = TimeControl::MAX_BASE_MS
    )]
    Base(u64),
    /// An increment (ms) above [`TimeControl::MAX_INC_MS`].
    #[error(
        "an increment of {0} ms: at most {max} ms",
        max = TimeControl::MAX_INC_MS
    )]
    Increment(u64),
}

impl TimeControl {
    /// The shortest base: a second is enough to lose on time on purpose
    /// (the page's own choices start at a minute).
    pub const MIN_BASE_MS: u64 = 1_000;
    /// Three hours: a longer game against the engine is not one sitting.
    pub const MAX_BASE_MS: u64 = 3 * 3600 * 1000;
    /// A minute a move.
    pub const MAX_INC_MS: u64 = 60_000;

    /// The page's presets: 3+2, 5+3 and 10+5 (minutes + seconds).
    pub const PRESETS: [TimeControl; 3] = [
        TimeControl::minutes(3, 2),
        TimeControl::minutes(5, 3),
        TimeControl::minutes(10, 5),
    ];

    const fn minutes(base: u64, inc_s: u64) -> TimeControl {
        TimeControl {
            base_ms: base * 60_000,
            inc_ms: inc_s * 1000,
        }
    }

    /// A time control in range.
    pub fn new(base_ms: u64, inc_ms: u64) -> Result<TimeControl, TimeControlError> {
        if !(Self::MIN_BASE_MS..=Self::MAX_BASE_MS).contains(&base_ms) {
            return Err(TimeControlError::Base(base_ms));
        }
        if inc_ms > Self::MAX_INC_MS {
            return Err(TimeControlError::Increment(inc_ms));
        }
        Ok(TimeControl { base_ms, inc_ms })
    }

    /// Each side's time at the start.
    pub fn base(&self) -> Duration {
        Duration::from_millis(self.base_ms)
    }

    /// What a side gains after each of its moves.
    pub fn inc(&self) -> Duration {
        Duration::from_millis(self.inc_ms)
    }

    /// The record's `TimeControl` tag, in PGN's form: seconds of base,
    /// `+`, seconds of increment (`300+3`).
    pub fn pgn(&self) -> String {
        format!("{}+{}", seconds(self.base_ms), seconds(self.inc_ms))
    }
}

/// Seconds, with the decimals that are not zero (`3`, `0.5`).
fn seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        let text = format!("{}.{:03}", ms / 1000, ms % 1000);
        text.trim_end_matches('0').to_string()
    }
}

/// As a player says it: minutes + seconds of increment (`5+3`); a base
/// that is not whole minutes as `m:ss` (`0:03+0`).
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.base_ms / 1000;
        if self.base_ms.is_multiple_of(60_000) {
            write!(f, "{}", secs / 60)?;
        } else {
            write!(f, "{}:{:02}", secs / 60, secs % 60)?;
        }
        write!(f, "+{}", seconds(self.inc_ms))
    }
}

fn index(side: Side) -> usize {
    match side {
        Side::South => 0,
        Side::North => 1,
    }
}

/// The clocks of both sides: what each has left, and the one that runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    tc: TimeControl,
    /// Time left `[south, north]` when the running clock was started
    /// (the running side's is less by now).
    left: [Duration; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Side, Instant)>,
}

impl Clocks {
    /// Both sides at the base, no clock running.
    pub fn new(tc: TimeControl) -> Clocks {
        Clocks::with_left(tc, [tc.base(); 2])
    }

    /// Clocks with `left` (`[south, north]`) on them, none running.
    pub fn with_left(tc: TimeControl, left: [Duration; 2]) -> Clocks {
        Clocks {
            tc,
            left,
            running: None,
        }
    }

    /// The time control the clocks were set to.
    pub fn time_control(&self) -> TimeControl {
        self.tc
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(side, _)| side)
    }

    /// What `side` has left at `now`.
    pub fn left(&self, side: Side, now: Instant) -> Duration {
        let left = self.left[index(side)];
        match self.running {
            Some((s, since)) if s == side => {
                left.saturating_sub(now.saturating_duration_since(since))
            }
            _ => left,
        }
    }

    /// What each side had when the running clock was started (`[south,
    /// north]`): what is kept across a restart, which changes only with a
    /// move, not with every moment.
    pub fn left_at_last_move(&self) -> [Duration; 2] {
        self.left
    }

    /// When the running side's time runs out.
    pub fn flag_at(&self) -> Option<(Side, Instant)> {
        let (side, since) = self.running?;
        // An instant past the end of time is no deadline at all.
        since
            .checked_add(self.left[index(side)])
            .map(|at| (side, at))
    }

    /// Whether `side`'s clock runs and has reached zero at `now`.
    pub fn out_of_time(&self, side: Side, now: Instant) -> bool {
        self.running() == Some(side) && self.left(side, now).is_zero()
    }

    /// Starts `side`'s clock at `now`; a clock that ran is stopped first
    /// (its time used is taken off).
    pub fn start(&mut self, side: Side, now: Instant) {
        self.stop(now);
        self.running = Some((side, now));
    }

    /// Stops the running clock at `now`, its time used taken off, with no
    /// increment.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, _)) = self.running {
            self.left[index(side)] = self.left(side, now);
            self.running = None;
        }
    }

    /// The running side's move arrived at `now`: its time used is taken
    /// off, the increment added, and the other side's clock runs. `Err`
    /// with the side that moved when its time had run out (nothing is
    /// changed then).
    pub fn moved(&mut self, now: Instant) -> Result<(), Side> {
        let Some((side, _)) = self.running else {
            return Ok(());
        };
        if self.out_of_time(side, now) {
            return Err(side);
        }
        let i = index(side);
        self.left[i] = self.left(side, now) + self.tc.inc();
        self.running = Some((side.opponent(), now));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn time_controls_are_checked_and_written() {
        let tc: TimeControl = serde_json::from_str(r#"{"base_ms":300000,"inc_ms":3000}"#).unwrap();
        assert_eq!(tc, TimeControl::PRESETS[1]);
        assert_eq!(tc.to_string(), "5+3");
        assert_eq!(tc.pgn(), "300+3");
        let short = TimeControl::new(3000, 500).unwrap();
        assert_eq!(short.to_string(), "0:03+0.5");
        assert_eq!(short.pgn(), "3+0.5");
        assert_eq!(TimeControl::new(90_000, 0).unwrap().to_string(), "1:30+0");
        for bad in [
            r#"{"base_ms":999,"inc_ms":0}"#,
            r#"{"base_ms":10800001,"inc_ms":0}"#,
            r#"{"base_ms":60000,"inc_ms":60001}"#,
            r#"{"base_ms":-1,"inc_ms":0}"#,
            r#"{"base_ms":60000}"#,
            r#"{"base_ms":60000,"inc_ms":0,"moves":40}"#,
            r#""5+3""#,
        ] {
            assert!(serde_json::from_str::<TimeControl>(bad).is_err(), "{bad}");
        }
        let e = serde_json::from_str::<TimeControl>(r#"{"base_ms":10,"inc_ms":0}"#).unwrap_err();
        assert!(e.to_string().contains("the base is 1000 ms"), "{e}");
        assert_eq!(
            serde_json::to_string(&tc).unwrap(),
            r#"{"base_ms":300000,"inc_ms":3000}"#
        );
    }

    #[test]
    fn clocks_run_take_off_and_add() {
        let t0 = Instant::now();
        let tc = TimeControl::new(10_000, 1000).unwrap();
        let mut c = Clocks::new(tc);
        assert_eq!(c.flag_at(), None);
        c.start(Side::South, t0);
        assert_eq!(c.left(Side::South, t0 + ms(2500)), ms(7500));
        assert_eq!(c.left(Side::North, t0 + ms(2500)), ms(10_000));
        assert_eq!(c.flag_at(), Some((Side::South, t0 + ms(10_000))));
        // South moves after 2.5 s: 7.5 s + 1 s, and North's clock runs.
        c.moved(t0 + ms(2500)).unwrap();
        assert_eq!(c.running(), Some(Side::North));
        assert_eq!(c.left_at_last_move(), [ms(8500), ms(10_000)]);
        assert_eq!(c.left(Side::North, t0 + ms(3500)), ms(9000));
        c.moved(t0 + ms(3500)).unwrap();
        assert_eq!(c.left_at_last_move(), [ms(8500), ms(10_000)]);
        // South's time runs out exactly at its deadline.
        let (side, at) = c.flag_at().unwrap();
        assert_eq!((side, at), (Side::South, t0 + ms(12_000)));
        assert!(!c.out_of_time(Side::South, at - ms(1)));
        assert!(c.out_of_time(Side::South, at));
        assert!(!c.out_of_time(Side::North, at));
        assert_eq!(c.moved(at), Err(Side::South));
        assert_eq!(c.running(), Some(Side::South));
        // Stopped: what was used is taken off, no increment.
        c.stop(at - ms(500));
        assert_eq!(c.running(), None);
        assert_eq!(c.left(Side::South, at + ms(9000)), ms(500));
        assert_eq!(c.moved(at), Ok(()));
    }
}

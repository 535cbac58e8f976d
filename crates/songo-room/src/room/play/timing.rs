//! Time in the game against the engine: the clocks of a timed game, the
//! engine's think time in an untimed one, the weak levels' natural pause,
//! and losses on time. Nothing here waits: the room says when it next
//! needs the time (`Room::next_deadline`), its host calls
//! `Room::on_time` then, and every page message and engine event first
//! judges what came due (`Play::catch_up`), so a move that arrives after
//! its player's flag fell is not played even if the host woke late.
//!
//! Who is charged what: the person from when it became their move to when
//! their move arrives; the engine from when its search was asked to when
//! its move is played (a held answer included: the pause is its own
//! time). The person's flag is a deadline; the engine's is judged when its
//! answer arrives late, or when it stalls (its search limit is its clock
//! plus [`CLOCK_GRACE`](crate::link::CLOCK_GRACE), then `stop`).

use crate::say::Say;
use std::ops::RangeInclusive;
use std::time::Duration;

use songo_core::{Game, Side};
use web_time::Instant;

use crate::clock::{Clocks, TimeControl};
use crate::link::Limit;
use crate::view::{side_name, ClockView};

/// The engine's think times a page may choose for an untimed game, in
/// milliseconds: from a tenth of a second to a minute.
pub const THINK_MS: RangeInclusive<u64> = 100..=60_000;

/// The levels that answer no sooner than a natural moment after the
/// person's move: their searches stop at depth 1 to 4, in a few
/// milliseconds, and an answer in 20 ms reads as a reflex, not a move
/// thought about (issue 28). From level 5 the search takes its own time.
pub const PAUSED_LEVELS: RangeInclusive<u8> = 1..=4;
/// The shortest pause: the page sows the person's own move in about
/// 450 ms (board.js), so the answer comes as their seeds come to rest.
pub const PAUSE_MIN: Duration = Duration::from_millis(400);
/// How much longer an answer may wait, varied from move to move: the same
/// pause every time reads as mechanical too. So 400–800 ms.
pub const PAUSE_SPREAD: Duration = Duration::from_millis(400);
/// Without a clock the pause is at most this share of the think time: a
/// person who chose quick answers (0.5 s) gets them.
pub const PAUSE_THINK_SHARE: u32 = 2;
/// On a clock the pause is the engine's own time, at most this share of
/// what it has left: a weak level never loses on time for waiting, and a
/// fast game stays fast.
pub const PAUSE_CLOCK_SHARE: u32 = 20;

/// How a game is timed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::room) enum Pace {
    /// No clock: the engine thinks this long a move (`None`: the room's
    /// move time).
    Untimed { think: Option<Duration> },
    /// Both sides on these clocks (none running yet); `flagged` lost on
    /// time already (a restored game).
    Clock {
        clocks: Clocks,
        flagged: Option<Side>,
    },
}

impl Pace {
    /// The pace a page asks for: a time control, or a think time, or
    /// neither (the defaults); an error says why not.
    pub(in crate::room) fn asked(
        tc: Option<TimeControl>,
        think_ms: Option<u64>,
    ) -> Result<Pace, Say> {
        match (tc, think_ms) {
            (Some(_), Some(_)) => Err(Say::ThinkWithClock),
            (Some(tc), None) => Ok(Pace::Clock {
                clocks: Clocks::new(tc),
                flagged: None,
            }),
            (None, Some(ms)) if !THINK_MS.contains(&ms) => Err(Say::BadThinkTime {
                ms,
                min: *THINK_MS.start(),
                max: *THINK_MS.end(),
            }),
            (None, think) => Ok(Pace::Untimed {
                think: think.map(Duration::from_millis),
            }),
        }
    }
}

/// A pause between [`PAUSE_MIN`] and [`PAUSE_MIN`] + [`PAUSE_SPREAD`],
/// the same for the same game and ply (so that a test sees what a
/// person saw), different from move to move.
fn natural_pause(game_id: u64, ply: usize) -> Duration {
    // Neighbouring plies land far apart.
    let x = songo_core::rng::finalise(
        game_id
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(ply as u64),
    );
    let spread = PAUSE_SPREAD.as_millis() as u64;
    PAUSE_MIN + Duration::from_millis(x % (spread + 1))
}

/// The game's time: its clocks or the engine's think time, and the side
/// that lost on time. It owns the clocks; the game asks it.
pub(super) struct Timing {
    /// The engine's think time in an untimed game (`None`: `movetime`).
    think: Option<Duration>,
    /// Both sides' clocks, in a timed game.
    clocks: Option<Clocks>,
    /// The side that lost on time: the game is over.
    forfeit: Option<Side>,
    /// How long the engine thinks on a move at full strength.
    movetime: Duration,
    /// Whether the weak levels pause (see [`PAUSE_MIN`]).
    pause: bool,
}

impl Timing {
    pub(super) fn new(movetime: Duration, pause: bool) -> Timing {
        Timing {
            think: None,
            clocks: None,
            forfeit: None,
            movetime,
            pause,
        }
    }

    /// Sets the pace: the clocks (the side to move's running from `now`
    /// unless the game is over) or the think time.
    pub(super) fn set(&mut self, pace: Pace, game: &Game, now: Instant) {
        match pace {
            Pace::Untimed { think } => {
                self.think = think;
                self.clocks = None;
                self.forfeit = None;
            }
            Pace::Clock {
                mut clocks,
                flagged,
            } => {
                self.think = None;
                self.forfeit = flagged;
                if flagged.is_none() && !game.is_over() {
                    clocks.start(game.position().side_to_move(), now);
                }
                self.clocks = Some(clocks);
            }
        }
    }

    pub(super) fn set_pause(&mut self, on: bool) {
        self.pause = on;
    }

    /// The side that lost on time.
    pub(super) fn forfeit(&self) -> Option<Side> {
        self.forfeit
    }

    /// The think time asked for an untimed game.
    pub(super) fn think(&self) -> Option<Duration> {
        self.think
    }

    /// The engine's think time as the page shows it.
    pub(super) fn think_shown(&self) -> Duration {
        self.think.unwrap_or(self.movetime)
    }

    /// How long a hint searches.
    pub(super) fn hint_time(&self) -> Duration {
        self.movetime / 2
    }

    pub(super) fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    /// The time control, in a timed game.
    pub(super) fn time_control(&self) -> Option<TimeControl> {
        self.clocks.as_ref().map(Clocks::time_control)
    }

    /// The engine's search limit when `mover` is the engine: its clock,
    /// or its think time.
    pub(super) fn engine_limit(&self, mover: Side, now: Instant) -> Limit {
        match &self.clocks {
            Some(c) => Limit::Clock {
                time: [c.left(Side::South, now), c.left(Side::North, now)],
                inc: [c.time_control().inc(); 2],
                mover,
            },
            None => Limit::Movetime(self.think_shown()),
        }
    }

    /// Whether `side` has run out of time at `now`.
    pub(super) fn out_of_time(&self, side: Side, now: Instant) -> bool {
        self.clocks
            .as_ref()
            .is_some_and(|c| c.out_of_time(side, now))
    }

    /// `side` lost on time: the clocks stop.
    pub(super) fn lose(&mut self, side: Side, now: Instant) {
        self.stop(now);
        self.forfeit = Some(side);
    }

    /// A move of the side whose clock runs arrived at `now`: its time is
    /// taken off and its increment added; `Err` with that side when its
    /// time had run out.
    pub(super) fn moved(&mut self, now: Instant) -> Result<(), Side> {
        match self.clocks.as_mut() {
            Some(c) => c.moved(now),
            None => Ok(()),
        }
    }

    /// The clocks stop (the game is over).
    pub(super) fn stop(&mut self, now: Instant) {
        if let Some(c) = self.clocks.as_mut() {
            c.stop(now);
        }
    }

    /// `side`'s clock runs from `now` (a move was taken back).
    pub(super) fn start(&mut self, side: Side, now: Instant) {
        if let Some(c) = self.clocks.as_mut() {
            c.start(side, now);
        }
    }

    /// When an answer of an engine playing `engine` at `level`, asked at
    /// `asked`, may be played: a weak level's natural pause after it (see
    /// [`PAUSE_MIN`]), the same for the same game and ply; `None` when
    /// there is no pause.
    pub(super) fn release_at(
        &self,
        level: u8,
        engine: Side,
        asked: Instant,
        (game_id, ply): (u64, usize),
    ) -> Option<Instant> {
        if !self.pause || !PAUSED_LEVELS.contains(&level) {
            return None;
        }
        let cap = match &self.clocks {
            Some(c) => c.left(engine, asked) / PAUSE_CLOCK_SHARE,
            None => self.think_shown() / PAUSE_THINK_SHARE,
        };
        let pause = natural_pause(game_id, ply).min(cap);
        asked.checked_add(pause)
    }

    /// When a flag falls, and whose.
    pub(super) fn flag_at(&self) -> Option<(Side, Instant)> {
        self.clocks.as_ref().and_then(Clocks::flag_at)
    }

    /// The clocks as the page shows them at `now`.
    pub(super) fn view(&self, over: bool, now: Instant) -> Option<ClockView> {
        let c = self.clocks.as_ref()?;
        let ms = |side| c.left(side, now).as_millis().try_into().unwrap_or(u64::MAX);
        Some(ClockView {
            tc: c.time_control(),
            label: c.time_control().to_string(),
            left_ms: [ms(Side::South), ms(Side::North)],
            running: c.running().filter(|_| !over).map(side_name),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_vary_within_their_range() {
        let pauses: Vec<Duration> = (0..200).map(|ply| natural_pause(3, ply)).collect();
        let range = PAUSE_MIN..=PAUSE_MIN + PAUSE_SPREAD;
        assert!(pauses.iter().all(|p| range.contains(p)), "{pauses:?}");
        let shortest = pauses.iter().min().unwrap();
        let longest = pauses.iter().max().unwrap();
        assert!(*longest - *shortest > PAUSE_SPREAD / 2, "{pauses:?}");
        assert_eq!(natural_pause(3, 17), natural_pause(3, 17));
    }

    #[test]
    fn a_think_time_and_a_clock_exclude_each_other() {
        let tc = TimeControl::PRESETS[0];
        assert!(Pace::asked(Some(tc), Some(1000)).is_err());
        assert!(matches!(
            Pace::asked(None, Some(99)).unwrap_err(),
            Say::BadThinkTime {
                ms: 99,
                min: 100,
                max: 60_000
            }
        ));
        assert!(Pace::asked(None, Some(60_001)).is_err());
        assert_eq!(
            Pace::asked(None, Some(500)),
            Ok(Pace::Untimed {
                think: Some(Duration::from_millis(500))
            })
        );
        assert_eq!(Pace::asked(None, None), Ok(Pace::Untimed { think: None }));
        assert!(matches!(
            Pace::asked(Some(tc), None),
            Ok(Pace::Clock { flagged: None, .. })
        ));
    }
}

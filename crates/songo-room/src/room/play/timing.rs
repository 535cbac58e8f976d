//! Time in the game against the engine: the clocks of a timed game, the
//! engine's think time in an untimed one, the weak levels' natural pause,
//! and losses on time. Nothing here waits: the room says when it next
//! needs the time ([`Room::next_deadline`]), its host calls
//! [`Room::on_time`] then, and every page message and engine event first
//! judges what came due ([`Room::catch_up`]), so a move that arrives after
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

use songo_core::Side;
use web_time::Instant;

use super::Room;
use crate::clock::{Clocks, TimeControl};
use crate::link::{BestMoveLine, Limit};
use crate::messages::Outgoing;
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
pub(super) enum Pace {
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
    pub(super) fn asked(tc: Option<TimeControl>, think_ms: Option<u64>) -> Result<Pace, Say> {
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

/// An engine's answer that came before its natural moment, and when it
/// will be played.
pub(super) struct Held {
    pub(super) answer: BestMoveLine,
    pub(super) release: Instant,
}

/// A pause between [`PAUSE_MIN`] and [`PAUSE_MIN`] + [`PAUSE_SPREAD`],
/// the same for the same game and ply (so that a test sees what a
/// person saw), different from move to move.
fn natural_pause(game_id: u64, ply: usize) -> Duration {
    // SplitMix64's finaliser: neighbouring plies land far apart.
    let mut x = game_id
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(ply as u64);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^= x >> 31;
    let spread = PAUSE_SPREAD.as_millis() as u64;
    PAUSE_MIN + Duration::from_millis(x % (spread + 1))
}

impl Room {
    /// Sets the game's pace: its clocks (the side to move's running from
    /// now) or its think time.
    pub(super) fn set_pace(&mut self, pace: Pace) {
        let now = self.now();
        let play = &mut self.play;
        play.held = None;
        match pace {
            Pace::Untimed { think } => {
                play.think = think;
                play.clocks = None;
                play.forfeit = None;
            }
            Pace::Clock {
                mut clocks,
                flagged,
            } => {
                play.think = None;
                play.forfeit = flagged;
                if !play.over() {
                    clocks.start(play.game.position().side_to_move(), now);
                }
                play.clocks = Some(clocks);
            }
        }
    }

    /// Whether levels 1–4 hold an early answer until a natural moment
    /// (see [`PAUSE_MIN`]): for people; a test of something else may do
    /// without the wait. An answer held already is still played at its
    /// moment.
    pub fn set_pause(&mut self, on: bool) {
        self.pause = on;
    }

    /// The engine's search limit: its clock, or its think time.
    pub(super) fn engine_limit(&self, now: Instant) -> Limit {
        match &self.play.clocks {
            Some(c) => Limit::Clock {
                time: [c.left(Side::South, now), c.left(Side::North, now)],
                inc: [c.time_control().inc(); 2],
                mover: self.play.human.opponent(),
            },
            None => Limit::Movetime(self.play.think.unwrap_or(self.movetime)),
        }
    }

    /// Whether `side` has run out of time at `now`.
    pub(super) fn out_of_time(&self, side: Side, now: Instant) -> bool {
        self.play
            .clocks
            .as_ref()
            .is_some_and(|c| c.out_of_time(side, now))
    }

    /// `side` lost on time: the engine stops thinking, the clocks stop,
    /// and no pit is playable any more.
    pub(super) fn forfeit(&mut self, side: Side, now: Instant) {
        self.play.cancel();
        if let Some(c) = self.play.clocks.as_mut() {
            c.stop(now);
        }
        self.play.forfeit = Some(side);
    }

    /// A move of the side whose clock runs arrived at `now`: its time is
    /// taken off and its increment added; `Err` with that side when its
    /// time had run out (it has lost then).
    pub(super) fn clock_move(&mut self, now: Instant) -> Result<(), Side> {
        let Some(c) = self.play.clocks.as_mut() else {
            return Ok(());
        };
        if let Err(side) = c.moved(now) {
            self.forfeit(side, now);
            return Err(side);
        }
        Ok(())
    }

    /// After a move: a game the rules ended stops the clocks.
    pub(super) fn clock_after_move(&mut self, now: Instant) {
        if self.play.game.is_over() {
            if let Some(c) = self.play.clocks.as_mut() {
                c.stop(now);
            }
        }
    }

    /// When an answer to the search asked at `asked` may be played: a
    /// weak level's natural pause after it (see [`PAUSE_MIN`]); `None`
    /// when there is no pause.
    fn release_at(&self, asked: Instant) -> Option<Instant> {
        let p = &self.play;
        if !self.pause || !PAUSED_LEVELS.contains(&p.level) {
            return None;
        }
        let cap = match &p.clocks {
            Some(c) => c.left(p.human.opponent(), asked) / PAUSE_CLOCK_SHARE,
            None => p.think.unwrap_or(self.movetime) / PAUSE_THINK_SHARE,
        };
        let pause = natural_pause(p.game_id(), p.game.moves().len()).min(cap);
        asked.checked_add(pause)
    }

    /// The engine's answer: judged late (its flag fell), held until its
    /// natural moment, or `None`: to be played now.
    pub(super) fn judge_answer(
        &mut self,
        answer: BestMoveLine,
        now: Instant,
    ) -> Option<BestMoveLine> {
        let engine = self.play.human.opponent();
        if self.out_of_time(engine, now) {
            self.forfeit(engine, now);
            return None;
        }
        match self.play.asked.and_then(|asked| self.release_at(asked)) {
            Some(release) if now < release => {
                self.play.held = Some(Held { answer, release });
                None
            }
            _ => Some(answer),
        }
    }

    /// What came due by now: a held answer played, the person's flag
    /// fallen. Whether anything changed.
    pub(super) fn catch_up(&mut self) -> bool {
        let now = self.now();
        let mut changed = false;
        if self.play.held.as_ref().is_some_and(|h| h.release <= now) {
            if let Some(held) = self.play.held.take() {
                self.play_engine_answer(held.answer, now);
                changed = true;
            }
        }
        // The person's flag; between two people, the side to move's.
        let person = self.offered_side();
        if !self.play.over() && self.played_here(person) && self.out_of_time(person, now) {
            self.forfeit(person, now);
            changed = true;
        }
        changed
    }

    /// When the room next needs [`on_time`](Room::on_time): a held answer
    /// to play, or the person's flag to fall.
    pub fn next_deadline(&self) -> Option<Instant> {
        let here = |side| self.played_here(side);
        let p = &self.play;
        let held = p.held.as_ref().map(|h| h.release);
        let flag = p
            .clocks
            .as_ref()
            .filter(|_| !p.over())
            .and_then(Clocks::flag_at)
            .filter(|(side, _)| here(*side))
            .map(|(_, at)| at);
        held.into_iter().chain(flag).min()
    }

    /// Time passed: plays a held answer, or ends the game on the person's
    /// time, when due; the state for every page if anything changed.
    pub fn on_time(&mut self) -> Vec<Outgoing> {
        let mut out = if self.catch_up() {
            vec![self.state_message()]
        } else {
            Vec::new()
        };
        // A game lost on time is a finished game too.
        if self.note_finished(web_time::SystemTime::now()) {
            out.push(self.games_message());
        }
        out
    }

    /// The clocks as the page shows them at `now`.
    pub(super) fn clock_view(&self, now: Instant) -> Option<ClockView> {
        let c = self.play.clocks.as_ref()?;
        let ms = |side| c.left(side, now).as_millis().try_into().unwrap_or(u64::MAX);
        Some(ClockView {
            tc: c.time_control(),
            label: c.time_control().to_string(),
            left_ms: [ms(Side::South), ms(Side::North)],
            running: c.running().filter(|_| !self.play.over()).map(side_name),
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

//! Who plays the game on this device: the person against the engine, or
//! two people at one board (issue 38), and what differs between them:
//! whose pits are playable, a take-back both agreed to, a resignation, the
//! hints one of them asked for (marked in the record).

use songo_core::Side;

use web_time::Instant;

use super::super::engines::Engines;
use super::Play;
use crate::messages::Reply;
use crate::say::Say;

/// The longest player's name (characters): a name, not a text.
pub const MAX_NAME_CHARS: usize = 40;

/// The other side of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::room) enum Opponent {
    /// The person plays `Play::human` against the engine.
    Engine,
    /// Two people at one board, South's name first; the engine is off but
    /// for hints.
    Person { names: [String; 2] },
}

impl Opponent {
    /// Two people at one board named `names` (South first), each trimmed,
    /// not empty, one line, at most [`MAX_NAME_CHARS`] characters.
    pub(in crate::room) fn people(names: Option<[String; 2]>) -> Result<Opponent, Say> {
        let names = names.unwrap_or_else(|| ["South".to_string(), "North".to_string()]);
        let [south, north] = names.map(|n| n.trim().to_string());
        for name in [&south, &north] {
            let bad = name.is_empty()
                || name.chars().count() > MAX_NAME_CHARS
                || name.chars().any(char::is_control);
            if bad {
                return Err(Say::BadName {
                    name: name.clone(),
                    max: MAX_NAME_CHARS,
                });
            }
        }
        Ok(Opponent::Person {
            names: [south, north],
        })
    }

    pub(in crate::room) fn names(&self) -> Option<&[String; 2]> {
        match self {
            Opponent::Engine => None,
            Opponent::Person { names } => Some(names),
        }
    }
}

impl Play {
    /// Whether two people play each other here.
    pub(in crate::room) fn two_players(&self) -> bool {
        matches!(self.opponent, Opponent::Person { .. })
    }

    /// Who plays the other side.
    pub(in crate::room) fn opponent(&self) -> &Opponent {
        &self.opponent
    }

    /// Whether `side` is played by a person on this device.
    pub(super) fn played_here(&self, side: Side) -> bool {
        self.two_players() || side == self.human
    }

    /// The side whose pits the page offers: the person's, or between two
    /// people the side to move.
    pub(super) fn offered_side(&self) -> Side {
        if self.two_players() {
            self.game.position().side_to_move()
        } else {
            self.human
        }
    }

    /// Between two people: the last move taken back, once both agreed;
    /// the side it was played by moves again, its clock running.
    pub(super) fn take_back_agreed(
        &mut self,
        engines: &Engines,
        agreed: bool,
        now: Instant,
    ) -> Reply {
        if self.game.moves().is_empty() {
            return Reply::error(Say::NothingToTakeBack);
        }
        if let Some(why) = self.why_no_take_back() {
            return Reply::error(why);
        }
        if !agreed {
            return Reply::error(Say::TakeBackNotAgreed);
        }
        self.cancel();
        self.game.undo();
        let ply = self.game.moves().len();
        self.hinted.retain(|&h| h < ply);
        let mover = self.game.position().side_to_move();
        self.time.start(mover, now);
        Reply::broadcast(vec![self.state_message(engines, now)])
    }

    /// The person resigns (between two people, the side to move): the
    /// game is over, lost by that side.
    pub(in crate::room) fn resign(&mut self, engines: &Engines, now: Instant) -> Reply {
        if self.over() {
            return Reply::error(Say::GameOver);
        }
        let side = self.offered_side();
        self.cancel();
        self.time.stop(now);
        self.resigned = Some(side);
        Reply::broadcast(vec![self.state_message(engines, now)])
    }
}

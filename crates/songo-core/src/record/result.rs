//! The values that end a game record: the result token ([`GameResult`]),
//! a match runner's verdict ([`Adjudication`]) and the `Termination` tag
//! ([`Termination`]).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::movegen::{EndReason, Outcome};
use crate::position::Side;

/// A game's result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    SouthWins,
    /// `0-1`
    NorthWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: the game was not finished.
    Unfinished,
}

impl GameResult {
    /// The result of a game the rules ended with `outcome`.
    pub const fn from_outcome(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Win(Side::South) => GameResult::SouthWins,
            Outcome::Win(Side::North) => GameResult::NorthWins,
            Outcome::Draw => GameResult::Draw,
        }
    }

    /// The outcome, `None` for an unfinished game.
    pub const fn outcome(self) -> Option<Outcome> {
        match self {
            GameResult::SouthWins => Some(Outcome::Win(Side::South)),
            GameResult::NorthWins => Some(Outcome::Win(Side::North)),
            GameResult::Draw => Some(Outcome::Draw),
            GameResult::Unfinished => None,
        }
    }

    /// A win for `winner`.
    pub const fn win(winner: Side) -> GameResult {
        GameResult::from_outcome(Outcome::Win(winner))
    }

    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn token(self) -> &'static str {
        match self {
            GameResult::SouthWins => "1-0",
            GameResult::NorthWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    pub(crate) const ALL: [GameResult; 4] = [
        GameResult::SouthWins,
        GameResult::NorthWins,
        GameResult::Draw,
        GameResult::Unfinished,
    ];
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// Text that is not a result token.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{0}' is not a result (expected 1-0, 0-1, 1/2-1/2 or *)")]
pub struct ParseResultError(pub String);

impl FromStr for GameResult {
    type Err = ParseResultError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameResult::ALL
            .into_iter()
            .find(|r| r.token() == s)
            .ok_or_else(|| ParseResultError(s.to_string()))
    }
}

/// Why a match runner stopped a game before the rules ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Adjudication {
    /// A player ran out of time.
    TimeForfeit,
    /// A player sent an illegal or unparsable move.
    IllegalMove,
    /// A player's engine exited or failed.
    Crash,
    /// A player did not answer (no move and no clock to run out).
    Stall,
    /// The game reached the runner's ply limit; the runner chose the result.
    MaxPlies,
    /// A player resigned (a person, in a GUI).
    Resignation,
}

impl Adjudication {
    pub(crate) const ALL: [Adjudication; 6] = [
        Adjudication::TimeForfeit,
        Adjudication::IllegalMove,
        Adjudication::Crash,
        Adjudication::Stall,
        Adjudication::MaxPlies,
        Adjudication::Resignation,
    ];

    /// The verdict as the `Termination` tag writes it, such as "time forfeit".
    pub const fn text(self) -> &'static str {
        match self {
            Adjudication::TimeForfeit => "time forfeit",
            Adjudication::IllegalMove => "illegal move",
            Adjudication::Crash => "crash",
            Adjudication::Stall => "stall",
            Adjudication::MaxPlies => "max plies",
            Adjudication::Resignation => "resignation",
        }
    }
}

/// How a game ended: the value of the `Termination` tag.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The rules ended the game (RULES.md 5.1).
    Rules(EndReason),
    /// A match runner ended it.
    Adjudicated(Adjudication),
    /// The game was not finished (result `*`).
    Unterminated,
    /// Any other text, kept as written and not checked against the board.
    /// (Text equal to one of the known forms reads back as that form.)
    Other(String),
}

impl Termination {
    /// The tag text of a rules ending.
    pub const fn rules_text(reason: EndReason) -> &'static str {
        match reason {
            EndReason::Threshold => "capture threshold",
            EndReason::FewSeeds => "few seeds",
            EndReason::EmptyRow => "no seeds",
            EndReason::CannotFeed => "cannot feed",
            EndReason::Repetition => "repetition",
        }
    }

    pub(crate) const RULES: [EndReason; 5] = [
        EndReason::Threshold,
        EndReason::FewSeeds,
        EndReason::EmptyRow,
        EndReason::CannotFeed,
        EndReason::Repetition,
    ];

    /// The tag text.
    pub fn text(&self) -> &str {
        match self {
            Termination::Rules(r) => Termination::rules_text(*r),
            Termination::Adjudicated(a) => a.text(),
            Termination::Unterminated => "unterminated",
            Termination::Other(text) => text,
        }
    }

    /// Every termination with a known text.
    fn known() -> impl Iterator<Item = Termination> {
        Termination::RULES
            .into_iter()
            .map(Termination::Rules)
            .chain(Adjudication::ALL.into_iter().map(Termination::Adjudicated))
            .chain([Termination::Unterminated])
    }
}

impl From<EndReason> for Termination {
    fn from(reason: EndReason) -> Termination {
        Termination::Rules(reason)
    }
}

impl From<Adjudication> for Termination {
    fn from(a: Adjudication) -> Termination {
        Termination::Adjudicated(a)
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// Never fails: the known texts (any case) map to their variants, anything
/// else is [`Termination::Other`].
impl FromStr for Termination {
    type Err = std::convert::Infallible;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let known = Termination::known().find(|k| k.text().eq_ignore_ascii_case(t));
        Ok(known.unwrap_or_else(|| Termination::Other(s.to_string())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_tokens() {
        for r in GameResult::ALL {
            assert_eq!(r.token().parse::<GameResult>(), Ok(r));
        }
        assert_eq!(GameResult::from_outcome(Outcome::Draw), GameResult::Draw);
        assert_eq!(GameResult::win(Side::North).token(), "0-1");
        assert_eq!(GameResult::Unfinished.outcome(), None);
        for bad in ["", "1-1", "1/2", "½-½", "1-0 "] {
            assert!(bad.parse::<GameResult>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn termination_texts() {
        let all: Vec<Termination> = Termination::known().collect();
        for t in &all {
            assert_eq!(t.text().parse::<Termination>().unwrap(), *t);
            assert_eq!(t.text().to_uppercase().parse::<Termination>().unwrap(), *t);
        }
        let mut texts: Vec<&str> = all.iter().map(|t| t.text()).collect();
        texts.sort();
        texts.dedup();
        assert_eq!(texts.len(), all.len(), "texts are distinct");
        assert_eq!(
            "abandoned by the arbiter".parse::<Termination>().unwrap(),
            Termination::Other("abandoned by the arbiter".into())
        );
    }
}

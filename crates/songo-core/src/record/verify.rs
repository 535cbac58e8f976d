//! Agreement of a record's end with its board: the result and termination
//! must be what the replayed moves allow ([`EndMismatch`] states the rules),
//! and a record without a `Termination` tag gets one from the board.

use thiserror::Error;

use super::result::{Adjudication, GameResult, Termination};
use crate::game::{Game, GameStatus};
use crate::movegen::{EndReason, Outcome};

/// A result or termination that contradicts the game's moves.
///
/// The rules, checked on reading, by [`GameRecord::replay`] and by
/// [`GameRecord::from_game`]:
/// - [`Termination::Rules`]: the board must be over for that reason, and
///   the result must be the rules' outcome.
/// - [`Termination::Adjudicated`]: the board must not be over (a runner
///   stops a game only while it goes on; a late or illegal move is not
///   played), and the result must not be `*`. Any decided result is
///   accepted: a time forfeit or a max-plies adjudication may legitimately
///   differ from what the board would give.
/// - [`Termination::Unterminated`]: the board must not be over, and the
///   result must be `*`.
/// - [`Termination::Other`]: not checked (it is text this crate does not
///   know).
/// - No `Termination` tag (a record from another tool): see
///   [`EndMismatch::Unexplained`].
///
/// [`GameRecord::replay`]: super::GameRecord::replay
/// [`GameRecord::from_game`]: super::GameRecord::from_game
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EndMismatch {
    /// The termination says the rules ended the game, but it goes on.
    #[error(
        "termination '{}' but the game is not over after its moves",
        Termination::rules_text(*claimed)
    )]
    NotOver {
        /// The rule the termination names.
        claimed: EndReason,
    },
    /// The rules ended the game for another reason than the one given.
    #[error(
        "termination '{}' but the game ended by '{}' ({})",
        Termination::rules_text(*claimed),
        Termination::rules_text(*actual),
        actual.describe()
    )]
    WrongReason {
        /// The rule the termination names.
        claimed: EndReason,
        /// The rule that ended the game.
        actual: EndReason,
    },
    /// The result is not the rules' outcome.
    #[error(
        "result {result} but the rules give {} (South {} - North {})",
        rules.score_text(),
        scores[0],
        scores[1]
    )]
    WrongResult {
        /// The result the record gives.
        result: GameResult,
        /// The outcome the rules give.
        rules: Outcome,
        /// The final scores `[south, north]` the rules give.
        scores: [u8; 2],
    },
    /// Adjudicated or unterminated, but the rules had already ended the game.
    #[error(
        "termination '{termination}' but the rules had ended the game ({})",
        actual.describe()
    )]
    AlreadyOver {
        /// The termination the record gives.
        termination: Termination,
        /// The rule that had ended the game.
        actual: EndReason,
    },
    /// An adjudicated game needs a decided result, not `*`.
    #[error("termination '{}' needs a result, not *", .0.text())]
    UndecidedAdjudication(Adjudication),
    /// An unterminated game's result must be `*`.
    #[error("termination 'unterminated' needs the result *, not {0}")]
    UnterminatedWithResult(GameResult),
    /// No `Termination` tag, a decided result, and a game that goes on:
    /// nothing says why it stopped (with `*` it is unterminated, and a
    /// finished board gives the rules' reason).
    #[error(
        "result {0} but the game is not over after its moves, and no Termination \
         (or Adjudicated) tag says why it stopped"
    )]
    Unexplained(GameResult),
}

/// Checks a finished record against its replayed game (see [`EndMismatch`]).
pub(crate) fn check_end(
    game: &Game,
    result: GameResult,
    termination: &Termination,
) -> Result<(), EndMismatch> {
    let over = match game.status() {
        GameStatus::Ongoing => None,
        GameStatus::Over {
            outcome,
            reason,
            scores,
        } => Some((outcome, reason, scores)),
    };
    match (termination, over) {
        (Termination::Other(_), _) => Ok(()),
        (Termination::Rules(claimed), None) => Err(EndMismatch::NotOver { claimed: *claimed }),
        (Termination::Rules(claimed), Some((outcome, actual, scores))) => {
            if *claimed != actual {
                Err(EndMismatch::WrongReason {
                    claimed: *claimed,
                    actual,
                })
            } else if result != GameResult::from_outcome(outcome) {
                Err(EndMismatch::WrongResult {
                    result,
                    rules: outcome,
                    scores,
                })
            } else {
                Ok(())
            }
        }
        (Termination::Adjudicated(_) | Termination::Unterminated, Some((_, actual, _))) => {
            Err(EndMismatch::AlreadyOver {
                termination: termination.clone(),
                actual,
            })
        }
        (Termination::Adjudicated(a), None) => match result {
            GameResult::Unfinished => Err(EndMismatch::UndecidedAdjudication(*a)),
            _ => Ok(()),
        },
        (Termination::Unterminated, None) => match result {
            GameResult::Unfinished => Ok(()),
            r => Err(EndMismatch::UnterminatedWithResult(r)),
        },
    }
}

/// The texts of cutegames' `Adjudicated` tag that name one of ours. Its
/// others (`Resigned`, `Gameover mismatch`, `Result mismatch`) are kept as
/// [`Termination::Other`].
const CUTEGAMES_ADJUDICATIONS: [(&str, Adjudication); 4] = [
    ("Out of time", Adjudication::TimeForfeit),
    ("Crashed", Adjudication::Crash),
    ("Illegal move", Adjudication::IllegalMove),
    ("Maximum game length", Adjudication::MaxPlies),
];

/// The termination of a game whose record has no `Termination` tag
/// (records of other tools, e.g. cutegames): from the runner's
/// `Adjudicated` tag when there is one (cutegames writes it for the games
/// it stopped), else from the board: the rules' reason when the game is
/// over, [`Termination::Unterminated`] when it goes on with the result
/// `*`. A decided result on a board that goes on, with no adjudication, is
/// [`EndMismatch::Unexplained`]. The caller still checks the result
/// against the termination ([`check_end`]).
pub(crate) fn derive_termination(
    game: &Game,
    result: GameResult,
    adjudicated: Option<&str>,
) -> Result<Termination, EndMismatch> {
    if let Some(text) = adjudicated {
        let t = text.trim();
        let known = CUTEGAMES_ADJUDICATIONS
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(t))
            .map(|&(_, a)| Termination::Adjudicated(a));
        return Ok(known.unwrap_or_else(|| t.parse().unwrap_or_else(|e| match e {})));
    }
    match (game.status(), result) {
        (GameStatus::Over { reason, .. }, _) => Ok(Termination::Rules(reason)),
        (GameStatus::Ongoing, GameResult::Unfinished) => Ok(Termination::Unterminated),
        (GameStatus::Ongoing, decided) => Err(EndMismatch::Unexplained(decided)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use crate::position::Position;
    use crate::variant::Variant;

    fn game(moves: &str) -> Game {
        let moves: Vec<Move> = moves
            .split_whitespace()
            .map(|m| m.parse().unwrap())
            .collect();
        Game::with_moves(Variant::Songo40, Position::startpos(), moves).unwrap()
    }

    #[test]
    fn derived_terminations() {
        // South's row is empty after these 14 plies: North wins.
        let over = game("E c F c C e D f B d A f G b");
        let ongoing = game("E c F");
        let derive = derive_termination;
        assert_eq!(
            derive(&over, GameResult::NorthWins, None),
            Ok(Termination::Rules(EndReason::EmptyRow))
        );
        // The result is checked afterwards, by check_end.
        let t = derive(&over, GameResult::SouthWins, None).unwrap();
        assert!(matches!(
            check_end(&over, GameResult::SouthWins, &t),
            Err(EndMismatch::WrongResult { .. })
        ));
        assert_eq!(
            derive(&ongoing, GameResult::Unfinished, None),
            Ok(Termination::Unterminated)
        );
        assert_eq!(
            derive(&ongoing, GameResult::Draw, None),
            Err(EndMismatch::Unexplained(GameResult::Draw))
        );
        assert_eq!(
            derive(&ongoing, GameResult::SouthWins, Some("Out of time")),
            Ok(Termination::Adjudicated(Adjudication::TimeForfeit))
        );
        assert_eq!(
            derive(&ongoing, GameResult::SouthWins, Some("maximum game length")),
            Ok(Termination::Adjudicated(Adjudication::MaxPlies))
        );
        assert_eq!(
            derive(&ongoing, GameResult::SouthWins, Some("stall")),
            Ok(Termination::Adjudicated(Adjudication::Stall))
        );
        assert_eq!(
            derive(&over, GameResult::Unfinished, Some("Gameover mismatch")),
            Ok(Termination::Other("Gameover mismatch".into()))
        );
    }
}

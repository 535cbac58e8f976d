//! A game: a start position, the moves played, and the positions they led
//! to, so that the third-repetition rule (5.1 item 5) can be applied.

use std::fmt;

use crate::movegen::{EndReason, Outcome};
use crate::moves::{IllegalMoveError, Move};
use crate::position::Position;
use crate::variant::Variant;

/// Occurrences of one position that end the game (5.1 item 5).
pub const REPETITION_LIMIT: usize = 3;

/// Whether a game goes on, and how it ended if not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// The game goes on: the side to move has a move to play.
    Ongoing,
    /// The game has ended.
    Over {
        /// Who won, or a draw.
        outcome: Outcome,
        /// Which rule ended it.
        reason: EndReason,
        /// Final scores `[south, north]` (5.2).
        scores: [u8; 2],
    },
}

/// A move that could not be added to a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game had already ended.
    GameOver {
        /// Why the game ended.
        reason: EndReason,
    },
    /// The move is not legal in the current position.
    Illegal(IllegalMoveError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver { reason } => {
                write!(f, "the game is already over ({})", reason.describe())
            }
            PlayError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    variant: Variant,
    moves: Vec<Move>,
    /// `positions[0]` is the start; `positions[i]` follows `moves[i - 1]`.
    positions: Vec<Position>,
    status: GameStatus,
}

impl Game {
    /// A new game from `start`.
    pub fn new(variant: Variant, start: Position) -> Game {
        let mut game = Game {
            variant,
            moves: Vec::new(),
            positions: vec![start],
            status: GameStatus::Ongoing,
        };
        game.status = game.compute_status();
        game
    }

    /// A game from `start` after `moves`; fails at the first move that cannot be played.
    pub fn with_moves(
        variant: Variant,
        start: Position,
        moves: impl IntoIterator<Item = Move>,
    ) -> Result<Game, (usize, PlayError)> {
        let mut game = Game::new(variant, start);
        for (i, m) in moves.into_iter().enumerate() {
            game.play(m).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// The rules the game is played by.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The position the game started from.
    pub fn start(&self) -> Position {
        self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> Position {
        *self
            .positions
            .last()
            .expect("a game always has its start position")
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game, the start first and the current one last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Whether the game goes on, and if not how it ended. Updated by
    /// [`Game::play`] and [`Game::undo`].
    pub fn status(&self) -> GameStatus {
        self.status
    }

    /// True once the game has ended: [`Game::play`] then refuses every move.
    pub fn is_over(&self) -> bool {
        self.status != GameStatus::Ongoing
    }

    /// Plays a move, checking legality and that the game still goes on.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if let GameStatus::Over { reason, .. } = self.status {
            return Err(PlayError::GameOver { reason });
        }
        let next = self
            .position()
            .play(self.variant, m)
            .map_err(PlayError::Illegal)?;
        self.moves.push(m);
        self.positions.push(next);
        self.status = self.compute_status();
        Ok(())
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.status = self.compute_status();
        Some(m)
    }

    /// How many times the current position has occurred in this game.
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        // Captures are irreversible, so only positions with as many seeds on
        // the board can repeat the current one.
        self.positions
            .iter()
            .rev()
            .take_while(|p| p.seeds_on_board() == current.seeds_on_board())
            .filter(|p| **p == current)
            .count()
    }

    fn compute_status(&self) -> GameStatus {
        let p = self.position();
        let reason = p
            .end_reason(self.variant)
            .or_else(|| (self.repetitions() >= REPETITION_LIMIT).then_some(EndReason::Repetition));
        match reason {
            None => GameStatus::Ongoing,
            Some(reason) => GameStatus::Over {
                outcome: p.outcome(self.variant),
                reason,
                scores: p.final_scores(self.variant),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }

    #[test]
    fn repetition_counts_equal_positions() {
        let p = Position::startpos();
        let mut g = Game::new(Variant::Songo36Beginner, p);
        // Force a history with the start position three times by hand.
        g.positions.push(p);
        g.positions.push(p);
        assert_eq!(g.repetitions(), 3);
        assert!(matches!(
            g.compute_status(),
            GameStatus::Over {
                reason: EndReason::Repetition,
                ..
            }
        ));
    }

    #[test]
    fn moves_after_the_end_are_refused() {
        let p: Position = "3,2,1,5,0,0,0/0,0,0,0,0,0,0 s 36 23 -".parse().unwrap();
        let mut g = Game::new(Variant::Songo36Amateur, p);
        assert!(matches!(
            g.play(mv("A")),
            Err(PlayError::GameOver {
                reason: EndReason::Threshold
            })
        ));
        assert_eq!(g.moves().len(), 0);
    }
}

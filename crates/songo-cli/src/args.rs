//! Command-line arguments that several tools share: the position a tool
//! starts from, and the moves played from it (`--moves`).

use clap::Args;
use songo_core::game::Game;
use songo_core::{Move, Position, Variant};
use songo_protocol::command::MoveTextError;

/// Where tables are looked for, and made, when no directory is given.
pub const DEFAULT_TB_DIR: &str = "tablebases";

/// The variant and position most tools start from.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// Rule variant: songo36-beginner, songo36-amateur or songo40.
    #[arg(long, short = 'v', default_value = "songo40")]
    pub variant: Variant,
    /// Position string (five fields, see RULES); default: the start position.
    #[arg(long, value_name = "POSITION")]
    pub fen: Option<Position>,
}

impl PositionArgs {
    /// The position given with `--fen`, or the start position.
    pub fn position(&self) -> Position {
        self.fen.unwrap_or_else(Position::startpos)
    }
}

/// A move of `--moves` that cannot be played.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
#[error("--moves: move {number} '{text}': {error}{}", match .error {
    MoveTextError::Parse(_) => format!("; legal here: {legal}"),
    MoveTextError::Play(_) => String::new(),
})]
pub struct MovesError {
    /// The move's place in `--moves`, from 1.
    pub number: usize,
    /// The move as given.
    pub text: String,
    /// Why it cannot be played: not a move, or not legal there.
    pub error: MoveTextError,
    /// The moves that were legal there.
    pub legal: songo_core::MoveList,
}

/// Plays the whitespace-separated `moves` on `game`. The error names the
/// move by its number and text, and lists what was legal there.
pub fn play_moves(game: &mut Game, moves: &str) -> Result<(), MovesError> {
    for (i, text) in moves.split_whitespace().enumerate() {
        let p = game.position();
        let legal = p.legal_moves(game.variant());
        let played = Move::parse(text, p.side_to_move())
            .map_err(MoveTextError::from)
            .and_then(|m| game.play(m).map_err(MoveTextError::from));
        if let Err(error) = played {
            return Err(MovesError {
                number: i + 1,
                text: text.to_string(),
                error,
                legal,
            });
        }
    }
    Ok(())
}

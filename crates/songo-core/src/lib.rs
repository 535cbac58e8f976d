//! songo-core: the rules of Songo, the mancala game of the Fang and Beti.
//!
//! The rules are those of `RULES.md` (three variants). One concern per
//! module: [`variant`], [`position`] (the packed position and its text
//! form), [`moves`], [`movegen`] (legal moves, sowing, captures, game end),
//! [`game`] (history, repetition, undo), [`explain`] (why a move is
//! illegal, in words), [`perft`], and [`record`] (game records: read,
//! write, verify). No front-end dependency.

pub mod explain;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub mod record;
pub mod variant;

pub use explain::IllegalReason;
pub use game::{Game, GameStatus, PlayError};
pub use movegen::{EndReason, Outcome};
pub use moves::{IllegalMoveError, Move, MoveList, ParseMoveError};
pub use position::{ParsePositionError, Position, Side};
pub use variant::{ParseVariantError, Variant};

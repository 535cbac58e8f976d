//! songo: an engine for Songo, the mancala game of the Fang and Beti.
//!
//! The rules are those of `RULES.md` in the repository (three variants).
//! The crate is organised one concern per module: [`position`] (the packed
//! position and its text form), [`moves`], [`movegen`] (legal moves, sowing,
//! captures, game end), [`game`] (history and repetition), [`perft`].

pub mod analyze;
pub mod bench;
pub mod cli;
pub mod game;
pub mod matches;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod play;
pub mod position;
pub mod progress;
pub mod record;
pub mod replay;
pub mod variant;

pub use game::{Game, GameStatus, PlayError};
pub use movegen::{EndReason, Outcome};
pub use moves::{IllegalMoveError, Move, MoveList, ParseMoveError};
pub use position::{ParsePositionError, Position, Side};
pub use variant::{ParseVariantError, Variant};
pub mod abdada;
pub mod engine;
pub mod eval;
pub mod protocol;
pub mod search;
pub mod sparring;
pub mod stats;
pub mod tb;
pub mod timeman;
pub mod tt;
pub mod tune;
pub mod turns;

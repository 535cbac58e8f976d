//! songo-core: the rules of Songo, the mancala game of the Fang and Beti.
//!
//! The rules are those of `RULES.md` (three variants; docs/rules.md in the
//! repository tells every decision the French rule texts leave open). One
//! concern per module: [`variant`], [`position`] (the packed position and
//! its text form), [`moves`], [`movegen`] (legal moves, sowing, captures,
//! game end), [`game`] (history, repetition, undo), [`explain`] (why a
//! move is illegal, in words), [`perft`], [`record`] (game records: read,
//! write, verify), [`score`] (the score scale every crate shares, and a
//! score as a person reads it), and [`checksum`], the one checksum of
//! songo's file formats. No front-end dependency, no I/O, no threads: it builds for
//! every target, `wasm32-unknown-unknown` included.
//!
//! # Example
//!
//! Parse a position, list its legal moves, play one, and read a record:
//!
//! ```
//! use songo_core::record::GameRecord;
//! use songo_core::{Game, Move, Position, Side, Variant};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let variant: Variant = "songo40".parse()?;
//! // Pits a..g of North, then A..G of South; side to move; the seeds
//! // each side captured; the pit-7 flags.
//! let start: Position = "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg".parse()?;
//! assert_eq!(start, Position::startpos());
//!
//! let legal = start.legal_moves(variant);
//! let letters: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
//! assert_eq!(letters, ["A", "B", "C", "D", "E", "F", "G"]);
//!
//! // A move is a pit letter, or a pit number of the side to move.
//! let c = Move::parse("3", Side::South)?;
//! assert_eq!(c.to_string(), "C");
//! let mut game = Game::new(variant, start);
//! game.play(c)?;
//! assert_eq!(game.position().side_to_move(), Side::North);
//! assert!(game.play(c).is_err()); // C is South's pit: North cannot play it
//!
//! // Records are checked move by move as they are read.
//! let record: GameRecord = "[Variant \"songo40\"]\n\n1. C d 2. E *\n".parse()?;
//! let replayed = record.replay()?;
//! assert_eq!(replayed.moves().len(), 3);
//! assert_eq!(record.to_string().lines().next(), Some("[Event \"?\"]"));
//! # Ok(())
//! # }
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod checksum;
pub mod explain;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub mod record;
pub mod rng;
pub mod score;
pub mod variant;

pub use explain::IllegalReason;
pub use game::{Game, GameStatus, PlayError};
pub use movegen::{EndReason, Outcome};
pub use moves::{IllegalMoveError, Move, MoveList, ParseMoveError};
pub use position::{ParsePositionError, Position, Side};
pub use variant::{ParseVariantError, Variant};

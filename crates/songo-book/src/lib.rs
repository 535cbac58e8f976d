//! songo-book: opening books for Songo.
//!
//! A book stores, for each of its positions, every legal move with a
//! score, the depth behind that score and how often the book's expansion
//! went through the move. `songo book build` grows one by drop-out
//! expansion over the engine's searches; the engine plays from it
//! (`OwnBook`, `BookFile`, `BookVariety`), the GUI's explorer shows it,
//! and `songo book openings` draws balanced tournament openings from it.
//!
//! One concern per module: [`key`] (the position key and its collision
//! check), [`entry`] (a book move), [`format`](mod@format) (the file, documented byte
//! by byte), [`book`] (probing, building, reading, writing), [`choose`](mod@choose)
//! (the move to play, with variety), [`stats`] (what a book covers),
//! [`embedded`](mod@embedded) (the book compiled in) and [`file`](mod@file) (the one
//! reader of a book file). No I/O but that read, no threads: it builds for
//! every target, `wasm32-unknown-unknown` included.
//!
//! # Example
//!
//! Make a book of one position, write it, read it back and probe it:
//!
//! ```
//! use songo_book::{choose, Book, BookKey, BookMove};
//! use songo_core::{Move, Position, Variant};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let v = Variant::Songo40;
//! let start = Position::startpos();
//! let scored = |letter: &str, score| -> Result<BookMove, Box<dyn std::error::Error>> {
//!     Ok(BookMove { mv: letter.parse::<Move>()?, score, depth: 12, visits: 3 })
//! };
//! let book = Book::from_positions([(
//!     BookKey::new(v, &start),
//!     vec![scored("C", -20)?, scored("E", 35)?, scored("G", 30)?],
//! )]);
//!
//! let bytes = book.to_bytes();
//! let read = Book::from_bytes(&bytes)?;
//! assert_eq!(read, book);
//!
//! let moves = read.probe(v, &start).expect("the start is in the book");
//! assert_eq!(moves[0].mv.to_string(), "E"); // best first
//! // Another variant's start is another position.
//! assert!(read.probe(Variant::Songo36Amateur, &start).is_none());
//!
//! // Within 10 centiseeds of the best: E or G, as the random number says.
//! let played = choose(moves, 10, 7).expect("a move");
//! assert!(["E", "G"].contains(&played.mv.to_string().as_str()));
//!
//! // A damaged file is an error, never a panic.
//! assert!(Book::from_bytes(&bytes[..bytes.len() - 1]).is_err());
//! # Ok(())
//! # }
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod book;
pub mod choose;
pub mod embedded;
pub mod entry;
pub mod error;
pub mod file;
pub mod format;
pub mod key;
pub mod stats;

pub use book::Book;
pub use choose::choose;
pub use embedded::embedded;
pub use entry::{BookMove, SCORE_LIMIT};
pub use error::BookError;
pub use file::{read_file, ReadBookError};
pub use key::BookKey;
pub use stats::{BookStats, VariantStats};

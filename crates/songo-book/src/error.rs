//! What can be wrong with a book file.

use thiserror::Error;

/// Why bytes are not a book. Every check of [`crate::Book::from_bytes`] has
/// its own variant, so a damaged file says what is damaged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BookError {
    #[error("not a songo book: {len} bytes, shorter than the {header}-byte header")]
    TooShort { len: usize, header: usize },
    #[error("not a songo book (the file does not start with SONGOBK)")]
    BadMagic,
    #[error("book format version {found}; this build reads version {expected}")]
    Version { found: u32, expected: u32 },
    #[error("the book is {len} bytes, but its header says {expected} ({positions} positions, {moves} moves): truncated or damaged")]
    Size {
        len: usize,
        expected: u64,
        positions: u32,
        moves: u32,
    },
    #[error("the book's header has {found:#x} where this version keeps 0: damaged, or written by a later songo")]
    Reserved { found: u32 },
    #[error("the book is damaged: its checksum is {found:016x}, its header says {expected:016x}")]
    Checksum { expected: u64, found: u64 },
    #[error("the book is damaged: position {index} is not after the one before it")]
    Unsorted { index: usize },
    #[error("the book is damaged: position {index} lists moves {first}..{end} of {moves}")]
    MoveRange {
        index: usize,
        first: u32,
        end: u32,
        moves: u32,
    },
    #[error("the book is damaged: position {index} has no move")]
    NoMoves { index: usize },
    #[error("the book is damaged: move {index} empties pit {pit}, and there are 14")]
    BadPit { index: usize, pit: u8 },
    #[error("the book is damaged: position {index} lists pit {pit} twice")]
    RepeatedMove { index: usize, pit: u8 },
}

//! What can be wrong with a book file.

use thiserror::Error;

/// Why bytes are not a book. Every check of [`crate::Book::from_bytes`] has
/// its own variant, so a damaged file says what is damaged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BookError {
    /// Fewer bytes than a header.
    #[error("not a songo book: {len} bytes, shorter than the {header}-byte header")]
    TooShort {
        /// Bytes given.
        len: usize,
        /// Bytes of a header ([`crate::format::HEADER_BYTES`]).
        header: usize,
    },
    /// The bytes do not start with `SONGOBK`.
    #[error("not a songo book (the file does not start with SONGOBK)")]
    BadMagic,
    /// A book of another format version (or a damaged version field).
    #[error("book format version {found}; this build reads version {expected}")]
    Version {
        /// The version the header gives.
        found: u32,
        /// The version this build reads ([`crate::format::VERSION`]).
        expected: u32,
    },
    /// The length is not what the header's counts imply.
    #[error("the book is {len} bytes, but its header says {expected} ({positions} positions, {moves} moves): truncated or damaged")]
    Size {
        /// Bytes given.
        len: usize,
        /// Bytes the header's counts imply.
        expected: u64,
        /// Positions the header gives.
        positions: u32,
        /// Moves the header gives.
        moves: u32,
    },
    /// The reserved header field is not 0.
    #[error("the book's header has {found:#x} where this version keeps 0: damaged, or written by a later songo")]
    Reserved {
        /// The field's value.
        found: u32,
    },
    /// The checksum of the bytes after the header is not the header's.
    #[error("the book is damaged: its checksum is {found:016x}, its header says {expected:016x}")]
    Checksum {
        /// The checksum the header gives.
        expected: u64,
        /// The checksum of the bytes.
        found: u64,
    },
    /// Positions out of key order, or one key twice.
    #[error("the book is damaged: position {index} is not after the one before it")]
    Unsorted {
        /// The position record out of order, from 0.
        index: usize,
    },
    /// A position's moves do not lie within the move records, in order.
    #[error("the book is damaged: position {index} lists moves {first}..{end} of {moves}")]
    MoveRange {
        /// The position record, from 0.
        index: usize,
        /// Its first move's index.
        first: u32,
        /// One past its last move's index.
        end: u32,
        /// Move records in the book.
        moves: u32,
    },
    /// A position with no move.
    #[error("the book is damaged: position {index} has no move")]
    NoMoves {
        /// The position record, from 0.
        index: usize,
    },
    /// A move record whose pit is not one of the board's 14.
    #[error("the book is damaged: move {index} empties pit {pit}, and there are 14")]
    BadPit {
        /// The move record, from 0.
        index: usize,
        /// The pit it gives.
        pit: u8,
    },
    /// A position that lists the same move twice.
    #[error("the book is damaged: position {index} lists pit {pit} twice")]
    RepeatedMove {
        /// The position record, from 0.
        index: usize,
        /// The pit listed twice (absolute index, 0 to 13).
        pit: u8,
    },
}

//! The one reader of a book file, for every user: the engine's
//! `BookFile`, `songo gui --book` and `songo book`. Reading a whole file is
//! the crate's only I/O (on `wasm32-unknown-unknown`, which has no file
//! system, it fails with [`ReadBookError::Read`]); each user names the
//! file in its own error, as its output has always said it.

use std::path::Path;

use thiserror::Error;

use crate::{Book, BookError};

/// Why a book file could not be read.
#[derive(Debug, Error)]
pub enum ReadBookError {
    /// The file could not be read (it is missing, or a directory, or files
    /// are not available).
    #[error("cannot read it")]
    Read(#[source] std::io::Error),
    /// The file's bytes are not a book (see [`BookError`]).
    #[error(transparent)]
    Book(#[from] BookError),
}

/// Reads and checks a whole book file (a book is small, and is probed in
/// memory).
pub fn read_file(path: &Path) -> Result<Book, ReadBookError> {
    let bytes = std::fs::read(path).map_err(ReadBookError::Read)?;
    Ok(Book::from_bytes(&bytes)?)
}

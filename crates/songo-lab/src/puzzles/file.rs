//! Puzzle files on disk: read whole and checked (songo-learn's format),
//! written whole and atomically, so that a generator killed at any moment
//! leaves the last whole batch; every error names the file.

use std::path::{Path, PathBuf};

use songo_learn::puzzle::{PuzzleError, PuzzleSet};

/// Why a puzzle file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleFileError {
    /// The puzzle file is missing or unreadable.
    #[error("cannot read the puzzle file {}", path.display())]
    Read {
        /// The puzzle file.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
    /// Read, but not a valid puzzle file: the error says which line and why.
    #[error("the puzzle file {} is damaged", path.display())]
    Damaged {
        /// The puzzle file.
        path: PathBuf,
        /// The line and what is wrong with it.
        #[source]
        source: PuzzleError,
    },
    /// The puzzle file (or its temporary file) could not be written or
    /// renamed into place.
    #[error("cannot write the puzzle file {}", path.display())]
    Write {
        /// The puzzle file.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
}

/// The set in `path`, checked line by line.
pub fn read(path: &Path) -> Result<PuzzleSet, PuzzleFileError> {
    let bytes = std::fs::read(path).map_err(|source| PuzzleFileError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    // Bytes that are not text are damage like any other: the parser names
    // the first line it cannot read.
    let text = String::from_utf8_lossy(&bytes);
    PuzzleSet::parse(&text).map_err(|source| PuzzleFileError::Damaged {
        path: path.to_path_buf(),
        source,
    })
}

/// The set in `path`, or `None` when there is no such file (a new run).
pub fn read_if_there(path: &Path) -> Result<Option<PuzzleSet>, PuzzleFileError> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        _ => read(path).map(Some),
    }
}

/// Writes the set to `path`, atomically.
pub fn write(path: &Path, set: &PuzzleSet) -> Result<(), PuzzleFileError> {
    crate::book::file::write_atomically(path, set.to_text().as_bytes()).map_err(|source| {
        PuzzleFileError::Write {
            path: path.to_path_buf(),
            source,
        }
    })
}

//! Game-record files read for a tool (`songo replay`, `review`,
//! `results`): every move of every game checked, the games numbered from
//! 1, and errors that name the file and its line.

use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use songo_core::record::{read_records, ParseRecordError, ReadGame, ReadOptions, RecordError};
use songo_core::Variant;

/// Why a record file's games could not be read.
#[derive(Debug, Error)]
pub enum RecordFileError {
    /// The file could not be read.
    #[error("cannot read {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
    /// A game of the file is not a valid record, or a move of it is not
    /// legal.
    #[error("{}:{}: {}{}{}", path.display(), error.line, game_part(error.game), error.kind, hint(&error.kind))]
    Record {
        /// The file.
        path: PathBuf,
        /// Where in the file, and what is wrong.
        error: ParseRecordError,
    },
    /// The game asked for is not in the file.
    #[error("{} has {count} games: there is no game {wanted}", path.display())]
    NoSuchGame {
        /// The file.
        path: PathBuf,
        /// Games the file has.
        count: usize,
        /// The game's number asked for, from 1.
        wanted: u64,
    },
}

fn game_part(game: usize) -> String {
    if game > 0 {
        format!("game {game}: ")
    } else {
        String::new()
    }
}

/// What to do about an error, when the fix is an option of this command.
fn hint(kind: &RecordError) -> &'static str {
    match kind {
        RecordError::MissingTag("Variant") => {
            "; give its variant with --variant (songo36-beginner, songo36-amateur or songo40)"
        }
        _ => "",
    }
}

/// Reads a record file and checks every game; with `only`, keeps game
/// `only` (from 1) alone. The games come numbered from 1.
pub fn load_games(
    path: &Path,
    variant: Option<Variant>,
    only: Option<u64>,
) -> Result<Vec<(usize, ReadGame)>, RecordFileError> {
    let bytes = std::fs::read(path).map_err(|source| RecordFileError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    // Reading replays and checks every move of every game.
    let games = read_records(&bytes, &ReadOptions { variant }).map_err(|error| {
        RecordFileError::Record {
            path: path.to_path_buf(),
            error,
        }
    })?;
    let count = games.len();
    let numbered = games.into_iter().enumerate().map(|(i, g)| (i + 1, g));
    match only {
        None => Ok(numbered.collect()),
        Some(n) => {
            let index = usize::try_from(n).unwrap_or(usize::MAX);
            match numbered.into_iter().nth(index.saturating_sub(1)) {
                Some(game) if index > 0 => Ok(vec![game]),
                _ => Err(RecordFileError::NoSuchGame {
                    path: path.to_path_buf(),
                    count,
                    wanted: n,
                }),
            }
        }
    }
}

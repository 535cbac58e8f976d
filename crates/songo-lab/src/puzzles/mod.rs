//! `songo puzzles`: make a puzzle set from songo's own games (`generate`)
//! and print one as JSON lines (`export`). The puzzle, its file format,
//! its themes and the set compiled in are songo-learn's (no I/O there);
//! the searches that find puzzles are here (docs/learn.md, "Puzzles").

pub mod file;
pub mod find;
pub mod generate;
pub mod report;

use std::path::{Path, PathBuf};

use crate::job::JobError;
use clap::{Args, Subcommand};
use songo_core::Variant;
use songo_learn::puzzle::{embedded, PuzzleError};

pub use file::PuzzleFileError;
use songo_cli::outln;
use songo_cli::output::StdoutError;

/// `songo puzzles`'s subcommands.
#[derive(Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Make a puzzle set from self-play games (resumable: run the same
    /// command again to continue).
    #[command(after_help = GENERATE_AFTER_HELP)]
    Generate(generate::GenerateArgs),
    /// Print a puzzle set as JSON lines, one puzzle a line.
    #[command(after_help = EXPORT_AFTER_HELP)]
    Export(ExportArgs),
}

const GENERATE_AFTER_HELP: &str = "Examples:\n  \
    songo puzzles generate --variant songo40 --puzzles 500 --seed 1 --out songo40.puzzles\n  \
    mpirun -np 4 songo puzzles generate --mpi --variant songo40 --out songo40.puzzles\n\n\
    A position is a puzzle when one move is clearly best: at --depth it wins and the\n\
    second-best move does not, or it scores --margin centiseeds more than the second\n\
    and loses at most one seed; a search at --verify-depth must agree, or the tables\n\
    decide where they cover the position. The file is the state: the same command\n\
    continues it, and the same seed gives the same bytes at any --threads or ranks.\n\
    Ends with the counts per theme and difficulty (docs/learn.md).";

const EXPORT_AFTER_HELP: &str = "Examples:\n  \
    songo puzzles export                     # the set compiled into songo\n  \
    songo puzzles export songo40.puzzles\n\n\
    Each line: {\"variant\", \"fen\", \"solution\": [moves], \"themes\": [...], \"difficulty\"}.\n\
    A damaged file is refused (exit code 3) with the line that is wrong.";

/// `songo puzzles export`'s arguments.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// A puzzle file; without it, the set compiled into songo (every variant).
    pub file: Option<PathBuf>,
}

/// Why `songo puzzles` failed.
#[derive(Debug, thiserror::Error)]
pub enum PuzzlesError {
    /// A puzzle file could not be read or written, or is damaged.
    #[error(transparent)]
    File(#[from] PuzzleFileError),
    /// The set compiled in does not read: a build from a damaged tree.
    #[error("the puzzle set compiled in, {name}, is damaged")]
    Embedded {
        /// The set's file name.
        name: String,
        /// What is wrong with it.
        #[source]
        source: PuzzleError,
    },
    /// Continuing a file with other settings than it was made with.
    #[error("the puzzle file {} was made with {field} {file}, not {args}: use another --out", path.display())]
    Mismatch {
        /// The `--out` file.
        path: PathBuf,
        /// The setting that differs, as its flag names it.
        field: String,
        /// Its value in the file.
        file: String,
        /// Its value on the command line.
        args: String,
    },
    /// The verifying search would not look deep enough past the one that
    /// made the puzzle to catch its mistakes.
    #[error("--verify-depth {verify} is not at least --depth {depth} + 4")]
    VerifyDepth {
        /// `--depth`.
        depth: u32,
        /// `--verify-depth`.
        verify: u32,
    },
    /// What stops any job on threads and ranks.
    #[error(transparent)]
    Job(JobError),
    /// Standard output could not be written (or its reader went away).
    #[error(transparent)]
    Stdout(#[from] StdoutError),
}

crate::job_error_from!(PuzzlesError);

impl crate::rounds::RankError for PuzzlesError {
    const ITEMS: &'static str = "puzzles";
}

/// Runs `songo puzzles …`.
pub fn run(c: &PuzzlesCommand) -> Result<(), PuzzlesError> {
    match c {
        PuzzlesCommand::Generate(a) => generate::run(a),
        PuzzlesCommand::Export(a) => export(a.file.as_deref()),
    }
}

/// Prints `file`'s puzzles, or every variant's compiled in, as JSON lines.
fn export(file: Option<&Path>) -> Result<(), PuzzlesError> {
    let sets = match file {
        Some(path) => vec![file::read(path)?],
        None => Variant::ALL
            .into_iter()
            .map(|v| {
                embedded::set(v).map_err(|source| PuzzlesError::Embedded {
                    name: embedded::file_name(v),
                    source,
                })
            })
            .collect::<Result<_, _>>()?,
    };
    for set in &sets {
        for p in &set.puzzles {
            outln!("{}", p.to_json())?;
        }
    }
    Ok(())
}

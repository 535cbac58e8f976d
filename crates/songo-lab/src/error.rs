//! The lab's errors, and their exit codes (the table of codes is
//! [`songo_cli::exit`]'s).
//!
//! Each tool returns its own error enum: [`MatchError`] (and below it
//! [`OpeningError`], [`ProcessError`], [`SpecError`]), [`TuneError`],
//! [`SpsaError`], [`DatagenError`], [`TrainError`], [`TbCliError`] (over
//! [`songo_tb::TbError`]), [`BookCliError`], [`PuzzlesError`],
//! [`LessonsError`], [`ResultsError`]. [`LabError`] gathers them, and
//! [`LabError::exit`] is the only function that gives them an exit code.
//!
//! # Adding a tool's error
//!
//! A tool returns `Result<(), ItsError>`, `ItsError` an enum deriving
//! [`thiserror::Error`] whose messages name the offending input. Then, in
//! this file, a variant `#[error(transparent)] Its(#[from] ItsError)` in
//! [`LabError`] and an arm in [`LabError::exit`] that gives each of its
//! variants an [`Exit`] (a failed write to standard output is a
//! `Stdout(#[from] StdoutError)` variant, its exit [`stdout_exit`]); and
//! in the command's `cli::run_command`, the tool's call passed through
//! `lab`.

use songo_cli::exit::{record_file_exit, stdout_exit, tb_exit, Exit};

pub use crate::book::{BookCliError, BookFileError};
pub use crate::datagen::DatagenError;
pub use crate::lessons::LessonsError;
pub use crate::matches::{MatchError, OpeningError, ProcessError, SpecError};
pub use crate::mpi::MpiError;
pub use crate::puzzles::{PuzzleFileError, PuzzlesError};
pub use crate::results::ResultsError;
pub use crate::spsa::state::StateError;
pub use crate::spsa::SpsaError;
pub use crate::tb::TbCliError;
pub use crate::train::TrainError;
pub use crate::tune::TuneError;

/// An error of any tool of the lab.
#[derive(Debug, thiserror::Error)]
pub enum LabError {
    /// `songo match`.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// `songo tune`.
    #[error(transparent)]
    Tune(#[from] TuneError),
    /// `songo tune search`.
    #[error(transparent)]
    Spsa(#[from] SpsaError),
    /// `songo datagen`.
    #[error(transparent)]
    Datagen(#[from] DatagenError),
    /// `songo train`.
    #[error(transparent)]
    Train(#[from] TrainError),
    /// `songo tb generate`, `verify` and `compress`.
    #[error(transparent)]
    Tb(#[from] TbCliError),
    /// `songo book`.
    #[error(transparent)]
    Book(#[from] BookCliError),
    /// `songo puzzles`.
    #[error(transparent)]
    Puzzles(#[from] PuzzlesError),
    /// `songo lessons`.
    #[error(transparent)]
    Lessons(#[from] LessonsError),
    /// `songo results`.
    #[error(transparent)]
    Results(#[from] ResultsError),
}

impl LabError {
    /// The exit code of the error: the one place that decides the lab's.
    pub fn exit(&self) -> Exit {
        match self {
            LabError::Match(e) => match e {
                MatchError::TooFewEngines { .. }
                | MatchError::SprtEngines { .. }
                | MatchError::NoGames => Exit::Usage,
                MatchError::Openings(e) => opening_exit(e),
                MatchError::Start(_) | MatchError::Record { .. } => Exit::Failure,
                MatchError::Stdout(e) => stdout_exit(e),
            },
            LabError::Tune(e) => match e {
                TuneError::NoGames | TuneError::LearningRate { .. } => Exit::Usage,
                TuneError::Openings(e) => opening_exit(e),
                TuneError::Hash(_) | TuneError::NoSamples { .. } | TuneError::Write { .. } => {
                    Exit::Failure
                }
                TuneError::Stdout(e) => stdout_exit(e),
            },
            LabError::Spsa(e) => match e {
                SpsaError::Zero { .. }
                | SpsaError::LearningRate { .. }
                | SpsaError::Param(_)
                | SpsaError::Repeated { .. }
                | SpsaError::State(StateError::Mismatch { .. }) => Exit::Usage,
                SpsaError::State(StateError::Parse { .. }) => Exit::BadInput,
                SpsaError::State(_) => Exit::Failure,
                SpsaError::Job(e) => e.exit(),
                SpsaError::Stdout(e) => stdout_exit(e),
            },
            LabError::Datagen(e) => match e {
                DatagenError::Job(e) => e.exit(),
                DatagenError::Data(_) => Exit::Failure,
            },
            LabError::Train(e) => match e {
                TrainError::Blend(_) | TrainError::Sizes { .. } | TrainError::Variants { .. } => {
                    Exit::Usage
                }
                _ => Exit::Failure,
            },
            LabError::Tb(e) => match e {
                TbCliError::Open { source, .. }
                | TbCliError::Generate { source, .. }
                | TbCliError::Verify { source, .. }
                | TbCliError::Table { source, .. } => tb_exit(source),
                // A build without MPI cannot do what was asked: a usage error.
                TbCliError::Mpi(MpiError::NotBuilt) => Exit::Usage,
                TbCliError::Mpi(_) | TbCliError::Threads { .. } => Exit::Failure,
                TbCliError::Stdout(e) => stdout_exit(e),
            },
            LabError::Book(e) => match e {
                BookCliError::File(BookFileError::Damaged { .. }) => Exit::BadInput,
                BookCliError::File(BookFileError::Read { .. } | BookFileError::Write { .. })
                | BookCliError::Scorer(_)
                | BookCliError::Openings { .. } => Exit::Failure,
                // `--moves` is part of the command line.
                BookCliError::Moves(_) => Exit::Usage,
                BookCliError::Stdout(e) => stdout_exit(e),
            },
            LabError::Puzzles(e) => match e {
                PuzzlesError::File(PuzzleFileError::Damaged { .. }) => Exit::BadInput,
                PuzzlesError::File(
                    PuzzleFileError::Read { .. } | PuzzleFileError::Write { .. },
                )
                | PuzzlesError::Embedded { .. } => Exit::Failure,
                // The arguments do not go with the file, or with each other.
                PuzzlesError::Mismatch { .. } | PuzzlesError::VerifyDepth { .. } => Exit::Usage,
                PuzzlesError::Job(e) => e.exit(),
                PuzzlesError::Stdout(e) => stdout_exit(e),
            },
            LabError::Lessons(e) => match e {
                LessonsError::Damaged(_) => Exit::BadInput,
                // Unreadable, like any input file; the lessons compiled
                // in damaged, like the puzzles compiled in: the build is
                // broken, not the input.
                LessonsError::Read { .. } | LessonsError::Embedded(_) => Exit::Failure,
                LessonsError::Stdout(e) => stdout_exit(e),
            },
            LabError::Results(e) => match e {
                ResultsError::Load(e) => record_file_exit(e),
                // Files that do not go together: the command line's choice.
                ResultsError::Twice { .. }
                | ResultsError::MixedVariant { .. }
                | ResultsError::MixedClock { .. } => Exit::Usage,
                ResultsError::SameNames { .. }
                | ResultsError::RoundTwice { .. }
                | ResultsError::NoGames => Exit::BadInput,
                ResultsError::Stdout(e) => stdout_exit(e),
            },
        }
    }
}

fn opening_exit(e: &OpeningError) -> Exit {
    match e {
        OpeningError::TooManyPlies { .. } => Exit::Usage,
        // Read, but not text.
        OpeningError::Read { source, .. } if source.kind() == std::io::ErrorKind::InvalidData => {
            Exit::BadInput
        }
        OpeningError::Read { .. } => Exit::Failure,
        OpeningError::BadPosition { .. }
        | OpeningError::GameOver { .. }
        | OpeningError::Empty { .. } => Exit::BadInput,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn the_chain_names_every_cause() {
        let e = LabError::from(MatchError::Openings(OpeningError::BadPosition {
            path: PathBuf::from("o.txt"),
            line: 3,
            source: "x".parse::<songo_core::Position>().unwrap_err(),
        }));
        let text = songo_cli::chain::Chain(&e).to_string();
        assert!(
            text.starts_with("openings file o.txt, line 3: not a position: "),
            "{text}"
        );
        assert!(text.contains("expected 5 fields"), "{text}");
        assert_eq!(e.exit(), Exit::BadInput);
    }

    #[test]
    fn missing_tables_fail_and_broken_ones_are_bad_input() {
        let exit = |source| {
            LabError::from(TbCliError::Open {
                dir: PathBuf::from("tables"),
                source,
            })
            .exit()
        };
        let missing = songo_tb::TbError::Missing {
            path: PathBuf::from("tables"),
            kind: songo_tb::PathKind::Directory,
        };
        let broken = songo_tb::TbError::Checksum {
            path: PathBuf::from("tables/songo40-10.sgtb"),
        };
        assert_eq!(exit(missing), Exit::Failure);
        assert_eq!(exit(broken), Exit::BadInput);
    }
}

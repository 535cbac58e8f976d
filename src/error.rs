//! The errors of the `songo` command, and the one place where they become
//! exit codes.
//!
//! Each layer has its own error enum: [`MatchError`] (and below it
//! [`OpeningError`], [`ProcessError`], [`SpecError`]), [`TuneError`],
//! [`TbCliError`] (over [`TbError`]), [`BookCliError`], [`PuzzlesError`], [`LessonsError`], [`BenchError`], [`AnalyzeError`],
//! [`PlayCliError`], [`ReplayError`], [`ResultsError`], [`ReviewError`], [`GuiError`]. [`CliError`] gathers
//! them, and [`CliError::exit`] is the only function that decides an exit
//! code; [`report`] prints the error and returns that code. The codes are
//! documented in `songo --help`:
//!
//! | code | [`Exit`] | meaning |
//! |---|---|---|
//! | 0 | `Success` | the job was done (a match whose engines lost games by faults included) |
//! | 1 | `Failure` | the job failed: a file or directory missing or unreadable, a write failed, an engine could not start, memory ran out |
//! | 2 | `Usage` | bad command line: an unknown flag, a value that does not parse (a position string, an engine description…), arguments that do not go together |
//! | 3 | `BadInput` | bad input data: a file was read but what it holds is wrong (an openings file, a tablebase file, a book file, a puzzle or lesson file); the message names the file, and the line (or the lesson) where there is one |
//! | 141 | `ClosedPipe` | the reader of standard output went away (`songo perft --depth 9 \| head -1`): the tool stops where it is, prints nothing more, not even on standard error |
//!
//! 141 is 128 + SIGPIPE, the status a shell shows for the Unix tools that
//! the signal kills (`seq 100000 | head -1` under `set -o pipefail`). Rust
//! ignores the signal, so a write to the closed pipe fails instead
//! ([`StdoutError::is_closed`], see [`crate::output`]); a tool's
//! `Stdout` error becomes this code in [`CliError::exit`]. A standard error
//! that cannot be written is ignored.
//!
//! # Adding a tool's error
//!
//! A tool returns `Result<(), ItsError>`, `ItsError` an enum deriving
//! [`thiserror::Error`] whose messages name the offending input. Then, in
//! this file:
//!
//! 1. a variant `#[error(transparent)] Its(#[from] crate::its::ItsError)`
//!    in [`CliError`];
//! 2. an arm in [`CliError::exit`] that gives each of its variants an
//!    [`Exit`] (a failed write to standard output is a
//!    `Stdout(#[from] StdoutError)` variant, its exit `stdout_exit`);
//!
//! and in `cli::run`, `crate::its::run(&args)?`.

use std::process::ExitCode;

pub use crate::analyze::AnalyzeError;
pub use crate::book::{BookCliError, BookFileError};
pub use crate::chain::Chain;
pub use crate::datagen::DatagenError;
pub use crate::lessons::LessonsError;
pub use crate::matches::{MatchError, OpeningError, ProcessError, SpecError};
use crate::output::errln;
pub use crate::output::StdoutError;
pub use crate::play::PlayCliError;
pub use crate::puzzles::{PuzzleFileError, PuzzlesError};
pub use crate::replay::ReplayError;
pub use crate::results::ResultsError;
pub use crate::review::ReviewError;
pub use crate::spsa::state::StateError;
pub use crate::spsa::SpsaError;
pub use crate::tb_cli::TbCliError;
pub use crate::train::TrainError;
pub use crate::tune::TuneError;
pub use songo_engine::bench::BenchError;
use songo_engine::options::OptionError;
pub use songo_gui::GuiError;
pub use songo_tb::TbError;

/// What an exit code says; see the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exit {
    /// 0: the job was done.
    Success,
    /// 1: the job failed (I/O, an engine that cannot start, memory).
    Failure,
    /// 2: the command line is wrong.
    Usage,
    /// 3: an input file was read but holds something wrong.
    BadInput,
    /// 141: standard output was closed by its reader; nothing is printed.
    ClosedPipe,
}

impl Exit {
    /// Every exit code, in order.
    pub const ALL: [Exit; 5] = [
        Exit::Success,
        Exit::Failure,
        Exit::Usage,
        Exit::BadInput,
        Exit::ClosedPipe,
    ];

    /// The process exit code.
    pub const fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::Failure => 1,
            Exit::Usage => 2,
            Exit::BadInput => 3,
            Exit::ClosedPipe => 141,
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e.code())
    }
}

/// An error of any tool of the command line.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The command line itself (clap's errors, and `--help`/`--version`,
    /// which clap reports the same way).
    #[error(transparent)]
    Args(#[from] clap::Error),
    #[error(transparent)]
    Match(#[from] MatchError),
    #[error(transparent)]
    Tune(#[from] TuneError),
    #[error(transparent)]
    Spsa(#[from] SpsaError),
    #[error(transparent)]
    Datagen(#[from] DatagenError),
    #[error(transparent)]
    Train(#[from] TrainError),
    /// A net file (`songo bench --eval-file`).
    #[error(transparent)]
    Net(#[from] songo_engine::nn::NetError),
    #[error(transparent)]
    Tb(#[from] TbCliError),
    #[error(transparent)]
    Book(#[from] BookCliError),
    #[error(transparent)]
    Puzzles(#[from] PuzzlesError),
    #[error(transparent)]
    Lessons(#[from] LessonsError),
    #[error(transparent)]
    Bench(#[from] BenchError),
    #[error(transparent)]
    Analyze(#[from] AnalyzeError),
    #[error(transparent)]
    Play(#[from] PlayCliError),
    #[error(transparent)]
    Replay(#[from] ReplayError),
    #[error(transparent)]
    Review(#[from] ReviewError),
    #[error(transparent)]
    Results(#[from] ResultsError),
    #[error(transparent)]
    Gui(#[from] GuiError),
    /// The output of `songo perft` or `songo bench`.
    #[error(transparent)]
    Stdout(#[from] StdoutError),
}

impl CliError {
    /// The exit code of the error: the one place that decides them.
    pub fn exit(&self) -> Exit {
        match self {
            CliError::Args(e) if e.use_stderr() => Exit::Usage,
            CliError::Args(_) => Exit::Success,
            CliError::Match(e) => match e {
                MatchError::TooFewEngines { .. }
                | MatchError::SprtEngines { .. }
                | MatchError::NoGames => Exit::Usage,
                MatchError::Openings(e) => opening_exit(e),
                MatchError::CurrentExe(_)
                | MatchError::EngineStart { .. }
                | MatchError::Record { .. } => Exit::Failure,
                MatchError::Stdout(e) => stdout_exit(e),
            },
            CliError::Tune(e) => match e {
                TuneError::NoGames | TuneError::LearningRate { .. } => Exit::Usage,
                TuneError::Openings(e) => opening_exit(e),
                TuneError::Hash(_) | TuneError::NoSamples { .. } | TuneError::Write { .. } => {
                    Exit::Failure
                }
                TuneError::Stdout(e) => stdout_exit(e),
            },
            CliError::Spsa(e) => match e {
                SpsaError::Zero { .. }
                | SpsaError::LearningRate { .. }
                | SpsaError::Param(_)
                | SpsaError::Repeated { .. }
                | SpsaError::State(StateError::Mismatch { .. }) => Exit::Usage,
                SpsaError::State(StateError::Parse { .. }) => Exit::BadInput,
                SpsaError::Tables(e) => tb_exit(e),
                SpsaError::State(_) | SpsaError::Hash(_) | SpsaError::Threads { .. } => {
                    Exit::Failure
                }
                SpsaError::Stdout(e) => stdout_exit(e),
            },
            CliError::Datagen(e) => match e {
                DatagenError::Tables(e) => tb_exit(e),
                // A build without MPI cannot do what was asked: a usage error.
                DatagenError::Mpi(crate::tb_mpi::MpiError::NotBuilt) => Exit::Usage,
                DatagenError::Data(_)
                | DatagenError::Hash(_)
                | DatagenError::Threads { .. }
                | DatagenError::Mpi(_)
                | DatagenError::Stopped { .. }
                | DatagenError::Gather { .. } => Exit::Failure,
            },
            CliError::Net(_) => Exit::Failure,
            CliError::Train(e) => match e {
                TrainError::Blend(_) | TrainError::Sizes { .. } | TrainError::Variants { .. } => {
                    Exit::Usage
                }
                _ => Exit::Failure,
            },
            CliError::Tb(e) => match e {
                TbCliError::Open { source, .. }
                | TbCliError::Generate { source, .. }
                | TbCliError::Verify { source, .. }
                | TbCliError::Table { source, .. } => tb_exit(source),
                // A build without MPI cannot do what was asked: a usage error.
                TbCliError::Mpi(crate::tb_mpi::MpiError::NotBuilt) => Exit::Usage,
                TbCliError::Mpi(_) | TbCliError::Threads { .. } => Exit::Failure,
                TbCliError::Stdout(e) => stdout_exit(e),
            },
            CliError::Book(e) => match e {
                BookCliError::File(BookFileError::Damaged { .. }) => Exit::BadInput,
                BookCliError::File(BookFileError::Read { .. } | BookFileError::Write { .. })
                | BookCliError::Scorer(_)
                | BookCliError::Openings { .. } => Exit::Failure,
                // `--moves` is part of the command line.
                BookCliError::Moves(_) => Exit::Usage,
                BookCliError::Stdout(e) => stdout_exit(e),
            },
            CliError::Puzzles(e) => match e {
                PuzzlesError::File(PuzzleFileError::Damaged { .. }) => Exit::BadInput,
                // A build without MPI cannot do what was asked: a usage error.
                PuzzlesError::Mpi(crate::tb_mpi::MpiError::NotBuilt) => Exit::Usage,
                PuzzlesError::File(
                    PuzzleFileError::Read { .. } | PuzzleFileError::Write { .. },
                )
                | PuzzlesError::Embedded { .. }
                | PuzzlesError::Hash(_)
                | PuzzlesError::Threads { .. }
                | PuzzlesError::Mpi(_)
                | PuzzlesError::Stopped { .. }
                | PuzzlesError::Gather { .. } => Exit::Failure,
                // The arguments do not go with the file, or with each other.
                PuzzlesError::Mismatch { .. } | PuzzlesError::VerifyDepth { .. } => Exit::Usage,
                PuzzlesError::Tables(e) => tb_exit(e),
                PuzzlesError::Stdout(e) => stdout_exit(e),
            },
            CliError::Lessons(e) => match e {
                LessonsError::Damaged(_) => Exit::BadInput,
                // Unreadable, like any input file; the lessons compiled
                // in damaged, like the puzzles compiled in: the build is
                // broken, not the input.
                LessonsError::Read { .. } | LessonsError::Embedded(_) => Exit::Failure,
                LessonsError::Stdout(e) => stdout_exit(e),
            },
            CliError::Bench(e) => match e {
                // `songo bench` turns a refused setting into its own error
                // (a network file's is bad input) before it gets here.
                BenchError::Stopped | BenchError::Hash(_) | BenchError::Setting(_) => Exit::Failure,
            },
            CliError::Analyze(e) => match e {
                // `--moves` is part of the command line.
                AnalyzeError::Moves(_) => Exit::Usage,
                AnalyzeError::Tablebases(OptionError::Tablebases(e)) => tb_exit(e),
                AnalyzeError::Option(_)
                | AnalyzeError::Tablebases(_)
                | AnalyzeError::Engine(_)
                | AnalyzeError::NoAnswer => Exit::Failure,
                AnalyzeError::Stdout(e) => stdout_exit(e),
            },
            CliError::Play(e) => match e {
                PlayCliError::Stdout(e) => stdout_exit(e),
                PlayCliError::Engine(_) | PlayCliError::NoMove | PlayCliError::IllegalMove(..) => {
                    Exit::Failure
                }
            },
            CliError::Replay(e) => replay_exit(e),
            CliError::Results(e) => match e {
                ResultsError::Load(e) => replay_exit(e),
                // Files that do not go together: the command line's choice.
                ResultsError::Twice { .. }
                | ResultsError::MixedVariant { .. }
                | ResultsError::MixedClock { .. } => Exit::Usage,
                ResultsError::SameNames { .. }
                | ResultsError::RoundTwice { .. }
                | ResultsError::NoGames => Exit::BadInput,
                ResultsError::Stdout(e) => stdout_exit(e),
            },
            CliError::Review(e) => match e {
                ReviewError::Input(e) => replay_exit(e),
                ReviewError::NoGames { .. } => Exit::BadInput,
                ReviewError::CurrentExe(_)
                | ReviewError::EngineStart(_)
                | ReviewError::Engine { .. }
                | ReviewError::Write { .. } => Exit::Failure,
                ReviewError::Stdout(e) => stdout_exit(e),
            },
            CliError::Gui(e) => match e {
                GuiError::CurrentExe(_)
                | GuiError::EngineStart { .. }
                | GuiError::Bind { .. }
                | GuiError::Serve(_)
                | GuiError::Tablebases { .. }
                | GuiError::BookRead { .. }
                | GuiError::Data(_)
                | GuiError::Lock(_) => Exit::Failure,
                // Read, but not a book.
                GuiError::Book { .. } => Exit::BadInput,
            },
            CliError::Stdout(e) => stdout_exit(e),
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

fn tb_exit(e: &TbError) -> Exit {
    match e {
        TbError::Missing { .. } | TbError::Read { .. } | TbError::Write { .. } => Exit::Failure,
        TbError::Truncated { .. }
        | TbError::BadMagic { .. }
        | TbError::Version { .. }
        | TbError::Mismatch { .. }
        | TbError::Checksum { .. }
        | TbError::BadIndex { .. } => Exit::BadInput,
    }
}

/// Prints the error, if any, on standard error as `error: ` and its chain
/// of causes, and returns the process exit code.
pub fn report(result: Result<(), CliError>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Args(e)) => {
            // clap's own layout: usage, colours, help on standard output.
            let _ = e.print();
            CliError::Args(e).exit().into()
        }
        Err(e) => {
            let exit = e.exit();
            // The reader of standard output went away: nothing to say.
            if exit != Exit::ClosedPipe {
                errln!("error: {}", Chain(&e));
            }
            exit.into()
        }
    }
}

/// A write to standard output that failed: quiet (141) when its reader
/// closed the pipe, a failure (1) otherwise.
fn stdout_exit(e: &StdoutError) -> Exit {
    if e.is_closed() {
        Exit::ClosedPipe
    } else {
        Exit::Failure
    }
}

/// A record file that cannot be read fails (1); a bad record is bad input
/// (3); a game number the file does not have is a usage error (2).
fn replay_exit(e: &ReplayError) -> Exit {
    match e {
        ReplayError::Read { .. } => Exit::Failure,
        ReplayError::Record { .. } => Exit::BadInput,
        ReplayError::NoSuchGame { .. } => Exit::Usage,
        ReplayError::Stdout(e) => stdout_exit(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn exit_codes_are_distinct_and_in_order() {
        let codes: Vec<u8> = Exit::ALL.iter().map(|e| e.code()).collect();
        assert_eq!(codes, [0, 1, 2, 3, 141]);
    }

    #[test]
    fn a_closed_output_is_quiet_and_other_write_errors_fail() {
        let closed = |kind: std::io::ErrorKind| StdoutError(kind.into());
        let perft = CliError::from(closed(std::io::ErrorKind::BrokenPipe));
        assert_eq!(perft.exit(), Exit::ClosedPipe);
        assert_eq!(Exit::ClosedPipe.code(), 141);
        let analyze = CliError::from(AnalyzeError::from(closed(std::io::ErrorKind::BrokenPipe)));
        assert_eq!(analyze.exit(), Exit::ClosedPipe);
        let full = CliError::from(TbCliError::from(closed(std::io::ErrorKind::StorageFull)));
        assert_eq!(full.exit(), Exit::Failure);
        assert_eq!(
            Chain(&full).to_string(),
            format!(
                "cannot write to standard output: {}",
                std::io::Error::from(std::io::ErrorKind::StorageFull)
            )
        );
    }

    #[test]
    fn the_chain_names_every_cause() {
        let e = CliError::from(MatchError::Openings(OpeningError::BadPosition {
            path: PathBuf::from("o.txt"),
            line: 3,
            source: "x".parse::<songo_core::Position>().unwrap_err(),
        }));
        let text = Chain(&e).to_string();
        assert!(
            text.starts_with("openings file o.txt, line 3: not a position: "),
            "{text}"
        );
        assert!(text.contains("expected 5 fields"), "{text}");
        assert_eq!(e.exit(), Exit::BadInput);
    }

    #[test]
    fn missing_tables_fail_and_broken_ones_are_bad_input() {
        let missing = TbError::Missing {
            path: PathBuf::from("tables"),
            kind: songo_tb::PathKind::Directory,
        };
        let broken = TbError::Checksum {
            path: PathBuf::from("tables/songo40-10.sgtb"),
        };
        let exit = |source| {
            CliError::from(TbCliError::Open {
                dir: PathBuf::from("tables"),
                source,
            })
            .exit()
        };
        assert_eq!(exit(missing), Exit::Failure);
        assert_eq!(exit(broken), Exit::BadInput);
    }
}

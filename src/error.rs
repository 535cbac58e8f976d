//! The errors of the `songo` command, and where they become exit codes.
//!
//! Each of the command's tools has its own error enum: [`BenchError`],
//! [`AnalyzeError`], [`PlayCliError`], [`ReplayError`], [`ReviewError`],
//! [`TbProbeError`], [`GuiError`]; the lab's tools return theirs, which
//! [`LabError`] gathers. [`CliError`] gathers them all, and
//! [`CliError::exit`] gives the command's their exit code (the lab's own
//! from [`LabError::exit`]); [`report`] prints the error and returns that
//! code. The table of codes is [`songo_cli::exit`]'s, and `songo --help`
//! shows it.
//!
//! # Adding a tool's error
//!
//! A tool returns `Result<(), ItsError>`, `ItsError` an enum deriving
//! [`thiserror::Error`] whose messages name the offending input. A lab
//! tool's goes into [`LabError`] (songo-lab's `error.rs` says how), and
//! `cli::run_command` passes its result through `lab`. A command tool's
//! gets, in this file:
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
pub use crate::play::PlayCliError;
pub use crate::replay::ReplayError;
pub use crate::review::ReviewError;
pub use crate::tb_cli::TbProbeError;
pub use songo_cli::chain::Chain;
pub use songo_cli::exit::Exit;
use songo_cli::exit::{record_file_exit, stdout_exit, tb_exit};
pub use songo_cli::output::StdoutError;
pub use songo_engine::bench::BenchError;
use songo_engine::options::OptionError;
pub use songo_gui::GuiError;
pub use songo_lab::error::*;
pub use songo_tb::TbError;

/// An error of any tool of the command line.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The command line itself (clap's errors, and `--help`/`--version`,
    /// which clap reports the same way).
    #[error(transparent)]
    Args(#[from] clap::Error),
    /// A net file (`songo bench --eval-file`).
    #[error(transparent)]
    Net(#[from] songo_engine::nn::NetError),
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
    Gui(#[from] GuiError),
    #[error(transparent)]
    TbProbe(#[from] TbProbeError),
    /// A tool of the lab's.
    #[error(transparent)]
    Lab(#[from] LabError),
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
            CliError::Net(_) => Exit::Failure,
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
            CliError::Replay(e) => match e {
                ReplayError::File(e) => record_file_exit(e),
                ReplayError::Stdout(e) => stdout_exit(e),
            },
            CliError::Review(e) => match e {
                ReviewError::Input(e) => record_file_exit(e),
                ReviewError::NoGames { .. } => Exit::BadInput,
                ReviewError::CurrentExe(_)
                | ReviewError::EngineStart(_)
                | ReviewError::Engine { .. }
                | ReviewError::Write { .. } => Exit::Failure,
                ReviewError::Stdout(e) => stdout_exit(e),
            },
            CliError::Gui(e) => match e {
                GuiError::Start(_)
                | GuiError::Bind { .. }
                | GuiError::Serve(_)
                | GuiError::Tablebases { .. }
                | GuiError::BookRead { .. }
                | GuiError::Data(_)
                | GuiError::Lock(_) => Exit::Failure,
                // Read, but not a book.
                GuiError::Book { .. } => Exit::BadInput,
            },
            CliError::TbProbe(e) => match e {
                TbProbeError::Open { source, .. } | TbProbeError::Table { source, .. } => {
                    tb_exit(source)
                }
                TbProbeError::Stdout(e) => stdout_exit(e),
            },
            CliError::Lab(e) => e.exit(),
            CliError::Stdout(e) => stdout_exit(e),
        }
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
        Err(e) => songo_cli::exit::report(&e, e.exit()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_output_is_quiet_and_other_write_errors_fail() {
        let closed = |kind: std::io::ErrorKind| StdoutError(kind.into());
        let perft = CliError::from(closed(std::io::ErrorKind::BrokenPipe));
        assert_eq!(perft.exit(), Exit::ClosedPipe);
        let analyze = CliError::from(AnalyzeError::from(closed(std::io::ErrorKind::BrokenPipe)));
        assert_eq!(analyze.exit(), Exit::ClosedPipe);
        let full = CliError::from(LabError::from(TbCliError::from(closed(
            std::io::ErrorKind::StorageFull,
        ))));
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
    fn a_lab_error_keeps_its_exit_code() {
        let usage = CliError::from(LabError::from(MatchError::NoGames));
        assert_eq!(usage.exit(), Exit::Usage);
        let probe = CliError::from(TbProbeError::Open {
            dir: "tables".into(),
            source: TbError::Checksum {
                path: "tables/songo40-10.sgtb".into(),
            },
        });
        assert_eq!(probe.exit(), Exit::BadInput);
    }
}

//! Exit codes: the one table of what each code means, and the mappings of
//! the errors that several tools share.
//!
//! Each crate with tools maps its own errors to an [`Exit`] (the command's
//! `CliError::exit`, the lab's `LabError::exit`); this table is the one
//! place where the codes are defined, and `songo --help` shows it:
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
//! `Stdout` error becomes this code through [`stdout_exit`]. A standard
//! error that cannot be written is ignored.

use std::process::ExitCode;

use songo_tb::TbError;

use crate::chain::Chain;
use crate::errln;
use crate::output::StdoutError;
use crate::records::RecordFileError;

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

/// Prints `error` on standard error as `error: ` and its chain of causes,
/// unless its exit says the reader of standard output went away (then
/// nothing is worth saying), and returns the process exit code.
pub fn report(error: &(dyn std::error::Error + 'static), exit: Exit) -> ExitCode {
    if exit != Exit::ClosedPipe {
        errln!("error: {}", Chain(error));
    }
    exit.into()
}

/// A write to standard output that failed: quiet (141) when its reader
/// closed the pipe, a failure (1) otherwise.
pub fn stdout_exit(e: &StdoutError) -> Exit {
    if e.is_closed() {
        Exit::ClosedPipe
    } else {
        Exit::Failure
    }
}

/// Tables that are not there fail (1); tables that are there but damaged
/// are bad input (3).
pub fn tb_exit(e: &TbError) -> Exit {
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

/// A record file that cannot be read fails (1); a bad record is bad input
/// (3); a game number the file does not have is a usage error (2).
pub fn record_file_exit(e: &RecordFileError) -> Exit {
    match e {
        RecordFileError::Read { .. } => Exit::Failure,
        RecordFileError::Record { .. } => Exit::BadInput,
        RecordFileError::NoSuchGame { .. } => Exit::Usage,
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
        assert_eq!(
            stdout_exit(&closed(std::io::ErrorKind::BrokenPipe)),
            Exit::ClosedPipe
        );
        assert_eq!(Exit::ClosedPipe.code(), 141);
        assert_eq!(
            stdout_exit(&closed(std::io::ErrorKind::StorageFull)),
            Exit::Failure
        );
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
        assert_eq!(tb_exit(&missing), Exit::Failure);
        assert_eq!(tb_exit(&broken), Exit::BadInput);
    }
}

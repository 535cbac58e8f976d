//! Where the command writes: whole lines to the other side of a pipe, from
//! any thread ([`Output`], for the protocol), and the tools' standard
//! output and standard error.
//!
//! Rust ignores SIGPIPE, so a write to a pipe whose reader went away
//! (`songo perft --depth 9 | head -1`) returns an error (`EPIPE`) where a
//! C program would be killed; `println!` would panic on it. The tools write
//! their output with `outln!` and `out!` instead, which return a
//! [`StdoutError`]: the tool stops and returns it, and
//! [`crate::exit::report`] ends the process quietly with exit code 141
//! (128 + SIGPIPE, the status a shell shows for a program killed by it).
//! Messages for a person go to standard error through `errln!`, which
//! ignores a standard error that cannot be written: they are not worth a
//! panic, and the job goes on.

use std::fmt;
use std::io::{self, Write};
use std::sync::{Arc, Mutex};

/// Writes whole lines, flushed, from any thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Lines written to `w`.
    pub fn new(w: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(w)))
    }

    /// Standard output.
    pub fn stdout() -> Output {
        Output::new(Box::new(std::io::stdout()))
    }

    /// Writes `text` and a newline, then flushes; a write that fails (the
    /// reader went away) is ignored.
    pub fn line(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        // A closed output (the GUI went away) is not worth a panic.
        let _ = writeln!(w, "{text}").and_then(|_| w.flush());
    }

    /// An `info string error: …` line: the protocol's way to say that a
    /// command was refused, without ending the session.
    pub fn error(&self, text: &dyn std::fmt::Display) {
        self.line(&songo_protocol::error_line(text));
    }
}

/// Standard output could not be written: its reader closed the pipe
/// ([`StdoutError::is_closed`]), or the write failed (a full disk).
#[derive(Debug, thiserror::Error)]
#[error("cannot write to standard output")]
pub struct StdoutError(#[source] pub io::Error);

impl StdoutError {
    /// Whether the reader went away (`EPIPE`): the quiet end of
    /// `songo … | head`, not a failure to report.
    pub fn is_closed(&self) -> bool {
        self.0.kind() == io::ErrorKind::BrokenPipe
    }
}

/// Writes to standard output and flushes it.
pub fn write_stdout(args: fmt::Arguments) -> Result<(), StdoutError> {
    let mut out = io::stdout().lock();
    out.write_fmt(args)
        .and_then(|()| out.flush())
        .map_err(StdoutError)
}

/// Writes to standard error; a standard error that cannot be written is
/// ignored.
pub fn write_stderr(args: fmt::Arguments) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.flush());
}

/// `print!` to standard output that returns a [`StdoutError`] instead of
/// panicking.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write_stdout(format_args!($($arg)*))
    };
}

/// `println!` to standard output that returns a [`StdoutError`] instead of
/// panicking.
#[macro_export]
macro_rules! outln {
    () => {
        $crate::output::write_stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprintln!` that carries on when standard error cannot be written.
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::output::write_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_broken_pipe_is_a_closed_output() {
        assert!(StdoutError(io::ErrorKind::BrokenPipe.into()).is_closed());
        assert!(!StdoutError(io::ErrorKind::StorageFull.into()).is_closed());
    }
}

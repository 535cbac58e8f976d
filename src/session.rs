//! The protocol session on standard input and output: the protocol itself
//! (commands, the engine façade, lines) is the `songo-protocol` crate's
//! [`songo_protocol::Session`]; this module reads its lines from a stream
//! as bytes ([`Lines`]) and writes its answers through an [`Output`],
//! whole lines flushed from whichever engine thread reports.

use std::io::BufRead;
use std::sync::Arc;

use songo_core::Game;

use songo_cli::input::Lines;
use songo_cli::output::Output;

// The commands' types, where the command's tools and tests name them.
pub use songo_protocol::command;

/// One protocol session: an engine, the lines it reads and where it writes.
pub struct Session {
    inner: songo_protocol::Session,
}

impl Session {
    pub fn new(out: Output) -> Session {
        Session {
            inner: songo_protocol::Session::new(Arc::new(move |line: &str| out.line(line))),
        }
    }

    /// Reads and runs commands until `quit` or the end of input. A line
    /// that is not text (not UTF-8, control bytes, endless) is refused
    /// with an error and the session goes on.
    pub fn run(&mut self, input: impl BufRead) {
        let mut lines = Lines::new(input);
        loop {
            match lines.next_line() {
                Ok(Some(Ok(line))) => {
                    // `Lines` has checked the text already.
                    if !self.inner.dispatch(line) {
                        return self.inner.quit();
                    }
                }
                Ok(Some(Err(e))) => self.inner.refuse(&e),
                // End of input, or input that can no longer be read.
                Ok(None) | Err(_) => break,
            }
        }
        self.inner.end_of_input();
    }

    /// Runs one line given as bytes (what a pipe delivers); `false` means quit.
    pub fn handle_bytes(&mut self, bytes: &[u8]) -> bool {
        self.inner.handle_bytes(bytes)
    }

    /// Runs one line; `false` means quit. A line with a control byte is
    /// refused, as from a pipe.
    pub fn handle_line(&mut self, line: &str) -> bool {
        self.inner.handle_line(line)
    }

    /// The current game (for tests and tools).
    pub fn game(&self) -> &Game {
        self.inner.game()
    }

    /// The size of the transposition table in use, in MB.
    pub fn hash_megabytes(&self) -> usize {
        self.inner.hash_megabytes()
    }
}

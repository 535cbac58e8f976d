//! Whole lines to the other side of a pipe, from any thread.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// Writes whole lines, flushed, from any thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn new(w: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(w)))
    }

    /// Standard output.
    pub fn stdout() -> Output {
        Output::new(Box::new(std::io::stdout()))
    }

    pub fn line(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        // A closed output (the GUI went away) is not worth a panic.
        let _ = writeln!(w, "{text}").and_then(|_| w.flush());
    }

    /// An `info string error: …` line: the protocol's way to say that a
    /// command was refused, without ending the session.
    pub fn error(&self, text: &dyn std::fmt::Display) {
        self.line(&format!("info string error: {text}"));
    }
}

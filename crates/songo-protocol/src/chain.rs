//! An error with its causes, written on one line.

use std::error::Error;
use std::fmt;

/// An error and its causes on one line, separated by `: `, e.g.
/// `openings file o.txt, line 3: not a position: expected 5 fields …`.
pub struct Chain<'a>(pub &'a (dyn Error + 'static));

impl fmt::Display for Chain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)?;
        let mut cause = self.0.source();
        while let Some(e) = cause {
            write!(f, ": {e}")?;
            cause = e.source();
        }
        Ok(())
    }
}

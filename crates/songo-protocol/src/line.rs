//! What makes a line of outside text a line to parse. A GUI, a terminal, a
//! file or a web page may send anything: a byte that is not UTF-8, a NUL,
//! a line with no end. Such a line is an error of its own, reported and
//! skipped; the session goes on. Reading lines from a stream is the front
//! end's business (the native command's `input::Lines`), checking them is
//! this module's, so that every front end refuses the same lines.

use thiserror::Error;

/// No command, move or record line comes near this; a longer line is
/// refused (a reader drops its bytes rather than hold them in memory).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Why a line of input is not text.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum LineError {
    /// The bytes are not UTF-8.
    #[error("line {line}: not valid UTF-8 (byte {column})")]
    NotUtf8 {
        /// The line's number, from 1.
        line: usize,
        /// The first bad byte's place in the line, from 1.
        column: usize,
    },
    /// A control byte other than the tab (a NUL, an escape, DEL…).
    #[error("line {line}: control byte 0x{byte:02x} at byte {column}")]
    ControlByte {
        /// The line's number, from 1.
        line: usize,
        /// The byte.
        byte: u8,
        /// Its place in the line, from 1.
        column: usize,
    },
    /// More than [`MAX_LINE_BYTES`] bytes.
    #[error("line {line}: longer than {MAX_LINE_BYTES} bytes")]
    TooLong {
        /// The line's number, from 1.
        line: usize,
    },
}

/// Checks one line's bytes (without its line ending): valid UTF-8, and no
/// control byte but the tab. `line` is its 1-based number, for the error.
pub fn text_of(bytes: &[u8], line: usize) -> Result<&str, LineError> {
    let text = std::str::from_utf8(bytes).map_err(|e| LineError::NotUtf8 {
        line,
        column: e.valid_up_to() + 1,
    })?;
    match text
        .bytes()
        .enumerate()
        .find(|&(_, b)| (b < 0x20 && b != b'\t') || b == 0x7f)
    {
        Some((i, byte)) => Err(LineError::ControlByte {
            line,
            byte,
            column: i + 1,
        }),
        None => Ok(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_with_tabs_passes_and_control_bytes_do_not() {
        assert_eq!(text_of(b"stop\tnow", 1), Ok("stop\tnow"));
        assert_eq!(
            text_of(b"go\x00", 4),
            Err(LineError::ControlByte {
                line: 4,
                byte: 0,
                column: 3
            })
        );
        assert_eq!(
            text_of(b"is\xffready", 2),
            Err(LineError::NotUtf8 { line: 2, column: 3 })
        );
        assert!(text_of(b"uci\n", 1).is_err());
        assert!(text_of(b"\x7f", 1).is_err());
    }
}

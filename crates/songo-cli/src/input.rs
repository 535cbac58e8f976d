//! Lines of outside text, read from a stream as bytes. A GUI, a terminal or
//! a file may send anything: a byte that is not UTF-8, a NUL, a line with
//! no end. Each such line is an error of its own ([`LineError`]), reported
//! and skipped; only the end of the input (or the reader's own failure)
//! ends the reading.

use std::io::{self, BufRead};

// What makes a line text is the protocol crate's, so that the web engine
// refuses the same lines; re-exported for the command's tools and tests.
pub use songo_protocol::line::{text_of, LineError, MAX_LINE_BYTES};

/// Reads a stream line by line as bytes. Lines end at `\n`; a `\r` before
/// it is dropped (CRLF input), and a UTF-8 byte-order mark opening the
/// stream is skipped.
pub struct Lines<R> {
    input: R,
    buf: Vec<u8>,
    number: usize,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `input`, from its start.
    pub fn new(input: R) -> Lines<R> {
        Lines {
            input,
            buf: Vec::new(),
            number: 0,
        }
    }

    /// The next line: `Ok(None)` at the end of the input, `Err` when
    /// reading itself failed (a closed or broken pipe), and otherwise the
    /// line, or why it is not text.
    #[allow(clippy::type_complexity)]
    pub fn next_line(&mut self) -> io::Result<Option<Result<&str, LineError>>> {
        self.buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            if self.buf.len() + take > MAX_LINE_BYTES + 2 {
                too_long = true;
            } else {
                self.buf.extend_from_slice(&chunk[..take]);
            }
            self.input.consume(take);
            if done {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        let line = self.number;
        if too_long {
            return Ok(Some(Err(LineError::TooLong { line })));
        }
        let mut bytes = &self.buf[..];
        if let Some(b) = bytes.strip_suffix(b"\n") {
            bytes = b;
        }
        if let Some(b) = bytes.strip_suffix(b"\r") {
            bytes = b;
        }
        if line == 1 {
            if let Some(b) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
                bytes = b;
            }
        }
        Ok(Some(text_of(bytes, line)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<Result<String, LineError>> {
        let mut lines = Lines::new(input);
        let mut out = Vec::new();
        while let Some(l) = lines.next_line().unwrap() {
            out.push(l.map(str::to_string));
        }
        out
    }

    #[test]
    fn bad_lines_are_errors_and_reading_goes_on() {
        let got = all(b"\xEF\xBB\xBFuci\r\nis\xffready\ngo\x00\nstop\tnow\nquit");
        assert_eq!(
            got,
            vec![
                Ok("uci".to_string()),
                Err(LineError::NotUtf8 { line: 2, column: 3 }),
                Err(LineError::ControlByte {
                    line: 3,
                    byte: 0,
                    column: 3
                }),
                Ok("stop\tnow".to_string()),
                Ok("quit".to_string()),
            ]
        );
    }

    #[test]
    fn an_endless_line_is_refused_without_being_kept() {
        let mut input = vec![b'x'; MAX_LINE_BYTES * 3];
        input.extend_from_slice(b"\nisready\n");
        assert_eq!(
            all(&input),
            vec![
                Err(LineError::TooLong { line: 1 }),
                Ok("isready".to_string())
            ]
        );
        assert_eq!(all(b""), vec![]);
        assert_eq!(all(b"\n"), vec![Ok(String::new())]);
    }
}

//! A record file's bytes as lines of text: a UTF-8 byte order mark at the
//! start is skipped; LF, CRLF and a lone CR each end a line; every line
//! must be UTF-8 without control characters other than tab. Nothing is
//! replaced or dropped silently: a bad byte is an error naming its column
//! (the caller adds the line).

use super::error::RecordError;

/// The UTF-8 byte order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The lines of `bytes`, without their ends. A final line without an end
/// counts; an empty file has no lines (as [`str::lines`]).
pub(crate) fn lines(bytes: &[u8]) -> Lines<'_> {
    Lines {
        rest: bytes.strip_prefix(BOM).unwrap_or(bytes),
    }
}

pub(crate) struct Lines<'a> {
    rest: &'a [u8],
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        if self.rest.is_empty() {
            return None;
        }
        let rest = self.rest;
        let (line, next) = match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            None => (rest, &rest[rest.len()..]),
            Some(i) if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') => {
                (&rest[..i], &rest[i + 2..])
            }
            Some(i) => (&rest[..i], &rest[i + 1..]),
        };
        self.rest = next;
        Some(line)
    }
}

/// One line as text: UTF-8, and no control character but tab. Columns
/// count characters from 1; the first problem in the line is the error.
pub(crate) fn check_line(line: &[u8]) -> Result<&str, RecordError> {
    let (text, utf8_error) = match std::str::from_utf8(line) {
        Ok(text) => (text, false),
        // The prefix is valid UTF-8 by definition, so it converts.
        Err(e) => (
            std::str::from_utf8(&line[..e.valid_up_to()]).unwrap_or_default(),
            true,
        ),
    };
    let mut column = 0;
    for c in text.chars() {
        column += 1;
        if c.is_control() && c != '\t' {
            return Err(RecordError::ControlCharacter {
                character: c,
                column,
            });
        }
    }
    if utf8_error {
        Err(RecordError::InvalidUtf8 { column: column + 1 })
    } else {
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(bytes: &[u8]) -> Vec<&[u8]> {
        lines(bytes).collect()
    }

    #[test]
    fn line_ends() {
        let want: Vec<&[u8]> = vec![b"a", b"", b"b"];
        assert_eq!(split(b"a\n\nb\n"), want);
        assert_eq!(split(b"a\r\n\r\nb\r\n"), want);
        assert_eq!(split(b"a\r\rb\r"), want);
        assert_eq!(split(b"a\n\r\nb"), want, "mixed ends, no final end");
        assert_eq!(split(b"a\r\n\nb"), want);
        assert!(split(b"").is_empty());
        assert_eq!(split(b"\n"), [b""]);
        // Only a BOM at the very start is skipped.
        assert_eq!(split(b"\xEF\xBB\xBFx\n"), [b"x"]);
        assert!(split(b"\xEF\xBB\xBF").is_empty());
        assert_eq!(split(b"\n\xEF\xBB\xBFx"), [&b""[..], b"\xEF\xBB\xBFx"]);
        // Same as str::lines for LF and CRLF text.
        for text in ["", "x", "x\n", "\n\nx\r\ny\n\n", "[a \"b\"]\n\n1. C *\n"] {
            let ours: Vec<&[u8]> = split(text.as_bytes());
            let std: Vec<&[u8]> = text.lines().map(str::as_bytes).collect();
            assert_eq!(ours, std, "{text:?}");
        }
    }

    #[test]
    fn bad_bytes_name_their_column() {
        assert_eq!(check_line(b"1. C d\t*"), Ok("1. C d\t*"));
        assert_eq!(check_line("é \"ü\"".as_bytes()), Ok("é \"ü\""));
        assert_eq!(
            check_line(b"ab\xFFc"),
            Err(RecordError::InvalidUtf8 { column: 3 })
        );
        // Characters, not bytes, before the bad one.
        assert_eq!(
            check_line(b"\xC3\xA9\xC3"),
            Err(RecordError::InvalidUtf8 { column: 2 })
        );
        assert_eq!(
            check_line(b"x\0y"),
            Err(RecordError::ControlCharacter {
                character: '\0',
                column: 2
            })
        );
        assert_eq!(
            check_line(b"\x1B[31m"),
            Err(RecordError::ControlCharacter {
                character: '\u{1b}',
                column: 1
            })
        );
        // The first problem of the line.
        assert_eq!(
            check_line(b"\x7F\xFF"),
            Err(RecordError::ControlCharacter {
                character: '\u{7f}',
                column: 1
            })
        );
        assert_eq!(
            check_line(b"a\xFF\0"),
            Err(RecordError::InvalidUtf8 { column: 2 })
        );
        assert_eq!(
            check_line("a\u{85}".as_bytes()),
            Err(RecordError::ControlCharacter {
                character: '\u{85}',
                column: 2
            })
        );
    }
}

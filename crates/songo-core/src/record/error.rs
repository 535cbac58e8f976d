//! What can be wrong with a record file: [`ParseRecordError`] says where
//! (line and game), [`RecordError`] what; the tag syntax
//! ([`TagSyntaxError`]) and tag values ([`TagValueError`]) have their own
//! types.

use std::num::ParseIntError;

use thiserror::Error;

use super::result::{GameResult, ParseResultError};
use super::verify::EndMismatch;
use crate::game::PlayError;
use crate::movegen::EndReason;
use crate::moves::{Move, MoveList};
use crate::position::ParsePositionError;
use crate::variant::ParseVariantError;

/// A record file that cannot be read: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}{}: {kind}", game_part(*game))]
pub struct ParseRecordError {
    /// Line number, from 1 (LF, CRLF and a lone CR each end a line).
    pub line: usize,
    /// The game's number in the file, from 1 (0 before the first game).
    pub game: usize,
    /// What is wrong there.
    pub kind: RecordError,
}

fn game_part(game: usize) -> String {
    if game > 0 {
        format!(" (game {game})")
    } else {
        String::new()
    }
}

/// What is wrong with a record (see [`ParseRecordError`] for where).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// Bytes that are not UTF-8 (`column` counts characters from 1).
    #[error("invalid UTF-8 at column {column}: a record is UTF-8 text")]
    InvalidUtf8 {
        /// Where on the line the bad bytes start, in characters from 1.
        column: usize,
    },
    /// A control character other than tab (CR and LF end lines).
    #[error(
        "control character U+{:04X} at column {column}: a record is text \
         (tab, CR and LF are the only control characters allowed)",
        u32::from(*character)
    )]
    ControlCharacter {
        /// The character found.
        character: char,
        /// Where on the line, in characters from 1.
        column: usize,
    },
    /// A line starting with `[` that is not `[Name "value"]`.
    #[error("bad tag: {0}")]
    BadTag(TagSyntaxError),
    /// The same tag twice in one game.
    #[error("tag {0} appears twice")]
    DuplicateTag(String),
    /// A required tag is missing: `Variant`, when the reader was given no
    /// variant for games without one ([`ReadOptions`](super::ReadOptions)).
    #[error("the game has no {0} tag")]
    MissingTag(&'static str),
    /// A tag whose value does not parse.
    #[error("bad {tag} tag \"{value}\": {reason}")]
    BadTagValue {
        /// The tag's name.
        tag: &'static str,
        /// The value as given, cut after 40 characters.
        value: String,
        /// Why it does not parse.
        reason: TagValueError,
    },
    /// Movetext that is neither a move, a move number, a result nor a comment.
    #[error("'{0}' is not a move (A-G, a-g), a move number, a result or a comment")]
    BadToken(String),
    /// A move number that is not the one expected at that point.
    #[error("move number '{found}' where '{expected}' was expected")]
    BadMoveNumber {
        /// The move number as given, cut after 40 characters.
        found: String,
        /// The number due: `N.` before South's move, `N...` before North's.
        expected: String,
    },
    /// A `{` comment without its `}`.
    #[error("comment '{{' without its '}}'")]
    UnterminatedComment,
    /// A game's movetext ends (at a new tag or the end of the file) without a result.
    #[error("the moves end without a result token (1-0, 0-1, 1/2-1/2 or *)")]
    MissingResult,
    /// Movetext before the first tag, or after a game's result token.
    #[error("'{0}' outside a game (before the first tag or after a result token)")]
    TextOutsideGame(String),
    /// A move that is not legal (ply counts from 1).
    #[error("ply {ply}: move {mv} is illegal{}", legal_part(legal))]
    IllegalMove {
        /// The move's place in the game, from 1.
        ply: usize,
        /// The move refused.
        mv: Move,
        /// The moves that were legal there.
        legal: MoveList,
    },
    /// A move after the rules ended the game.
    #[error("ply {ply}: move {mv} after the end of the game ({})", reason.describe())]
    MoveAfterEnd {
        /// The move's place in the game, from 1.
        ply: usize,
        /// The move refused.
        mv: Move,
        /// The rule that had ended the game.
        reason: EndReason,
    },
    /// The `Result` tag and the final result token differ.
    #[error("the Result tag says {tag} but the moves end with {token}")]
    ResultMismatch {
        /// The result the `Result` tag gives.
        tag: GameResult,
        /// The result token that ends the moves.
        token: GameResult,
    },
    /// The `PlyCount` tag is not the number of moves.
    #[error("the PlyCount tag says {tag} but the game has {moves} moves")]
    PlyCountMismatch {
        /// The number the `PlyCount` tag gives.
        tag: usize,
        /// The moves the game has.
        moves: usize,
    },
    /// The result or termination contradicts the board.
    #[error(transparent)]
    End(#[from] EndMismatch),
    /// `FromStr` for one record found another number of games.
    #[error("expected one game, found {0}")]
    NotOneGame(usize),
}

fn legal_part(legal: &MoveList) -> String {
    if legal.is_empty() {
        ": no move is legal".to_string()
    } else {
        format!(" (legal: {legal})")
    }
}

impl RecordError {
    /// The error for move `mv` at ply `ply` (from 1) that the game refused.
    pub(crate) fn from_play(ply: usize, mv: Move, e: PlayError) -> RecordError {
        match e {
            PlayError::GameOver { reason } => RecordError::MoveAfterEnd { ply, mv, reason },
            PlayError::Illegal(e) => RecordError::IllegalMove {
                ply,
                mv,
                legal: e.legal,
            },
        }
    }
}

/// Why a tag's value does not parse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TagValueError {
    /// The `Variant` tag.
    #[error(transparent)]
    Variant(#[from] ParseVariantError),
    /// The `FEN` tag (the position string, or `startpos`).
    #[error(transparent)]
    Position(#[from] ParsePositionError),
    /// The `Result` tag.
    #[error(transparent)]
    Result(#[from] ParseResultError),
    /// The `PlyCount` tag: not a number of moves.
    #[error("not a number of moves")]
    PlyCount(#[source] ParseIntError),
}

/// A tag line that is not `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TagSyntaxError {
    /// The line does not start with `[`.
    #[error("a tag starts with '['")]
    NoOpeningBracket,
    /// Nothing between `[` and the value.
    #[error("the tag has no name")]
    NoName,
    /// The name (cut after 40 characters) is not letters, digits and
    /// underscores starting with a letter.
    #[error("'{0}' is not a tag name (letters, digits and _, starting with a letter)")]
    BadName(String),
    /// The value of the named tag is not in double quotes.
    #[error("tag {0}: the value must be in double quotes")]
    UnquotedValue(String),
    /// The value of the named tag has no closing quote.
    #[error("tag {0}: the value has no closing quote")]
    NoClosingQuote(String),
    /// A backslash followed by something other than `"` or `\`.
    #[error("tag {name}: unknown escape '\\{escape}' (only \\\" and \\\\)")]
    UnknownEscape {
        /// The tag's name.
        name: String,
        /// The character after the backslash.
        escape: char,
    },
    /// No `]` after the value of the named tag.
    #[error("tag {0}: expected ']' after the value")]
    NoClosingBracket(String),
    /// Something other than a `;` comment after the `]`.
    #[error("tag {name}: text after the tag: '{text}'")]
    TextAfterTag {
        /// The tag's name.
        name: String,
        /// The text after the `]`, cut after 40 characters.
        text: String,
    },
}

/// A tag name that cannot be set with
/// [`GameRecord::set_tag`](super::GameRecord::set_tag).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TagNameError {
    /// Not letters, digits and underscores starting with a letter.
    #[error("'{0}' is not a tag name (letters, digits and _, starting with a letter)")]
    Invalid(String),
    /// Written from a typed field (Variant, Result, Termination, PlyCount, FEN).
    #[error("tag {0} is written from the record's fields and cannot be set")]
    Derived(String),
}

/// At most this many characters of a file's text are quoted in an error.
const EXCERPT_CHARS: usize = 40;

/// `text` as quoted in an error: cut after [`EXCERPT_CHARS`] characters
/// (a line may be megabytes long).
pub(crate) fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => text.to_string(),
        Some((i, _)) => format!("{}…", &text[..i]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages() {
        let e = ParseRecordError {
            line: 3,
            game: 0,
            kind: RecordError::ControlCharacter {
                character: '\0',
                column: 7,
            },
        };
        assert_eq!(
            e.to_string(),
            "line 3: control character U+0000 at column 7: a record is text \
             (tab, CR and LF are the only control characters allowed)"
        );
        let e = ParseRecordError {
            line: 12,
            game: 2,
            kind: RecordError::InvalidUtf8 { column: 4 },
        };
        assert_eq!(
            e.to_string(),
            "line 12 (game 2): invalid UTF-8 at column 4: a record is UTF-8 text"
        );
        assert_eq!(
            RecordError::UnterminatedComment.to_string(),
            "comment '{' without its '}'"
        );
        let e = RecordError::BadTagValue {
            tag: "PlyCount",
            value: "x".into(),
            reason: TagValueError::PlyCount("x".parse::<usize>().unwrap_err()),
        };
        assert_eq!(
            e.to_string(),
            "bad PlyCount tag \"x\": not a number of moves"
        );
        assert_eq!(
            TagSyntaxError::UnknownEscape {
                name: "Event".into(),
                escape: 'n'
            }
            .to_string(),
            r#"tag Event: unknown escape '\n' (only \" and \\)"#
        );
    }

    #[test]
    fn excerpts_are_short() {
        assert_eq!(excerpt("short"), "short");
        let long = "é".repeat(100);
        let e = excerpt(&long);
        assert_eq!(e.chars().count(), EXCERPT_CHARS + 1);
        assert!(e.ends_with('…'));
    }
}

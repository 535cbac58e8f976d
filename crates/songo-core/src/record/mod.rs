//! Game records: a PGN-style text format, one file per match holding many
//! games (the format is specified in protocol.md, "Game records").
//!
//! ```text
//! [Event "songo match"]
//! [Variant "songo40"]
//! [South "songo-dev"]
//! [North "songo-base"]
//! [Result "1-0"]
//! [TimeControl "10+0.1"]
//! [Termination "capture threshold"]
//! [PlyCount "3"]
//! [Round "1"]
//!
//! 1. C d 2. E 1-0
//! ```
//!
//! Writing is [`GameRecord`]'s `Display` (one game, ending in a newline;
//! `writeln!(file, "{record}")` leaves the blank line that separates
//! games). Reading is [`read_records`] for a whole file's bytes (with
//! [`ReadOptions`] for records of other tools, e.g. cutegames' PGN, which
//! has no `Variant` tag), [`parse_records`] for a file's text, or `FromStr`
//! for exactly one game. Reading checks everything it can: the bytes (text,
//! no control characters), the tags, the move numbers, every move's
//! legality (by replaying it through [`Game`]), and that the result agrees
//! with the termination and the board (see [`EndMismatch`] for the exact
//! rules).
//!
//! One concern per module, each using only those before it: `result` (the
//! result token, adjudications, the `Termination` tag), `verify` (the end
//! of a record against its board), `error`, then this module (the
//! [`GameRecord`] type), `tags` (the tag line syntax and a record's tags),
//! `write` (movetext and `Display`), `text` (a file's bytes as checked
//! lines) and `read` (the reader).

mod error;
mod read;
mod result;
mod tags;
mod text;
mod verify;
mod write;

pub use error::{ParseRecordError, RecordError, TagNameError, TagSyntaxError, TagValueError};
pub use read::{parse_records, read_records, ReadGame, ReadOptions};
pub use result::{Adjudication, GameResult, ParseResultError, Termination};
pub use verify::EndMismatch;
pub use write::{move_label, move_number};

use std::collections::BTreeMap;

use crate::game::{Game, GameStatus};
use crate::moves::Move;
use crate::position::Position;
use crate::variant::Variant;
use verify::check_end;

/// Movetext lines are broken before a token that would pass this column.
pub const LINE_WIDTH: usize = 80;

/// The value of an unknown tag (PGN's convention), e.g. an unnamed event.
pub const UNKNOWN: &str = "?";

/// The tags every record we write has, in the order they are written.
/// (A reader accepts records without them: see [`ReadGame::missing_tags`].)
pub const REQUIRED_TAGS: [&str; 8] = [
    "Event",
    "Variant",
    "South",
    "North",
    "Result",
    "TimeControl",
    "Termination",
    "PlyCount",
];

/// The tag holding the start position when it is not the start position.
pub const FEN_TAG: &str = "FEN";

/// One game: its tags, start, moves and end.
///
/// The fields are public; [`replay`](GameRecord::replay) checks that they
/// agree (a parsed record always does). `extra_tags` must not repeat the
/// named tags (use [`set_tag`](GameRecord::set_tag), which enforces it),
/// and tag values should be single lines: `Display` writes control
/// characters in them as spaces so the file stays readable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// `Event`: the match's name.
    pub event: String,
    /// `South`: the player (engine) that played South.
    pub south: String,
    /// `North`: the player that played North.
    pub north: String,
    /// `TimeControl`: free text, e.g. `10+0.1`, or `-` for none.
    pub time_control: String,
    /// `Variant`.
    pub variant: Variant,
    /// The start position; a `FEN` tag is written when it is not the start position.
    pub start: Position,
    /// The moves played from `start`, in order.
    pub moves: Vec<Move>,
    /// `Result` and the final result token.
    pub result: GameResult,
    /// `Termination`.
    pub termination: Termination,
    /// Any other tags (e.g. `Round`, `Date`, `Opening`), in order.
    pub extra_tags: Vec<(String, String)>,
    /// `{…}` comments in the movetext, by the number of moves before them
    /// (0: before the first move), as [`add_comment`](GameRecord::add_comment)
    /// keeps them: one line of text, no braces.
    pub comments: BTreeMap<usize, String>,
}

impl GameRecord {
    /// An unfinished game with no moves: unknown event and players, no time control.
    pub fn new(variant: Variant, start: Position) -> GameRecord {
        GameRecord {
            event: UNKNOWN.to_string(),
            south: UNKNOWN.to_string(),
            north: UNKNOWN.to_string(),
            time_control: "-".to_string(),
            variant,
            start,
            moves: Vec::new(),
            result: GameResult::Unfinished,
            termination: Termination::Unterminated,
            extra_tags: Vec::new(),
            comments: BTreeMap::new(),
        }
    }

    /// Adds a comment after the first `after` moves (after one already
    /// there, separated by a space). Braces and control characters become
    /// parentheses and spaces, and runs of spaces one, so the comment
    /// reads back as written.
    pub fn add_comment(&mut self, after: usize, text: &str) {
        let clean: String = text
            .chars()
            .map(|c| match c {
                '{' => '(',
                '}' => ')',
                c if c.is_control() => ' ',
                c => c,
            })
            .collect();
        let words: Vec<&str> = clean.split_whitespace().collect();
        if words.is_empty() {
            return;
        }
        let entry = self.comments.entry(after).or_default();
        for w in words {
            if !entry.is_empty() {
                entry.push(' ');
            }
            entry.push_str(w);
        }
    }

    /// The record of a game as a match runner ends it.
    ///
    /// - The rules ended the game and `adjudication` is `None`: the rules'
    ///   reason and outcome.
    /// - The game goes on and `adjudication` is `Some((why, result))`: the
    ///   runner's verdict (`result` must not be `*`).
    /// - The game goes on and `adjudication` is `None`: unterminated, `*`.
    /// - The rules ended the game and an adjudication is given: an error
    ///   ([`EndMismatch::AlreadyOver`]), since the adjudication could not
    ///   have happened.
    ///
    /// The event is [`UNKNOWN`]; set `event` and any extra tags afterwards.
    pub fn from_game(
        game: &Game,
        south: &str,
        north: &str,
        time_control: &str,
        adjudication: Option<(Adjudication, GameResult)>,
    ) -> Result<GameRecord, EndMismatch> {
        let (result, termination) = match (game.status(), adjudication) {
            (
                GameStatus::Over {
                    outcome, reason, ..
                },
                None,
            ) => (
                GameResult::from_outcome(outcome),
                Termination::Rules(reason),
            ),
            (_, Some((why, result))) => (result, Termination::Adjudicated(why)),
            (GameStatus::Ongoing, None) => (GameResult::Unfinished, Termination::Unterminated),
        };
        check_end(game, result, &termination)?;
        Ok(GameRecord {
            south: south.to_string(),
            north: north.to_string(),
            time_control: time_control.to_string(),
            moves: game.moves().to_vec(),
            result,
            termination,
            ..GameRecord::new(game.variant(), game.start())
        })
    }

    /// Replays the moves and checks the end (see [`EndMismatch`]); returns the game.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let mut game = Game::new(self.variant, self.start);
        for (i, &m) in self.moves.iter().enumerate() {
            game.play(m)
                .map_err(|e| RecordError::from_play(i + 1, m, e))?;
        }
        check_end(&game, self.result, &self.termination).map_err(RecordError::End)?;
        Ok(game)
    }
}

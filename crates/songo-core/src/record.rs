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
//! games). Reading is [`parse_records`] for a whole file, or `FromStr` for
//! exactly one game. Reading checks everything it can: the tags, the move
//! numbers, every move's legality (by replaying it through [`Game`]), and
//! that the result agrees with the termination and the board (see
//! [`EndMismatch`] for the exact rules).

use std::fmt;
use std::str::FromStr;

use crate::game::{Game, GameStatus, PlayError};
use crate::movegen::{EndReason, Outcome};
use crate::moves::{Move, MoveList};
use crate::position::{Position, Side};
use crate::variant::Variant;

/// Movetext lines are broken before a token that would pass this column.
pub const LINE_WIDTH: usize = 80;

/// The value of an unknown tag (PGN's convention), e.g. an unnamed event.
pub const UNKNOWN: &str = "?";

/// The tags every record has, in the order they are written.
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

// ---------------------------------------------------------------------------
// Result and termination
// ---------------------------------------------------------------------------

/// A game's result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    SouthWins,
    /// `0-1`
    NorthWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: the game was not finished.
    Unfinished,
}

impl GameResult {
    pub const fn from_outcome(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Win(Side::South) => GameResult::SouthWins,
            Outcome::Win(Side::North) => GameResult::NorthWins,
            Outcome::Draw => GameResult::Draw,
        }
    }

    /// The outcome, `None` for an unfinished game.
    pub const fn outcome(self) -> Option<Outcome> {
        match self {
            GameResult::SouthWins => Some(Outcome::Win(Side::South)),
            GameResult::NorthWins => Some(Outcome::Win(Side::North)),
            GameResult::Draw => Some(Outcome::Draw),
            GameResult::Unfinished => None,
        }
    }

    /// A win for `winner`.
    pub const fn win(winner: Side) -> GameResult {
        GameResult::from_outcome(Outcome::Win(winner))
    }

    pub const fn token(self) -> &'static str {
        match self {
            GameResult::SouthWins => "1-0",
            GameResult::NorthWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    const ALL: [GameResult; 4] = [
        GameResult::SouthWins,
        GameResult::NorthWins,
        GameResult::Draw,
        GameResult::Unfinished,
    ];
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// Text that is not a result token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseResultError(pub String);

impl fmt::Display for ParseResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a result (expected 1-0, 0-1, 1/2-1/2 or *)",
            self.0
        )
    }
}

impl std::error::Error for ParseResultError {}

impl FromStr for GameResult {
    type Err = ParseResultError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameResult::ALL
            .into_iter()
            .find(|r| r.token() == s)
            .ok_or_else(|| ParseResultError(s.to_string()))
    }
}

/// Why a match runner stopped a game before the rules ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Adjudication {
    /// A player ran out of time.
    TimeForfeit,
    /// A player sent an illegal or unparsable move.
    IllegalMove,
    /// A player's engine exited or failed.
    Crash,
    /// A player did not answer (no move and no clock to run out).
    Stall,
    /// The game reached the runner's ply limit; the runner chose the result.
    MaxPlies,
}

impl Adjudication {
    const ALL: [Adjudication; 5] = [
        Adjudication::TimeForfeit,
        Adjudication::IllegalMove,
        Adjudication::Crash,
        Adjudication::Stall,
        Adjudication::MaxPlies,
    ];

    pub const fn text(self) -> &'static str {
        match self {
            Adjudication::TimeForfeit => "time forfeit",
            Adjudication::IllegalMove => "illegal move",
            Adjudication::Crash => "crash",
            Adjudication::Stall => "stall",
            Adjudication::MaxPlies => "max plies",
        }
    }
}

/// How a game ended: the value of the `Termination` tag.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The rules ended the game (RULES.md 5.1).
    Rules(EndReason),
    /// A match runner ended it.
    Adjudicated(Adjudication),
    /// The game was not finished (result `*`).
    Unterminated,
    /// Any other text, kept as written and not checked against the board.
    /// (Text equal to one of the known forms reads back as that form.)
    Other(String),
}

impl Termination {
    /// The tag text of a rules ending.
    pub const fn rules_text(reason: EndReason) -> &'static str {
        match reason {
            EndReason::Threshold => "capture threshold",
            EndReason::FewSeeds => "few seeds",
            EndReason::EmptyRow => "no seeds",
            EndReason::CannotFeed => "cannot feed",
            EndReason::Repetition => "repetition",
        }
    }

    const RULES: [EndReason; 5] = [
        EndReason::Threshold,
        EndReason::FewSeeds,
        EndReason::EmptyRow,
        EndReason::CannotFeed,
        EndReason::Repetition,
    ];

    /// The tag text.
    pub fn text(&self) -> &str {
        match self {
            Termination::Rules(r) => Termination::rules_text(*r),
            Termination::Adjudicated(a) => a.text(),
            Termination::Unterminated => "unterminated",
            Termination::Other(text) => text,
        }
    }
}

impl From<EndReason> for Termination {
    fn from(reason: EndReason) -> Termination {
        Termination::Rules(reason)
    }
}

impl From<Adjudication> for Termination {
    fn from(a: Adjudication) -> Termination {
        Termination::Adjudicated(a)
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// Never fails: the known texts (any case) map to their variants, anything
/// else is [`Termination::Other`].
impl FromStr for Termination {
    type Err = std::convert::Infallible;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let known = Termination::RULES
            .into_iter()
            .map(Termination::Rules)
            .chain(Adjudication::ALL.into_iter().map(Termination::Adjudicated))
            .chain([Termination::Unterminated])
            .find(|k| k.text().eq_ignore_ascii_case(t));
        Ok(known.unwrap_or_else(|| Termination::Other(s.to_string())))
    }
}

// ---------------------------------------------------------------------------
// Agreement of result, termination and board
// ---------------------------------------------------------------------------

/// A result or termination that contradicts the game's moves.
///
/// The rules, checked on reading, by [`GameRecord::replay`] and by
/// [`GameRecord::from_game`]:
/// - [`Termination::Rules`]: the board must be over for that reason, and
///   the result must be the rules' outcome.
/// - [`Termination::Adjudicated`]: the board must not be over (a runner
///   stops a game only while it goes on; a late or illegal move is not
///   played), and the result must not be `*`. Any decided result is
///   accepted: a time forfeit or a max-plies adjudication may legitimately
///   differ from what the board would give.
/// - [`Termination::Unterminated`]: the board must not be over, and the
///   result must be `*`.
/// - [`Termination::Other`]: not checked (it is text this crate does not
///   know).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndMismatch {
    /// The termination says the rules ended the game, but it goes on.
    NotOver { claimed: EndReason },
    /// The rules ended the game for another reason than the one given.
    WrongReason {
        claimed: EndReason,
        actual: EndReason,
    },
    /// The result is not the rules' outcome.
    WrongResult {
        result: GameResult,
        rules: Outcome,
        scores: [u8; 2],
    },
    /// Adjudicated or unterminated, but the rules had already ended the game.
    AlreadyOver {
        termination: Termination,
        actual: EndReason,
    },
    /// An adjudicated game needs a decided result, not `*`.
    UndecidedAdjudication(Adjudication),
    /// An unterminated game's result must be `*`.
    UnterminatedWithResult(GameResult),
}

impl fmt::Display for EndMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndMismatch::NotOver { claimed } => write!(
                f,
                "termination '{}' but the game is not over after its moves",
                Termination::rules_text(*claimed)
            ),
            EndMismatch::WrongReason { claimed, actual } => write!(
                f,
                "termination '{}' but the game ended by '{}' ({})",
                Termination::rules_text(*claimed),
                Termination::rules_text(*actual),
                actual.describe()
            ),
            EndMismatch::WrongResult {
                result,
                rules,
                scores,
            } => write!(
                f,
                "result {result} but the rules give {} (South {} - North {})",
                rules.score_text(),
                scores[0],
                scores[1]
            ),
            EndMismatch::AlreadyOver {
                termination,
                actual,
            } => write!(
                f,
                "termination '{termination}' but the rules had ended the game ({})",
                actual.describe()
            ),
            EndMismatch::UndecidedAdjudication(a) => {
                write!(f, "termination '{}' needs a result, not *", a.text())
            }
            EndMismatch::UnterminatedWithResult(r) => {
                write!(f, "termination 'unterminated' needs the result *, not {r}")
            }
        }
    }
}

impl std::error::Error for EndMismatch {}

/// Checks a finished record against its replayed game (see [`EndMismatch`]).
fn check_end(
    game: &Game,
    result: GameResult,
    termination: &Termination,
) -> Result<(), EndMismatch> {
    let over = match game.status() {
        GameStatus::Ongoing => None,
        GameStatus::Over {
            outcome,
            reason,
            scores,
        } => Some((outcome, reason, scores)),
    };
    match (termination, over) {
        (Termination::Other(_), _) => Ok(()),
        (Termination::Rules(claimed), None) => Err(EndMismatch::NotOver { claimed: *claimed }),
        (Termination::Rules(claimed), Some((outcome, actual, scores))) => {
            if *claimed != actual {
                Err(EndMismatch::WrongReason {
                    claimed: *claimed,
                    actual,
                })
            } else if result != GameResult::from_outcome(outcome) {
                Err(EndMismatch::WrongResult {
                    result,
                    rules: outcome,
                    scores,
                })
            } else {
                Ok(())
            }
        }
        (Termination::Adjudicated(_) | Termination::Unterminated, Some((_, actual, _))) => {
            Err(EndMismatch::AlreadyOver {
                termination: termination.clone(),
                actual,
            })
        }
        (Termination::Adjudicated(a), None) => match result {
            GameResult::Unfinished => Err(EndMismatch::UndecidedAdjudication(*a)),
            _ => Ok(()),
        },
        (Termination::Unterminated, None) => match result {
            GameResult::Unfinished => Ok(()),
            r => Err(EndMismatch::UnterminatedWithResult(r)),
        },
    }
}

// ---------------------------------------------------------------------------
// The record
// ---------------------------------------------------------------------------

/// A tag name that cannot be set with [`GameRecord::set_tag`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagNameError {
    /// Not letters, digits and underscores starting with a letter.
    Invalid(String),
    /// Written from a typed field (Variant, Result, Termination, PlyCount, FEN).
    Derived(String),
}

impl fmt::Display for TagNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagNameError::Invalid(name) => write!(
                f,
                "'{name}' is not a tag name (letters, digits and _, starting with a letter)"
            ),
            TagNameError::Derived(name) => write!(
                f,
                "tag {name} is written from the record's fields and cannot be set"
            ),
        }
    }
}

impl std::error::Error for TagNameError {}

fn is_tag_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Tags written from typed fields rather than from strings.
const DERIVED_TAGS: [&str; 5] = ["Variant", "Result", "Termination", "PlyCount", FEN_TAG];

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
    pub moves: Vec<Move>,
    /// `Result` and the final result token.
    pub result: GameResult,
    /// `Termination`.
    pub termination: Termination,
    /// Any other tags (e.g. `Round`, `Date`, `Opening`), in order.
    pub extra_tags: Vec<(String, String)>,
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

    /// The value of a string tag: `Event`, `South`, `North`, `TimeControl`
    /// or an extra tag. (The derived tags are typed fields.)
    pub fn tag(&self, name: &str) -> Option<&str> {
        match name {
            "Event" => Some(&self.event),
            "South" => Some(&self.south),
            "North" => Some(&self.north),
            "TimeControl" => Some(&self.time_control),
            _ => self
                .extra_tags
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str()),
        }
    }

    /// Sets a string tag: one of the named ones, or an extra tag (replaced
    /// in place if present, else appended).
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) -> Result<(), TagNameError> {
        if !is_tag_name(name) {
            return Err(TagNameError::Invalid(name.to_string()));
        }
        if DERIVED_TAGS.contains(&name) {
            return Err(TagNameError::Derived(name.to_string()));
        }
        let value = value.into();
        match name {
            "Event" => self.event = value,
            "South" => self.south = value,
            "North" => self.north = value,
            "TimeControl" => self.time_control = value,
            _ => match self.extra_tags.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = value,
                None => self.extra_tags.push((name.to_string(), value)),
            },
        }
        Ok(())
    }

    /// Every tag as written, in order.
    pub fn tags(&self) -> Vec<(String, String)> {
        let mut tags: Vec<(String, String)> = vec![
            ("Event".into(), self.event.clone()),
            ("Variant".into(), self.variant.to_string()),
            ("South".into(), self.south.clone()),
            ("North".into(), self.north.clone()),
            ("Result".into(), self.result.to_string()),
            ("TimeControl".into(), self.time_control.clone()),
            ("Termination".into(), self.termination.to_string()),
            ("PlyCount".into(), self.moves.len().to_string()),
        ];
        if self.start != Position::startpos() {
            tags.push((FEN_TAG.into(), self.start.to_string()));
        }
        tags.extend(self.extra_tags.iter().cloned());
        tags
    }

    /// The moves and the result token as written (`1. C d 2. E 1-0`), with
    /// lines broken before a token that would pass column `width` (a move
    /// number stays with its move); no final newline.
    pub fn movetext(&self, width: usize) -> String {
        let mut text = String::new();
        let mut column = 0;
        for unit in self.movetext_units() {
            if column > 0 && column + 1 + unit.len() > width {
                text.push('\n');
                column = 0;
            }
            if column > 0 {
                text.push(' ');
                column += 1;
            }
            text.push_str(&unit);
            column += unit.len();
        }
        text
    }

    /// The side that plays ply `ply` (from 0). Every move passes the turn
    /// (Songo has no passes), so the sides alternate from the start.
    fn mover(&self, ply: usize) -> Side {
        let first = self.start.side_to_move();
        if ply.is_multiple_of(2) {
            first
        } else {
            first.opponent()
        }
    }

    /// The label of ply `ply` (from 0) as in the movetext: `3. C` or `3... d`.
    pub fn ply_label(&self, ply: usize) -> Option<String> {
        let m = self.moves.get(ply)?;
        let number = move_number(self.start.side_to_move(), ply);
        Some(match self.mover(ply) {
            Side::South => format!("{number}. {m}"),
            Side::North => format!("{number}... {m}"),
        })
    }

    /// The movetext units: `1. C`, `d`, `2. E`, …, then the result token.
    /// A move number stays with its move, so lines never end in a number.
    fn movetext_units(&self) -> Vec<String> {
        let mut units = Vec::with_capacity(self.moves.len() + 1);
        for (ply, m) in self.moves.iter().enumerate() {
            units.push(match (self.mover(ply), ply) {
                (Side::North, 0) | (Side::South, _) => self.ply_label(ply).unwrap_or_default(),
                (Side::North, _) => m.to_string(),
            });
        }
        units.push(self.result.to_string());
        units
    }
}

/// The move number of ply `ply` (0-based) from a start with `first` to move:
/// South's moves carry the numbers, North's share the one before.
fn move_number(first: Side, ply: usize) -> usize {
    match first {
        Side::South => ply / 2 + 1,
        Side::North => ply.div_ceil(2) + 1,
    }
}

/// A tag value with `\` and `"` escaped and control characters blanked.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// One game: tags, a blank line, the movetext wrapped at [`LINE_WIDTH`],
/// and a final newline.
impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in self.tags() {
            writeln!(f, "[{name} \"{}\"]", escape(&value))?;
        }
        writeln!(f)?;
        writeln!(f, "{}", self.movetext(LINE_WIDTH))
    }
}

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

/// What is wrong with a record (see [`ParseRecordError`] for where).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// A line starting with `[` that is not `[Name "value"]`.
    BadTag(String),
    /// The same tag twice in one game.
    DuplicateTag(String),
    /// A required tag is missing.
    MissingTag(&'static str),
    /// A tag whose value does not parse.
    BadTagValue {
        tag: &'static str,
        value: String,
        reason: String,
    },
    /// Movetext that is neither a move, a move number, a result nor a comment.
    BadToken(String),
    /// A move number that is not the one expected at that point.
    BadMoveNumber { found: String, expected: String },
    /// A `{` comment without its `}`.
    UnterminatedComment,
    /// A game's movetext ends (at a new tag or the end of the file) without a result.
    MissingResult,
    /// Movetext before the first tag, or after a game's result token.
    TextOutsideGame(String),
    /// A move that is not legal (ply counts from 1).
    IllegalMove {
        ply: usize,
        mv: Move,
        legal: MoveList,
    },
    /// A move after the rules ended the game.
    MoveAfterEnd {
        ply: usize,
        mv: Move,
        reason: EndReason,
    },
    /// The `Result` tag and the final result token differ.
    ResultMismatch { tag: GameResult, token: GameResult },
    /// The `PlyCount` tag is not the number of moves.
    PlyCountMismatch { tag: usize, moves: usize },
    /// The result or termination contradicts the board.
    End(EndMismatch),
    /// `FromStr` for one record found another number of games.
    NotOneGame(usize),
}

impl RecordError {
    /// The error for move `mv` at ply `ply` (from 1) that the game refused.
    fn from_play(ply: usize, mv: Move, e: PlayError) -> RecordError {
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

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::BadTag(why) => write!(f, "bad tag: {why}"),
            RecordError::DuplicateTag(name) => write!(f, "tag {name} appears twice"),
            RecordError::MissingTag(name) => write!(f, "the game has no {name} tag"),
            RecordError::BadTagValue { tag, value, reason } => {
                write!(f, "bad {tag} tag \"{value}\": {reason}")
            }
            RecordError::BadToken(t) => write!(
                f,
                "'{t}' is not a move (A-G, a-g), a move number, a result or a comment"
            ),
            RecordError::BadMoveNumber { found, expected } => {
                write!(f, "move number '{found}' where '{expected}' was expected")
            }
            RecordError::UnterminatedComment => write!(f, "comment '{{' without its '}}'"),
            RecordError::MissingResult => write!(
                f,
                "the moves end without a result token (1-0, 0-1, 1/2-1/2 or *)"
            ),
            RecordError::TextOutsideGame(t) => write!(
                f,
                "'{t}' outside a game (before the first tag or after a result token)"
            ),
            RecordError::IllegalMove { ply, mv, legal } => {
                if legal.is_empty() {
                    write!(f, "ply {ply}: move {mv} is illegal: no move is legal")
                } else {
                    write!(f, "ply {ply}: move {mv} is illegal (legal: {legal})")
                }
            }
            RecordError::MoveAfterEnd { ply, mv, reason } => write!(
                f,
                "ply {ply}: move {mv} after the end of the game ({})",
                reason.describe()
            ),
            RecordError::ResultMismatch { tag, token } => write!(
                f,
                "the Result tag says {tag} but the moves end with {token}"
            ),
            RecordError::PlyCountMismatch { tag, moves } => {
                write!(
                    f,
                    "the PlyCount tag says {tag} but the game has {moves} moves"
                )
            }
            RecordError::End(e) => e.fmt(f),
            RecordError::NotOneGame(n) => write!(f, "expected one game, found {n}"),
        }
    }
}

impl std::error::Error for RecordError {}

/// A record file that cannot be read: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRecordError {
    /// Line number, from 1.
    pub line: usize,
    /// The game's number in the file, from 1 (0 before the first game).
    pub game: usize,
    pub kind: RecordError,
}

impl fmt::Display for ParseRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.game > 0 {
            write!(f, "line {} (game {}): {}", self.line, self.game, self.kind)
        } else {
            write!(f, "line {}: {}", self.line, self.kind)
        }
    }
}

impl std::error::Error for ParseRecordError {}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

/// Reads every game of a record file (an empty file has none).
///
/// Blank lines, `;` comments (to the end of the line) and `{…}` comments
/// (which may span lines) are skipped. Each game is its tag lines, then its
/// movetext ending with a result token. Every move is replayed and checked;
/// the first problem found is the error.
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, ParseRecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::default();
    let mut last = 0;
    for (i, line) in text.lines().enumerate() {
        last = i + 1;
        reader.line(last, line)?;
    }
    reader.finish(last.max(1))
}

/// Exactly one game.
impl FromStr for GameRecord {
    type Err = ParseRecordError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut games = parse_records(s)?;
        if games.len() != 1 {
            return Err(ParseRecordError {
                line: 1,
                game: 0,
                kind: RecordError::NotOneGame(games.len()),
            });
        }
        Ok(games.remove(0))
    }
}

/// Reads a file line by line; games are checked as their moves arrive.
#[derive(Default)]
struct Reader {
    games: Vec<GameRecord>,
    current: Option<Pending>,
    /// The line where a `{` comment that is still open started.
    comment_from: Option<usize>,
}

/// A game being read.
struct Pending {
    /// From 1.
    number: usize,
    first_line: usize,
    /// Name, value, line.
    tags: Vec<(String, String, usize)>,
    /// Set at the first movetext token, when the tags are complete.
    body: Option<Body>,
}

struct Body {
    /// The record so far: tags parsed, moves as played.
    record: GameRecord,
    /// The `PlyCount` tag, checked at the end.
    ply_count: usize,
    game: Game,
}

type Step = Result<(), ParseRecordError>;

impl Reader {
    fn error(&self, line: usize, kind: RecordError) -> ParseRecordError {
        let game = self.current.as_ref().map_or(self.games.len(), |p| p.number);
        ParseRecordError { line, game, kind }
    }

    fn line(&mut self, n: usize, line: &str) -> Step {
        let mut rest = line;
        if self.comment_from.is_some() {
            match rest.find('}') {
                Some(i) => {
                    rest = &rest[i + 1..];
                    self.comment_from = None;
                }
                None => return Ok(()),
            }
        } else if rest.trim_start().starts_with('[') {
            return self.tag_line(n, rest.trim());
        }
        self.movetext(n, rest)
    }

    fn tag_line(&mut self, n: usize, line: &str) -> Step {
        let (name, value) =
            parse_tag(line).map_err(|why| self.error(n, RecordError::BadTag(why)))?;
        match &mut self.current {
            Some(Pending { body: Some(_), .. }) => {
                return Err(self.error(n, RecordError::MissingResult));
            }
            Some(p) => {
                if p.tags.iter().any(|(t, _, _)| *t == name) {
                    return Err(self.error(n, RecordError::DuplicateTag(name)));
                }
                p.tags.push((name, value, n));
            }
            None => {
                self.current = Some(Pending {
                    number: self.games.len() + 1,
                    first_line: n,
                    tags: vec![(name, value, n)],
                    body: None,
                })
            }
        }
        Ok(())
    }

    /// The tokens of a movetext line (or what follows a comment's end).
    fn movetext(&mut self, n: usize, text: &str) -> Step {
        let mut i = 0;
        while let Some(c) = text[i..].chars().next() {
            if c.is_whitespace() {
                i += c.len_utf8();
            } else if c == ';' {
                return Ok(());
            } else if c == '{' {
                match text[i + 1..].find('}') {
                    Some(j) => i += j + 2,
                    None => {
                        self.comment_from = Some(n);
                        return Ok(());
                    }
                }
            } else {
                let end = text[i..]
                    .find(|c: char| c.is_whitespace() || c == '{' || c == ';')
                    .map_or(text.len(), |j| i + j);
                self.token(n, &text[i..end])?;
                i = end;
            }
        }
        Ok(())
    }

    fn token(&mut self, n: usize, token: &str) -> Step {
        if self.current.is_none() {
            return Err(self.error(n, RecordError::TextOutsideGame(token.to_string())));
        }
        self.start_body()?;
        if let Ok(result) = token.parse::<GameResult>() {
            return self.end_game(n, result);
        }
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            let dots = token[digits..].bytes().take_while(|&b| b == b'.').count();
            if dots == 0 {
                return Err(self.error(n, RecordError::BadToken(token.to_string())));
            }
            self.move_number(n, &token[..digits + dots], &token[..digits], dots)?;
            let rest = &token[digits + dots..];
            return if rest.is_empty() {
                Ok(())
            } else {
                self.token(n, rest)
            };
        }
        let mv: Move = match token.parse() {
            Ok(m) if token.len() == 1 => m,
            _ => return Err(self.error(n, RecordError::BadToken(token.to_string()))),
        };
        let body = self.body();
        let ply = body.game.moves().len() + 1;
        match body.game.play(mv) {
            Ok(()) => {
                body.record.moves.push(mv);
                Ok(())
            }
            Err(e) => Err(self.error(n, RecordError::from_play(ply, mv, e))),
        }
    }

    fn body(&mut self) -> &mut Body {
        self.current
            .as_mut()
            .and_then(|p| p.body.as_mut())
            .expect("start_body ran before any movetext token")
    }

    /// Checks `N.` (before South's move) or `N...` (before North's).
    fn move_number(&mut self, n: usize, found: &str, digits: &str, dots: usize) -> Step {
        let body = self.body();
        let start = body.record.start.side_to_move();
        let number = move_number(start, body.game.moves().len());
        let expected = match body.game.position().side_to_move() {
            Side::South => format!("{number}."),
            Side::North => format!("{number}..."),
        };
        let ok = digits.parse::<usize>().ok() == Some(number)
            && dots == if expected.ends_with("...") { 3 } else { 1 };
        if ok {
            Ok(())
        } else {
            Err(self.error(
                n,
                RecordError::BadMoveNumber {
                    found: found.to_string(),
                    expected,
                },
            ))
        }
    }

    /// At the first movetext token: the tags are complete, parse them.
    fn start_body(&mut self) -> Step {
        let Some(pending) = &self.current else {
            return Ok(());
        };
        if pending.body.is_some() {
            return Ok(());
        }
        let body = self
            .header(pending)
            .map_err(|(line, kind)| self.error(line, kind))?;
        if let Some(p) = &mut self.current {
            p.body = Some(body);
        }
        Ok(())
    }

    fn header(&self, p: &Pending) -> Result<Body, (usize, RecordError)> {
        let find = |name: &'static str| {
            p.tags
                .iter()
                .find(|(t, _, _)| t == name)
                .map(|(_, v, line)| (v.as_str(), *line))
        };
        let required =
            |name: &'static str| find(name).ok_or((p.first_line, RecordError::MissingTag(name)));
        let bad = |tag: &'static str, value: &str, line: usize, reason: String| {
            (
                line,
                RecordError::BadTagValue {
                    tag,
                    value: value.to_string(),
                    reason,
                },
            )
        };
        for name in REQUIRED_TAGS {
            required(name)?;
        }
        let (v, line) = required("Variant")?;
        let variant: Variant = v
            .parse()
            .map_err(|e| bad("Variant", v, line, format!("{e}")))?;
        let start = match find(FEN_TAG) {
            None => Position::startpos(),
            Some((v, line)) => v
                .parse()
                .map_err(|e| bad(FEN_TAG, v, line, format!("{e}")))?,
        };
        let (v, line) = required("Result")?;
        let result: GameResult = v
            .parse()
            .map_err(|e| bad("Result", v, line, format!("{e}")))?;
        let (v, line) = required("PlyCount")?;
        let ply_count: usize = v
            .parse()
            .map_err(|_| bad("PlyCount", v, line, "not a number of moves".into()))?;
        let (v, _) = required("Termination")?;
        let termination: Termination = v.parse().unwrap_or_else(|e| match e {});
        let text = |name| required(name).map(|(v, _)| v.to_string());
        let record = GameRecord {
            event: text("Event")?,
            south: text("South")?,
            north: text("North")?,
            time_control: text("TimeControl")?,
            variant,
            start,
            moves: Vec::new(),
            result,
            termination,
            extra_tags: p
                .tags
                .iter()
                .filter(|(t, _, _)| !REQUIRED_TAGS.contains(&t.as_str()) && t != FEN_TAG)
                .map(|(t, v, _)| (t.clone(), v.clone()))
                .collect(),
        };
        Ok(Body {
            record,
            ply_count,
            game: Game::new(variant, start),
        })
    }

    /// The result token: check the game's agreement and store it.
    fn end_game(&mut self, n: usize, token: GameResult) -> Step {
        let body = self.body();
        let (tag, moves) = (body.record.result, body.record.moves.len());
        let kind = if tag != token {
            Some(RecordError::ResultMismatch { tag, token })
        } else if body.ply_count != moves {
            Some(RecordError::PlyCountMismatch {
                tag: body.ply_count,
                moves,
            })
        } else {
            check_end(&body.game, body.record.result, &body.record.termination)
                .err()
                .map(RecordError::End)
        };
        if let Some(kind) = kind {
            return Err(self.error(n, kind));
        }
        let pending = self.current.take().expect("a game is being read");
        let body = pending.body.expect("the game has its body");
        self.games.push(body.record);
        Ok(())
    }

    fn finish(self, last_line: usize) -> Result<Vec<GameRecord>, ParseRecordError> {
        if let Some(line) = self.comment_from {
            return Err(self.error(line, RecordError::UnterminatedComment));
        }
        if self.current.is_some() {
            return Err(self.error(last_line, RecordError::MissingResult));
        }
        Ok(self.games)
    }
}

/// Parses `[Name "value"]` (spaces allowed around the parts, then nothing
/// or a `;` comment). The error says what is wrong.
fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .ok_or_else(|| "a tag starts with '['".to_string())?
        .trim_start();
    let name_len = inner
        .find(|c: char| c.is_whitespace() || c == '"' || c == ']')
        .unwrap_or(inner.len());
    let name = &inner[..name_len];
    if name.is_empty() {
        return Err("the tag has no name".into());
    }
    if !is_tag_name(name) {
        return Err(format!(
            "'{name}' is not a tag name (letters, digits and _, starting with a letter)"
        ));
    }
    let rest = inner[name_len..].trim_start();
    let mut chars = rest
        .strip_prefix('"')
        .ok_or_else(|| format!("tag {name}: the value must be in double quotes"))?
        .char_indices();
    let mut value = String::new();
    let after = loop {
        match chars.next() {
            None => return Err(format!("tag {name}: the value has no closing quote")),
            Some((i, '"')) => break &rest[1 + i + 1..],
            Some((_, '\\')) => match chars.next() {
                Some((_, c @ ('"' | '\\'))) => value.push(c),
                Some((_, c)) => {
                    return Err(format!(
                        "tag {name}: unknown escape '\\{c}' (only \\\" and \\\\)"
                    ))
                }
                None => return Err(format!("tag {name}: the value has no closing quote")),
            },
            Some((_, c)) => value.push(c),
        }
    };
    let after = after
        .trim_start()
        .strip_prefix(']')
        .ok_or_else(|| format!("tag {name}: expected ']' after the value"))?
        .trim();
    if !(after.is_empty() || after.starts_with(';')) {
        return Err(format!("tag {name}: text after the tag: '{after}'"));
    }
    Ok((name.to_string(), value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_tokens() {
        for r in GameResult::ALL {
            assert_eq!(r.token().parse::<GameResult>(), Ok(r));
        }
        assert_eq!(GameResult::from_outcome(Outcome::Draw), GameResult::Draw);
        assert_eq!(GameResult::win(Side::North).token(), "0-1");
        assert_eq!(GameResult::Unfinished.outcome(), None);
        for bad in ["", "1-1", "1/2", "½-½", "1-0 "] {
            assert!(bad.parse::<GameResult>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn termination_texts() {
        let all: Vec<Termination> = Termination::RULES
            .into_iter()
            .map(Termination::Rules)
            .chain(Adjudication::ALL.into_iter().map(Termination::Adjudicated))
            .chain([Termination::Unterminated])
            .collect();
        for t in &all {
            assert_eq!(t.text().parse::<Termination>().unwrap(), *t);
            assert_eq!(t.text().to_uppercase().parse::<Termination>().unwrap(), *t);
        }
        let mut texts: Vec<&str> = all.iter().map(|t| t.text()).collect();
        texts.sort();
        texts.dedup();
        assert_eq!(texts.len(), all.len(), "texts are distinct");
        assert_eq!(
            "abandoned by the arbiter".parse::<Termination>().unwrap(),
            Termination::Other("abandoned by the arbiter".into())
        );
    }

    #[test]
    fn tags_parse_with_escapes() {
        assert_eq!(
            parse_tag(r#"[Event "a \"b\" \\ c"]"#),
            Ok(("Event".into(), r#"a "b" \ c"#.into()))
        );
        assert_eq!(
            parse_tag(r#"[ Round   "3" ]  ; note"#),
            Ok(("Round".into(), "3".into()))
        );
        assert_eq!(
            parse_tag(r#"[Opening ""]"#),
            Ok(("Opening".into(), "".into()))
        );
        for (bad, why) in [
            (r#"[Event]"#, "double quotes"),
            (r#"[ "x"]"#, "no name"),
            (r#"[Ev-ent "x"]"#, "not a tag name"),
            (r#"[1Event "x"]"#, "not a tag name"),
            (r#"[Event "x]"#, "no closing quote"),
            (r#"[Event "x\"]"#, "no closing quote"),
            (r#"[Event "x\n"]"#, "unknown escape"),
            (r#"[Event "x""#, "expected ']'"),
            (r#"[Event "x"] [Site "y"]"#, "text after the tag"),
        ] {
            let e = parse_tag(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn escaping_round_trips_and_blanks_control_characters() {
        for v in [r#"plain"#, r#"q"uote"#, r#"back\slash"#, r#"\"\\"#] {
            let line = format!("[Event \"{}\"]", escape(v));
            assert_eq!(parse_tag(&line).unwrap().1, v);
        }
        assert_eq!(escape("two\nlines\t"), "two lines ");
    }

    #[test]
    fn move_numbers() {
        assert_eq!(
            (0..5)
                .map(|p| move_number(Side::South, p))
                .collect::<Vec<_>>(),
            [1, 1, 2, 2, 3]
        );
        assert_eq!(
            (0..5)
                .map(|p| move_number(Side::North, p))
                .collect::<Vec<_>>(),
            [1, 2, 2, 3, 3]
        );
    }

    #[test]
    fn set_tag_rules() {
        let mut r = GameRecord::new(Variant::Songo40, Position::startpos());
        r.set_tag("Round", "1").unwrap();
        r.set_tag("Date", "2024.01.01").unwrap();
        r.set_tag("Round", "2").unwrap();
        r.set_tag("South", "alpha").unwrap();
        assert_eq!(
            r.extra_tags,
            [
                ("Round".into(), "2".into()),
                ("Date".into(), "2024.01.01".into())
            ]
        );
        assert_eq!(r.tag("South"), Some("alpha"));
        assert_eq!(r.tag("Round"), Some("2"));
        assert_eq!(r.tag("Nope"), None);
        assert!(matches!(
            r.set_tag("Result", "1-0"),
            Err(TagNameError::Derived(_))
        ));
        assert!(matches!(
            r.set_tag("FEN", "x"),
            Err(TagNameError::Derived(_))
        ));
        assert!(matches!(
            r.set_tag("a b", "x"),
            Err(TagNameError::Invalid(_))
        ));
        assert!(matches!(r.set_tag("", "x"), Err(TagNameError::Invalid(_))));
    }

    #[test]
    fn long_games_wrap_at_the_line_width() {
        // Display does not check legality, so any long move list will do.
        let mut r = GameRecord::new(Variant::Songo40, Position::startpos());
        r.moves = (0..200)
            .map(|i| Move::from_pit(if i % 2 == 0 { 2 } else { 9 }))
            .collect();
        let text = r.to_string();
        let movetext: Vec<&str> = text.lines().skip_while(|l| !l.is_empty()).skip(1).collect();
        assert!(movetext.len() > 5);
        for line in &movetext {
            assert!(line.len() <= LINE_WIDTH, "{line:?}");
            assert!(
                !line.ends_with('.'),
                "a number stays with its move: {line:?}"
            );
        }
        let joined = movetext.join(" ");
        assert!(joined.starts_with("1. C c 2. C c"));
        assert!(joined.ends_with("100. C c *"));
    }
}

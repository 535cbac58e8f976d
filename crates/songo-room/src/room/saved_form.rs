//! What a room keeps between runs, as plain data: the game in progress,
//! its settings and the analysis board, that a page stores in the browser
//! (the static site) or a server writes to a file. Each part of the room
//! writes and checks its own piece (`room/saved.rs` puts them together). Restoring never trusts the
//! data: every variant, position and move is checked by the rules core,
//! and a room is changed only when all of it is good, so a damaged or
//! foreign store costs the saved game, never the room.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use songo_core::{Game, Move, Position, Variant};
use songo_learn::rating::Rating;

use crate::clock::TimeControl;
use crate::messages::SideName;

/// The version of the saved form. Another version is refused, so that an
/// older build never misreads a newer one's data. Fields added later are
/// optional (a file without them still reads, as an untimed game), so
/// they need no new version.
pub const SAVED_FORMAT: u32 = 1;

/// A room's state, saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedRoom {
    /// [`SAVED_FORMAT`] when written; checked first when read.
    pub format: u32,
    /// The game against the engine (or between two people) and its settings.
    pub play: SavedPlay,
    /// The analysis board.
    pub analysis: SavedBoard,
    /// The finished games, as record texts, oldest first (absent in data
    /// saved before there was a list: none). With an archive (issue 43)
    /// only those it does not hold yet: usually none, and then absent.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<String>,
    /// The game deleted last, as a record text, so that its undo survives
    /// a restart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deleted: Option<String>,
    /// Learn: the lessons solved and the lesson shown (absent in data
    /// saved before there were lessons: none solved).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lessons: Option<SavedLessons>,
    /// Learn: the puzzle trainer's rating, streak, choice and puzzle
    /// (absent in data saved before there were puzzles: a new player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzles: Option<SavedPuzzles>,
}

/// The puzzle trainer's state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedPuzzles {
    /// The name of the variant whose puzzles are played.
    pub variant: String,
    /// The filters: a theme's name and a difficulty (none: any).
    #[serde(default)]
    pub theme: Option<String>,
    /// The difficulty chosen, 1 to [`songo_learn::puzzle::HARDEST`]
    /// (none: any).
    #[serde(default)]
    pub difficulty: Option<u8>,
    /// The person's puzzle rating.
    pub rating: Rating,
    /// Puzzles solved in a row, without a wrong answer.
    pub streak: u32,
    /// The ids of the puzzles played since they last started again, by
    /// variant name.
    #[serde(default)]
    pub played: BTreeMap<String, Vec<String>>,
    /// The puzzle shown.
    pub puzzle: SavedPuzzle,
}

/// The puzzle shown and the person's way through it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedPuzzle {
    /// The puzzle's id in its variant's set.
    pub id: String,
    /// The index in the solution of the solver's next move.
    pub at: usize,
    /// Wrong answers at that move.
    pub tries: u8,
    /// The rating has counted this puzzle.
    pub rated: bool,
    /// No wrong answer yet.
    pub clean: bool,
    /// The last wrong pit, while a second try is awaited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tried: Option<String>,
    /// `solved` or `failed` once over.
    #[serde(default)]
    pub over: Option<String>,
}

/// Learn's progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedLessons {
    /// The variant whose lessons are shown.
    pub variant: String,
    /// The lesson shown, by id.
    pub lesson: String,
    /// The ids of the lessons solved, by variant name.
    #[serde(default)]
    pub done: BTreeMap<String, Vec<String>>,
}

/// The game against the engine and its settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedPlay {
    /// The variant's name.
    pub variant: String,
    /// `south` or `north`: the person's side.
    pub human: String,
    /// The engine's level, 1–10.
    pub level: u8,
    /// The engine's name; one the room no longer has falls back to its
    /// first engine.
    pub engine: String,
    /// The start position, as the rules core writes a position.
    pub start: String,
    /// The moves played from `start`, each a pit's name.
    pub moves: Vec<String>,
    /// The clocks of a timed game (none: untimed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<SavedClock>,
    /// The engine's think time chosen for an untimed game (none: the
    /// room's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub think_ms: Option<u64>,
    /// Two people at one board, by name, South first (none: against the
    /// engine).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub names: Option<[String; 2]>,
    /// The side that resigned, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<SideName>,
    /// The plies at which a hint was shown (two people).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hinted: Vec<usize>,
}

/// A timed game's clocks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedClock {
    /// The game's time control.
    pub tc: TimeControl,
    /// Milliseconds left `[south, north]` at the last move: what is kept
    /// changes with the moves, not with every moment, and a restored
    /// game's running clock goes on from there.
    pub left_ms: [u64; 2],
    /// The side that lost on time, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flagged: Option<SideName>,
}

/// The analysis board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedBoard {
    /// The variant's name.
    pub variant: String,
    /// The start position, as the rules core writes a position.
    pub start: String,
    /// The board's line from `start`, each move a pit's name (moves past
    /// `cursor` included).
    pub moves: Vec<String>,
    /// The ply shown.
    pub cursor: usize,
    /// Where the board's game came from.
    pub origin: SavedOrigin,
    /// Whether the moves differ from the origin's (a move was played on
    /// the board): a saved record is then written anew, not the loaded
    /// one.
    pub modified: bool,
    /// How many lines the analysis shows.
    pub lines: u8,
}

/// Where the board's game came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SavedOrigin {
    /// Nothing yet: the start position.
    Start,
    /// The game played in the room, and its players' names.
    Play {
        /// South's name, as the record gives it.
        south: String,
        /// North's name, as the record gives it.
        north: String,
    },
    /// A position the person set up.
    SetUp,
    /// Game `index` of a loaded file, as its record (the file's other
    /// games are not kept: a file may be large, and it can be loaded
    /// again).
    Record {
        /// The game's place in its file.
        index: usize,
        /// The game's record, as text.
        record: String,
    },
}

/// Why saved data cannot be restored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    /// Data of another format version than [`SAVED_FORMAT`].
    #[error("saved data of format {0}, this version reads format {SAVED_FORMAT}")]
    Format(u32),
    /// Not the JSON of a saved room; serde's message.
    #[error("the saved data is not a saved room: {0}")]
    Json(String),
    /// A part that reads but does not hold up (a move the rules refuse, an
    /// unknown variant).
    #[error("the saved {what} is wrong: {why}")]
    Bad {
        /// The part at fault (`board`, `record`, `finished game`, ...).
        what: &'static str,
        /// What is wrong with it.
        why: String,
    },
}

pub(super) fn bad(what: &'static str, why: impl ToString) -> RestoreError {
    RestoreError::Bad {
        what,
        why: why.to_string(),
    }
}

/// A saved game checked move by move.
pub(super) fn game_of(
    what: &'static str,
    variant: &str,
    start: &str,
    moves: &[String],
) -> Result<Game, RestoreError> {
    let variant: Variant = variant.parse().map_err(|e| bad(what, e))?;
    let start: Position = start.parse().map_err(|e| bad(what, e))?;
    let mut game = Game::new(variant, start);
    for (ply, text) in moves.iter().enumerate() {
        let side = game.position().side_to_move();
        let m = Move::parse(text, side).map_err(|e| bad(what, format!("ply {ply}: {e}")))?;
        game.play(m)
            .map_err(|e| bad(what, format!("ply {ply}: {e}")))?;
    }
    Ok(game)
}

pub(super) fn texts(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

impl SavedRoom {
    /// Reads saved data written by [`SavedRoom::to_json`].
    pub fn from_json(text: &str) -> Result<SavedRoom, RestoreError> {
        #[derive(Deserialize)]
        struct Format {
            format: u32,
        }
        // The version first: another version's data is refused as such,
        // not as a puzzling missing field.
        let format: Format =
            serde_json::from_str(text).map_err(|e| RestoreError::Json(e.to_string()))?;
        if format.format != SAVED_FORMAT {
            return Err(RestoreError::Format(format.format));
        }
        serde_json::from_str(text).map_err(|e| RestoreError::Json(e.to_string()))
    }

    /// The saved state as JSON, for the host to store.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("saved data is plain data")
    }
}

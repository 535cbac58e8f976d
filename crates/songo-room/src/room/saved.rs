//! What a room keeps between runs: the game in progress, its settings and
//! the analysis board, as plain data a page stores in the browser (the
//! static site) or a server writes to a file. Restoring never trusts the
//! data: every variant, position and move is checked by the rules core,
//! and a room is changed only when all of it is good, so a damaged or
//! foreign store costs the saved game, never the room.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use songo_core::record::parse_records;
use songo_core::{Game, Move, Position, Side, Variant};

use super::analysis::Origin;
use super::people::Opponent;
use super::timing::{Pace, THINK_MS};
use super::{Room, LEVELS};
use crate::clock::{Clocks, TimeControl};
use crate::messages::SideName;
use crate::view::side_name;

/// The version of the saved form. Another version is refused, so that an
/// older build never misreads a newer one's data. Fields added later are
/// optional (a file without them still reads, as an untimed game), so
/// they need no new version.
pub const SAVED_FORMAT: u32 = 1;

/// The most a saved clock may show: ten times the longest base (a game
/// gains its increments), so that a damaged number cannot make a clock
/// that never runs out.
const MAX_SAVED_LEFT_MS: u64 = 10 * TimeControl::MAX_BASE_MS;

/// A room's state, saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedRoom {
    pub format: u32,
    pub play: SavedPlay,
    pub analysis: SavedBoard,
    /// The finished games, as record texts, oldest first (absent in data
    /// saved before there was a list: none).
    #[serde(default)]
    pub games: Vec<String>,
}

/// The game against the engine and its settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedPlay {
    pub variant: String,
    /// `south` or `north`: the person's side.
    pub human: String,
    pub level: u8,
    /// The engine's name; one the room no longer has falls back to its
    /// first engine.
    pub engine: String,
    pub start: String,
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
    pub variant: String,
    pub start: String,
    pub moves: Vec<String>,
    /// The ply shown.
    pub cursor: usize,
    pub origin: SavedOrigin,
    pub modified: bool,
    /// How many lines the analysis shows.
    pub lines: u8,
}

/// Where the board's game came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SavedOrigin {
    Start,
    Play {
        south: String,
        north: String,
    },
    SetUp,
    /// Game `index` of a loaded file, as its record (the file's other
    /// games are not kept: a file may be large, and it can be loaded
    /// again).
    Record {
        index: usize,
        record: String,
    },
}

/// Why saved data cannot be restored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    #[error("saved data of format {0}, this version reads format {SAVED_FORMAT}")]
    Format(u32),
    #[error("the saved data is not a saved room: {0}")]
    Json(String),
    #[error("the saved {what} is wrong: {why}")]
    Bad { what: &'static str, why: String },
}

fn bad(what: &'static str, why: impl ToString) -> RestoreError {
    RestoreError::Bad {
        what,
        why: why.to_string(),
    }
}

/// A saved game checked move by move.
fn game_of(
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

fn texts(moves: &[Move]) -> Vec<String> {
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

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("saved data is plain data")
    }
}

impl Room {
    /// The room's state to keep: the game played and the board, not what
    /// engines are doing (a restored room asks them again).
    pub fn saved(&self) -> SavedRoom {
        let p = &self.play;
        let a = &self.analysis;
        SavedRoom {
            format: SAVED_FORMAT,
            play: SavedPlay {
                variant: p.variant.to_string(),
                human: side_name(p.human),
                level: p.level,
                engine: self.engine_name().to_string(),
                start: p.game.start().to_string(),
                moves: texts(p.game.moves()),
                clock: p.clocks.as_ref().map(|c| {
                    let ms = |d: Duration| d.as_millis().try_into().unwrap_or(u64::MAX);
                    let [south, north] = c.left_at_last_move();
                    SavedClock {
                        tc: c.time_control(),
                        left_ms: [ms(south), ms(north)],
                        flagged: p.forfeit.map(SideName::from),
                    }
                }),
                think_ms: p
                    .think
                    .map(|t| t.as_millis().try_into().unwrap_or(u64::MAX)),
                names: p.opponent.names().cloned(),
                resigned: p.resigned.map(SideName::from),
                hinted: p.hinted.clone(),
            },
            analysis: SavedBoard {
                variant: a.variant.to_string(),
                start: a.start.to_string(),
                moves: texts(&a.moves),
                cursor: a.cursor,
                origin: match &a.origin {
                    Origin::Start => SavedOrigin::Start,
                    Origin::Play { south, north } => SavedOrigin::Play {
                        south: south.clone(),
                        north: north.clone(),
                    },
                    Origin::SetUp => SavedOrigin::SetUp,
                    Origin::Record { index, record } => SavedOrigin::Record {
                        index: *index,
                        record: record.to_string(),
                    },
                },
                modified: a.modified,
                lines: a.lines_wanted,
            },
            games: self.saved_games(),
        }
    }

    /// Puts a saved state back: the game goes on where it was (the engine
    /// thinks if it is its move) and the board shows what it showed. All
    /// of it is checked first; on an error the room is as it was.
    pub fn restore(&mut self, saved: &SavedRoom) -> Result<(), RestoreError> {
        if saved.format != SAVED_FORMAT {
            return Err(RestoreError::Format(saved.format));
        }
        let p = &saved.play;
        let game = game_of("game", &p.variant, &p.start, &p.moves)?;
        let human: Side = match p.human.as_str() {
            "south" => SideName::South.into(),
            "north" => SideName::North.into(),
            other => return Err(bad("game", format!("side '{other}'"))),
        };
        if !LEVELS.contains(&p.level) {
            return Err(bad("game", format!("level {}", p.level)));
        }
        let engine = self
            .engines
            .iter()
            .position(|e| e.name == p.engine)
            .unwrap_or(0);
        let pace = pace_of(p, &game)?;
        let opponent = match &p.names {
            None => Opponent::Engine,
            Some(names) => {
                Opponent::people(Some(names.clone())).map_err(|_| bad("game", "a player's name"))?
            }
        };
        if p.resigned.is_some()
            && (game.is_over() || p.clock.as_ref().is_some_and(|c| c.flagged.is_some()))
        {
            return Err(bad("game", "a resignation in a game already over"));
        }
        if p.hinted.iter().any(|&ply| ply > game.moves().len()) {
            return Err(bad("game", "a hint after the last move"));
        }

        let a = &saved.analysis;
        let board = game_of("board", &a.variant, &a.start, &a.moves)?;
        if a.cursor > a.moves.len() {
            return Err(bad(
                "board",
                format!("ply {} of {}", a.cursor, a.moves.len()),
            ));
        }
        if !(1..=super::analysis::MAX_LINES).contains(&a.lines) {
            return Err(bad("board", format!("{} lines", a.lines)));
        }
        let origin = match &a.origin {
            SavedOrigin::Start => Origin::Start,
            SavedOrigin::Play { south, north } => Origin::Play {
                south: south.clone(),
                north: north.clone(),
            },
            SavedOrigin::SetUp => Origin::SetUp,
            SavedOrigin::Record { index, record } => {
                let mut records = parse_records(record).map_err(|e| bad("record", e))?;
                if records.len() != 1 {
                    return Err(bad("record", format!("{} games", records.len())));
                }
                Origin::Record {
                    index: *index,
                    record: records.remove(0),
                }
            }
        };

        let mut games = Vec::with_capacity(saved.games.len());
        for (i, text) in saved.games.iter().enumerate() {
            let records = parse_records(text).map_err(|e| bad("finished game", e))?;
            let [record] = <[_; 1]>::try_from(records).map_err(|r: Vec<_>| {
                bad(
                    "finished game",
                    format!("{} holds {} games", i + 1, r.len()),
                )
            })?;
            games.push(record);
        }

        self.play.opponent = opponent;
        self.begin(game, human, p.level, engine, pace);
        self.play.resigned = p.resigned.map(Side::from);
        self.play.hinted = p.hinted.clone();
        self.restore_games(games);
        self.show(&board, a.cursor, origin);
        self.analysis.modified = a.modified;
        self.analysis.lines_wanted = a.lines;
        Ok(())
    }
}

/// A saved game's clocks or think time, checked.
fn pace_of(p: &SavedPlay, game: &Game) -> Result<Pace, RestoreError> {
    let Some(c) = &p.clock else {
        return match p.think_ms {
            Some(ms) if !THINK_MS.contains(&ms) => Err(bad("game", format!("think time {ms} ms"))),
            think => Ok(Pace::Untimed {
                think: think.map(Duration::from_millis),
            }),
        };
    };
    if p.think_ms.is_some() {
        return Err(bad("game", "a think time and a clock"));
    }
    if let Some(ms) = c.left_ms.iter().find(|ms| **ms > MAX_SAVED_LEFT_MS) {
        return Err(bad("clock", format!("{ms} ms left")));
    }
    if c.flagged.is_some() && game.is_over() {
        return Err(bad("clock", "a loss on time in a game the rules ended"));
    }
    let left = c.left_ms.map(Duration::from_millis);
    Ok(Pace::Clock {
        clocks: Clocks::with_left(c.tc, left),
        flagged: c.flagged.map(Side::from),
    })
}

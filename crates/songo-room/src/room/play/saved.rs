//! The game played, kept between runs and checked when it comes back
//! (the room's saved form is `super::super::saved`).

use std::time::Duration;

use songo_core::{Game, Side};

use super::super::engines::Engines;
use super::super::saved_form::{bad, game_of, texts, RestoreError, SavedClock, SavedPlay};
use super::timing::{Pace, THINK_MS};
use super::{check_level, Opponent, Play, Start};
use crate::clock::{Clocks, TimeControl};
use crate::messages::SideName;
use crate::view::side_name;

/// The most a saved clock may show: ten times the longest base (a game
/// gains its increments), so that a damaged number cannot make a clock
/// that never runs out.
const MAX_SAVED_LEFT_MS: u64 = 10 * TimeControl::MAX_BASE_MS;

/// A saved game, checked: how to begin it again, and what happened in it
/// that a new game does not have (a resignation, the hints shown).
pub(in crate::room) struct Restored {
    pub(in crate::room) start: Start,
    pub(in crate::room) resigned: Option<Side>,
    pub(in crate::room) hinted: Vec<usize>,
}

impl Play {
    /// The game to keep: its moves and settings, not what the engine is
    /// doing (a restored room asks it again).
    pub(in crate::room) fn saved(&self, engines: &Engines) -> SavedPlay {
        SavedPlay {
            variant: self.variant.to_string(),
            human: side_name(self.human),
            level: self.level,
            engine: engines.name(self.engine).to_string(),
            start: self.game.start().to_string(),
            moves: texts(self.game.moves()),
            clock: self.time.clocks().map(|c| {
                let ms = |d: Duration| d.as_millis().try_into().unwrap_or(u64::MAX);
                let [south, north] = c.left_at_last_move();
                SavedClock {
                    tc: c.time_control(),
                    left_ms: [ms(south), ms(north)],
                    flagged: self.time.forfeit().map(SideName::from),
                }
            }),
            think_ms: self
                .time
                .think()
                .map(|t| t.as_millis().try_into().unwrap_or(u64::MAX)),
            names: self.opponent.names().cloned(),
            resigned: self.resigned.map(SideName::from),
            hinted: self.hinted.clone(),
        }
    }
}

/// A saved game checked: every move by the rules core, the level, the
/// clocks, the names, the marks.
pub(in crate::room) fn restored(
    p: &SavedPlay,
    engines: &Engines,
) -> Result<Restored, RestoreError> {
    let game = game_of("game", &p.variant, &p.start, &p.moves)?;
    let human: Side = match p.human.as_str() {
        "south" => SideName::South.into(),
        "north" => SideName::North.into(),
        other => return Err(bad("game", format!("side '{other}'"))),
    };
    check_level(p.level).map_err(|_| bad("game", format!("level {}", p.level)))?;
    let engine = engines.find(&p.engine).unwrap_or(0);
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
    Ok(Restored {
        start: Start {
            game,
            human,
            opponent,
            level: p.level,
            engine,
            pace,
        },
        resigned: p.resigned.map(Side::from),
        hinted: p.hinted.clone(),
    })
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

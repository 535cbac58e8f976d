//! The person's finished games: each game against the engine is recorded
//! when it ends, listed for the page (date, variant, players, result),
//! opened on the analysis board (and from there reviewed), and exported
//! all together as one record file. They are part of the saved state, so
//! the list survives restarts and reloads.

use songo_core::record::GameRecord;
use songo_core::Game;
use web_time::SystemTime;

use super::analysis::Loaded;
use crate::messages::Outgoing;
use crate::records;
use crate::say::Say;
use crate::view::{FinishedView, GamesView};

/// The name the finished games go by on the analysis board, as if they
/// were a file the person loaded.
pub const YOUR_GAMES: &str = "Your games";

/// The finished games, oldest first.
#[derive(Debug, Default)]
pub(super) struct History {
    games: Vec<GameRecord>,
    /// The game played last recorded (its `game_id`), so that a game is
    /// recorded once however many messages follow its end.
    recorded: Option<u64>,
}

impl History {
    /// Records game `id` if it is `over` and not recorded yet (`record`
    /// makes its record): whether it was.
    pub(super) fn note(
        &mut self,
        id: u64,
        over: bool,
        record: impl FnOnce() -> GameRecord,
    ) -> bool {
        if !over || self.recorded == Some(id) {
            return false;
        }
        self.recorded = Some(id);
        self.games.push(record());
        true
    }

    /// The list the pages show.
    pub(super) fn message(&self) -> Outgoing {
        Outgoing::Games(Box::new(GamesView {
            games: self
                .games
                .iter()
                .enumerate()
                .map(|(i, r)| FinishedView {
                    index: i + 1,
                    date: r.tag("Date").unwrap_or("").to_string(),
                    variant: r.variant.to_string(),
                    south: r.south.clone(),
                    north: r.north.clone(),
                    players: [records::player(&r.south), records::player(&r.north)],
                    result: r.result.to_string(),
                    termination: (&r.termination).into(),
                    plies: r.moves.len(),
                })
                .collect(),
        }))
    }

    /// Finished game `index` (from 1), replayed, with the others as a
    /// loaded file's games.
    pub(super) fn open(&self, index: usize) -> Result<(GameRecord, Game, Loaded), Say> {
        let Some(record) = self.games.get(index.wrapping_sub(1)).cloned() else {
            return Err(Say::NoFinishedGame { index });
        };
        let Ok(game) = record.replay() else {
            return Err(Say::FinishedDoesNotReplay { index });
        };
        let loaded = Loaded {
            name: YOUR_GAMES.to_string(),
            games: self.games.clone(),
            own: true,
        };
        Ok((record, game, loaded))
    }

    /// Every finished game in one record file.
    pub(super) fn export(&self, now: SystemTime) -> Result<Outgoing, Say> {
        if self.games.is_empty() {
            return Err(Say::NothingToExport);
        }
        let text: String = self.games.iter().map(|r| format!("{r}\n")).collect();
        Ok(Outgoing::Record {
            file_name: format!("songo-games-{}", records::file_stamp(now)),
            text,
        })
    }

    /// The finished games to keep, as record texts.
    pub(super) fn saved(&self) -> Vec<String> {
        self.games.iter().map(ToString::to_string).collect()
    }

    /// Finished games read back; `recorded`: the game played now, if it
    /// was over when saved (recorded then: never again, however often the
    /// room comes back; issue 38, defect 1: a loss on time was listed
    /// once more after every restart).
    pub(super) fn restore(&mut self, games: Vec<GameRecord>, recorded: Option<u64>) {
        self.games = games;
        self.recorded = recorded;
    }
}

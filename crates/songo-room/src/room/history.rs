//! The person's finished games: each game against the engine is recorded
//! when it ends, listed for the page (date, variant, players, result),
//! opened on the analysis board (and from there reviewed), and exported
//! all together as one record file. They are part of the saved state, so
//! the list survives restarts and reloads.

use crate::say::Say;
use songo_core::record::GameRecord;
use web_time::SystemTime;

use super::analysis::{Loaded, Origin};
use super::{refuse, Room};
use crate::messages::{Outgoing, Reply, Topic};
use crate::records;
use crate::view::{FinishedView, GamesView};

/// The name the finished games go by on the analysis board, as if they
/// were a file the person loaded.
pub const YOUR_GAMES: &str = "Your games";

/// The finished games, oldest first.
#[derive(Debug, Default)]
pub(super) struct History {
    pub(super) games: Vec<GameRecord>,
    /// The game played last recorded (its `game_id`), so that a game is
    /// recorded once however many messages follow its end.
    recorded: Option<u64>,
}

impl Room {
    /// Records the game played if it has just ended: whether it did.
    pub(super) fn note_finished(&mut self, now: SystemTime) -> bool {
        let id = self.play.game_id();
        // Over by the rules or on time.
        if !self.play.over() || self.history.recorded == Some(id) {
            return false;
        }
        self.history.recorded = Some(id);
        let record = records::of_play(&self.play.game, &self.played(), now);
        self.history.games.push(record);
        true
    }

    pub fn games_message(&self) -> Outgoing {
        Outgoing::Games(Box::new(GamesView {
            games: self
                .history
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

    /// Finished game `index` (from 1) on the analysis board, the others a
    /// choice away as a loaded file's.
    pub(super) fn open_game(&mut self, index: usize) -> Reply {
        let Some(record) = self.history.games.get(index.wrapping_sub(1)).cloned() else {
            return refuse(Topic::Record, Say::NoFinishedGame { index });
        };
        let Ok(game) = record.replay() else {
            return refuse(Topic::Record, Say::FinishedDoesNotReplay { index });
        };
        self.analysis.loaded = Some(Loaded {
            name: YOUR_GAMES.to_string(),
            games: self.history.games.clone(),
            own: true,
        });
        let end = game.moves().len();
        self.show(&game, end, Origin::Record { index, record });
        self.board_changed()
    }

    /// Every finished game in one record file, for the page that asked.
    pub(super) fn export_games(&self, now: SystemTime) -> Reply {
        if self.history.games.is_empty() {
            return refuse(Topic::Record, Say::NothingToExport);
        }
        let text: String = self
            .history
            .games
            .iter()
            .map(|r| format!("{r}\n"))
            .collect();
        Reply::to_sender(Outgoing::Record {
            file_name: format!("songo-games-{}", records::file_stamp(now)),
            text,
        })
    }

    /// The finished games to keep, as record texts.
    pub(super) fn saved_games(&self) -> Vec<String> {
        self.history.games.iter().map(ToString::to_string).collect()
    }

    /// Finished games read back; the game played now counts as recorded if
    /// it is over (it was, when saved).
    pub(super) fn restore_games(&mut self, games: Vec<GameRecord>) {
        self.history.games = games;
        // A game over when it was saved (by the rules, on time, resigned)
        // was recorded then: never again, however often the room comes
        // back (issue 38, defect 1: a loss on time was listed once more
        // after every restart).
        self.history.recorded = self.play.over().then(|| self.play.game_id());
    }
}

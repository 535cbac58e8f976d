//! The person's finished games: each game against the engine is recorded
//! when it ends, listed for the page (date, variant, players, result),
//! opened on the analysis board (and from there reviewed), and exported
//! all together as one record file. They are part of the saved state, so
//! the list survives restarts and reloads.

use songo_core::record::GameRecord;
use songo_core::Game;
use web_time::SystemTime;

use super::analysis::Loaded;
use crate::archive::{self, ArchivedGame, GAME_ID_TAG};
use crate::messages::Outgoing;
use crate::records;
use crate::say::Say;
use crate::view::{FinishedView, GamesView};

/// Whether `a` and `b` are one game: the same archive id, or the same
/// start, moves, date and players.
fn same_game(a: &GameRecord, b: &GameRecord) -> bool {
    if let (Some(x), Some(y)) = (archive::id_of(a), archive::id_of(b)) {
        if x == y {
            return true;
        }
    }
    a.variant == b.variant
        && a.start == b.start
        && a.moves == b.moves
        && a.south == b.south
        && a.north == b.north
        && a.tag("Date") == b.tag("Date")
}

/// How the list shows game `r`, at `index` (from 1; 0: not listed).
fn finished_view(index: usize, r: &GameRecord) -> FinishedView {
    FinishedView {
        index,
        id: archive::id_of(r).unwrap_or_default().to_string(),
        date: r.tag("Date").unwrap_or("").to_string(),
        variant: r.variant.to_string(),
        south: r.south.clone(),
        north: r.north.clone(),
        players: [records::player(&r.south), records::player(&r.north)],
        result: r.result.to_string(),
        termination: (&r.termination).into(),
        plies: r.moves.len(),
    }
}

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
    /// Whether the host keeps an archive (see [`crate::archive`]): then
    /// the games are its, not the saved state's.
    archiving: bool,
    /// The ids of games the host has not archived yet.
    unarchived: Vec<String>,
    /// The game the person deleted last, which an undo puts back. Kept in
    /// the saved state, so that the undo survives a reload.
    deleted: Option<GameRecord>,
    /// The ids of games the host should remove from its archive.
    to_delete: Vec<String>,
}

impl History {
    /// The games go to the host's archive (`archiving`), or into the saved
    /// state.
    pub(super) fn new(archiving: bool) -> History {
        History {
            archiving,
            ..History::default()
        }
    }

    /// Records game `id` if it is `over` and not recorded yet (`record`
    /// makes its record), under a new archive id for `now`: whether it
    /// was.
    pub(super) fn note(
        &mut self,
        id: u64,
        over: bool,
        record: impl FnOnce() -> GameRecord,
        now: SystemTime,
    ) -> bool {
        if !over || self.recorded == Some(id) {
            return false;
        }
        self.recorded = Some(id);
        // The undo of a delete is for the last thing done to the list.
        self.deleted = None;
        let mut record = record();
        let archive_id = self.free_id(&record, now);
        let _ = record.set_tag(GAME_ID_TAG, archive_id.clone());
        self.games.push(record);
        if self.archiving {
            self.unarchived.push(archive_id);
        }
        true
    }

    /// The games the host has not archived yet; from now on they are its.
    pub(super) fn take_unarchived(&mut self) -> Vec<ArchivedGame> {
        let ids = std::mem::take(&mut self.unarchived);
        self.games
            .iter()
            .filter_map(|r| {
                let id = archive::id_of(r)?;
                ids.iter().any(|i| i == id).then(|| ArchivedGame {
                    id: id.to_string(),
                    text: r.to_string(),
                })
            })
            .collect()
    }

    /// The archive's games, as the host read them when it started: merged
    /// with those the room holds (a game already there, by id, is not
    /// added twice), in the order they ended. A game without a good id is
    /// left out (the host names files by id).
    pub(super) fn add_archived(&mut self, games: Vec<GameRecord>) {
        for game in games {
            let Some(id) = archive::id_of(&game) else {
                continue;
            };
            if self.games.iter().any(|g| archive::id_of(g) == Some(id)) {
                // Archived already: a migration done again after a crash.
                let id = id.to_string();
                self.unarchived.retain(|u| *u != id);
                continue;
            }
            if self.deleted.as_ref().and_then(archive::id_of) == Some(id) {
                // Deleted, but the host stopped before it removed the
                // file: it goes now, and the undo stays.
                if !self.to_delete.iter().any(|d| d == id) {
                    self.to_delete.push(id.to_string());
                }
                continue;
            }
            self.games.push(game);
        }
        self.games
            .sort_by(|a, b| archive::id_of(a).cmp(&archive::id_of(b)));
    }

    /// The list the pages show.
    pub(super) fn message(&self) -> Outgoing {
        Outgoing::Games(Box::new(GamesView {
            games: self
                .games
                .iter()
                .enumerate()
                .map(|(i, r)| finished_view(i + 1, r))
                .collect(),
            deleted: self.deleted.as_ref().map(|r| finished_view(0, r)),
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

    /// Games of a record file join the finished games (a backup, or the
    /// other host's export): a game already there (by its `GameId`, or by
    /// its start, moves, date and players) is skipped, and so is one not
    /// finished; the others keep their id if it is free, else get a new
    /// one for `now`, and go to the archive. The counts: imported,
    /// duplicates, unfinished.
    pub(super) fn import(
        &mut self,
        records: Vec<GameRecord>,
        now: SystemTime,
    ) -> (usize, usize, usize) {
        let (mut imported, mut duplicates, mut unfinished) = (0, 0, 0);
        for mut record in records {
            if record.result == songo_core::record::GameResult::Unfinished {
                unfinished += 1;
                continue;
            }
            if self.games.iter().any(|g| same_game(g, &record)) {
                duplicates += 1;
                continue;
            }
            let id = match archive::id_of(&record) {
                Some(id) if self.index_of(id).is_none() => id.to_string(),
                _ => self.free_id(&record, now),
            };
            let _ = record.set_tag(GAME_ID_TAG, id.clone());
            self.games.push(record);
            if self.archiving {
                self.unarchived.push(id);
            }
            imported += 1;
        }
        self.games
            .sort_by(|a, b| archive::id_of(a).cmp(&archive::id_of(b)));
        (imported, duplicates, unfinished)
    }

    /// A new archive id for `record`, ended at `now`, that no listed game
    /// has (a salt makes another when one is taken).
    fn free_id(&self, record: &GameRecord, now: SystemTime) -> String {
        (0..)
            .map(|salt| archive::new_id(record, now, salt))
            .find(|id| self.index_of(id).is_none())
            .expect("a free id")
    }

    /// The place (from 1) of the game whose archive id is `id`.
    pub(super) fn index_of(&self, id: &str) -> Option<usize> {
        self.games
            .iter()
            .position(|g| archive::id_of(g) == Some(id))
            .map(|i| i + 1)
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

    /// The finished games to keep in the saved state, as record texts:
    /// with an archive, only those it does not hold yet.
    pub(super) fn saved(&self) -> Vec<String> {
        self.games
            .iter()
            .filter(|g| {
                // With an archive, only the games it does not hold yet.
                !self.archiving
                    || archive::id_of(g).is_some_and(|id| self.unarchived.iter().any(|u| u == id))
            })
            .map(ToString::to_string)
            .collect()
    }

    /// The host could not archive `games` (taken by
    /// [`History::take_unarchived`]): they wait for the next try, and the
    /// saved state keeps them meanwhile.
    pub(super) fn archive_failed(&mut self, games: &[ArchivedGame]) {
        for g in games {
            // A game deleted meanwhile is not offered again.
            let listed = self.index_of(&g.id).is_some();
            if listed && !self.unarchived.contains(&g.id) {
                self.unarchived.push(g.id.clone());
            }
        }
    }

    /// Finished games read back from a saved state; `recorded`: the game
    /// played now, if it was over when saved (recorded then: never again,
    /// however often the room comes back; issue 38, defect 1: a loss on
    /// time was listed once more after every restart). A game without an
    /// archive id (saved before the archive) gets one from its place in
    /// the list; with an archive, they all go to it.
    pub(super) fn restore(
        &mut self,
        games: Vec<GameRecord>,
        recorded: Option<u64>,
        deleted: Option<GameRecord>,
    ) {
        self.games = games;
        self.deleted = deleted;
        self.to_delete.clear();
        for (i, game) in self.games.iter_mut().enumerate() {
            if archive::id_of(game).is_none() {
                let _ = game.set_tag(GAME_ID_TAG, archive::legacy_id(game, i));
            }
        }
        self.unarchived = if self.archiving {
            self.games
                .iter()
                .filter_map(|g| archive::id_of(g).map(str::to_string))
                .collect()
        } else {
            Vec::new()
        };
        self.recorded = recorded;
    }

    /// The game deleted last, as a record text for the saved state.
    pub(super) fn saved_deleted(&self) -> Option<String> {
        self.deleted.as_ref().map(ToString::to_string)
    }

    /// The person deletes game `id` from the list (and so from the
    /// archive); the game deleted before it can no longer be put back.
    pub(super) fn delete(&mut self, id: &str) -> Result<(), Say> {
        let Some(at) = self.index_of(id) else {
            return Err(Say::NoFinishedGameId {
                game: id.to_string(),
            });
        };
        let record = self.games.remove(at - 1);
        if self.archiving {
            match self.unarchived.iter().position(|u| u == id) {
                // The host never had it.
                Some(p) => {
                    self.unarchived.remove(p);
                }
                None => self.to_delete.push(id.to_string()),
            }
        }
        self.deleted = Some(record);
        Ok(())
    }

    /// Puts the game deleted last back in the list (and the archive).
    pub(super) fn undo_delete(&mut self) -> Result<(), Say> {
        let Some(record) = self.deleted.take() else {
            return Err(Say::NothingDeleted);
        };
        if let Some(id) = archive::id_of(&record) {
            if self.archiving {
                match self.to_delete.iter().position(|d| d == id) {
                    // The host has not removed it yet: it stays.
                    Some(p) => {
                        self.to_delete.remove(p);
                    }
                    None => self.unarchived.push(id.to_string()),
                }
            }
        }
        self.games.push(record);
        self.games
            .sort_by(|a, b| archive::id_of(a).cmp(&archive::id_of(b)));
        Ok(())
    }

    /// The ids of games deleted since the host last asked: from now on
    /// the host's to remove from its archive.
    pub(super) fn take_deleted(&mut self) -> Vec<String> {
        std::mem::take(&mut self.to_delete)
    }

    /// The host could not remove `ids` from its archive: they are offered
    /// again at the next [`History::take_deleted`], unless put back since.
    pub(super) fn delete_failed(&mut self, ids: &[String]) {
        for id in ids {
            let listed = self.index_of(id).is_some();
            if !listed && !self.to_delete.contains(id) {
                self.to_delete.push(id.clone());
            }
        }
    }
}

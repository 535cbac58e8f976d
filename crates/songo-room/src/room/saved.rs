//! The room's state kept between runs and put back: each part's piece of
//! the saved form (`saved_form`), gathered and restored together.
//! Restoring never trusts the data: every variant, position and move is
//! checked by the rules core, and a room is changed only when all of it is
//! good, so a damaged or foreign store costs the saved game, never the
//! room.

use songo_core::record::parse_records;

use super::analyst::MAX_LINES;
use super::saved_form::{bad, RestoreError, SavedRoom, SAVED_FORMAT};
use super::Room;

impl Room {
    /// The room's state to keep: the game played and the board, not what
    /// engines are doing (a restored room asks them again).
    pub fn saved(&self) -> SavedRoom {
        SavedRoom {
            format: SAVED_FORMAT,
            play: self.play.saved(&self.engines),
            analysis: self.analysis.saved(self.analyst.lines_wanted()),
            games: self.history.saved(),
            deleted: self.history.saved_deleted(),
            lessons: Some(self.lessons.saved()),
            puzzles: Some(self.puzzles.saved()),
        }
    }

    /// Puts a saved state back: the game goes on where it was (the engine
    /// thinks if it is its move) and the board shows what it showed. All
    /// of it is checked first; on an error the room is as it was.
    pub fn restore(&mut self, saved: &SavedRoom) -> Result<(), RestoreError> {
        if saved.format != SAVED_FORMAT {
            return Err(RestoreError::Format(saved.format));
        }
        let play = super::play::restored(&saved.play, &self.engines)?;
        let board = super::analysis::restored(&saved.analysis, MAX_LINES)?;
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
        let deleted = match &saved.deleted {
            None => None,
            Some(text) => {
                let records = parse_records(text).map_err(|e| bad("deleted game", e))?;
                let [record] = <[_; 1]>::try_from(records)
                    .map_err(|r: Vec<_>| bad("deleted game", format!("{} games", r.len())))?;
                Some(record)
            }
        };

        let lessons = saved.lessons.as_ref().map(super::lessons::restored);
        let puzzles = saved.puzzles.as_ref().map(super::puzzles::restored);

        let now = self.now();
        self.play.begin(&mut self.engines, play.start, now);
        self.play.restore_marks(play.resigned, play.hinted);
        let over = self.play.over();
        self.history
            .restore(games, over.then(|| self.play.game_id()), deleted);
        self.analysis.restore(board);
        self.analyst.game_changed();
        self.analyst.set_lines_wanted(saved.analysis.lines);
        if let Some(lessons) = lessons {
            self.lessons = lessons;
        }
        if let Some(puzzles) = puzzles {
            self.puzzles = puzzles;
        }
        Ok(())
    }
}

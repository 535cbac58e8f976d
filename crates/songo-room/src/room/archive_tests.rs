//! The finished games' archive (issue 43): a finished game is handed to
//! the host once, under its id, and leaves the saved state; games saved
//! before the archive move to it once; the archive read back lists each
//! game once.

use songo_core::record::{parse_records, GameRecord};

use super::history_tests::finish_a_game;
use super::tests::{archiving_room, room};
use super::*;
use crate::archive::{id_of, is_id, ArchivedGame};

fn listed(t: &Room) -> usize {
    let Outgoing::Games(list) = t.games_message() else {
        unreachable!()
    };
    list.games.len()
}

fn records(games: &[ArchivedGame]) -> Vec<GameRecord> {
    games
        .iter()
        .map(|g| parse_records(&g.text).unwrap().remove(0))
        .collect()
}

#[test]
fn a_finished_game_goes_to_the_archive_once_under_its_id_and_not_into_the_saved_state() {
    let (mut t, jobs) = archiving_room(&["songo"]);
    finish_a_game(&mut t, &jobs);
    let archived = t.take_unarchived();
    assert_eq!(archived.len(), 1);
    let g = &archived[0];
    assert!(is_id(&g.id), "{}", g.id);
    assert_eq!(id_of(&records(&archived)[0]), Some(g.id.as_str()));
    assert!(t.take_unarchived().is_empty(), "handed over twice");
    assert!(t.saved().games.is_empty(), "the saved state holds it too");
    assert_eq!(listed(&t), 1);
    // A second game: another id, the first not handed again.
    finish_a_game(&mut t, &jobs);
    let second = t.take_unarchived();
    assert_eq!(second.len(), 1);
    assert_ne!(second[0].id, g.id);
}

#[test]
fn a_failed_archive_write_keeps_the_game_in_the_saved_state_until_it_succeeds() {
    let (mut t, jobs) = archiving_room(&["songo"]);
    finish_a_game(&mut t, &jobs);
    let archived = t.take_unarchived();
    t.archive_failed(&archived);
    assert_eq!(t.saved().games, vec![archived[0].text.clone()]);
    assert_eq!(t.take_unarchived(), archived);
    assert!(t.saved().games.is_empty());
}

#[test]
fn games_saved_before_the_archive_move_to_it_once_and_the_archive_lists_each_once() {
    // Today's format: two finished games in the saved state, no ids.
    let (mut before, jobs) = room(&["songo"]);
    finish_a_game(&mut before, &jobs);
    finish_a_game(&mut before, &jobs);
    let mut saved = before.saved();
    for text in saved.games.iter_mut() {
        let mut r = parse_records(text).unwrap().remove(0);
        r.extra_tags.retain(|(name, _)| name != "GameId");
        *text = r.to_string();
    }
    assert!(!saved.games[0].contains("GameId"));

    let (mut t, _) = archiving_room(&["songo"]);
    t.restore(&saved).unwrap();
    let migrated = t.take_unarchived();
    assert_eq!(migrated.len(), 2, "both games go to the archive");
    assert!(migrated.iter().all(|g| is_id(&g.id)));
    assert_ne!(migrated[0].id, migrated[1].id);
    assert!(t.saved().games.is_empty());

    // A crash before the saved state was written: the next start migrates
    // again, and finds the archive holding both already.
    let (mut again, _) = archiving_room(&["songo"]);
    again.restore(&saved).unwrap();
    again.add_archived(records(&migrated));
    assert!(again.take_unarchived().is_empty(), "migrated twice");
    assert_eq!(listed(&again), 2);

    // The next start: the saved state without games, the archive with them.
    let (mut later, _) = archiving_room(&["songo"]);
    later.restore(&t.saved()).unwrap();
    later.add_archived(records(&migrated));
    assert_eq!(listed(&later), 2);
    assert!(later.take_unarchived().is_empty());
    // And an archive entry given twice is listed once.
    later.add_archived(records(&migrated));
    assert_eq!(listed(&later), 2);
}

#[test]
fn a_finished_game_is_opened_by_its_archive_id() {
    let (mut t, jobs) = archiving_room(&["songo"]);
    finish_a_game(&mut t, &jobs);
    finish_a_game(&mut t, &jobs);
    let Outgoing::Games(list) = t.games_message() else {
        unreachable!()
    };
    let first = list.games[0].id.clone();
    assert!(is_id(&first), "{first}");
    assert_ne!(first, list.games[1].id);
    let r = t.on_page(&format!(r#"{{"type":"open-game","id":"{first}"}}"#));
    assert!(r.changed(), "{r:?}");
    assert_eq!(t.analysis_view().origin.game, Some(1));
    let r = t.on_page(r#"{"type":"open-game","id":"20261206-000000-000-00000000"}"#);
    let (say, _) = super::tests::error_of(&r);
    assert!(matches!(say, Say::NoFinishedGameId { .. }), "{say:?}");
    // By its place in the list, as before.
    assert!(t.on_page(r#"{"type":"open-game","index":2}"#).changed());
    assert_eq!(t.analysis_view().origin.game, Some(2));
}

/// Issue 43: a record file imported into the finished games (a backup,
/// the other host's export): a game already there, by its id or by its
/// moves, date and players, is skipped and counted, so is one not
/// finished; the others are archived.
#[test]
fn an_imported_file_adds_its_new_finished_games_once() {
    let (mut t, jobs) = archiving_room(&["songo"]);
    finish_a_game(&mut t, &jobs);
    let ours = t.take_unarchived();
    // Our export: the game is there already.
    let Outgoing::Record { text, .. } = &t.on_page(r#"{"type":"export-games"}"#).to_sender[0]
    else {
        panic!("no export")
    };
    let (answer, out) = t.on_import(text.as_bytes(), None, "export.pgn");
    assert!(answer.ok);
    assert_eq!(
        answer.message,
        Some(Say::GamesImported {
            imported: 0,
            duplicates: 1,
            unfinished: 0
        })
    );
    assert!(matches!(&out[..], [Outgoing::Games(_)]));
    // The same game without its id (another tool's copy) is the same game;
    // one more game, and an unfinished one, from another file.
    let mut copy = parse_records(&ours[0].text).unwrap().remove(0);
    copy.extra_tags.retain(|(name, _)| name != "GameId");
    let mut other = copy.clone();
    other.south = "Ada".to_string();
    let mut unfinished = GameRecord::new(
        songo_core::Variant::Songo40,
        songo_core::Position::startpos(),
    );
    unfinished.result = songo_core::record::GameResult::Unfinished;
    let file = format!("{copy}\n{other}\n{unfinished}\n");
    let (answer, _) = t.on_import(file.as_bytes(), None, "other.pgn");
    assert_eq!(
        answer.message,
        Some(Say::GamesImported {
            imported: 1,
            duplicates: 1,
            unfinished: 1
        })
    );
    assert_eq!(listed(&t), 2);
    let archived = t.take_unarchived();
    assert_eq!(archived.len(), 1);
    assert!(archived[0].text.contains("[South \"Ada\"]"));
    // Imported again: nothing new.
    let (answer, _) = t.on_import(file.as_bytes(), None, "other.pgn");
    assert_eq!(answer.games, 0);
    assert_eq!(listed(&t), 2);
    // Not a record: refused, nothing changed.
    let (answer, _) = t.on_import(b"not a record", None, "x.pgn");
    assert!(!answer.ok);
    assert_eq!(listed(&t), 2);
}

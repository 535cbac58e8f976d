//! Deleting a finished game, with an undo (issue 43): the game leaves the
//! list and then the host's archive, an undo puts it back in both, and the
//! undo survives a restart. Nothing else ever removes a game.

use super::history_tests::finish_a_game;
use super::tests::{archiving_room, error_of, room};
use super::*;
use crate::messages::Topic;
use crate::view::GamesView;

fn list(t: &Room) -> GamesView {
    let Outgoing::Games(list) = t.games_message() else {
        unreachable!()
    };
    *list
}

fn ids(t: &Room) -> Vec<String> {
    list(t).games.into_iter().map(|g| g.id).collect()
}

fn delete(t: &mut Room, id: &str) -> Reply {
    t.on_page(&format!(r#"{{"type":"delete-game","id":"{id}"}}"#))
}

fn undo(t: &mut Room) -> Reply {
    t.on_page(r#"{"type":"undo-delete"}"#)
}

/// A room whose host has archived two finished games: their ids.
fn two_archived() -> (Room, [String; 2]) {
    let (mut t, jobs) = archiving_room(&["songo"]);
    finish_a_game(&mut t, &jobs);
    finish_a_game(&mut t, &jobs);
    let archived = t.take_unarchived();
    assert_eq!(archived.len(), 2);
    let ids = [archived[0].id.clone(), archived[1].id.clone()];
    (t, ids)
}

#[test]
fn a_deleted_game_leaves_the_list_and_the_archive_and_an_undo_puts_it_back_in_both() {
    let (mut t, [first, second]) = two_archived();
    let r = delete(&mut t, &first);
    assert!(r.changed(), "{r:?}");
    assert_eq!(ids(&t), vec![second.clone()]);
    assert_eq!(list(&t).deleted.map(|g| g.id), Some(first.clone()));
    assert_eq!(t.take_deleted(), vec![first.clone()]);
    assert!(t.take_deleted().is_empty(), "handed to the host twice");
    assert!(t.saved().deleted.is_some(), "the undo is not kept");

    assert!(undo(&mut t).changed());
    assert_eq!(
        ids(&t),
        vec![first.clone(), second],
        "not back in its place"
    );
    assert_eq!(list(&t).deleted, None);
    let again = t.take_unarchived();
    assert_eq!(again.len(), 1, "the archive does not get it back");
    assert_eq!(again[0].id, first);
    assert!(t.take_deleted().is_empty());
    let (say, _) = error_of(&undo(&mut t));
    assert_eq!(say, Say::NothingDeleted);
}

#[test]
fn an_undo_before_the_host_removed_the_game_leaves_the_archive_alone() {
    let (mut t, [first, _]) = two_archived();
    delete(&mut t, &first);
    undo(&mut t);
    assert!(t.take_deleted().is_empty(), "removed though put back");
    assert!(t.take_unarchived().is_empty(), "written twice");
    assert_eq!(ids(&t).len(), 2);
}

#[test]
fn a_game_not_archived_yet_is_deleted_without_the_host() {
    let (mut t, jobs) = archiving_room(&["songo"]);
    finish_a_game(&mut t, &jobs);
    let id = ids(&t)[0].clone();
    delete(&mut t, &id);
    assert!(t.take_unarchived().is_empty(), "a deleted game archived");
    assert!(
        t.take_deleted().is_empty(),
        "the host asked to remove a game it never had"
    );
    // Nor does a failed write bring it back.
    let (mut t, jobs) = archiving_room(&["songo"]);
    finish_a_game(&mut t, &jobs);
    let taken = t.take_unarchived();
    delete(&mut t, &taken[0].id);
    t.archive_failed(&taken);
    assert!(
        t.take_unarchived().is_empty(),
        "a deleted game offered again"
    );
    assert!(t.saved().games.is_empty());
}

#[test]
fn the_undo_survives_a_restart_and_a_removal_the_host_missed_is_asked_again() {
    let (mut t, [first, second]) = two_archived();
    let archive: Vec<_> = ids(&t)
        .iter()
        .map(|id| t.history.open(t.history.index_of(id).unwrap()).unwrap().0)
        .collect();
    delete(&mut t, &first);
    let saved = t.saved();

    // The host removed it before it stopped.
    let (mut next, _) = archiving_room(&["songo"]);
    next.restore(&saved).unwrap();
    next.add_archived(archive[1..].to_vec());
    assert_eq!(ids(&next), vec![second.clone()]);
    assert!(next.take_deleted().is_empty());
    undo(&mut next);
    assert_eq!(ids(&next), vec![first.clone(), second.clone()]);
    assert_eq!(next.take_unarchived().len(), 1);

    // It stopped first: the game is still in the archive.
    let (mut next, _) = archiving_room(&["songo"]);
    next.restore(&saved).unwrap();
    next.add_archived(archive.clone());
    assert_eq!(ids(&next), vec![second], "a deleted game came back");
    assert_eq!(next.take_deleted(), vec![first.clone()]);
    assert_eq!(list(&next).deleted.map(|g| g.id), Some(first));
}

#[test]
fn a_failed_removal_is_offered_again_unless_undone() {
    let (mut t, [first, _]) = two_archived();
    delete(&mut t, &first);
    let taken = t.take_deleted();
    t.delete_failed(&taken);
    assert_eq!(t.take_deleted(), taken);
    t.delete_failed(&taken);
    undo(&mut t);
    assert!(t.take_deleted().is_empty());
    t.delete_failed(&taken);
    assert!(t.take_deleted().is_empty(), "a game put back removed");
}

#[test]
fn without_an_archive_the_saved_state_loses_and_regains_the_game() {
    let (mut t, jobs) = room(&["songo"]);
    finish_a_game(&mut t, &jobs);
    finish_a_game(&mut t, &jobs);
    let [first, second] = <[String; 2]>::try_from(ids(&t)).unwrap();
    delete(&mut t, &second);
    assert_eq!(t.saved().games.len(), 1);
    assert!(t.take_deleted().is_empty());
    let (mut next, _) = room(&["songo"]);
    next.restore(&t.saved()).unwrap();
    assert_eq!(ids(&next), vec![first.clone()]);
    undo(&mut next);
    assert_eq!(ids(&next), vec![first, second]);
    assert_eq!(next.saved().games.len(), 2);
}

#[test]
fn a_new_game_ends_the_undo_and_bad_deletes_are_refused() {
    let (mut t, jobs) = archiving_room(&["songo"]);
    finish_a_game(&mut t, &jobs);
    let id = ids(&t)[0].clone();
    let (say, topic) = error_of(&delete(&mut t, "20261206-000000-000-00000000"));
    assert!(matches!(say, Say::NoFinishedGameId { .. }), "{say:?}");
    assert_eq!(topic, Some(Topic::Games));
    assert_eq!(ids(&t), vec![id.clone()]);
    delete(&mut t, &id);
    let (say, _) = error_of(&delete(&mut t, &id));
    assert!(
        matches!(say, Say::NoFinishedGameId { .. }),
        "deleted twice: {say:?}"
    );
    finish_a_game(&mut t, &jobs);
    assert_eq!(list(&t).deleted, None);
    let (say, _) = error_of(&undo(&mut t));
    assert_eq!(say, Say::NothingDeleted);
}

//! Finished games: recorded once when a game ends, listed, opened on the
//! analysis board, exported in one file, kept with the saved state.

use songo_core::record::parse_records;

use super::tests::{answer, room, Jobs};
use super::*;
use crate::view::GamesView;

/// A songo40 game that ends after 14 plies, North winning (South's row
/// empty), the person South.
pub(super) fn finish_a_game(t: &mut Room, jobs: &Jobs) {
    let plies: Vec<&str> = "E c F c C e D f B d A f G b".split(' ').collect();
    t.on_page(r#"{"type":"new-game","variant":"songo40","side":"south","level":3}"#);
    for pair in plies.chunks(2) {
        t.on_page(&format!(r#"{{"type":"move","pit":"{}"}}"#, pair[0]));
        answer(t, jobs, pair[1]);
    }
    assert_eq!(t.view().state, crate::view::PlayState::Over);
}

fn games(out: &[Outgoing]) -> Option<&GamesView> {
    out.iter().find_map(|o| match o {
        Outgoing::Games(g) => Some(&**g),
        _ => None,
    })
}

#[test]
fn a_finished_game_is_recorded_once_and_listed() {
    let (mut t, jobs) = room(&["songo"]);
    let welcome = t.welcome();
    assert_eq!(games(&welcome).map(|g| g.games.len()), Some(0));
    finish_a_game(&mut t, &jobs);
    let Outgoing::Games(list) = t.games_message() else {
        unreachable!()
    };
    assert_eq!(list.games.len(), 1);
    let g = &list.games[0];
    assert_eq!(
        (g.index, g.variant.as_str(), g.result.as_str(), g.plies),
        (1, "songo40", "0-1", 14)
    );
    assert_eq!(
        (g.south.as_str(), g.north.as_str()),
        ("Human", "songo (level 3)")
    );
    assert!(!g.date.is_empty());
    assert!(
        matches!(
            g.termination,
            Say::EndEmptyRow
                | Say::EndThreshold
                | Say::EndFewSeeds
                | Say::EndCannotFeed
                | Say::EndRepetition
        ),
        "{:?}",
        g.termination
    );
    // More messages after the end record nothing more.
    let r = t.on_page(r#"{"type":"state"}"#);
    assert_eq!(games(&r.to_sender).map(|g| g.games.len()), Some(1));
    assert!(games(&r.broadcast).is_none());
}

#[test]
fn a_finished_game_opens_on_the_board_and_all_export_together() {
    let (mut t, jobs) = room(&["songo"]);
    let r = t.on_page(r#"{"type":"export-games"}"#);
    assert!(
        matches!(&r.to_sender[..], [Outgoing::Error { .. }]),
        "{r:?}"
    );
    finish_a_game(&mut t, &jobs);
    finish_a_game(&mut t, &jobs);
    let r = t.on_page(r#"{"type":"open-game","index":2}"#);
    assert!(r.changed());
    let a = t.analysis_view();
    assert_eq!(
        (a.origin.kind, a.origin.game, a.moves.len()),
        ("games", Some(2), 14)
    );
    assert_eq!((a.origin.kind, a.origin.name.as_deref()), ("games", None));
    assert_eq!(a.origin.games.len(), 2);
    let bad = t.on_page(r#"{"type":"open-game","index":3}"#);
    assert!(matches!(&bad.to_sender[..], [Outgoing::Error { .. }]));
    let r = t.on_page(r#"{"type":"export-games"}"#);
    let [Outgoing::Record { file_name, text }] = &r.to_sender[..] else {
        panic!("{r:?}")
    };
    assert!(file_name.starts_with("songo-games-") && file_name.ends_with(".pgn"));
    assert_eq!(parse_records(text).unwrap().len(), 2);
}

#[test]
fn finished_games_are_kept_with_the_saved_state() {
    let (mut t, jobs) = room(&["songo"]);
    finish_a_game(&mut t, &jobs);
    let saved = t.saved();
    assert_eq!(saved.games.len(), 1);
    let (mut again, _) = room(&["songo"]);
    again
        .restore(&SavedRoom::from_json(&saved.to_json()).unwrap())
        .unwrap();
    assert_eq!(again.saved(), saved);
    // The restored game is over and already listed: not recorded twice.
    let r = again.on_page(r#"{"type":"state"}"#);
    assert!(games(&r.broadcast).is_none());
    assert_eq!(again.saved().games.len(), 1);
    // Data saved before the list existed reads as no games.
    let mut old: serde_json::Value = serde_json::from_str(&saved.to_json()).unwrap();
    old.as_object_mut().unwrap().remove("games");
    let old = SavedRoom::from_json(&old.to_string()).unwrap();
    assert!(old.games.is_empty());
    // A damaged game is refused with the rest.
    let mut bad = saved.clone();
    bad.games.push("not a record".into());
    let before = again.saved();
    assert!(again.restore(&bad).is_err());
    assert_eq!(again.saved(), before);
}

/// The newcomer's finding (issue 38): a take-back after a game the rules
/// ended reopened it, and finishing it again changed the game listed.
/// A finished game is kept as it ended.
#[test]
fn nothing_is_taken_back_from_a_finished_game() {
    let (mut t, jobs) = room(&["songo"]);
    finish_a_game(&mut t, &jobs);
    let listed = t.saved().games;
    let before = t.view();
    let r = t.on_page(r#"{"type":"take-back"}"#);
    assert_eq!(super::tests::error_of(&r).0, Say::GameOver);
    assert_eq!(t.view().moves, before.moves);
    assert_eq!(t.saved().games, listed);
}

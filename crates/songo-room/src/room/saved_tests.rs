//! A room saved and restored: the same state comes back, the engine is
//! asked again when it is its move, and damaged data changes nothing.

use super::tests::{answer, last_search, room};
use super::*;
use crate::link::Job;

/// A room after a few moves of play, a set-up board stepped back, and two
/// analysis lines wanted.
fn played() -> Room {
    let (mut t, jobs) = room(&["songo", "other"]);
    assert!(t
        .on_page(r#"{"type":"new-game","variant":"songo36-amateur","side":"south","level":4}"#)
        .changed());
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    answer(&mut t, &jobs, "e");
    t.on_page(r#"{"type":"move","pit":"D"}"#);
    answer(&mut t, &jobs, "f");
    t.on_page(r#"{"type":"analyse-game"}"#);
    t.on_page(r#"{"type":"goto","ply":2}"#);
    t.on_page(r#"{"type":"analyse","on":false,"lines":2}"#);
    t
}

#[test]
fn a_saved_room_comes_back_the_same() {
    let t = played();
    let saved = t.saved();
    assert_eq!(saved.play.moves, ["C", "e", "D", "f"]);
    assert_eq!(saved.play.level, 4);
    assert_eq!(saved.analysis.cursor, 2);
    assert_eq!(saved.analysis.lines, 2);
    let text = saved.to_json();
    let read = SavedRoom::from_json(&text).unwrap();
    assert_eq!(read, saved);

    let (mut fresh, _) = room(&["songo", "other"]);
    fresh.restore(&read).unwrap();
    assert_eq!(fresh.saved(), saved);
    assert_eq!(fresh.view().position, t.view().position);
    // The view's id counts changes, which differ by how the board got there.
    let (mut a, b) = (fresh.analysis_view(), t.analysis_view());
    a.id = b.id;
    assert_eq!(a, b);
}

#[test]
fn a_restored_game_asks_the_engine_when_it_is_its_move() {
    let (mut t, _) = room(&["songo"]);
    t.on_page(r#"{"type":"new-game","variant":"songo40","side":"north","level":2}"#);
    let saved = t.saved();
    assert!(saved.play.moves.is_empty());
    let (mut fresh, jobs) = room(&["songo"]);
    fresh.restore(&saved).unwrap();
    let (_, _, search) = last_search(&jobs);
    assert_eq!(search.level, 2);
    assert!(search.moves.is_empty());
    assert!(jobs
        .lock()
        .unwrap()
        .iter()
        .any(|(_, j)| matches!(j, Job::NewGame { level: 2, .. })));
}

#[test]
fn a_loaded_record_is_kept_with_the_board() {
    let (mut t, _) = room(&["songo"]);
    let record = "[Variant \"songo40\"]\n[South \"Ada\"]\n[North \"Bo\"]\n[Result \"*\"]\n\n1. C d 2. E a *\n";
    let (answer, _) = t.on_upload(record.as_bytes(), None, "one.pgn");
    assert!(answer.ok, "{answer:?}");
    let saved = t.saved();
    let SavedOrigin::Record { index, record } = &saved.analysis.origin else {
        panic!("{:?}", saved.analysis.origin)
    };
    assert_eq!(*index, 1);
    assert!(record.contains("[South \"Ada\"]"), "{record}");
    let (mut fresh, _) = room(&["songo"]);
    fresh
        .restore(&SavedRoom::from_json(&saved.to_json()).unwrap())
        .unwrap();
    assert_eq!(fresh.saved(), saved);
    let view = fresh.analysis_view();
    assert_eq!(view.origin.south.as_deref(), Some("Ada"));
}

#[test]
fn damaged_or_foreign_data_changes_nothing() {
    let t = played();
    let good = t.saved();
    let mut cases: Vec<(SavedRoom, &str)> = Vec::new();
    let mut s = good.clone();
    s.play.moves.push("a".into()); // North's pit on South's move
    cases.push((s, "ply 4"));
    let mut s = good.clone();
    s.play.variant = "chess".into();
    cases.push((s, "game"));
    let mut s = good.clone();
    s.play.level = 11;
    cases.push((s, "level 11"));
    let mut s = good.clone();
    s.play.human = "east".into();
    cases.push((s, "side 'east'"));
    let mut s = good.clone();
    s.analysis.cursor = 99;
    cases.push((s, "ply 99"));
    let mut s = good.clone();
    s.analysis.start = "1,2,3".into();
    cases.push((s, "board"));
    let mut s = good.clone();
    s.analysis.lines = 0;
    cases.push((s, "0 lines"));
    let mut s = good.clone();
    s.analysis.origin = SavedOrigin::Record {
        index: 1,
        record: "not a record".into(),
    };
    cases.push((s, "record"));
    let mut s = good.clone();
    s.format = 2;
    cases.push((s, "format 2"));

    let (mut other, _) = room(&["songo", "other"]);
    let before = other.saved();
    for (bad, expect) in cases {
        let e = other.restore(&bad).unwrap_err().to_string();
        assert!(e.contains(expect), "{expect:?} not in {e}");
        assert_eq!(other.saved(), before, "{bad:?}");
    }
    for text in ["", "{", "[]", r#"{"format":1}"#, r#"{"format":7,"x":1}"#] {
        assert!(SavedRoom::from_json(text).is_err(), "{text}");
    }
    assert_eq!(
        SavedRoom::from_json(r#"{"format":7,"x":1}"#).unwrap_err(),
        RestoreError::Format(7)
    );
}

#[test]
fn an_engine_the_room_no_longer_has_falls_back_to_the_first() {
    let mut saved = played().saved();
    saved.play.engine = "gone".into();
    let (mut fresh, _) = room(&["songo"]);
    fresh.restore(&saved).unwrap();
    assert_eq!(fresh.saved().play.engine, "songo");
}

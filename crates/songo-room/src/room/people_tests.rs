//! Two people at one board (issue 38): both sides play from the page, the
//! engine is off but for hints (marked in the record), a take-back needs
//! both to agree, the side to move may resign, each side's clock runs on
//! its turn and its flag falls; the game survives a restore and is listed
//! once, like a game lost on time (defect 1).

use super::tests::{answer, last_search, room, Jobs};
use super::timing_tests::{timed_room, Hand};
use super::*;
use crate::link::Job;
use crate::messages::SideName;
use crate::view::PlayState;

const TWO: &str =
    r#"{"type":"new-game","variant":"songo40","side":"both","level":3,"names":["Ada","Béa"]}"#;

fn searches(jobs: &Jobs) -> usize {
    jobs.lock()
        .unwrap()
        .iter()
        .filter(|(_, j)| matches!(j, Job::Search { .. }))
        .count()
}

fn error(r: &Reply) -> Say {
    match &r.to_sender[..] {
        [Outgoing::Error { message, .. }] | [Outgoing::Illegal { why: message, .. }] => {
            message.clone()
        }
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn both_sides_play_from_the_page_and_the_engine_stays_off() {
    let (mut t, jobs) = room(&["songo"]);
    assert!(t.on_page(TWO).changed());
    let v = t.view();
    assert_eq!(v.human, "both");
    assert_eq!(v.names, Some(["Ada".to_string(), "Béa".to_string()]));
    for (pit, legal) in [("C", "A"), ("d", "a"), ("E", "A")] {
        let v = t.view();
        assert_eq!(v.state, PlayState::YourMove);
        // The side to move's pits are offered, and only those.
        assert!(v.legal.contains(&legal.to_string()), "{v:?}");
        assert!(t
            .on_page(&format!(r#"{{"type":"move","pit":"{pit}"}}"#))
            .changed());
    }
    assert_eq!(t.view().moves, ["C", "d", "E"]);
    // A pit number is the side to move's: North's 2 is b.
    t.on_page(r#"{"type":"move","pit":"2"}"#);
    assert_eq!(t.view().moves, ["C", "d", "E", "b"]);
    assert_eq!(searches(&jobs), 0, "the engine played");
    // A name that is not one.
    let r = t.on_page(
        r#"{"type":"new-game","variant":"songo40","side":"both","level":3,"names":["","Béa"]}"#,
    );
    assert!(matches!(error(&r), Say::BadName { .. }));
}

#[test]
fn a_take_back_needs_both_and_undoes_one_move() {
    let (mut t, _) = room(&["songo"]);
    t.on_page(TWO);
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    t.on_page(r#"{"type":"move","pit":"d"}"#);
    let r = t.on_page(r#"{"type":"take-back"}"#);
    assert_eq!(error(&r), Say::TakeBackNotAgreed);
    assert_eq!(t.view().moves, ["C", "d"]);
    let r = t.on_page(r#"{"type":"take-back","agreed":true}"#);
    assert!(r.changed());
    assert_eq!(t.view().moves, ["C"]);
    assert_eq!(t.view().to_move, "north");
}

#[test]
fn a_hint_is_the_engines_and_the_record_marks_it() {
    let (mut t, jobs) = room(&["songo"]);
    t.on_page(TWO);
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    t.on_page(r#"{"type":"hint"}"#);
    let (_, _, search) = last_search(&jobs);
    assert_eq!(search.moves.len(), 1);
    answer(&mut t, &jobs, "d");
    assert_eq!(t.view().hinted, [1]);
    t.on_page(r#"{"type":"move","pit":"d"}"#);
    // Nothing was played for them: the hint is shown, never played.
    assert_eq!(t.view().moves, ["C", "d"]);
    let Reply { to_sender, .. } = t.on_page(r#"{"type":"save","game":"play"}"#);
    let [Outgoing::Record { text, .. }] = &to_sender[..] else {
        panic!("{to_sender:?}")
    };
    assert!(text.contains("1. C d {hint}"), "{text}");
    assert!(
        text.contains("[South \"Ada\"]") && !text.contains("(level"),
        "{text}"
    );
}

#[test]
fn the_side_to_move_resigns_and_the_game_is_listed_once() {
    let (mut t, _) = room(&["songo"]);
    t.on_page(TWO);
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    let r = t.on_page(r#"{"type":"resign"}"#);
    let v = t.view();
    assert_eq!(v.state, PlayState::Over);
    let result = v.result.unwrap();
    assert_eq!(
        (result.score.as_str(), &result.reason, result.resigned),
        (
            "1-0",
            &Say::EndResigned {
                side: SideName::North
            },
            true
        )
    );
    assert!(
        matches!(r.broadcast.last(), Some(Outgoing::Games(_))),
        "{r:?}"
    );
    // Over: no more moves, no take-back, no second resignation.
    assert_eq!(error(&t.on_page(r#"{"type":"resign"}"#)), Say::GameOver);
    assert!(matches!(
        error(&t.on_page(r#"{"type":"take-back","agreed":true}"#)),
        Say::LostByResignation { .. }
    ));
    // Kept and restored: still one finished game, still over.
    let saved = t.saved();
    let (mut fresh, _) = room(&["songo"]);
    fresh.restore(&saved).unwrap();
    assert!(fresh.on_time().is_empty());
    assert_eq!(fresh.saved().games.len(), 1);
    assert_eq!(fresh.view().state, PlayState::Over);
}

#[test]
fn each_clock_runs_on_its_turn_and_either_flag_falls() {
    let hand = Hand::new();
    let (mut t, jobs) = timed_room(&hand, false);
    t.on_page(
        r#"{"type":"new-game","variant":"songo40","side":"both","level":3,"names":["S","N"],"tc":{"base_ms":3000,"inc_ms":0}}"#,
    );
    hand.pass(1000);
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    // North's clock runs now, and the room wakes for North's flag too.
    let c = t.view().clock.unwrap();
    assert_eq!(
        (c.left_ms, c.running.as_deref()),
        ([2000, 3000], Some("north"))
    );
    assert!(t.next_deadline().is_some());
    hand.pass(3000);
    let out = t.on_time();
    assert!(!out.is_empty());
    let result = t.view().result.unwrap();
    assert_eq!((result.score.as_str(), result.on_time), ("1-0", true));
    assert_eq!(searches(&jobs), 0);
    assert_eq!(t.saved().games.len(), 1);
}

/// Defect 1: a game lost on time was listed once more after every
/// restart (the saved room came back with it unrecorded).
#[test]
fn a_game_lost_on_time_is_listed_once_however_often_the_room_comes_back() {
    let hand = Hand::new();
    let (mut t, _) = timed_room(&hand, false);
    t.on_page(
        r#"{"type":"new-game","variant":"songo40","side":"south","level":3,"tc":{"base_ms":1000,"inc_ms":0}}"#,
    );
    hand.pass(1500);
    t.on_time();
    assert_eq!(t.saved().games.len(), 1);
    let mut saved = t.saved();
    for _ in 0..3 {
        let (mut back, _) = timed_room(&hand, false);
        back.restore(&saved).unwrap();
        back.on_time();
        back.on_page(r#"{"type":"state"}"#);
        saved = back.saved();
        assert_eq!(saved.games.len(), 1, "listed again after a restore");
    }
}

#[test]
fn two_people_come_back_after_a_restore() {
    let (mut t, _) = room(&["songo"]);
    t.on_page(TWO);
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    let saved = t.saved();
    let (mut back, jobs) = room(&["songo"]);
    back.restore(&saved).unwrap();
    let v = back.view();
    assert_eq!((v.human.as_str(), v.state), ("both", PlayState::YourMove));
    assert_eq!(v.names, Some(["Ada".to_string(), "Béa".to_string()]));
    assert_eq!(searches(&jobs), 0, "North is a person, not the engine");
    assert!(back.on_page(r#"{"type":"move","pit":"d"}"#).changed());
}

/// Every way a game ends (the rules, time, resignation; against the
/// engine and between two people): recorded once, and still once after
/// the room is kept and restored again and again (a reload, a restart) and
/// answers each page's messages meanwhile (its tab, a second one).
#[test]
fn every_ending_is_listed_once_however_often_the_room_comes_back() {
    let hand = Hand::new();
    type End = fn(&mut Room, &Jobs, &Hand);
    let endings: [(&str, End); 5] = [
        ("rules", |t, jobs, _| {
            super::history_tests::finish_a_game(t, jobs);
        }),
        ("time", |t, _, hand| {
            t.on_page(
                r#"{"type":"new-game","variant":"songo40","side":"south","level":3,"tc":{"base_ms":1000,"inc_ms":0}}"#,
            );
            hand.pass(1500);
            t.on_time();
        }),
        ("resignation", |t, _, _| {
            t.on_page(r#"{"type":"new-game","variant":"songo40","side":"north","level":3}"#);
            t.on_page(r#"{"type":"resign"}"#);
        }),
        ("two players, resignation", |t, _, _| {
            t.on_page(TWO);
            t.on_page(r#"{"type":"move","pit":"C"}"#);
            t.on_page(r#"{"type":"resign"}"#);
        }),
        ("two players, time", |t, _, hand| {
            t.on_page(
                r#"{"type":"new-game","variant":"songo40","side":"both","level":3,"names":["A","B"],"tc":{"base_ms":1000,"inc_ms":0}}"#,
            );
            t.on_page(r#"{"type":"move","pit":"C"}"#);
            hand.pass(1500);
            t.on_time();
        }),
    ];
    for (how, end) in endings {
        let (mut t, jobs) = timed_room(&hand, false);
        end(&mut t, &jobs, &hand);
        assert_eq!(t.view().state, PlayState::Over, "{how}");
        assert_eq!(t.saved().games.len(), 1, "{how}");
        let mut saved = t.saved();
        for _ in 0..3 {
            let (mut back, _) = timed_room(&hand, false);
            back.restore(&saved).unwrap();
            hand.pass(1000);
            back.on_time();
            back.on_page(r#"{"type":"state"}"#);
            back.on_page(r#"{"type":"claim"}"#);
            saved = back.saved();
            assert_eq!(saved.games.len(), 1, "{how}: listed again after a restore");
        }
    }
}

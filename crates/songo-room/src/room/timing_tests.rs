//! Time in the game against the engine, on a clock the tests move by
//! hand: the clocks charged and shown, the engine on its own clock,
//! losses on time (the person's by the deadline, the engine's by a late
//! answer or a stall), the weak levels' pause, think times, and timed
//! games saved and restored.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use songo_client::{BestMove, EngineSpec};
use songo_core::record::parse_records;
use songo_core::Side;
use web_time::Instant;

use super::tests::{answer, last_search, Jobs};
use super::*;
use crate::link::{BestMoveLine, Failure, Job, Limit};
use crate::messages::SideName;
use crate::view::{PlayState, View};

/// A clock that moves only when told.
#[derive(Clone)]
pub(super) struct Hand(Arc<Mutex<Instant>>);

impl Hand {
    pub(super) fn new() -> Hand {
        Hand(Arc::new(Mutex::new(Instant::now())))
    }

    fn now(&self) -> Instant {
        *self.0.lock().unwrap()
    }

    pub(super) fn pass(&self, ms: u64) {
        *self.0.lock().unwrap() += Duration::from_millis(ms);
    }

    fn set(&self, at: Instant) {
        *self.0.lock().unwrap() = at;
    }
}

struct Recorder {
    generation: u64,
    jobs: Jobs,
}

impl EngineLink for Recorder {
    fn send(&mut self, job: Job) {
        self.jobs.lock().unwrap().push((self.generation, job));
    }
}

/// A room on `hand`'s time, its engine thinking 2 s a move (as in `songo
/// gui`), with or without the weak levels' pause.
pub(super) fn timed_room(hand: &Hand, pause: bool) -> (Room, Jobs) {
    timed_room_with(hand, pause, false)
}

/// As [`timed_room`], the finished games kept by the host's archive
/// (`archive`) or by the saved state.
fn timed_room_with(hand: &Hand, pause: bool, archive: bool) -> (Room, Jobs) {
    let jobs: Jobs = Arc::default();
    let seen = jobs.clone();
    let spawn: Spawner = Box::new(move |_, generation| {
        Box::new(Recorder {
            generation,
            jobs: seen.clone(),
        })
    });
    let read = hand.clone();
    let config = RoomConfig {
        engines: vec![EngineSpec::from_named_command("songo=/bin/songo").unwrap()],
        movetime: MOVETIME,
        tablebases: None,
        book: None,
        time: Some(Box::new(move || read.now())),
        pause,
        archive,
    };
    (Room::new(config, spawn), jobs)
}

fn new_game(t: &mut Room, side: &str, level: u8, timing: &str) -> Reply {
    t.on_page(&format!(
        r#"{{"type":"new-game","variant":"songo40","side":"{side}","level":{level}{timing}}}"#
    ))
}

fn clock(v: &View) -> ([u64; 2], Option<&str>) {
    let c = v.clock.as_ref().expect("a clock");
    (c.left_ms, c.running.as_deref())
}

fn error_text(r: &Reply) -> Say {
    match &r.to_sender[..] {
        [Outgoing::Error { message, .. }] => message.clone(),
        [Outgoing::Illegal { why, .. }] => why.clone(),
        other => panic!("not refused: {other:?}"),
    }
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

#[test]
fn both_clocks_are_charged_and_the_engine_plays_on_its_own() {
    let hand = Hand::new();
    let (mut t, jobs) = timed_room(&hand, false);
    let r = new_game(
        &mut t,
        "south",
        5,
        r#","tc":{"base_ms":60000,"inc_ms":2000}"#,
    );
    assert!(r.changed(), "{r:?}");
    let v = t.view();
    assert_eq!(clock(&v), ([60_000, 60_000], Some("south")));
    let c = v.clock.as_ref().unwrap();
    assert_eq!(
        (c.label.as_str(), c.tc.base_ms, c.tc.inc_ms),
        ("1+2", 60_000, 2000)
    );
    hand.pass(3000);
    assert_eq!(clock(&t.view()), ([57_000, 60_000], Some("south")));
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    // South: 60 - 3 + 2 s; North's clock runs, and the engine is asked
    // on it.
    assert_eq!(clock(&t.view()), ([59_000, 60_000], Some("north")));
    let (_, _, search) = last_search(&jobs);
    let limit = Limit::Clock {
        time: [ms(59_000), ms(60_000)],
        inc: [ms(2000); 2],
        mover: Side::North,
    };
    assert_eq!(search.limit, limit);
    assert_eq!(limit.go(), "go wtime 59000 btime 60000 winc 2000 binc 2000");
    hand.pass(1500);
    answer(&mut t, &jobs, "d");
    let v = t.view();
    assert_eq!(v.moves, ["C", "d"]);
    assert_eq!(clock(&v), ([59_000, 60_500], Some("south")));
    // The record names the time control.
    let Reply { to_sender, .. } = t.on_page(r#"{"type":"save","game":"play"}"#);
    let [Outgoing::Record { text, .. }] = &to_sender[..] else {
        panic!("{to_sender:?}")
    };
    assert!(text.contains("[TimeControl \"60+2\"]"), "{text}");
}

#[test]
fn the_persons_flag_falls_with_no_message() {
    let hand = Hand::new();
    let (mut t, jobs) = timed_room(&hand, false);
    let t0 = hand.now();
    new_game(&mut t, "south", 5, r#","tc":{"base_ms":3000,"inc_ms":0}"#);
    assert_eq!(t.next_deadline(), Some(t0 + ms(3000)));
    t.on_page(r#"{"type":"hint"}"#);
    hand.pass(2999);
    assert!(t.on_time().is_empty());
    hand.pass(1);
    let out = t.on_time();
    // The state, then the finished game's list (the game is over).
    let [Outgoing::State(v), Outgoing::Games(_)] = &out[..] else {
        panic!("{out:?}")
    };
    assert_eq!(v.state, PlayState::Over);
    assert!(v.legal.is_empty());
    assert!(
        v.why.values().all(|w| *w
            == Say::OverOnTime {
                side: SideName::South
            }),
        "{v:?}"
    );
    let r = v.result.as_ref().unwrap();
    assert_eq!(
        (r.score.as_str(), &r.reason),
        (
            "0-1",
            &Say::EndTime {
                side: SideName::South
            }
        )
    );
    assert_eq!((r.winner.as_deref(), r.on_time), (Some("north"), true));
    assert_eq!(clock(v), ([0, 3000], None));
    assert!(v.hint.is_none());
    // The engine stopped looking for a hint.
    assert_eq!(
        jobs.lock().unwrap().last().map(|(_, j)| j),
        Some(&Job::Cancel)
    );
    assert_eq!(t.next_deadline(), None);
    // Nothing more is played, nor taken back.
    let r = t.on_page(r#"{"type":"move","pit":"C"}"#);
    assert!(matches!(error_text(&r), Say::OverOnTime { .. }), "{r:?}");
    let Reply { to_sender, .. } = t.on_page(r#"{"type":"save","game":"play"}"#);
    let [Outgoing::Record { text, .. }] = &to_sender[..] else {
        panic!("{to_sender:?}")
    };
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
    assert!(text.contains("[TimeControl \"3+0\"]"), "{text}");
}

#[test]
fn a_move_that_arrives_after_the_flag_is_not_played() {
    let hand = Hand::new();
    let (mut t, _) = timed_room(&hand, false);
    new_game(&mut t, "south", 5, r#","tc":{"base_ms":3000,"inc_ms":0}"#);
    // The host woke late: the move's message is judged first.
    hand.pass(3200);
    let r = t.on_page(r#"{"type":"move","pit":"C"}"#);
    assert_eq!(
        error_text(&r),
        Say::OverOnTime {
            side: SideName::South
        },
        "{r:?}"
    );
    // The state, then the finished game's list (the game is over).
    let [Outgoing::State(v), Outgoing::Games(_)] = &r.broadcast[..] else {
        panic!("{r:?}")
    };
    assert!(v.moves.is_empty());
    assert_eq!(v.result.as_ref().unwrap().score, "0-1");
    // A take back after a loss on time is refused.
    let (mut t, jobs) = timed_room(&hand, false);
    new_game(&mut t, "south", 5, r#","tc":{"base_ms":3000,"inc_ms":0}"#);
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    answer(&mut t, &jobs, "d");
    hand.pass(3000);
    // The state, and the list of finished games that now holds this one.
    assert_eq!(t.on_time().len(), 2);
    let r = t.on_page(r#"{"type":"take-back"}"#);
    assert!(matches!(error_text(&r), Say::LostOnTime { .. }), "{r:?}");
}

#[test]
fn the_engine_loses_when_its_answer_comes_late_or_never() {
    let hand = Hand::new();
    let (mut t, jobs) = timed_room(&hand, false);
    new_game(
        &mut t,
        "north",
        5,
        r#","tc":{"base_ms":3000,"inc_ms":1000}"#,
    );
    // No deadline for the engine's flag: its answer is judged.
    assert_eq!(t.next_deadline(), None);
    let (_, _, search) = last_search(&jobs);
    assert_eq!(
        search.limit.patience(),
        Some(ms(3000) + crate::link::CLOCK_GRACE)
    );
    hand.pass(3001);
    answer(&mut t, &jobs, "A");
    let v = t.view();
    assert!(v.moves.is_empty(), "{v:?}");
    let r = v.result.unwrap();
    assert_eq!(
        (r.score.as_str(), &r.reason),
        (
            "0-1",
            &Say::EndTime {
                side: SideName::South
            }
        )
    );

    // A stall: the driver gives up after its patience.
    let (mut t, jobs) = timed_room(&hand, false);
    new_game(&mut t, "south", 5, r#","tc":{"base_ms":3000,"inc_ms":0}"#);
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    let (g, _, _) = last_search(&jobs);
    hand.pass(5000);
    let out = t.on_engine(g, LinkEvent::Failed(Failure::Stalled(ms(5000))));
    // The state, then the finished game's list (the game is over).
    let [Outgoing::State(v), Outgoing::Games(_)] = &out[..] else {
        panic!("{out:?}")
    };
    assert_eq!(
        v.result.as_ref().unwrap().reason,
        Say::EndTime {
            side: SideName::North
        }
    );
    assert_eq!(v.state, PlayState::Over);
}

#[test]
fn weak_levels_hold_an_early_answer_until_a_natural_moment() {
    let hand = Hand::new();
    let (mut t, jobs) = timed_room(&hand, true);
    new_game(&mut t, "south", 1, "");
    let asked = hand.now();
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    hand.pass(20);
    // Held: nothing to show yet, the engine still "thinks".
    assert!(answer(&mut t, &jobs, "d").is_empty());
    let v = t.view();
    assert_eq!((v.moves.len(), v.state), (1, PlayState::Thinking));
    let release = t.next_deadline().expect("the held answer's moment");
    let pause = release - asked;
    assert!(
        (PAUSE_MIN..=PAUSE_MIN + PAUSE_SPREAD).contains(&pause),
        "{pause:?}"
    );
    hand.set(release - ms(1));
    assert!(t.on_time().is_empty());
    hand.set(release);
    let out = t.on_time();
    let [Outgoing::State(v)] = &out[..] else {
        panic!("{out:?}")
    };
    assert_eq!((v.moves.len(), v.state), (2, PlayState::YourMove));
    assert_eq!(t.next_deadline(), None);

    // A slow answer is played at once.
    t.on_page(r#"{"type":"move","pit":"D"}"#);
    hand.pass(900);
    answer(&mut t, &jobs, "e");
    assert_eq!(t.view().moves.len(), 4);

    // A take back drops a held answer.
    t.on_page(r#"{"type":"move","pit":"E"}"#);
    answer(&mut t, &jobs, "f");
    assert!(t.next_deadline().is_some());
    t.on_page(r#"{"type":"take-back"}"#);
    assert_eq!((t.view().moves.len(), t.next_deadline()), (4, None));

    // From level 5 no pause.
    new_game(&mut t, "south", 5, "");
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    answer(&mut t, &jobs, "d");
    assert_eq!(t.view().moves.len(), 2);
}

#[test]
fn the_pause_is_the_engines_own_time_and_short_for_quick_games() {
    let hand = Hand::new();
    let (mut t, jobs) = timed_room(&hand, true);
    // On a clock: charged to the engine, no more than a 20th of its time.
    new_game(&mut t, "south", 2, r#","tc":{"base_ms":60000,"inc_ms":0}"#);
    let asked = hand.now();
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    answer(&mut t, &jobs, "d");
    let release = t.next_deadline().unwrap();
    hand.set(release);
    t.on_time();
    let pause = (release - asked).as_millis() as u64;
    assert_eq!(clock(&t.view()), ([60_000, 60_000 - pause], Some("south")));
    let (mut t, jobs) = timed_room(&hand, true);
    new_game(&mut t, "south", 2, r#","tc":{"base_ms":4000,"inc_ms":0}"#);
    let asked = hand.now();
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    answer(&mut t, &jobs, "d");
    assert_eq!(t.next_deadline(), Some(asked + ms(4000 / 20)));
    // Without a clock, no more than half the think time.
    let (mut t, jobs) = timed_room(&hand, true);
    new_game(&mut t, "south", 3, r#","think_ms":500"#);
    let asked = hand.now();
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    answer(&mut t, &jobs, "d");
    assert_eq!(t.next_deadline(), Some(asked + ms(250)));
}

#[test]
fn think_times_and_bad_time_controls() {
    let hand = Hand::new();
    let (mut t, jobs) = timed_room(&hand, false);
    assert_eq!((t.view().think_ms, t.view().clock), (2000, None));
    // Every level the room plays has its strength.
    let levels: Vec<u8> = t.view().levels.iter().map(|l| l.level).collect();
    assert_eq!(levels, LEVELS.collect::<Vec<u8>>());
    new_game(&mut t, "north", 7, r#","think_ms":5000"#);
    let (_, _, search) = last_search(&jobs);
    assert_eq!(search.limit, Limit::Movetime(ms(5000)));
    assert_eq!(t.view().think_ms, 5000);
    for (timing, why) in [
        (
            r#","think_ms":50"#,
            r#""id":"bad-think-time","ms":50,"min":100,"max":60000"#,
        ),
        (
            r#","think_ms":1000,"tc":{"base_ms":60000,"inc_ms":0}"#,
            "think-with-clock",
        ),
        (r#","tc":{"base_ms":10,"inc_ms":0}"#, "the base is 1000 ms"),
        (r#","tc":{"base_ms":60000,"inc_ms":-1}"#, "bad-message"),
        (r#","tc":"5+3""#, "bad-message"),
        (r#","tc":{"base_ms":60000}"#, "inc_ms"),
    ] {
        let r = new_game(&mut t, "south", 3, timing);
        // A clock out of range is refused as the message is read (serde's
        // words in `detail`, for the console).
        let said = serde_json::to_string(&error_text(&r)).unwrap();
        assert!(said.contains(why), "{timing}: {said}");
        assert!(!r.changed(), "{timing}");
    }
    // Play from here takes a time control too.
    t.on_page(r#"{"type":"analyse-game"}"#);
    let r = t.on_page(
        r#"{"type":"play-from-here","side":"south","tc":{"base_ms":180000,"inc_ms":2000}}"#,
    );
    assert!(r.changed(), "{r:?}");
    assert_eq!(t.view().clock.unwrap().label, "3+2");
}

#[test]
fn a_timed_game_comes_back_with_its_clocks() {
    let hand = Hand::new();
    let (mut t, jobs) = timed_room(&hand, false);
    new_game(
        &mut t,
        "south",
        5,
        r#","tc":{"base_ms":300000,"inc_ms":3000}"#,
    );
    hand.pass(10_000);
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    hand.pass(4000);
    answer(&mut t, &jobs, "d");
    hand.pass(7000);
    let saved = t.saved();
    let clock_saved = saved.play.clock.clone().unwrap();
    // What is kept changes with the moves only.
    assert_eq!(clock_saved.left_ms, [293_000, 299_000]);
    hand.pass(1000);
    assert_eq!(t.saved(), saved);
    let text = saved.to_json();
    assert!(
        text.contains(
            r#""clock":{"tc":{"base_ms":300000,"inc_ms":3000},"left_ms":[293000,299000]}"#
        ),
        "{text}"
    );

    let (mut fresh, _) = timed_room(&hand, false);
    fresh
        .restore(&SavedRoom::from_json(&text).unwrap())
        .unwrap();
    assert_eq!(clock(&fresh.view()), ([293_000, 299_000], Some("south")));
    hand.pass(500);
    assert_eq!(clock(&fresh.view()), ([292_500, 299_000], Some("south")));

    // A loss on time stays lost.
    let (mut t, _) = timed_room(&hand, false);
    new_game(&mut t, "south", 5, r#","tc":{"base_ms":3000,"inc_ms":0}"#);
    hand.pass(3000);
    t.on_time();
    let saved = t.saved();
    assert_eq!(
        saved.play.clock.as_ref().unwrap().flagged,
        Some(SideName::South)
    );
    let (mut fresh, _) = timed_room(&hand, false);
    fresh.restore(&saved).unwrap();
    let v = fresh.view();
    assert_eq!(
        (v.state, v.result.unwrap().on_time),
        (PlayState::Over, true)
    );
    assert_eq!(fresh.next_deadline(), None);

    // Bad clocks change nothing.
    let mut bad = saved.clone();
    bad.play.clock.as_mut().unwrap().left_ms[1] = u64::MAX;
    assert!(fresh
        .restore(&bad)
        .unwrap_err()
        .to_string()
        .contains("clock"));
    let mut bad = saved.clone();
    bad.play.think_ms = Some(1000);
    assert!(fresh.restore(&bad).is_err());
    let mut bad = saved;
    bad.play.clock = None;
    bad.play.think_ms = Some(7);
    assert!(fresh.restore(&bad).is_err());
}

/// How many finished games the pages list.
fn listed(t: &Room) -> usize {
    match t.games_message() {
        Outgoing::Games(list) => list.games.len(),
        other => panic!("not the games list: {other:?}"),
    }
}

/// Issue 44: a game lost on time, saved and restored, is a game recorded
/// already. The loss on time is not a rules ending (`Game::is_over` says
/// no), so a room that judged "recorded" by the rules alone listed it
/// again at the first page message after every restart.
#[test]
fn a_restored_loss_on_time_stays_one_finished_game_whatever_the_page_sends() {
    // Each message reaches the room's bookkeeping of finished games; the
    // refused ones too (a move, a take-back after the loss).
    let messages = [
        r#"{"type":"state"}"#,
        r#"{"type":"move","pit":"C"}"#,
        r#"{"type":"take-back"}"#,
        r#"{"type":"hint"}"#,
        r#"{"type":"resign"}"#,
        r#"{"type":"analyse-game"}"#,
        r#"{"type":"analyse","on":true}"#,
        r#"{"type":"goto","ply":0}"#,
        r#"{"type":"open-game","index":1}"#,
        r#"{"type":"export-games"}"#,
        r#"not a message"#,
    ];
    for archive in [false, true] {
        let hand = Hand::new();
        let (mut t, _) = timed_room_with(&hand, false, archive);
        new_game(&mut t, "south", 5, r#","tc":{"base_ms":3000,"inc_ms":0}"#);
        hand.pass(3000);
        t.on_time();
        assert_eq!(listed(&t), 1, "archive {archive}: the loss is listed");
        // The host keeps what the room hands it: the archive's files, and
        // the saved state.
        let archived: Vec<_> = t
            .take_unarchived()
            .iter()
            .map(|g| parse_records(&g.text).unwrap().remove(0))
            .collect();
        assert_eq!(archived.len(), usize::from(archive), "archive {archive}");
        let mut saved = SavedRoom::from_json(&t.saved().to_json()).unwrap();
        assert_eq!(
            saved.games.len(),
            usize::from(!archive),
            "archive {archive}"
        );

        // Every restart (twice here), and every message after each.
        for start in 1..=2 {
            let (mut fresh, _) = timed_room_with(&hand, false, archive);
            fresh.restore(&saved).unwrap();
            fresh.add_archived(archived.clone());
            assert_eq!(listed(&fresh), 1, "archive {archive}, start {start}");
            for text in messages {
                hand.pass(1000);
                fresh.on_page(text);
                fresh.on_time();
                assert_eq!(
                    listed(&fresh),
                    1,
                    "archive {archive}, start {start}: the loss on time listed again after {text}"
                );
                assert!(
                    fresh.take_unarchived().is_empty(),
                    "archive {archive}, start {start}: archived again after {text}"
                );
            }
            saved = SavedRoom::from_json(&fresh.saved().to_json()).unwrap();
            assert_eq!(saved.games.len(), usize::from(!archive));
        }
    }
}

#[test]
fn a_saved_room_of_format_1_without_clocks_still_loads() {
    // As the first builds wrote it: no clock, no think time.
    let text = r#"{"format":1,"play":{"variant":"songo40","human":"south","level":3,"engine":"songo","start":"5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg","moves":["C","d"]},"analysis":{"variant":"songo40","start":"5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg","moves":[],"cursor":0,"origin":{"kind":"start"},"modified":false,"lines":1}}"#;
    let saved = SavedRoom::from_json(text).unwrap();
    assert_eq!(
        (saved.play.clock.as_ref(), saved.play.think_ms),
        (None, None)
    );
    let hand = Hand::new();
    let (mut t, _) = timed_room(&hand, false);
    t.restore(&saved).unwrap();
    let v = t.view();
    assert_eq!((v.moves.len(), v.clock, v.think_ms), (2, None, 2000));
    // And an untimed game is written without them.
    assert!(!t.saved().to_json().contains("clock"));
}

#[test]
fn an_answer_held_then_released_by_a_message() {
    // A page's message that comes after the moment plays the held answer
    // first (the host may wake late).
    let hand = Hand::new();
    let (mut t, jobs) = timed_room(&hand, true);
    new_game(&mut t, "south", 1, "");
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    let (g, ticket, _) = last_search(&jobs);
    let line = "bestmove d".to_string();
    let held = LinkEvent::BestMove {
        ticket,
        answer: BestMoveLine {
            parsed: BestMove::parse(&line),
            line,
            info: None,
        },
    };
    t.on_engine(g, held);
    hand.pass(2000);
    let r = t.on_page(r#"{"type":"state"}"#);
    assert!(
        r.broadcast
            .iter()
            .any(|m| matches!(m, Outgoing::State(v) if v.moves.len() == 2)),
        "{r:?}"
    );
}

//! The room without processes: fake engine links record the jobs, and
//! the tests play the engines' events back.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use songo_client::{BestMove, EngineSpec, Info};
use songo_core::{Move, Position, Variant};

use super::*;
use crate::link::{BestMoveLine, Failure, Job, Limit, Search};
use crate::messages::{SideName, Topic};
use crate::view::{EngineStatus, PlayState};

pub(super) type Jobs = Arc<Mutex<Vec<(u64, Job)>>>;

struct Fake {
    generation: u64,
    jobs: Jobs,
}

impl EngineLink for Fake {
    fn send(&mut self, job: Job) {
        self.jobs.lock().unwrap().push((self.generation, job));
    }
}

fn room_with(names: &[&str], tablebases: Option<Arc<Tablebases>>) -> (Room, Jobs) {
    room_of(names, tablebases, None)
}

/// A room whose explorer shows `book`.
pub(super) fn room_with_book(names: &[&str], book: Book) -> (Room, Jobs) {
    room_of(names, None, Some(Arc::new(book)))
}

/// `book` `None`: the embedded book, as `songo gui` without `--book`.
fn room_of(
    names: &[&str],
    tablebases: Option<Arc<Tablebases>>,
    book: Option<Arc<Book>>,
) -> (Room, Jobs) {
    room_built(names, tablebases, book, false)
}

/// A room whose host keeps the finished games in an archive (issue 43).
pub(super) fn archiving_room(names: &[&str]) -> (Room, Jobs) {
    room_built(names, None, None, true)
}

fn room_built(
    names: &[&str],
    tablebases: Option<Arc<Tablebases>>,
    book: Option<Arc<Book>>,
    archive: bool,
) -> (Room, Jobs) {
    let jobs: Jobs = Arc::default();
    let seen = jobs.clone();
    let spawn: Spawner = Box::new(move |_, generation| {
        Box::new(Fake {
            generation,
            jobs: seen.clone(),
        })
    });
    let engines = names
        .iter()
        .map(|n| EngineSpec::from_named_command(&format!("{n}=/bin/{n}")).unwrap())
        .collect();
    let config = RoomConfig {
        engines,
        movetime: Duration::from_millis(100),
        tablebases,
        book,
        time: None,
        // The weak levels' pause has tests of its own (timing_tests.rs).
        pause: false,
        archive,
    };
    (Room::new(config, spawn), jobs)
}

pub(super) fn room(names: &[&str]) -> (Room, Jobs) {
    room_with(names, None)
}

/// The last search sent: its generation, ticket and search.
pub(super) fn last_search(jobs: &Jobs) -> (u64, u64, Search) {
    jobs.lock()
        .unwrap()
        .iter()
        .rev()
        .find_map(|(g, j)| match j {
            Job::Search { ticket, search } => Some((*g, *ticket, search.clone())),
            _ => None,
        })
        .expect("a search job")
}

fn answer_line(m: &str, info: Option<&str>) -> BestMoveLine {
    let line = format!("bestmove {m}");
    BestMoveLine {
        parsed: BestMove::parse(&line),
        line,
        info: info.and_then(Info::parse),
    }
}

pub(super) fn answer(t: &mut Room, jobs: &Jobs, m: &str) -> Vec<Outgoing> {
    let (g, ticket, _) = last_search(jobs);
    t.on_engine(
        g,
        LinkEvent::BestMove {
            ticket,
            answer: answer_line(m, None),
        },
    )
}

pub(super) fn error_of(r: &Reply) -> (Say, Option<Topic>) {
    match &r.to_sender[..] {
        [Outgoing::Error { message, topic }] => (message.clone(), *topic),
        other => panic!("not an error: {other:?}"),
    }
}

pub(super) fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect()
}

#[test]
fn a_game_goes_back_and_forth() {
    let (mut t, jobs) = room(&["songo"]);
    let v = t.view();
    assert_eq!(v.state, PlayState::YourMove);
    assert_eq!(v.legal, ["A", "B", "C", "D", "E", "F", "G"]);
    assert!(v.why.is_empty());
    assert_eq!(v.position, "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg");
    assert_eq!(v.start, v.position);
    assert_eq!(v.sowing, None);
    let r = t.on_page(r#"{"type":"move","pit":"C"}"#);
    assert!(r.changed());
    let v = t.view();
    assert_eq!(
        (v.state, v.engine_status),
        (PlayState::Thinking, EngineStatus::Thinking)
    );
    assert_eq!(v.legal, Vec::<String>::new());
    assert_eq!(v.last.as_deref(), Some("C"));
    // The sowing of C: five seeds into D, E, F, G and a.
    let s = v.sowing.unwrap();
    assert_eq!((s.pit.as_str(), &s.path[..]), ("C", &[3, 4, 5, 6, 7][..]));
    let (g, ticket, search) = last_search(&jobs);
    assert_eq!(search.limit, Limit::Movetime(Duration::from_millis(100)));
    assert_eq!((search.level, search.lines), (DEFAULT_LEVEL, 1));
    // A stale answer is ignored, the right one played.
    let stale = LinkEvent::BestMove {
        ticket: ticket + 7,
        answer: answer_line("a", None),
    };
    assert!(t.on_engine(g, stale).is_empty());
    let out = answer(&mut t, &jobs, "d");
    assert!(matches!(out[..], [Outgoing::State(_)]));
    let v = t.view();
    assert_eq!(v.moves, ["C", "d"]);
    assert_eq!(v.state, PlayState::YourMove);
    // Take back both.
    assert!(t.on_page(r#"{"type":"take-back"}"#).changed());
    assert_eq!(t.view().moves, Vec::<String>::new());
}

#[test]
fn illegal_and_malformed_messages_are_answered() {
    let (mut t, _) = room(&["songo"]);
    for bad in [
        "",
        "null",
        "{}",
        r#"{"type":"fly"}"#,
        r#"{"type":"move"}"#,
        r#"{"type":"move","pit":7}"#,
        r#"{"type":"move","pit":"Z"}"#,
        r#"{"type":"new-game","variant":"chess","side":"south","level":3}"#,
        r#"{"type":"new-game","variant":"songo40","side":"east","level":3}"#,
        r#"{"type":"new-game","variant":"songo40","side":"south","level":11}"#,
        r#"{"type":"new-game","variant":"songo40","side":"south","level":3,"engine":4}"#,
        r#"{"type":"new-game","variant":"songo40","side":"south","level":300}"#,
        r#"{"type":"take-back"}"#,
        r#"{"type":"move","pit":"C","cmd":"rm -rf /"}"#,
        r#"{"type":"set-up","variant":"songo40"}"#,
        r#"{"type":"set-up","variant":"songo40","position":"x","file":"/etc/passwd"}"#,
        r#"{"type":"goto","ply":-1}"#,
        r#"{"type":"goto","ply":5}"#,
        r#"{"type":"analyse","on":"yes"}"#,
        r#"{"type":"analyse","on":true,"lines":4}"#,
        r#"{"type":"save","game":"/tmp/x"}"#,
        r#"{"type":"load-game","index":1}"#,
        r#"{"type":"review","game":"play","depth":4}"#,
        r#"{"type":"review","game":"analysis","depth":4,"movetime":100}"#,
        r#"{"type":"review","game":"analysis"}"#,
        r#"{"type":"review","game":"analysis","depth":99}"#,
        r#"{"type":"cancel-review"}"#,
        r#"{"type":"play-from-here","side":"west"}"#,
        r#"{"type":"play-from-here","level":0}"#,
        r#"{"type":"analysis-move","pit":"a"}"#,
        r#"{"type":"hint","depth":3}"#,
        r#"{"type":"take-back","all":true}"#,
        r#"{"type":"state","x":1}"#,
    ] {
        let r = t.on_page(bad);
        assert!(!r.changed(), "{bad}");
        error_of(&r);
    }
    let r = t.on_page(r#"{"type":"move","pit":"c"}"#);
    assert!(
        matches!(r.to_sender[..], [Outgoing::Illegal { .. }]),
        "{r:?}"
    );
    assert_eq!(t.view().moves.len(), 0);
}

#[test]
fn a_north_game_starts_with_the_engine_and_reasons_are_given() {
    let (mut t, jobs) = room(&["songo", "other"]);
    let r = t.on_page(
        r#"{"type":"new-game","variant":"songo36-amateur","side":"north","level":1,"engine":1}"#,
    );
    assert!(r.changed());
    let v = t.view();
    assert_eq!((v.engine, v.human.as_str(), v.level), (1, "north", 1));
    assert_eq!(v.state, PlayState::Thinking);
    assert!(jobs.lock().unwrap().iter().any(|(g, j)| *g == 2
        && *j
            == Job::NewGame {
                variant: Variant::Songo36Amateur,
                level: 1
            }));
    answer(&mut t, &jobs, "A");
    let v = t.view();
    assert_eq!(v.state, PlayState::YourMove);
    // North's pit 7 holds 5 (not 1 or 2): all legal.
    assert_eq!(v.legal.len(), 7);
    let r = t.on_page(r#"{"type":"move","pit":"1"}"#);
    assert!(r.changed());
    assert_eq!(t.view().moves, ["A", "a"]);
}

#[test]
fn a_crash_keeps_the_game_and_a_restart_goes_on() {
    let (mut t, jobs) = room(&["songo"]);
    t.on_page(r#"{"type":"move","pit":"A"}"#);
    let (g, _, _) = last_search(&jobs);
    let out = t.on_engine(g, LinkEvent::Failed(Failure::Crashed));
    let Outgoing::State(v) = &out[0] else {
        panic!("{out:?}")
    };
    assert_eq!(v.engine_status, EngineStatus::Failed);
    assert_eq!(
        v.engine_message,
        Some(Say::EngineCrashed {
            engine: "songo".into()
        })
    );
    assert_eq!((v.state, v.moves.len()), (PlayState::Thinking, 1));
    // Events of the dead engine are ignored after the restart.
    assert!(t.on_page(r#"{"type":"restart-engine"}"#).changed());
    assert!(t
        .on_engine(
            g,
            LinkEvent::BestMove {
                ticket: 1,
                answer: answer_line("a", None)
            }
        )
        .is_empty());
    let (g2, _, _) = last_search(&jobs);
    assert_eq!(g2, g + 1);
    answer(&mut t, &jobs, "b");
    let v = t.view();
    assert_eq!((v.moves.len(), v.engine_status), (2, EngineStatus::Ready));
    // An illegal answer fails the engine, not the game.
    t.on_page(r#"{"type":"move","pit":"B"}"#);
    answer(&mut t, &jobs, "B");
    let v = t.view();
    assert_eq!((v.moves.len(), v.engine_status), (3, EngineStatus::Failed));
    // No hint from a failed engine (nor for the engine's move).
    assert_eq!(
        error_of(&t.on_page(r#"{"type":"hint"}"#)).0,
        Say::HintForYourMove
    );
    t.on_page(r#"{"type":"take-back"}"#);
    assert_eq!(t.view().state, PlayState::YourMove);
    assert_eq!(
        error_of(&t.on_page(r#"{"type":"hint"}"#)).0,
        Say::HintEngineDown
    );
}

#[test]
fn a_hint_is_shown_never_played_and_goes_with_the_position() {
    let (mut t, jobs) = room(&["songo"]);
    let r = t.on_page(r#"{"type":"hint"}"#);
    assert!(r.changed());
    let (g, ticket, search) = last_search(&jobs);
    assert_eq!(search.level, 10, "hints are at full strength");
    assert_eq!(search.limit, Limit::Movetime(Duration::from_millis(50)));
    let v = t.view();
    assert_eq!(v.hint.as_ref().unwrap().state, "thinking");
    assert_eq!(
        (v.state, v.engine_status),
        (PlayState::YourMove, EngineStatus::Thinking)
    );
    // Its lines stream like the engine's own.
    let line = "info depth 5 score cp 120 pv E b".to_string();
    let out = t.on_engine(g, LinkEvent::Line { ticket, line });
    assert!(matches!(out[..], [Outgoing::EngineLine { .. }]));
    let found = answer_line("E", Some("info depth 5 score cp 120 pv E b"));
    t.on_engine(
        g,
        LinkEvent::BestMove {
            ticket,
            answer: found,
        },
    );
    let v = t.view();
    let hint = v.hint.unwrap();
    assert_eq!((hint.state, hint.pit.as_deref()), ("ready", Some("E")));
    assert_eq!(hint.score.unwrap().text, "+1.20");
    assert_eq!(
        (hint.depth, hint.pv.join(" ")),
        (Some(5), "E b".to_string())
    );
    assert_eq!(v.moves.len(), 0, "a hint is not played");
    assert_eq!(v.engine_status, EngineStatus::Ready);
    // A move makes it stale; the engine then thinks at the game's level.
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    let v = t.view();
    assert_eq!(v.hint, None);
    assert_eq!(last_search(&jobs).2.level, DEFAULT_LEVEL);
    assert_eq!(
        error_of(&t.on_page(r#"{"type":"hint"}"#)).0,
        Say::HintForYourMove
    );
}

#[test]
fn positions_are_set_up_or_explained() {
    let (mut t, jobs) = room(&["songo"]);
    let cases = [
        (
            "songo40",
            "5,5,5,5,5,5,5/5,5,5,5,5,5 s 0 0 Gg",
            "position-rows",
        ),
        (
            "songo40",
            "5,5,5,5,5,5,5/5,5,5,5,5,5,4 s 0 0 Gg",
            "position-total",
        ),
        (
            "songo40",
            "5,5,5,5,5,5,5/5,5,5,5,5,5,5 x 0 0 Gg",
            "position-side",
        ),
        (
            "songo40",
            "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0",
            "position-fields",
        ),
        (
            "songo40",
            "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 GG",
            "position-flags",
        ),
        (
            "songo40",
            "5,5,5,5,5,5,-5/5,5,5,5,5,5,5 s 0 0 Gg",
            "position-count",
        ),
        (
            "songo41",
            "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg",
            "unknown-variant",
        ),
    ];
    for (variant, position, why) in cases {
        let message =
            serde_json::json!({"type": "set-up", "variant": variant, "position": position});
        let r = t.on_page(&message.to_string());
        let (text, topic) = error_of(&r);
        assert_eq!(topic, Some(Topic::SetUp));
        // The problem is said inside "bad position" (a variant alone).
        let said = serde_json::to_string(&text).unwrap();
        assert!(
            said.contains(&format!("\"id\":\"{why}\"")),
            "{position}: {said}"
        );
    }
    let p = "13,1,14,3,5,0,2/10,3,0,2,1,1,9 s 0 6 -";
    let message =
        serde_json::json!({"type": "set-up", "variant": "songo36-amateur", "position": p});
    let r = t.on_page(&message.to_string());
    assert!(r.changed());
    let a = t.analysis_view();
    assert_eq!(
        (a.position.as_str(), a.variant.as_str()),
        (p, "songo36-amateur")
    );
    assert_eq!((a.origin.kind, a.ply, a.moves.len()), ("set-up", 0, 0));
    assert!(a.tablebase.is_none());
    // Nothing is analysed until asked for.
    assert!(!jobs
        .lock()
        .unwrap()
        .iter()
        .any(|(_, j)| matches!(j, Job::Search { search, .. } if search.limit == Limit::Infinite)));
    let r = t.on_page(r#"{"type":"analyse","on":true,"lines":2}"#);
    assert!(r.changed());
    let (g, ticket, search) = last_search(&jobs);
    assert_ne!(g, t.play.generation(), "the analyst is its own process");
    assert_eq!(search.limit, Limit::Infinite);
    assert_eq!((search.lines, search.level), (2, 10));
    assert_eq!(search.start, p.parse::<Position>().unwrap());
    let id = t.analysis_view().id;
    // Lines are shown a whole iteration at a time, best first.
    let line = "info depth 9 multipv 1 score cp 25 pv C".to_string();
    assert!(t.on_engine(g, LinkEvent::Line { ticket, line }).is_empty());
    let line = "info depth 9 multipv 2 score cp -40 wdl 100 500 400 pv A c".to_string();
    let out = t.on_engine(g, LinkEvent::Line { ticket, line });
    let [Outgoing::AnalysisLines { id: got, lines }] = &out[..] else {
        panic!("{out:?}")
    };
    assert_eq!(*got, id);
    assert_eq!(lines[0].pv, ["C"]);
    assert_eq!((lines[1].multipv, lines[1].depth), (2, Some(9)));
    let score = lines[1].score.as_ref().unwrap();
    assert_eq!(
        (score.text.as_str(), score.south, score.wdl),
        ("-0.40", -40, [100, 500, 400])
    );
    // A third line is not wanted.
    let line = "info depth 9 multipv 3 score cp -90 pv B".to_string();
    assert!(t.on_engine(g, LinkEvent::Line { ticket, line }).is_empty());
    // A move on the board starts a new search; its old lines go.
    t.on_page(r#"{"type":"analysis-move","pit":"A"}"#);
    let a = t.analysis_view();
    assert_eq!((a.ply, a.moves.len(), a.lines.len()), (1, 1, 0));
    assert_ne!(a.id, id);
    let (_, ticket2, search) = last_search(&jobs);
    assert_ne!(ticket2, ticket);
    assert_eq!(search.moves, moves("A"));
    // Off: the search is cancelled.
    t.on_page(r#"{"type":"analyse","on":false}"#);
    assert_eq!(jobs.lock().unwrap().last().unwrap().1, Job::Cancel);
    assert_eq!(t.analysis_view().engine_status, EngineStatus::Ready);
}

#[test]
fn the_played_game_is_stepped_through_and_varied() {
    let (mut t, jobs) = room(&["songo"]);
    for pit in ["C", "E"] {
        t.on_page(&format!(r#"{{"type":"move","pit":"{pit}"}}"#));
        answer(&mut t, &jobs, if pit == "C" { "d" } else { "a" });
    }
    t.on_page(r#"{"type":"analyse-game"}"#);
    let a = t.analysis_view();
    assert_eq!(
        (a.origin.kind, a.ply, a.moves.join(" ")),
        ("play", 4, "C d E a".to_string())
    );
    assert_eq!(a.position, t.view().position);
    t.on_page(r#"{"type":"goto","ply":1}"#);
    let a = t.analysis_view();
    assert_eq!(
        (a.ply, a.to_move.as_str(), a.last.as_deref()),
        (1, "north", Some("C"))
    );
    assert!(a
        .legal
        .iter()
        .all(|m| m.chars().all(|c| c.is_ascii_lowercase())));
    // The game's own next move steps forward; another starts a new line.
    t.on_page(r#"{"type":"analysis-move","pit":"d"}"#);
    assert_eq!(t.analysis_view().moves.len(), 4);
    assert!(!t.analysis_view().origin.modified);
    t.on_page(r#"{"type":"analysis-move","pit":"B"}"#);
    let a = t.analysis_view();
    assert_eq!((a.moves.join(" "), a.ply), ("C d B".to_string(), 3));
    assert!(a.origin.modified);
    let (text, topic) = error_of(&t.on_page(r#"{"type":"analysis-move","pit":"B"}"#));
    assert_eq!(topic, Some(Topic::Analysis));
    assert_eq!(
        text,
        Say::PitRefused {
            pit: "B".into(),
            why: Box::new(Say::NotYours {
                owner: SideName::South
            })
        }
    );
    // Play on from here: the person takes the side to move (North).
    let r = t.on_page(r#"{"type":"play-from-here"}"#);
    assert!(r.changed());
    let v = t.view();
    assert_eq!(
        (v.moves.join(" "), v.human.as_str()),
        ("C d B".to_string(), "north")
    );
    assert_eq!(v.state, PlayState::YourMove);
}

const RECORD: &str = "[Event \"test\"]\n[Variant \"songo40\"]\n[South \"a\"]\n[North \"b\"]\n\
    [Result \"*\"]\n[TimeControl \"-\"]\n[Termination \"unterminated\"]\n[PlyCount \"3\"]\n\n\
    1. C d 2. E *\n\n\
    [Event \"test\"]\n[Variant \"songo36-beginner\"]\n[South \"c\"]\n[North \"d\"]\n\
    [Result \"*\"]\n[TimeControl \"-\"]\n[Termination \"unterminated\"]\n[PlyCount \"1\"]\n\n\
    1. A *\n";

#[test]
fn records_are_saved_loaded_and_refused_with_their_line() {
    let (mut t, jobs) = room(&["songo"]);
    t.on_page(r#"{"type":"move","pit":"C"}"#);
    answer(&mut t, &jobs, "d");
    let r = t.on_page(r#"{"type":"save","game":"play"}"#);
    let [Outgoing::Record { file_name, text }] = &r.to_sender[..] else {
        panic!("{r:?}")
    };
    assert!(file_name.starts_with("songo40-") && file_name.ends_with(".pgn"));
    assert!(
        text.contains("[South \"Human\"]") && text.contains("1. C d *"),
        "{text}"
    );
    // Uploaded back: the analysis board shows it.
    let (answer, out) = t.on_upload(text.as_bytes(), None, "saved.pgn");
    assert!(answer.ok, "{answer:?}");
    assert_eq!(answer.games, 1);
    assert!(matches!(out[0], Outgoing::Analysis(_)));
    let a = t.analysis_view();
    assert_eq!(
        (a.origin.kind, a.moves.join(" "), a.ply),
        ("record", "C d".to_string(), 2)
    );
    assert_eq!(a.origin.name.as_deref(), Some("saved.pgn"));
    // A file of two games: the first shown, the second chosen.
    let (answer, _) = t.on_upload(RECORD.as_bytes(), None, "two.pgn");
    assert_eq!((answer.ok, answer.games), (true, 2));
    let a = t.analysis_view();
    assert_eq!((a.variant.as_str(), a.origin.games.len()), ("songo40", 2));
    t.on_page(r#"{"type":"load-game","index":2}"#);
    let a = t.analysis_view();
    assert_eq!(
        (a.variant.as_str(), a.moves.join(" ")),
        ("songo36-beginner", "A".to_string())
    );
    assert_eq!(
        error_of(&t.on_page(r#"{"type":"load-game","index":3}"#)).0,
        Say::NoLoadedGame { index: 3 }
    );
    // Saved unchanged, the record is the file's own.
    let r = t.on_page(r#"{"type":"save","game":"analysis"}"#);
    let [Outgoing::Record { text, .. }] = &r.to_sender[..] else {
        panic!("{r:?}")
    };
    assert!(
        text.contains("[South \"c\"]") && text.contains("1. A *"),
        "{text}"
    );
    // A bad file: refused, naming the line; the board keeps its game.
    let bad = RECORD.replace("1. C d 2. E *", "1. C d 2. Q *");
    let (answer, out) = t.on_upload(bad.as_bytes(), None, "bad.pgn");
    assert!(!answer.ok && out.is_empty());
    let message = answer.message.unwrap();
    assert!(
        matches!(&message, Say::FileRefused { file, problem }
            if file == "bad.pgn"
                && matches!(**problem, Say::RecordUnreadable { line: 10, game: 1, .. })),
        "{message:?}"
    );
    assert_eq!(t.analysis_view().variant, "songo36-beginner");
    let (answer, _) = t.on_upload(b"1. C d *\n", Some("songo40"), "bare.pgn");
    assert!(!answer.ok, "{answer:?}");
    let (answer, _) = t.on_upload(b"[Result \"*\"]\n\n1. C d *\n", Some("songo40"), "bare.pgn");
    assert!(answer.ok, "{answer:?}");
    let (answer, _) = t.on_upload(b"x", Some("chess"), "x");
    assert!(!answer.ok);
}

#[test]
fn the_tables_speak_in_the_analysis() {
    use songo_tb::generate::{generate, NoProgress};
    let table10 = generate(Variant::Songo40, 10, &[], &NoProgress);
    let tb = Arc::new(Tablebases::from_tables([table10]));
    let (mut t, _) = room_with(&["songo"], Some(tb));
    let a = t.analysis_view();
    let view = a.tablebase.expect("tables configured");
    assert!(view.verdict.is_none());
    let p = "2,0,3,1,0,0,0/1,2,0,0,1,0,0 s 31 29 -";
    t.on_page(
        &serde_json::json!({"type": "set-up", "variant": "songo40", "position": p}).to_string(),
    );
    let view = t.analysis_view().tablebase.unwrap();
    assert!(view.verdict.is_some(), "{view:?}");
    assert!(!view.moves.is_empty());
}

/// The rules panel's diagrams: a move shown on a fixed position, or why
/// the rules forbid it; nothing is played.
#[test]
fn a_move_is_shown_on_a_diagram_and_a_forbidden_one_is_explained() {
    let (mut t, _) = room(&["songo"]);
    let before = t.view();
    let r = t.on_page(
        r#"{"type":"show-move","variant":"songo40","position":"5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg","pit":"C","tag":"sow"}"#,
    );
    let [Outgoing::ShownMove {
        tag,
        sowing,
        after,
        why,
        ..
    }] = &r.to_sender[..]
    else {
        panic!("{r:?}")
    };
    assert_eq!((tag.as_str(), why), ("sow", &None));
    assert_eq!(sowing.as_ref().unwrap().path, [3, 4, 5, 6, 7]);
    assert_eq!(
        after.as_deref(),
        Some("5,5,0,6,6,6,6/6,5,5,5,5,5,5 n 0 0 Gg")
    );
    // An empty pit: refused with the rules' reason.
    let r = t.on_page(
        r#"{"type":"show-move","variant":"songo40","position":"0,5,5,5,5,5,10/5,5,5,5,5,5,5 s 0 0 Gg","pit":"A","tag":"x"}"#,
    );
    let [Outgoing::ShownMove { why, sowing, .. }] = &r.to_sender[..] else {
        panic!("{r:?}")
    };
    assert!(sowing.is_none());
    assert!(matches!(why, Some(Say::PitRefused { .. })), "{why:?}");
    assert_eq!(t.view(), before, "nothing played");
}

//! The `Engine` façade as a library user sees it: events on a channel, a
//! position set all or nothing, one best move per search, options from the
//! table, skill levels.

use std::sync::mpsc::Receiver;
use std::time::Duration;

use songo_core::{Move, Position, Side, Variant};
use songo_engine::options::{table, OptionError, Setting};
use songo_engine::Limits;
use songo_engine::SkillLevel;
use songo_engine::{Engine, Event, SetGameError};

/// Long enough for any machine: a liveness bound, not a speed test.
const PATIENCE: Duration = Duration::from_secs(120);

/// Events until (and with) the first one `last` accepts.
fn until(events: &Receiver<Event>, last: impl Fn(&Event) -> bool) -> Vec<Event> {
    let mut out = Vec::new();
    loop {
        let e = events.recv_timeout(PATIENCE).expect("an event in time");
        let done = last(&e);
        out.push(e);
        if done {
            return out;
        }
    }
}

fn search_done(e: &Event) -> bool {
    matches!(e, Event::SearchDone(_))
}

/// An engine whose `go` searches: these tests are about the search, and
/// they start from the start position, which an opening book answers.
fn searching_engine() -> (Engine, Receiver<Event>) {
    let (mut engine, events) = Engine::with_channel();
    engine.apply(Setting::OwnBook(false)).unwrap();
    (engine, events)
}

#[test]
fn a_search_reports_lines_then_one_best_move_then_its_result() {
    let (mut engine, events) = searching_engine();
    engine.go(Limits::depth(6));
    let got = until(&events, search_done);
    engine.wait();
    let depths: Vec<u32> = got
        .iter()
        .filter_map(|e| match e {
            Event::Info(i) => Some(i.depth),
            _ => None,
        })
        .collect();
    assert_eq!(depths.last(), Some(&6), "{got:?}");
    let best: Vec<&Event> = got
        .iter()
        .filter(|e| matches!(e, Event::BestMove { .. }))
        .collect();
    assert_eq!(best.len(), 1, "{got:?}");
    let (Event::BestMove { best: Some(m), .. }, Event::SearchDone(r)) =
        (best[0], got.last().unwrap())
    else {
        panic!("{got:?}")
    };
    assert_eq!(r.best, Some(*m));
    assert!(Position::startpos()
        .legal_moves(Variant::Songo40)
        .contains(*m));
}

// Stopping a search from outside needs it on a thread of its own.
#[cfg(feature = "threads")]
#[test]
fn stop_gives_the_best_move_at_once_and_only_once() {
    let (mut engine, events) = Engine::with_channel();
    engine.go(Limits {
        infinite: true,
        ..Limits::default()
    });
    until(&events, |e| matches!(e, Event::Info(i) if i.depth >= 4));
    engine.stop();
    engine.wait();
    let rest: Vec<Event> = events.try_iter().collect();
    let answers = rest
        .iter()
        .filter(|e| matches!(e, Event::BestMove { .. }))
        .count();
    assert_eq!(answers, 1, "{rest:?}");
    assert!(rest.iter().any(search_done), "{rest:?}");
}

/// Without the `threads` feature (the engine for wasm32) a job runs in
/// the call that starts it: `go` returns after the best move, and an
/// infinite search ends at its deepest depth rather than wait for a
/// `stop` nobody could send.
#[cfg(not(feature = "threads"))]
#[test]
fn without_threads_go_returns_after_its_best_move() {
    let (mut engine, events) = searching_engine();
    assert_eq!(songo_engine::options::THREADS_MAX, 1);
    assert!(engine.set_option("Threads", Some("2")).is_err());
    engine.go(Limits::depth(6));
    assert!(!engine.is_busy());
    let all: Vec<Event> = events.try_iter().collect();
    let answers = all
        .iter()
        .filter(|e| matches!(e, Event::BestMove { best: Some(_), .. }))
        .count();
    assert_eq!(answers, 1, "{all:?}");
    assert!(all.iter().any(search_done), "{all:?}");
    engine.go(Limits {
        infinite: true,
        nodes: Some(20_000),
        ..Limits::default()
    });
    assert!(events.try_iter().any(|e| search_done(&e)));
}

#[test]
fn a_position_is_set_all_or_nothing() {
    let (mut engine, _events) = Engine::with_channel();
    let c = Move::from_pit_number(Side::South, 3);
    engine.set_position(Position::startpos(), &[c]).unwrap();
    let before = engine.game().clone();
    // North cannot play South's pit: nothing changes.
    let err = engine
        .set_position(Position::startpos(), &[c, c])
        .unwrap_err();
    assert!(matches!(err, SetGameError::Move { index: 1, .. }), "{err}");
    assert_eq!(engine.game(), &before);
    // A game of another variant is refused until the option says so.
    let other = songo_core::Game::new(Variant::Songo36Amateur, Position::startpos());
    assert!(engine.set_game(other.clone()).is_err());
    engine
        .apply(Setting::Variant(Variant::Songo36Amateur))
        .unwrap();
    engine.set_game(other).unwrap();
}

#[test]
fn options_come_from_the_table_and_bad_values_change_nothing() {
    let (mut engine, _events) = Engine::with_channel();
    for spec in table() {
        assert!(
            !matches!(
                engine.set_option(spec.name, None),
                Err(OptionError::Unknown(_))
            ),
            "{}",
            spec.name
        );
    }
    engine.set_option("hash", Some("4")).unwrap();
    assert_eq!(engine.hash_megabytes(), 4);
    assert!(engine.set_option("Hash", Some("0")).is_err());
    assert_eq!(engine.hash_megabytes(), 4);
    engine.set_option("Skill Level", Some("3")).unwrap();
    assert_eq!(engine.options().skill, SkillLevel::new(3).unwrap());
}

#[test]
fn perft_reports_each_move_then_the_total() {
    let (mut engine, events) = Engine::with_channel();
    engine.perft(4);
    let got = until(&events, |e| matches!(e, Event::PerftDone { .. }));
    engine.wait();
    let split: u64 = got
        .iter()
        .filter_map(|e| match e {
            Event::PerftMove { leaves, .. } => Some(*leaves),
            _ => None,
        })
        .sum();
    let Some(Event::PerftDone { leaves }) = got.last() else {
        panic!()
    };
    assert_eq!(*leaves, split);
    assert_eq!(*leaves, Position::startpos().perft(Variant::Songo40, 4));
    assert_eq!(engine.job(), None);
}

#[test]
fn a_weak_level_is_capped_and_replays_from_its_seed() {
    let play = |seed| {
        let (mut engine, events) = Engine::with_channel();
        engine.apply(Setting::SkillLevel(SkillLevel::MIN)).unwrap();
        engine.seed_skill(seed);
        let mut chosen = Vec::new();
        for _ in 0..6 {
            engine.go(Limits::depth(12));
            let got = until(&events, search_done);
            engine.wait();
            assert!(
                got.iter()
                    .all(|e| !matches!(e, Event::Info(i) if i.depth > 1 || i.multipv > 1)),
                "{got:?}"
            );
            let Some(Event::SearchDone(r)) = got.last() else {
                panic!()
            };
            chosen.push(r.best.unwrap());
        }
        chosen
    };
    assert_eq!(play(5), play(5));
}

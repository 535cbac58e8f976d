//! The engine playing from an opening book: `OwnBook`, `BookFile` and
//! `BookVariety` through the façade, the book's answer as events, and the
//! `go`s that search instead.

use std::sync::mpsc::Receiver;
use std::time::Duration;

use songo_core::{Move, Position, Variant};
use songo_engine::options::{OptionError, Setting};
use songo_engine::Limits;
use songo_engine::ReadBookError;
use songo_engine::SkillLevel;
use songo_engine::{Engine, Event};

// The small book of the command's tests too (`tests/book_support`).
#[path = "../../../tests/book_support/mod.rs"]
mod book_support;
use book_support::{file as book_file, small_book};

fn mv(p: &Position, letter: &str) -> Move {
    Move::parse(letter, p.side_to_move()).unwrap()
}

/// An engine playing from `small_book`'s file (`OwnBook` on: it is off by
/// default).
fn engine_with_book(name: &str) -> (Engine, Receiver<Event>) {
    let (mut engine, events) = Engine::with_channel();
    engine.apply(Setting::OwnBook(true)).unwrap();
    let path = book_file(name, &small_book().to_bytes());
    engine.apply(Setting::BookFile(Some(path.clone()))).unwrap();
    let opened: Vec<Event> = events.try_iter().collect();
    assert!(
        matches!(&opened[..], [Event::BookOpened { path: p, positions: 2, moves: 5 }] if *p == path),
        "{opened:?}"
    );
    (engine, events)
}

/// Everything a `go` reported, once it is over: a search that waits for
/// `stop` (`infinite`, `ponder`, on a thread of its own) is stopped once
/// it has reported a line.
fn go(engine: &mut Engine, events: &Receiver<Event>, limits: Limits) -> Vec<Event> {
    let endless = limits.infinite || limits.ponder;
    engine.go(limits);
    let mut got = Vec::new();
    if endless && engine.is_busy() {
        loop {
            let e = events
                .recv_timeout(Duration::from_secs(120))
                .expect("a line in time");
            let line = matches!(e, Event::Info(_));
            got.push(e);
            if line {
                break;
            }
        }
        engine.stop();
    }
    engine.wait();
    got.extend(events.try_iter());
    got
}

fn is_book(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::BookMove { .. }))
}

fn searched(events: &[Event]) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::Info(i) if i.nodes > 0))
        && !is_book(events)
}

fn answer(events: &[Event]) -> Move {
    let answers: Vec<Move> = events
        .iter()
        .filter_map(|e| match e {
            Event::BestMove { best, .. } => *best,
            _ => None,
        })
        .collect();
    assert_eq!(answers.len(), 1, "{events:?}");
    answers[0]
}

#[test]
fn go_answers_from_the_book_at_once_with_its_move_reply_and_score() {
    let (mut engine, events) = engine_with_book("answer.book");
    engine.apply(Setting::BookVariety(0)).unwrap();
    let start = Position::startpos();
    let after_e = start.make_move(Variant::Songo40, mv(&start, "E"));
    engine.go(Limits::depth(20));
    // No job: the answer came inside `go`.
    assert_eq!(engine.job(), None);
    let got: Vec<Event> = events.try_iter().collect();
    let [Event::BookMove {
        mv: m,
        reply,
        score,
        depth,
        visits,
    }, Event::BestMove { best, ponder }, Event::SearchDone(r)] = &got[..]
    else {
        panic!("{got:?}")
    };
    assert_eq!(
        (*m, *reply, *score, *depth, *visits),
        (mv(&start, "E"), Some(mv(&after_e, "b")), 40, 12, 7)
    );
    assert_eq!((*best, *ponder), (Some(*m), *reply));
    assert_eq!(
        (r.best, r.ponder, r.score, r.depth, r.nodes),
        (*best, *ponder, 40, 12, 0)
    );
    // `stop` and `wait` after it have nothing to do.
    engine.stop();
    engine.wait();
    assert_eq!(events.try_iter().count(), 0);
    // A node count, a move time and a clock are answered from the book too.
    for limits in [
        Limits::nodes(1000),
        Limits {
            movetime: Some(Duration::from_millis(50)),
            ..Limits::default()
        },
        Limits::default(),
    ] {
        let got = go(&mut engine, &events, limits);
        assert!(is_book(&got) && answer(&got) == mv(&start, "E"), "{got:?}");
    }
    // Out of the book (after C), a search.
    engine.set_position(start, &[mv(&start, "C")]).unwrap();
    assert!(searched(&go(&mut engine, &events, Limits::depth(3))));
}

#[test]
fn a_go_that_asks_for_a_search_gets_one() {
    let (mut engine, events) = engine_with_book("search.book");
    let start = Position::startpos();
    let c = mv(&start, "C");
    for limits in [
        Limits {
            infinite: true,
            nodes: Some(5000),
            ..Limits::default()
        },
        Limits {
            ponder: true,
            depth: Some(3),
            ..Limits::default()
        },
        Limits {
            mate: Some(2),
            depth: Some(3),
            ..Limits::default()
        },
        Limits {
            searchmoves: vec![c],
            ..Limits::depth(3)
        },
    ] {
        let got = go(&mut engine, &events, limits.clone());
        assert!(searched(&got), "{limits:?}: {got:?}");
        if !limits.searchmoves.is_empty() {
            assert_eq!(answer(&got), c);
        }
    }
}

#[test]
fn own_book_off_and_weaker_levels_search() {
    let (mut engine, events) = engine_with_book("off.book");
    engine.apply(Setting::OwnBook(false)).unwrap();
    assert!(searched(&go(&mut engine, &events, Limits::depth(3))));
    engine.apply(Setting::OwnBook(true)).unwrap();
    assert!(is_book(&go(&mut engine, &events, Limits::depth(3))));
    for level in [1, 9] {
        engine
            .apply(Setting::SkillLevel(SkillLevel::new(level).unwrap()))
            .unwrap();
        let got = go(&mut engine, &events, Limits::depth(3));
        assert!(searched(&got), "level {level}: {got:?}");
    }
    engine.apply(Setting::SkillLevel(SkillLevel::MAX)).unwrap();
    assert!(is_book(&go(&mut engine, &events, Limits::depth(3))));
    // Another variant's start is not in the book.
    engine
        .apply(Setting::Variant(Variant::Songo36Amateur))
        .unwrap();
    assert!(searched(&go(&mut engine, &events, Limits::depth(3))));
}

#[test]
fn variety_chooses_within_its_margin_and_replays_from_the_seed() {
    let start = Position::startpos();
    let games = |variety: u16, seed: u64| -> Vec<Move> {
        let (mut engine, events) = engine_with_book(&format!("variety-{variety}-{seed}.book"));
        engine.apply(Setting::BookVariety(variety)).unwrap();
        engine.seed_skill(seed);
        (0..40)
            .map(|_| {
                engine.new_game();
                answer(&go(&mut engine, &events, Limits::depth(8)))
            })
            .collect()
    };
    let distinct = |moves: &[Move]| {
        let mut d = moves.to_vec();
        d.sort_unstable();
        d.dedup();
        d
    };
    assert_eq!(distinct(&games(0, 1)), [mv(&start, "E")]);
    // E and C are within 5 centiseeds of each other, A is not.
    let near = games(5, 2);
    assert_eq!(distinct(&near), [mv(&start, "C"), mv(&start, "E")]);
    let wide = games(1000, 3);
    assert_eq!(distinct(&wide).len(), 3);
    // The same seed, the same choices.
    assert_eq!(games(1000, 3), wide);
}

#[test]
fn a_bad_book_file_is_refused_by_name_and_the_book_stays() {
    let (mut engine, events) = engine_with_book("good.book");
    let good = engine.book().clone();
    let bytes = small_book().to_bytes();
    let damaged = book_file("damaged.book", &bytes[..bytes.len() - 3]);
    let missing = book_file("x", b"").with_file_name("missing.book");
    for (path, why) in [(&damaged, "truncated"), (&missing, "missing")] {
        let e = engine
            .apply(Setting::BookFile(Some(path.clone())))
            .unwrap_err();
        assert!(
            e.to_string().contains(&path.display().to_string()),
            "{why}: {e}"
        );
        match (why, &e) {
            (
                "truncated",
                OptionError::BookFile {
                    source: ReadBookError::Book(_),
                    ..
                },
            )
            | (
                "missing",
                OptionError::BookFile {
                    source: ReadBookError::Read(_),
                    ..
                },
            ) => {}
            _ => panic!("{why}: {e:?}"),
        }
        assert_eq!(engine.book(), &good);
        assert_eq!(
            engine.options().book_file.as_deref(),
            Some(book_file("good.book", &bytes).as_path())
        );
    }
    assert!(is_book(&go(&mut engine, &events, Limits::depth(3))));
    // Empty: the embedded book again.
    engine.set_option("BookFile", Some("<empty>")).unwrap();
    assert!(std::ptr::eq(engine.book(), songo_engine::embedded_book()));
    assert_eq!(engine.options().book_file, None);
}

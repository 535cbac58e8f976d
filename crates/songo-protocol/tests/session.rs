//! The session through its sink, as a front end without standard input
//! drives it (the web engine): one line in, whole lines out.

use std::sync::{Arc, Mutex};

use songo_core::{Move, Position, Variant};
use songo_engine::Engine;
use songo_protocol::bench::{self, BenchStep};
use songo_protocol::Session;

/// A session whose lines are kept.
fn session() -> (Session, Arc<Mutex<Vec<String>>>) {
    let said = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&said);
    let session = Session::new(Arc::new(move |line: &str| {
        sink.lock().unwrap().push(line.to_string())
    }));
    (session, said)
}

/// The lines written since the last call.
fn take(said: &Mutex<Vec<String>>) -> Vec<String> {
    std::mem::take(&mut *said.lock().unwrap())
}

#[test]
fn greeting_readiness_and_a_search() {
    let (mut s, said) = session();
    assert!(s.handle_line("uci"));
    let greeting = take(&said);
    assert!(greeting[0].starts_with("id name songo "), "{greeting:?}");
    assert!(greeting.iter().any(|l| l.starts_with("option name Hash ")));
    assert_eq!(greeting.last().unwrap(), "uciok");
    assert!(s.handle_line("isready"));
    assert_eq!(take(&said), ["readyok"]);
    assert!(s.handle_line("position startpos moves C"));
    assert!(s.handle_line("go depth 4"));
    // With threads the search runs on its own: the end of input waits.
    s.end_of_input();
    let lines = take(&said);
    let best = lines.iter().find_map(|l| l.strip_prefix("bestmove "));
    let best = best.expect("a bestmove line").split_whitespace().next();
    let best: Move = best.unwrap().parse().unwrap();
    let p = s.game().position();
    assert!(p.legal_moves(Variant::Songo40).contains(best), "{lines:?}");
    assert_eq!(p, {
        let start = Position::startpos();
        start.make_move(Variant::Songo40, "C".parse().unwrap())
    });
}

#[test]
fn refused_lines_are_errors_and_quit_ends() {
    let (mut s, said) = session();
    assert!(s.handle_bytes(b"is\xffready"));
    assert!(s.handle_line("xyzzy"));
    assert_eq!(
        take(&said),
        [
            "info string error: line 1: not valid UTF-8 (byte 3)",
            "info string error: unknown command 'xyzzy'"
        ]
    );
    assert!(!s.handle_line("quit"));
    s.quit();
}

#[test]
fn the_bench_through_the_facade_counts_the_searchs_nodes() {
    let (mut engine, events) = Engine::with_channel();
    bench::prepare(&mut engine).unwrap();
    let mut searched = 0;
    let r = bench::run(&mut engine, &events, 5, None, &mut |step| {
        if let BenchStep::Searched { .. } = step {
            searched += 1;
        }
    })
    .unwrap();
    assert_eq!(searched, songo_engine::bench::BENCH_POSITIONS.len());
    assert_eq!(
        r.nodes,
        songo_engine::bench::run(5, &mut |_, _, _| {}).nodes
    );
}

//! The opening book through the real binary (protocol.md, "Opening
//! book"): `BookFile`, `OwnBook`, `BookVariety`, the book's answer to `go`
//! and the `go`s that search instead.

mod book_support;
mod protocol_support;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use protocol_support::Engine;

/// The book's answer to songo40's start with `BookVariety 0`.
const ANSWER: [&str; 3] = [
    "info string book move E score cp 40 depth 12 visits 7",
    "info depth 12 seldepth 12 multipv 1 score cp 40 nodes 0 nps 0 hashfull 0 tbhits 0 time 0 pv E b",
    "bestmove E ponder b",
];

/// An engine playing from `book_support::small_book`'s file, which it
/// has said it read (`OwnBook` on: it is off by default).
fn engine_with_book(name: &str) -> Engine {
    let path = book_support::small_book_file(name);
    let mut e = Engine::start();
    e.send("setoption name OwnBook value true");
    e.send(&format!("setoption name BookFile value {}", path.display()));
    assert_eq!(
        e.line(),
        format!("info string book {}: 2 positions, 5 moves", path.display())
    );
    e
}

/// Sends `go …` and returns its lines, up to and with `bestmove`.
fn go(e: &mut Engine, go: &str) -> Vec<String> {
    e.send(go);
    e.until("bestmove")
}

fn is_book(lines: &[String]) -> bool {
    lines
        .iter()
        .any(|l| l.starts_with("info string book move "))
}

/// A search's lines: no book line, and `info depth` lines that counted
/// nodes.
fn searched(lines: &[String]) -> bool {
    !is_book(lines)
        && lines
            .iter()
            .any(|l| l.starts_with("info depth ") && !l.contains(" nodes 0 "))
}

fn best(lines: &[String]) -> String {
    let last = lines.last().expect("a bestmove line");
    last.split_whitespace().nth(1).unwrap().to_string()
}

#[test]
fn go_answers_at_once_from_the_book_with_its_lines_then_bestmove() {
    let mut e = engine_with_book("answer.book");
    e.send("uci");
    e.until("uciok");
    e.send("setoption name BookVariety value 0");
    e.send("ucinewgame");
    e.send("position startpos");
    assert_eq!(
        go(&mut e, "go wtime 60000 btime 60000 winc 1000 binc 1000"),
        ANSWER
    );
    // Nothing follows the answer.
    e.send("isready");
    assert_eq!(e.line(), "readyok");
    // Depths, node counts and move times are answered from the book too,
    // at once.
    for g in ["go depth 30", "go nodes 1000", "go movetime 100000", "go"] {
        let asked = Instant::now();
        assert_eq!(go(&mut e, g), ANSWER, "{g}");
        assert!(asked.elapsed() < Duration::from_secs(5), "{g}");
    }
    // North's reply to E is in the book (the book has nothing after it:
    // no ponder move); after C the game is out of the book.
    e.send("position startpos moves E");
    assert_eq!(
        go(&mut e, "go depth 5"),
        [
            "info string book move b score cp -40 depth 12 visits 7",
            "info depth 12 seldepth 12 multipv 1 score cp -40 nodes 0 nps 0 hashfull 0 tbhits 0 time 0 pv b",
            "bestmove b",
        ]
    );
    e.send("position startpos moves C");
    assert!(searched(&go(&mut e, "go depth 5")));
    // After `ugi`, one move only; the book's reply is still in the info
    // line.
    e.send("ugi");
    e.until("ugiok");
    e.send("position startpos");
    let lines = go(&mut e, "go p1time 60000 p2time 60000");
    assert_eq!(lines[..2], ANSWER[..2]);
    assert_eq!(lines[2], "bestmove E");
}

#[test]
fn infinite_ponder_searchmoves_mate_and_own_book_off_search() {
    let mut e = engine_with_book("search.book");
    // Waiting for the first iteration, not for a fixed time: on a loaded
    // machine a `stop` sent after a sleep can come before any iteration.
    e.send("go infinite");
    let mut lines = e.until("info depth ");
    e.send("stop");
    lines.extend(e.until("bestmove"));
    assert!(searched(&lines), "{lines:#?}");
    e.send("go ponder wtime 1000 btime 1000");
    let mut lines = e.until("info depth ");
    e.send("isready");
    lines.extend(e.until("readyok"));
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("ponderhit");
    lines.extend(e.until("bestmove"));
    assert!(searched(&lines), "{lines:#?}");
    let lines = go(&mut e, "go depth 4 searchmoves C");
    assert!(searched(&lines) && best(&lines) == "C", "{lines:#?}");
    let lines = go(&mut e, "go mate 1 depth 4");
    assert!(searched(&lines), "{lines:#?}");
    e.send("setoption name OwnBook value false");
    let lines = go(&mut e, "go depth 4");
    assert!(searched(&lines), "{lines:#?}");
    e.send("setoption name OwnBook value true");
    assert!(is_book(&go(&mut e, "go depth 4")));
}

/// Weaker levels keep their meaning: they search, and only level 10
/// plays from the book.
#[test]
fn skill_levels_below_full_strength_do_not_use_the_book() {
    let mut e = engine_with_book("levels.book");
    for level in [1, 5, 9] {
        e.send(&format!("setoption name Skill Level value {level}"));
        let lines = go(&mut e, "go depth 3");
        assert!(searched(&lines), "level {level}: {lines:#?}");
    }
    e.send("setoption name Skill Level value 10");
    assert!(is_book(&go(&mut e, "go depth 3")));
}

/// Variety 0 always plays the best move; a wide variety plays every move
/// of the book in turn. The choice is random (seeded by the system), so
/// the wide case is statistical: with three moves equally likely, one of
/// them missing from 60 games has a chance of 3 × (2/3)^60, about 1e-10.
#[test]
fn book_variety_chooses_among_the_moves_within_its_margin() {
    let mut e = engine_with_book("variety.book");
    let played = |e: &mut Engine, variety: u32, games: usize| -> BTreeSet<String> {
        e.send(&format!("setoption name BookVariety value {variety}"));
        (0..games)
            .map(|_| {
                e.send("ucinewgame");
                e.send("position startpos");
                let lines = go(e, "go depth 8");
                assert!(is_book(&lines), "{lines:#?}");
                best(&lines)
            })
            .collect()
    };
    let only = |moves: &[&str]| moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(played(&mut e, 0, 20), only(&["E"]));
    assert_eq!(played(&mut e, 1000, 60), only(&["A", "C", "E"]));
    e.send("setoption name BookVariety value 1001");
    assert!(e.line().starts_with(
        "info string error: setoption: BookVariety takes a whole number from 0 to 1000"
    ));
}

/// A book file that cannot be read or is damaged is refused by name and
/// the book in use stays; the empty value is the embedded book again.
#[test]
fn a_bad_book_file_is_refused_and_the_engine_plays_on() {
    let mut e = engine_with_book("good.book");
    e.send("setoption name BookVariety value 0");
    let bytes = book_support::small_book().to_bytes();
    let truncated = book_support::file("truncated.book", &bytes[..bytes.len() - 1]);
    let mut flipped = bytes.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    let damaged = book_support::file("damaged.book", &flipped);
    let missing = truncated.with_file_name("missing.book");
    for (path, why) in [
        (&truncated, "truncated or damaged"),
        (&damaged, "its checksum is"),
        (&missing, "cannot read it: "),
    ] {
        e.send(&format!("setoption name BookFile value {}", path.display()));
        let l = e.line();
        let named = format!(
            "info string error: setoption: BookFile {}: ",
            path.display()
        );
        assert!(l.starts_with(&named) && l.contains(why), "{l}");
    }
    e.send("position startpos");
    assert_eq!(go(&mut e, "go depth 6"), ANSWER);
    e.send("setoption name BookFile value <empty>");
    e.send("isready");
    assert_eq!(e.line(), "readyok");
    // The embedded book may or may not have the start: either way a move.
    let lines = go(&mut e, "go depth 4");
    assert!("ABCDEFG".contains(&best(&lines)), "{lines:#?}");
}

//! `songo review` through the real binary: a short game with a known
//! blunder is marked, the annotated record reads back, the JSON holds
//! every move, and bad input or a failing engine is a clear error.

mod cli_support;

use cli_support::{songo, text};
use songo_core::record::parse_records;

/// Four plies from a songo40 game between weak levels: South's second
/// move, G, gives North a decisive capture (the engine prefers D or E;
/// every depth from 4 up marks G a blunder, by 7.6 to 11.9 seeds).
const BLUNDER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/review-blunder.pgn");
const BETTER: [&str; 2] = ["D", "E"];

#[test]
fn the_known_blunder_is_marked_and_the_record_reads_back() {
    let out = songo(&["review", BLUNDER, "--depth", "8"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let games = parse_records(&stdout).expect("the annotated record reads back");
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.moves.len(), 4);
    assert!(g
        .extra_tags
        .contains(&("Annotator".to_string(), "songo review, depth 8".to_string())));
    // A comment after every move, a summary before the first.
    assert_eq!(
        g.comments.keys().copied().collect::<Vec<_>>(),
        [0, 1, 2, 3, 4]
    );
    assert!(g.comments[&0].starts_with("South: "), "{}", g.comments[&0]);
    let third = &g.comments[&3];
    assert!(third.contains(" blunder, lost "), "{third}");
    assert!(
        BETTER
            .iter()
            .any(|b| third.ends_with(&format!("; better {b}"))),
        "{third}"
    );
    // Reviewing the annotated record again replaces its comments.
    let dir = std::env::temp_dir().join(format!("songo-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let annotated = dir.join("annotated.pgn");
    std::fs::write(&annotated, &stdout).unwrap();
    let again = songo(&["review", annotated.to_str().unwrap(), "--depth", "8"]);
    assert!(again.status.success());
    assert_eq!(text(&again.stdout), stdout, "same depth, same review");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn json_gives_every_move_and_the_curve() {
    let out = songo(&["review", BLUNDER, "--movetime", "100", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["limit"], "100 ms a position");
    assert_eq!(doc["thresholds"]["blunder"], 500);
    let game = &doc["games"][0];
    let moves = game["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    assert_eq!(game["curve"].as_array().unwrap().len(), 5);
    let g = &moves[2];
    assert_eq!(g["move"], "G");
    assert_eq!(g["mover"], "south");
    assert_eq!(g["label"], "2. G");
    assert_eq!(g["judgement"], "blunder");
    assert!(BETTER.contains(&g["best"].as_str().unwrap()), "{g}");
    let loss = g["loss"].as_i64().unwrap();
    assert_eq!(
        loss,
        g["before"].as_i64().unwrap() - g["after"].as_i64().unwrap()
    );
    assert_eq!(game["summary"]["south"]["blunders"], 1);
}

#[test]
fn thresholds_can_be_raised() {
    let out = songo(&[
        "review",
        BLUNDER,
        "--depth",
        "8",
        "--json",
        "--thresholds",
        "20,30,40",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for m in doc["games"][0]["moves"].as_array().unwrap() {
        assert_eq!(m["judgement"], "good", "{m}");
    }
}

#[test]
fn errors_are_clear() {
    let dir = std::env::temp_dir().join(format!("songo-review-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.pgn");
    let broken = std::fs::read_to_string(BLUNDER)
        .unwrap()
        .replace("2. G b", "2. G G");
    std::fs::write(&bad, broken).unwrap();
    let empty = dir.join("empty.pgn");
    std::fs::write(&empty, "\n\n").unwrap();
    let cases: [(Vec<&str>, i32, &str); 6] = [
        (vec!["review", bad.to_str().unwrap()], 3, "bad.pgn:11:"),
        (
            vec!["review", empty.to_str().unwrap()],
            3,
            "empty.pgn: the file holds no game",
        ),
        (vec!["review", "/nonexistent/game.pgn"], 1, "cannot read"),
        (
            vec!["review", BLUNDER, "--game", "2"],
            2,
            "there is no game 2",
        ),
        (
            vec!["review", BLUNDER, "--depth", "3", "--movetime", "10"],
            2,
            "cannot be used with",
        ),
        (
            vec!["review", BLUNDER, "--thresholds", "5,2,1"],
            2,
            "three increasing",
        ),
    ];
    for (args, code, expect) in cases {
        let out = songo(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(expect), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(out.stdout.is_empty());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_crashes_or_gives_no_score_is_reported() {
    let me = env!("CARGO_BIN_EXE_songo");
    for (kind, expect) in [("crash", "ply 0"), ("random", "without a score")] {
        let spec = format!("cmd={me} arg=sparring arg=--kind arg={kind}");
        let out = songo(&["review", BLUNDER, "--engine", &spec]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{kind}: {err}");
        assert!(
            err.contains("the engine failed") && err.contains(expect),
            "{kind}: {err}"
        );
        assert!(out.stdout.is_empty());
    }
}

//! The command-line tools through the real binary: `analyze` and the
//! `--help` of every subcommand, and errors that must not be panics.
//! `songo play` is in play_cli.rs, the exit codes in exit_codes.rs.

mod cli_support;

use cli_support::{assert_clean_error, songo, text};

use std::io::Read;
use std::process::{Command, Stdio};

use serde_json::Value;
use songo_core::{Game, Move, Position, Variant};
// ---------------------------------------------------------------- analyze

#[test]
fn analyze_draws_the_board_then_the_lines_then_the_best_move() {
    let out = songo(&["analyze", "--moves", "C d", "--depth", "6"]);
    assert!(out.status.success());
    let s = text(&out.stdout);
    assert!(
        s.contains("Position: 6,6,0,6,6,6,6/6,5,5,0,6,6,6 s 0 0 Gg"),
        "{s}"
    );
    assert!(s.contains(" |  6 |  6 |  0 |  6 |  6 |  6 |  6 |"), "{s}");
    let rows: Vec<&str> = s
        .lines()
        .skip_while(|l| !l.starts_with("depth"))
        .skip(1)
        .take_while(|l| !l.starts_with("Best move"))
        .collect();
    let depths: Vec<String> = rows
        .iter()
        .filter(|r| !r.contains(">=") && !r.contains("<="))
        .map(|r| r.split('/').next().unwrap().trim().to_string())
        .collect();
    assert_eq!(depths, ["1", "2", "3", "4", "5", "6"], "{s}");
    for r in &rows {
        // depth/seldepth, score, W/D/L, nodes, nps, time, pv of legal letters.
        let fields: Vec<&str> = r.split_whitespace().collect();
        assert!(fields.len() >= 7, "{r}");
        assert!(
            fields.iter().any(|f| f.ends_with('s') && f.contains('.')),
            "{r}"
        );
    }
    let best = s.lines().last().unwrap();
    assert!(best.starts_with("Best move: "), "{best}");
    let m = best.split_whitespace().nth(2).unwrap();
    assert!(["A", "B", "D", "E", "F"].contains(&m), "{best}");
}

#[test]
fn analyze_shows_forced_wins_and_multipv_lines() {
    let fen = "0,0,0,0,0,1,1/1,1,0,0,0,0,9 s 34 23 -";
    let out = songo(&[
        "analyze",
        "--variant",
        "songo36-beginner",
        "--fen",
        fen,
        "--depth",
        "3",
        "--multipv",
        "2",
    ]);
    let s = text(&out.stdout);
    assert!(s.contains("win in 1  100/0/0"), "{s}");
    assert!(s.contains(" #1 G"), "{s}");
    assert!(s.contains(" #2 F"), "{s}");
    let best = s.lines().last().unwrap();
    assert!(
        best.starts_with("Best move: G (score win in 1 at depth 3"),
        "{s}"
    );
}

#[test]
fn analyze_of_a_finished_game_says_so() {
    let out = songo(&[
        "analyze",
        "--variant",
        "songo36-amateur",
        "--fen",
        "3,2,1,5,0,0,0/0,0,0,0,0,0,0 s 36 23 -",
    ]);
    assert!(out.status.success());
    let s = text(&out.stdout);
    assert!(
        s.contains("No move: the game is over (capture threshold reached), result 1-0"),
        "{s}"
    );
}

#[test]
fn analyze_errors_are_messages_not_panics() {
    assert_clean_error(&["analyze", "--fen", "1,2,3 s 0 0 Gg"], "not two rows of 7");
    assert_clean_error(
        &["analyze", "--fen", "5,5,5,5,5,5,5/5,5,5,5,5,5,6 s 0 0 Gg"],
        "total 71 seeds",
    );
    assert_clean_error(
        &["analyze", "--moves", "C d X"],
        "--moves: move 3 'X': 'X' is not a move",
    );
    assert_clean_error(
        &["analyze", "--moves", "C C"],
        "--moves: move 2 'C': move C is illegal here (legal: a b c d e f g)",
    );
    assert_clean_error(
        &["analyze", "--depth", "3", "--movetime", "10"],
        "cannot be used with",
    );
    assert_clean_error(&["analyze", "--multipv", "8"], "--multipv");
    assert_clean_error(&["analyze", "--depth", "0"], "--depth");
    assert_clean_error(
        &["analyze", "--variant", "chess"],
        "unknown variant 'chess'",
    );
    assert_clean_error(&["analyze", "--hash", "0"], "--hash");
    assert_clean_error(
        &[
            "analyze",
            "--variant",
            "songo36-amateur",
            "--fen",
            "3,2,1,5,0,0,0/0,0,0,0,0,0,0 s 36 23 -",
            "--moves",
            "A",
        ],
        "the game is already over",
    );
}

/// A line of `--json` output: one JSON object (serde_json reads it; a
/// line that is not valid JSON fails the test).
fn json(line: &str) -> Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

/// Field `key` of an object, which must be there.
fn get<'a>(v: &'a Value, key: &str) -> &'a Value {
    v.get(key)
        .unwrap_or_else(|| panic!("no field {key} in {v}"))
}

fn str_of(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("{v} is not a string"))
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

fn moves(v: &Value) -> Vec<Move> {
    v.as_array()
        .unwrap_or_else(|| panic!("{v} is not an array"))
        .iter()
        .map(|m| str_of(m).parse().unwrap())
        .collect()
}

#[test]
fn analyze_json_is_one_valid_object_per_line() {
    let out = songo(&[
        "analyze",
        "--variant",
        "songo36-amateur",
        "--moves",
        "C",
        "--depth",
        "7",
        "--multipv",
        "3",
        "--json",
    ]);
    assert!(out.status.success());
    let s = text(&out.stdout);
    let objects: Vec<Value> = s.lines().map(json).collect();
    let first = &objects[0];
    assert_eq!(str_of(get(first, "type")), "position");
    assert_eq!(str_of(get(first, "variant")), "songo36-amateur");
    let start: Position = str_of(get(first, "position")).parse().unwrap();
    assert_eq!(str_of(get(first, "side")), "north");
    assert_eq!(moves(get(first, "moves")), ["C".parse::<Move>().unwrap()]);
    assert_eq!(get(first, "over"), &Value::Bool(false));
    let infos = &objects[1..objects.len() - 1];
    assert!(!infos.is_empty());
    let mut last_depth = 0.0;
    for info in infos {
        assert_eq!(str_of(get(info, "type")), "info");
        let depth = num(get(info, "depth"));
        assert!(depth >= last_depth);
        last_depth = depth;
        let k = num(get(info, "multipv"));
        assert!((1.0..=3.0).contains(&k));
        assert!(["exact", "lower", "upper"].contains(&str_of(get(info, "bound"))));
        let score = get(info, "score");
        assert!(get(score, "cp").is_number(), "{score}");
        let wdl = get(info, "wdl").as_array().expect("wdl is an array");
        assert_eq!(wdl.iter().map(num).sum::<f64>(), 1000.0);
        for key in ["seldepth", "nodes", "nps", "time_ms", "hashfull"] {
            assert!(num(get(info, key)) >= 0.0);
        }
        // The principal variation is a legal line from the position.
        let mut g = Game::new(Variant::Songo36Amateur, start);
        for m in moves(get(info, "pv")) {
            g.play(m).unwrap_or_else(|e| panic!("{e} in pv {info}"));
        }
    }
    assert_eq!(last_depth, 7.0);
    let last = objects.last().unwrap();
    assert_eq!(str_of(get(last, "type")), "bestmove");
    let best: Move = str_of(get(last, "move")).parse().unwrap();
    assert!(start.legal_moves(Variant::Songo36Amateur).contains(best));
    assert_eq!(num(get(last, "depth")), 7.0);
    assert_eq!(get(last, "result"), &Value::Null);
}

#[test]
fn analyze_json_of_a_finished_game() {
    let out = songo(&[
        "analyze",
        "--variant",
        "songo36-amateur",
        "--fen",
        "3,2,1,5,0,0,0/0,0,0,0,0,0,0 s 36 23 -",
        "--json",
    ]);
    let s = text(&out.stdout);
    let lines: Vec<Value> = s.lines().map(json).collect();
    assert_eq!(lines.len(), 2, "{s}");
    assert_eq!(get(&lines[0], "over"), &Value::Bool(true));
    assert_eq!(get(&lines[1], "move"), &Value::Null);
    assert_eq!(str_of(get(&lines[1], "result")), "1-0");
    assert_eq!(
        str_of(get(&lines[1], "reason")),
        "capture threshold reached"
    );
}

#[test]
fn analyze_survives_a_closed_output() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_songo"))
        .args(["analyze", "--depth", "30", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 10];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = text(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
}

// ---------------------------------------------------------------- help

#[test]
fn every_subcommand_has_help_with_an_example() {
    for sub in [
        None,
        Some("analyze"),
        Some("play"),
        Some("perft"),
        Some("bench"),
    ] {
        let args: Vec<&str> = sub.into_iter().chain(["--help"]).collect();
        let out = songo(&args);
        assert!(out.status.success(), "{args:?}");
        let s = text(&out.stdout);
        assert!(s.contains("Example"), "{args:?}: {s}");
        if let Some(sub) = sub {
            assert!(s.contains(&format!("songo {sub}")), "{args:?}: {s}");
        }
    }
}

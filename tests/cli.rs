//! The command-line tools through the real binary: `analyze` and the
//! `--help` of every subcommand, and errors that must not be panics.
//! `songo play` is in play_cli.rs, the exit codes in exit_codes.rs.

mod cli_support;

use cli_support::{assert_clean_error, songo, text};

use std::io::Read;
use std::process::{Command, Stdio};

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

/// A small JSON reader, enough to check that every line is valid JSON and
/// to look at its fields.
#[derive(Clone, Debug, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    fn parse(s: &str) -> Result<Json, String> {
        let b: Vec<char> = s.chars().collect();
        let mut i = 0;
        let v = Self::value(&b, &mut i)?;
        Self::ws(&b, &mut i);
        if i != b.len() {
            return Err(format!("trailing text at {i} in {s}"));
        }
        Ok(v)
    }

    fn ws(b: &[char], i: &mut usize) {
        while *i < b.len() && b[*i].is_whitespace() {
            *i += 1;
        }
    }

    fn value(b: &[char], i: &mut usize) -> Result<Json, String> {
        Self::ws(b, i);
        let rest: String = b[*i..].iter().take(5).collect();
        match b.get(*i) {
            Some('{') => {
                *i += 1;
                let mut fields = Vec::new();
                Self::ws(b, i);
                if b.get(*i) == Some(&'}') {
                    *i += 1;
                    return Ok(Json::Obj(fields));
                }
                loop {
                    Self::ws(b, i);
                    let Json::Str(k) = Self::value(b, i)? else {
                        return Err("object key is not a string".into());
                    };
                    Self::ws(b, i);
                    if b.get(*i) != Some(&':') {
                        return Err(format!("expected ':' at {i}"));
                    }
                    *i += 1;
                    fields.push((k, Self::value(b, i)?));
                    Self::ws(b, i);
                    match b.get(*i) {
                        Some(',') => *i += 1,
                        Some('}') => {
                            *i += 1;
                            return Ok(Json::Obj(fields));
                        }
                        _ => return Err(format!("expected ',' or '}}' at {i}")),
                    }
                }
            }
            Some('[') => {
                *i += 1;
                let mut items = Vec::new();
                Self::ws(b, i);
                if b.get(*i) == Some(&']') {
                    *i += 1;
                    return Ok(Json::Arr(items));
                }
                loop {
                    items.push(Self::value(b, i)?);
                    Self::ws(b, i);
                    match b.get(*i) {
                        Some(',') => *i += 1,
                        Some(']') => {
                            *i += 1;
                            return Ok(Json::Arr(items));
                        }
                        _ => return Err(format!("expected ',' or ']' at {i}")),
                    }
                }
            }
            Some('"') => {
                *i += 1;
                let mut s = String::new();
                loop {
                    match b.get(*i) {
                        None => return Err("unterminated string".into()),
                        Some('"') => {
                            *i += 1;
                            return Ok(Json::Str(s));
                        }
                        Some('\\') => {
                            *i += 1;
                            match b.get(*i) {
                                Some('"') => s.push('"'),
                                Some('\\') => s.push('\\'),
                                Some('/') => s.push('/'),
                                Some('n') => s.push('\n'),
                                Some('r') => s.push('\r'),
                                Some('t') => s.push('\t'),
                                Some('b') => s.push('\u{8}'),
                                Some('f') => s.push('\u{c}'),
                                Some('u') => {
                                    let hex: String = b[*i + 1..*i + 5].iter().collect();
                                    let n =
                                        u32::from_str_radix(&hex, 16).map_err(|e| e.to_string())?;
                                    s.push(char::from_u32(n).ok_or("bad \\u escape")?);
                                    *i += 4;
                                }
                                other => return Err(format!("bad escape {other:?}")),
                            }
                            *i += 1;
                        }
                        Some(c) if (*c as u32) < 0x20 => return Err("raw control character".into()),
                        Some(c) => {
                            s.push(*c);
                            *i += 1;
                        }
                    }
                }
            }
            _ if rest.starts_with("true") => {
                *i += 4;
                Ok(Json::Bool(true))
            }
            _ if rest.starts_with("false") => {
                *i += 5;
                Ok(Json::Bool(false))
            }
            _ if rest.starts_with("null") => {
                *i += 4;
                Ok(Json::Null)
            }
            Some(c) if *c == '-' || c.is_ascii_digit() => {
                let start = *i;
                while *i < b.len() && (b[*i] == '-' || b[*i] == '.' || b[*i].is_ascii_digit()) {
                    *i += 1;
                }
                let n: String = b[start..*i].iter().collect();
                n.parse()
                    .map(Json::Num)
                    .map_err(|_| format!("bad number {n}"))
            }
            other => Err(format!("unexpected {other:?} at {i}")),
        }
    }

    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Obj(fields) => fields
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v)
                .unwrap_or_else(|| panic!("no field {key} in {self:?}")),
            _ => panic!("{self:?} is not an object"),
        }
    }

    fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            _ => panic!("{self:?} is not a string"),
        }
    }

    fn num(&self) -> f64 {
        match self {
            Json::Num(n) => *n,
            _ => panic!("{self:?} is not a number"),
        }
    }

    fn moves(&self) -> Vec<Move> {
        match self {
            Json::Arr(items) => items.iter().map(|m| m.str().parse().unwrap()).collect(),
            _ => panic!("{self:?} is not an array"),
        }
    }
}

#[test]
fn the_test_json_reader_rejects_bad_json() {
    assert!(Json::parse(r#"{"a":[1,-2.5,"x\"\u0001"],"b":null}"#).is_ok());
    for bad in [
        r#"{"a":}"#,
        r#"{"a":"x"#,
        "[1,]",
        "{\"a\":\"\u{1}\"}",
        "{} x",
    ] {
        assert!(Json::parse(bad).is_err(), "{bad}");
    }
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
    let objects: Vec<Json> = s
        .lines()
        .map(|l| Json::parse(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let first = &objects[0];
    assert_eq!(first.get("type").str(), "position");
    assert_eq!(first.get("variant").str(), "songo36-amateur");
    let start: Position = first.get("position").str().parse().unwrap();
    assert_eq!(first.get("side").str(), "north");
    assert_eq!(first.get("moves").moves(), ["C".parse::<Move>().unwrap()]);
    assert_eq!(first.get("over"), &Json::Bool(false));
    let infos = &objects[1..objects.len() - 1];
    assert!(!infos.is_empty());
    let mut last_depth = 0.0;
    for info in infos {
        assert_eq!(info.get("type").str(), "info");
        let depth = info.get("depth").num();
        assert!(depth >= last_depth);
        last_depth = depth;
        let k = info.get("multipv").num();
        assert!((1.0..=3.0).contains(&k));
        assert!(["exact", "lower", "upper"].contains(&info.get("bound").str()));
        let score = info.get("score");
        assert!(matches!(score.get("cp"), Json::Num(_)), "{score:?}");
        let Json::Arr(wdl) = info.get("wdl") else {
            panic!()
        };
        assert_eq!(wdl.iter().map(Json::num).sum::<f64>(), 1000.0);
        for key in ["seldepth", "nodes", "nps", "time_ms", "hashfull"] {
            assert!(info.get(key).num() >= 0.0);
        }
        // The principal variation is a legal line from the position.
        let mut g = Game::new(Variant::Songo36Amateur, start);
        for m in info.get("pv").moves() {
            g.play(m).unwrap_or_else(|e| panic!("{e} in pv {info:?}"));
        }
    }
    assert_eq!(last_depth, 7.0);
    let last = objects.last().unwrap();
    assert_eq!(last.get("type").str(), "bestmove");
    let best: Move = last.get("move").str().parse().unwrap();
    assert!(start.legal_moves(Variant::Songo36Amateur).contains(best));
    assert_eq!(last.get("depth").num(), 7.0);
    assert_eq!(last.get("result"), &Json::Null);
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
    let lines: Vec<Json> = s.lines().map(|l| Json::parse(l).unwrap()).collect();
    assert_eq!(lines.len(), 2, "{s}");
    assert_eq!(lines[0].get("over"), &Json::Bool(true));
    assert_eq!(lines[1].get("move"), &Json::Null);
    assert_eq!(lines[1].get("result").str(), "1-0");
    assert_eq!(lines[1].get("reason").str(), "capture threshold reached");
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

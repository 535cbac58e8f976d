//! The command-line tools through the real binary: `analyze`, `play`, the
//! `--help` of every subcommand, and errors that must not be panics.

use std::io::{Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use songo_core::{Game, GameStatus, Move, Position, Variant};

fn songo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_songo"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("output is UTF-8")
}

/// A failure: non-zero exit, a message on stderr, no panic, nothing on stdout.
fn assert_clean_error(args: &[&str], expect: &str) {
    let out = songo(args);
    let err = text(&out.stderr);
    assert!(!out.status.success(), "{args:?} succeeded");
    assert!(err.contains(expect), "{args:?}: stderr {err:?}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(
        out.stdout.is_empty(),
        "{args:?}: stdout {:?}",
        text(&out.stdout)
    );
}

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

// ---------------------------------------------------------------- play

/// `songo play` with a piped script; returns its whole output.
fn play_script(args: &[&str], script: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_songo"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A child that refuses its arguments exits without reading: ignore the broken pipe.
    let _ = child.stdin.take().unwrap().write_all(script.as_bytes());
    let out = child.wait_with_output().unwrap();
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn play_reads_moves_and_commands_from_a_pipe() {
    let (ok, s, err) = play_script(
        &["--level", "1", "--seed", "7"],
        "help\nzz\nc\nC\nhint\nboard\nundo\nundo\n3\nquit\n\n",
    );
    assert!(ok, "{err}");
    assert!(
        s.contains("You play South (you move first). Random seed 7."),
        "{s}"
    );
    assert!(s.contains("Commands:\n  hint"), "{s}");
    assert!(
        s.contains("Your move (A B C D E F G): zz\n'zz' is neither a move nor a command"),
        "{s}"
    );
    assert!(
        s.contains("c is a pit of North; yours are A-G (or 1-7). Legal now: A B C D E F G"),
        "{s}"
    );
    assert!(s.contains("You play C."), "{s}");
    // The last move is marked on the board, and who played it is said.
    assert!(s.contains("|[ 0]|"), "{s}");
    assert!(s.contains("Last move: C by South (you)"), "{s}");
    assert!(s.contains("songo plays "), "{s}");
    assert!(s.contains("Hint: "), "{s}");
    assert!(s.contains("Taken back: C "), "{s}");
    assert!(s.contains("Nothing to undo."), "{s}");
    assert!(s.contains("You play C.\n"), "{s}");
    assert!(
        s.contains(
            "Game abandoned.\nSave the game record? File name (empty to skip): \nNot saved."
        ),
        "{s}"
    );
    // The same seed gives the same game.
    let (_, again, _) = play_script(
        &["--level", "1", "--seed", "7"],
        "help\nzz\nc\nC\nhint\nboard\nundo\nundo\n3\nquit\n\n",
    );
    assert_eq!(s, again);
}

#[test]
fn play_ends_cleanly_at_the_end_of_input() {
    let (ok, s, err) = play_script(&["--north", "--level", "2", "--seed", "1"], "a\n");
    assert!(ok, "{err}");
    assert!(s.contains("You play North (songo moves first)"), "{s}");
    assert!(
        s.trim_end()
            .ends_with("End of input: the game is left unfinished."),
        "{s}"
    );
    let (ok, s, _) = play_script(&["--level", "3"], "");
    assert!(ok);
    assert!(s.contains("End of input"), "{s}");
}

#[test]
fn play_errors_are_messages_not_panics() {
    for (args, expect) in [
        (vec!["--level", "11"], "--level"),
        (vec!["--level", "0"], "--level"),
        (vec!["--south", "--north"], "cannot be used with"),
        (
            vec!["--level", "3", "--movetime", "100"],
            "cannot be used with",
        ),
        (vec!["--fen", "5,5 s 0 0 Gg"], "not two rows of 7"),
    ] {
        let (ok, _, err) = play_script(&args, "quit\n");
        assert!(!ok, "{args:?}");
        assert!(
            err.contains(expect) && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}

/// Reads a child's output as it comes, up to the next prompt.
struct Session {
    child: Child,
    chunks: Receiver<Vec<u8>>,
    seen: String,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_songo"))
            .arg("play")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            chunks: rx,
            seen: String::new(),
        }
    }

    /// Everything up to and including the next prompt (a line ending in ": ").
    fn prompt(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(end) = self.seen.rfind(": ") {
                if end + 2 == self.seen.len() {
                    return std::mem::take(&mut self.seen);
                }
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.chunks.recv_timeout(left) {
                Ok(c) => self.seen.push_str(&String::from_utf8_lossy(&c)),
                Err(_) => panic!("no prompt; output so far: {}", self.seen),
            }
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }
}

/// Plays a whole game against level 1, choosing among the legal moves the
/// prompt lists with a simple rule, saves the record, and checks it: its
/// moves replay to the result it states.
#[test]
fn a_whole_game_ends_with_the_result_and_a_saved_record() {
    let dir = std::env::temp_dir().join(format!("songo-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.pgn");
    let _ = std::fs::remove_file(&path);
    let mut s = Session::start(&[
        "--variant",
        "songo36-beginner",
        "--level",
        "1",
        "--seed",
        "3",
    ]);
    let mut transcript = String::new();
    let mut turns = 0;
    loop {
        let out = s.prompt();
        transcript.push_str(&out);
        if out.ends_with("File name (empty to skip): ") {
            break;
        }
        let legal = out
            .rsplit("Your move (")
            .next()
            .and_then(|t| t.strip_suffix("): "))
            .unwrap_or_else(|| panic!("unexpected prompt: {out}"));
        let moves: Vec<&str> = legal.split(' ').collect();
        // Vary the choice so the game does not cycle.
        s.send(moves[turns * 7 % moves.len()]);
        turns += 1;
        assert!(turns < 2000, "the game does not end: {transcript}");
    }
    assert!(transcript.contains("Game over: "), "{transcript}");
    assert!(
        transcript.contains("Final score: South (you) "),
        "{transcript}"
    );
    let result_line = transcript
        .lines()
        .find(|l| l.starts_with("Result: "))
        .unwrap();
    let result = result_line.trim_start_matches("Result: ").to_string();
    // An existing file is not overwritten: the question comes again.
    let taken = dir.join("taken.pgn");
    std::fs::write(&taken, "keep").unwrap();
    s.send(taken.to_str().unwrap());
    let again = s.prompt();
    assert!(
        again.contains("Cannot write")
            && again.ends_with("Another name?\nSave the game record? File name (empty to skip): "),
        "{again}"
    );
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "keep");
    s.send(path.to_str().unwrap());
    let out = s.child.wait_with_output().unwrap();
    assert!(out.status.success());
    let record = std::fs::read_to_string(&path).unwrap();
    let tags: Vec<&str> = record.lines().take_while(|l| l.starts_with('[')).collect();
    assert_eq!(tags[0], "[Event \"songo play\"]");
    assert_eq!(tags[1], "[Variant \"songo36-beginner\"]");
    assert_eq!(tags[2], "[South \"Human\"]");
    assert_eq!(tags[3], "[North \"songo 0.1.0 (level 1)\"]");
    assert_eq!(tags[4], format!("[Result \"{result}\"]"));
    assert_eq!(tags[5], "[TimeControl \"-\"]");
    assert!(tags[6].starts_with("[Termination \""), "{record}");
    let parsed = songo_core::record::parse_records(&record).expect("the saved record reads back");
    assert_eq!(parsed.len(), 1);
    let movetext: Vec<&str> = record
        .lines()
        .skip(tags.len() + 1)
        .flat_map(|l| l.split_whitespace())
        .collect();
    assert_eq!(movetext.last(), Some(&result.as_str()));
    let mut g = Game::new(Variant::Songo36Beginner, Position::startpos());
    for t in &movetext[..movetext.len() - 1] {
        if t.ends_with('.') {
            continue;
        }
        g.play(t.parse().unwrap()).unwrap();
    }
    assert_eq!(tags[7], format!("[PlyCount \"{}\"]", g.moves().len()));
    let GameStatus::Over { outcome, .. } = g.status() else {
        panic!("the record's game is not over: {record}")
    };
    assert_eq!(outcome.score_text(), result);
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------- exit codes

/// Runs songo and checks its exit code, that standard error is one
/// `error: ` line holding every `expect`, and that nothing panicked.
fn assert_exit(args: &[&str], code: i32, expect: &[&str]) {
    let out = songo(args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{args:?}: stderr {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    for e in expect {
        assert!(err.contains(e), "{args:?}: {e:?} not in {err}");
    }
}

/// A fresh directory under the system's temporary one.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("songo-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn help_documents_the_exit_codes() {
    let out = songo(&["--help"]);
    assert!(out.status.success());
    let s = text(&out.stdout);
    let codes = s
        .split_once("Exit codes:")
        .unwrap_or_else(|| panic!("no exit codes in {s}"))
        .1;
    for (code, meaning) in [
        ("0", "success"),
        ("1", "the job failed"),
        ("2", "bad command line"),
        ("3", "bad input data"),
    ] {
        assert!(
            codes.contains(&format!("\n  {code}  {meaning}")),
            "{code} {meaning}: {codes}"
        );
    }
}

#[test]
fn a_bad_command_line_exits_with_2() {
    assert_exit(&["--bogus"], 2, &["'--bogus'"]);
    assert_exit(
        &["perft", "--depth", "1", "--colour", "red"],
        2,
        &["--colour"],
    );
    // Values are parsed with the command line: the message names the
    // argument and says what is wrong.
    assert_exit(
        &["perft", "--fen", "garbage", "--depth", "1"],
        2,
        &["'garbage'", "--fen", "expected 5 fields"],
    );
    assert_exit(
        &["match", "-e", "name=a", "-e", "colour=b"],
        2,
        &["'colour=b'", "--engine", "unknown key 'colour'"],
    );
    assert_exit(
        &["match", "-e", "name=a", "-e", "name=b", "--tc", "fast"],
        2,
        &["--tc", "'fast' is not a number of seconds", "movetime=MS"],
    );
    // Arguments that parse but do not go together.
    assert_exit(
        &["match", "-e", "name=a"],
        2,
        &["at least two engines", "got 1"],
    );
    assert_exit(
        &[
            "match", "-e", "name=a", "-e", "name=b", "-e", "name=c", "--sprt", "0,5",
        ],
        2,
        &["--sprt needs exactly two engines, got 3"],
    );
    assert_exit(&["tune", "--games", "0"], 2, &["--games"]);
    assert_exit(
        &["tune", "--games", "1", "--learning-rate=-1"],
        2,
        &["--learning-rate", "-1"],
    );
}

#[test]
fn a_failed_job_exits_with_1() {
    assert_exit(
        &["tb", "probe", "--dir", "/nonexistent/tables"],
        1,
        &[
            "--dir /nonexistent/tables",
            "tablebase directory /nonexistent/tables is missing",
        ],
    );
    // An engine that cannot start stops the match before its first game.
    assert_exit(
        &[
            "match",
            "-e",
            "name=songo",
            "-e",
            "name=ghost cmd=/nonexistent/engine",
            "--tc",
            "depth=1",
            "-n",
            "2",
        ],
        1,
        &["engine 'ghost' failed to start", "/nonexistent/engine"],
    );
    // ...and so does one that exits instead of answering the handshake.
    assert_exit(
        &[
            "match",
            "-e",
            "name=songo",
            "-e",
            "name=mute cmd=true",
            "--tc",
            "depth=1",
        ],
        1,
        &["engine 'mute' failed to start: the engine exited"],
    );
    assert_exit(
        &[
            "match",
            "-e",
            "name=a",
            "-e",
            "name=b",
            "--openings",
            "/nonexistent/o.txt",
        ],
        1,
        &["cannot read the openings file /nonexistent/o.txt"],
    );
}

#[test]
fn bad_input_data_exits_with_3_and_names_the_file_and_line() {
    let dir = temp_dir("bad-input");
    let openings = dir.join("openings.txt");
    std::fs::write(
        &openings,
        "# two good, one bad\n5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg\n\n5,5,5/5 s 0 0 Gg\n",
    )
    .unwrap();
    let file = openings.to_str().unwrap();
    assert_exit(
        &["match", "-e", "name=a", "-e", "name=b", "--openings", file],
        3,
        &[
            &format!("openings file {file}, line 4: not a position: "),
            "7 counts",
        ],
    );
    // A file that is not a table where a table should be.
    let tables = dir.join("tables");
    std::fs::create_dir_all(&tables).unwrap();
    let table = tables.join("songo40-10.sgtb");
    std::fs::write(&table, "not a table").unwrap();
    assert_exit(
        &[
            "tb",
            "generate",
            "--variant",
            "songo40",
            "--max-seeds",
            "10",
            "--dir",
            tables.to_str().unwrap(),
        ],
        3,
        &[
            "cannot generate the songo40 tables",
            &format!("tablebase file {}", table.display()),
        ],
    );
    // Probing skips the broken file with a warning: nothing in the tables.
    let out = songo(&["tb", "probe", "--dir", tables.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(text(&out.stderr).starts_with("warning: tablebase file"));
    assert!(text(&out.stdout).contains("not in the tables"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tablebase_help_suggests_a_relative_directory() {
    for sub in ["generate", "probe"] {
        let out = songo(&["tb", sub, "--help"]);
        assert!(out.status.success());
        let s = text(&out.stdout);
        assert!(s.contains(&format!("songo tb {sub} ")), "{s}");
        assert!(s.contains("--dir tables/"), "{s}");
        assert!(!s.contains("/work"), "{s}");
    }
}

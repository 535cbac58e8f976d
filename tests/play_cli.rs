//! `songo play` through the real binary: moves and commands from a pipe,
//! a whole game at a terminal-like prompt, errors that are not panics.

mod cli_support;

use cli_support::text;

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use songo_core::{Game, GameStatus, Position, Variant};
// ---------------------------------------------------------------- play

/// `songo play` with a piped script; returns its whole output.
fn play_script(args: &[&str], script: &str) -> (bool, String, String) {
    play_bytes(args, script.as_bytes())
}

fn play_bytes(args: &[&str], script: &[u8]) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_songo"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A child that refuses its arguments exits without reading: ignore the broken pipe.
    let _ = child.stdin.take().unwrap().write_all(script);
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

/// A stray byte at the prompt is explained and the game goes on.
#[test]
fn input_that_is_not_text_is_explained_and_the_game_goes_on() {
    let (ok, out, err) = play_bytes(&["--level", "1", "--seed", "3"], b"\xffC\n\x00\nC\nquit\n");
    assert!(ok, "{err}");
    assert_eq!(out.matches("That is not text").count(), 2, "{out}");
    assert!(out.contains("You play C."), "{out}");
}

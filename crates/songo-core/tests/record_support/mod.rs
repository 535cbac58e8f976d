//! What the record test files share: a short game, its golden text, and
//! temporary files. The root package's tests/replay.rs (`songo replay`)
//! includes this file too.

#![allow(dead_code)] // each test file takes the parts it needs

use songo_core::{Game, Move, Position, Variant};

pub fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect()
}

/// A songo40 game that ends after 14 plies: North wins, South's row empty.
pub const SHORT_GAME: &str = "E c F c C e D f B d A f G b";

pub fn short_game() -> Game {
    Game::with_moves(Variant::Songo40, Position::startpos(), moves(SHORT_GAME)).unwrap()
}

pub const GOLDEN: &str = r#"[Event "songo match"]
[Variant "songo40"]
[South "alpha"]
[North "beta \"b\""]
[Result "0-1"]
[TimeControl "10+0.1"]
[Termination "no seeds"]
[PlyCount "14"]
[Round "1"]

1. E c 2. F c 3. C e 4. D f 5. B d 6. A f 7. G b 0-1
"#;

/// A file of its own for each call: tests run in parallel threads of one
/// process, and two of them may pick the same name.
pub fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("songo-record-test-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

pub const MOVES_LINE: usize = 11;

/// The golden game's bytes with line `line` (from 1) replaced.
pub fn golden_with_line(line: usize, replacement: &[u8]) -> Vec<u8> {
    let mut lines: Vec<Vec<u8>> = GOLDEN.lines().map(|l| l.as_bytes().to_vec()).collect();
    lines[line - 1] = replacement.to_vec();
    lines.join(&b'\n')
}

pub fn temp_bytes(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = temp_file(name, "");
    std::fs::write(&path, bytes).unwrap();
    path
}

//! What the record test files share: a short game, its golden text, and
//! running `songo replay`.

#![allow(dead_code)] // each test file takes the parts it needs

use std::process::Command;

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

pub fn replay(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_songo"))
        .arg("replay")
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

pub fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("songo-record-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

pub const MOVES_LINE: usize = 11;

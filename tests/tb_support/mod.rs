//! What the tablebase test files share.

#![allow(dead_code)] // each test file takes the parts it needs

use std::path::{Path, PathBuf};

/// A fresh directory under the system's temporary directory, removed when
/// dropped; named after the test and the process.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("songo-tb-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Puts `bytes` at `path` the way table files must be replaced while
/// they may be mapped: a new file renamed onto the name (writing into a
/// mapped file is what `Table::open` forbids).
pub fn replace(path: &Path, bytes: &[u8]) {
    let tmp = path.with_extension("new");
    std::fs::write(&tmp, bytes).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

/// A random endgame of `v` with `seeds` on the board: the seeds dropped in
/// random pits, the captured counts within `spread` of an even split (the
/// range where the result is still open), either side to move; drawn again
/// until the game is not over. The search's and the tables' tests share it.
pub fn random_endgame(
    rng: &mut rand::rngs::StdRng,
    v: songo_core::Variant,
    seeds: u8,
    spread: u8,
) -> songo_core::Position {
    use rand::Rng;
    use songo_core::{Position, Side};
    loop {
        let mut pits = [0u8; 14];
        for _ in 0..seeds {
            pits[rng.random_range(0..14)] += 1;
        }
        let caps = 70 - seeds;
        let south = rng.random_range(caps / 2 - spread..=caps / 2 + spread);
        let side = if rng.random_bool(0.5) {
            Side::South
        } else {
            Side::North
        };
        let p = Position::from_parts(pits, side, [south, caps - south], [false, false]).unwrap();
        if !p.is_over(v) {
            return p;
        }
    }
}

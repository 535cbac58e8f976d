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

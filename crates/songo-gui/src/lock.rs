//! One `songo gui` per data directory: the first holds an operating-system
//! lock on `DATA_DIR/lock` for as long as it runs, and a second refuses to
//! start, naming the directory and the process that holds it. Two servers
//! writing one `room.json` would each erase the other's games (issue 43).
//!
//! The lock is the kernel's (`flock` on Unix, `LockFileEx` on Windows),
//! not the file's existence: it goes with the process however that ends,
//! so a server killed with SIGKILL leaves nothing stuck. The file's text
//! only says who holds it.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The lock file's name in the data directory.
pub const LOCK_FILE: &str = "lock";

/// Why the data directory cannot be taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds the lock.
    #[error(
        "the data directory {} is in use by another songo gui ({holder}): stop it, or give \
         another --data-dir",
        dir.display()
    )]
    InUse {
        /// The data directory.
        dir: PathBuf,
        /// Who holds it, as the holder wrote in the lock file ("process
        /// 1234, http://127.0.0.1:8080").
        holder: String,
    },
    /// The lock file could not be created, opened, locked or written.
    #[error("cannot lock {}", path.display())]
    Io {
        /// The lock file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
}

/// The held lock: the directory is this process's until it is dropped or
/// the process ends.
#[derive(Debug)]
pub struct DirLock {
    file: File,
    path: PathBuf,
}

impl DirLock {
    /// Takes `dir` (created if need be) for this process, or says who
    /// holds it.
    pub fn acquire(dir: &Path) -> Result<DirLock, LockError> {
        let path = dir.join(LOCK_FILE);
        let io = |source| LockError::Io {
            path: path.clone(),
            source,
        };
        std::fs::create_dir_all(dir).map_err(io)?;
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut text = String::new();
                let _ = file.read_to_string(&mut text);
                let holder = match text.trim() {
                    "" => "a process that has not said which yet".to_string(),
                    said => said.to_string(),
                };
                return Err(LockError::InUse {
                    dir: dir.to_path_buf(),
                    holder,
                });
            }
            Err(TryLockError::Error(source)) => return Err(io(source)),
        }
        let mut lock = DirLock {
            file,
            path: path.clone(),
        };
        lock.say(&format!("process {}", std::process::id()))
            .map_err(io)?;
        Ok(lock)
    }

    /// Says where the holder serves, for a second server's message.
    pub fn note_address(&mut self, url: &str) -> std::io::Result<()> {
        self.say(&format!("process {}, {url}", std::process::id()))
    }

    fn say(&mut self, text: &str) -> std::io::Result<()> {
        self.file.set_len(0)?;
        self.file.seek(SeekFrom::Start(0))?;
        self.file.write_all(text.as_bytes())?;
        self.file.flush()
    }

    /// The lock file (`DATA_DIR/lock`).
    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_is_refused_and_told_who_holds_it_until_the_first_lets_go() {
        let dir = std::env::temp_dir().join(format!("songo-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut first = DirLock::acquire(&dir).unwrap();
        first.note_address("http://127.0.0.1:8080/").unwrap();
        let refused = DirLock::acquire(&dir).unwrap_err();
        let text = refused.to_string();
        assert!(text.contains(&dir.display().to_string()), "{text}");
        assert!(
            text.contains(&format!(
                "process {}, http://127.0.0.1:8080/",
                std::process::id()
            )),
            "{text}"
        );
        drop(first);
        let again = DirLock::acquire(&dir).unwrap();
        assert_eq!(again.path(), dir.join(LOCK_FILE));
        drop(again);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

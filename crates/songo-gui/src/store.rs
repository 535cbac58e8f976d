//! The room's state on disk, so that a game survives a restart of `songo
//! gui`: one JSON file (songo-room's `SavedRoom`) in the data directory,
//! rewritten atomically (a temporary file renamed over it) whenever the
//! state changes. A file that cannot be read back is renamed aside, never
//! deleted, and the server starts afresh.
//!
//! The finished games are not in that file: each is its own file in
//! `games/`, named by its archive id (songo-room's `archive`), written
//! once, atomically, when the game ends, and never rewritten, so that no
//! later write of the room's state can remove one (issue 43).

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

use songo_core::record::{parse_records, GameRecord};
use songo_room::archive::{id_of, is_id, ArchivedGame};
use songo_room::room::{RestoreError, SavedRoom};
use songo_room::say::Say;

/// The file's name in the data directory.
pub const FILE: &str = "room.json";

/// The finished games' directory in the data directory: one
/// `ID.pgn` a game.
pub const GAMES_DIR: &str = "games";

/// Where a game the person deleted goes, in the games' directory: out of
/// the list, but a file they can still take back by hand.
pub const DELETED_DIR: &str = "deleted";

/// Where `songo gui` keeps its data when `--data-dir` is not given:
/// `$XDG_DATA_HOME/songo`, else `~/.local/share/songo` (on Windows
/// `%APPDATA%\songo`, on macOS `~/Library/Application Support/songo`).
/// `None` when the environment names no home.
pub fn default_dir() -> Option<PathBuf> {
    default_dir_in(|name| std::env::var_os(name))
}

/// [`default_dir`] in an environment whose variables `env` reads: apart
/// from the process's own, so that a test checks every case whatever
/// the environment it runs in.
fn default_dir_in(env: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let var = |name: &str| env(name).filter(|v| !v.is_empty());
    if cfg!(windows) {
        return var("APPDATA").map(|d| PathBuf::from(d).join("songo"));
    }
    if cfg!(target_os = "macos") {
        return var("HOME").map(|h| PathBuf::from(h).join("Library/Application Support/songo"));
    }
    var("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .map(|d| d.join("songo"))
}

/// Why the data directory cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The data directory does not exist and could not be created.
    #[error("cannot create the data directory {}", dir.display())]
    Create {
        /// The data directory.
        dir: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// A file or directory of the store could not be read, or an
    /// unreadable file could not be renamed aside.
    #[error("cannot read {}", path.display())]
    Read {
        /// The file or directory.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
}

/// What was found on opening.
#[derive(Debug)]
pub enum Found {
    /// No saved state: a first run.
    Nothing,
    /// The room as it was saved.
    Saved(Box<SavedRoom>),
    /// The file could not be read as a saved room: it was renamed to
    /// `aside` (kept, not lost) and the server starts afresh.
    SetAside {
        /// The file's new name (`room.json.unreadable-N`).
        aside: PathBuf,
        /// Why it could not be read.
        why: RestoreError,
    },
}

/// The archive as read: its games, and the files that could not be
/// read (renamed aside, with why).
#[derive(Debug, Default)]
pub struct Archive {
    /// The games read, in the order of their files' names.
    pub games: Vec<GameRecord>,
    /// Each unreadable game file's new name (`ID.pgn.unreadable`) and why
    /// it could not be read.
    pub set_aside: Vec<(PathBuf, String)>,
}

/// The saved state's file, and the finished games' directory.
#[derive(Debug)]
pub struct Store {
    path: PathBuf,
    games: PathBuf,
    /// What the file holds now, so that an unchanged state is not
    /// written again.
    written: Option<String>,
    /// Why the last archive write failed, until one succeeds.
    archive_failing: Option<String>,
    /// Why the last removal of a deleted game failed, until one succeeds.
    delete_failing: Option<String>,
    /// Why the last write of the state failed, until one succeeds.
    state_failing: Option<String>,
}

impl Store {
    /// Opens (creating the directory if needed) and reads what is saved.
    pub fn open(dir: &Path) -> Result<(Store, Found), StoreError> {
        std::fs::create_dir_all(dir).map_err(|source| StoreError::Create {
            dir: dir.to_path_buf(),
            source,
        })?;
        let path = dir.join(FILE);
        let text = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok((
                    Store {
                        path,
                        games: dir.join(GAMES_DIR),
                        written: None,
                        archive_failing: None,
                        delete_failing: None,
                        state_failing: None,
                    },
                    Found::Nothing,
                ))
            }
            Err(source) => return Err(StoreError::Read { path, source }),
        };
        let read = std::str::from_utf8(&text)
            .map_err(|e| RestoreError::Json(e.to_string()))
            .and_then(SavedRoom::from_json);
        let found = match read {
            Ok(saved) => Found::Saved(Box::new(saved)),
            Err(why) => Found::SetAside {
                aside: set_aside(&path).map_err(|source| StoreError::Read {
                    path: path.clone(),
                    source,
                })?,
                why,
            },
        };
        let written = match &found {
            Found::Saved(_) => String::from_utf8(text).ok(),
            _ => None,
        };
        let games = dir.join(GAMES_DIR);
        Ok((
            Store {
                path,
                games,
                written,
                archive_failing: None,
                delete_failing: None,
                state_failing: None,
            },
            found,
        ))
    }

    /// The saved state's file (`DATA_DIR/room.json`).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Notes why the archive's last write failed (`None`: it did not):
    /// whether that is news (it worked before), to be said.
    pub fn archive_failing(&mut self, why: Option<String>) -> bool {
        news(&mut self.archive_failing, why)
    }

    /// The same for the removal of deleted games.
    pub fn delete_failing(&mut self, why: Option<String>) -> bool {
        news(&mut self.delete_failing, why)
    }

    /// The same for the write of the room's state.
    pub fn state_failing(&mut self, why: Option<String>) -> bool {
        news(&mut self.state_failing, why)
    }

    /// What fails now, as the pages are told it: a page that connects
    /// meanwhile (a reload, or the first page after a failure at the
    /// start, said to none) hears it too.
    pub fn failing(&self) -> Vec<Say> {
        [
            (self.archive_failing.clone()).map(|detail| Say::ArchiveFailed { detail }),
            (self.delete_failing.clone()).map(|detail| Say::DeleteFailed { detail }),
            (self.state_failing.clone()).map(|detail| Say::StateNotKept { detail }),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    /// The finished games' directory.
    pub fn games_dir(&self) -> &Path {
        &self.games
    }

    /// Reads every finished game of the archive. A file that is not one
    /// game under its own id is renamed `NAME.unreadable` (kept, never
    /// deleted) and said; a temporary file a crash left is ignored.
    pub fn read_archive(&self) -> Result<Archive, StoreError> {
        let read_err = |source| StoreError::Read {
            path: self.games.clone(),
            source,
        };
        let entries = match std::fs::read_dir(&self.games) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Archive::default()),
            Err(source) => return Err(read_err(source)),
        };
        let mut archive = Archive::default();
        let mut paths: Vec<PathBuf> = entries
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(read_err)?;
        paths.sort();
        for path in paths {
            let Some(id) = path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_suffix(".pgn"))
            else {
                continue;
            };
            match read_game(&path, id) {
                Ok(game) => archive.games.push(game),
                Err(why) => {
                    let aside = path.with_extension("pgn.unreadable");
                    std::fs::rename(&path, &aside).map_err(|source| StoreError::Read {
                        path: path.clone(),
                        source,
                    })?;
                    archive.set_aside.push((aside, why));
                }
            }
        }
        Ok(archive)
    }

    /// Writes a finished game to the archive, once: to a temporary file
    /// flushed to the disk, then renamed to `ID.pgn`, so that a crash
    /// leaves the game whole or absent, never half of it. A game already
    /// there is left as it is.
    pub fn archive(&self, game: &ArchivedGame) -> std::io::Result<()> {
        if !is_id(&game.id) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("'{}' is not an archive id", game.id),
            ));
        }
        let path = self.games.join(format!("{}.pgn", game.id));
        if path.exists() {
            return Ok(());
        }
        std::fs::create_dir_all(&self.games)?;
        let tmp = self.games.join(format!("{}.pgn.tmp", game.id));
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(game.text.as_bytes())?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&tmp, &path)?;
        // The rename itself reaches the disk with the directory's entry.
        if let Ok(dir) = std::fs::File::open(&self.games) {
            let _ = dir.sync_all();
        }
        Ok(())
    }

    /// Takes game `id` out of the archive, as the person asked: its file
    /// moves to `games/deleted/` (the room's undo writes it again; by
    /// hand, it can be moved back). A game not there is deleted already.
    pub fn delete(&self, id: &str) -> std::io::Result<()> {
        if !is_id(id) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("'{id}' is not an archive id"),
            ));
        }
        let path = self.games.join(format!("{id}.pgn"));
        if !path.exists() {
            return Ok(());
        }
        let deleted = self.games.join(DELETED_DIR);
        std::fs::create_dir_all(&deleted)?;
        std::fs::rename(&path, deleted.join(format!("{id}.pgn")))?;
        if let Ok(dir) = std::fs::File::open(&self.games) {
            let _ = dir.sync_all();
        }
        Ok(())
    }

    /// Writes `saved` if it differs from what the file holds: to a
    /// temporary file first, flushed to the disk, then renamed over the
    /// old one, so that a crash leaves the old state or the new, never
    /// half of one.
    pub fn save(&mut self, saved: &SavedRoom) -> std::io::Result<()> {
        let text = saved.to_json();
        if self.written.as_deref() == Some(text.as_str()) {
            return Ok(());
        }
        let tmp = self.path.with_extension("json.tmp");
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&tmp, &self.path)?;
        self.written = Some(text);
        Ok(())
    }

    /// Sets a restored state that the room refused aside, as an
    /// unreadable file is (the room found a fault the file's reading
    /// could not: an illegal move, an unknown variant).
    pub fn refused(&mut self) -> std::io::Result<PathBuf> {
        self.written = None;
        set_aside(&self.path)
    }
}

/// Notes in `failing` why the last try failed (`None`: it did not):
/// whether a failure is news.
fn news(failing: &mut Option<String>, why: Option<String>) -> bool {
    let news = why.is_some() && failing.is_none();
    *failing = why;
    news
}

/// The one game of archive file `path`, whose id must be `id`.
fn read_game(path: &Path, id: &str) -> Result<GameRecord, String> {
    if !is_id(id) {
        return Err(format!("'{id}' is not an archive id"));
    }
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut games = parse_records(&text).map_err(|e| e.to_string())?;
    if games.len() != 1 {
        return Err(format!("{} games, not one", games.len()));
    }
    let game = games.remove(0);
    if id_of(&game) != Some(id) {
        return Err(format!("its GameId is not {id}"));
    }
    // Every move is checked: a game that does not replay is not listed.
    game.replay().map_err(|e| format!("{e:?}"))?;
    Ok(game)
}

/// Renames `path` to a free `NAME.unreadable-N` beside it.
fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let mut n = 1;
    loop {
        let aside = path.with_extension(format!("json.unreadable-{n}"));
        if !aside.exists() {
            std::fs::rename(path, &aside)?;
            return Ok(aside);
        }
        n += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_room::room::{SavedBoard, SavedOrigin, SavedPlay, SAVED_FORMAT};

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("songo-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    fn saved(moves: &[&str]) -> SavedRoom {
        let start = "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg".to_string();
        SavedRoom {
            format: SAVED_FORMAT,
            play: SavedPlay {
                variant: "songo40".into(),
                human: "south".into(),
                level: 3,
                engine: "songo".into(),
                start: start.clone(),
                moves: moves.iter().map(|m| m.to_string()).collect(),
                clock: None,
                think_ms: None,
                names: None,
                resigned: None,
                hinted: Vec::new(),
            },
            analysis: SavedBoard {
                variant: "songo40".into(),
                start,
                moves: Vec::new(),
                cursor: 0,
                origin: SavedOrigin::Start,
                modified: false,
                lines: 1,
            },
            games: Vec::new(),
            deleted: None,
            lessons: None,
            puzzles: None,
        }
    }

    /// Replaces the file at `path` by a mark that no write of the store
    /// makes: the file still holds it only if the store left it alone. A
    /// modification time would not tell (two writes within one tick of
    /// the file system's clock have the same), nor would the contents the
    /// store writes (a rewrite writes the same).
    fn mark(path: &Path) -> impl Fn() -> bool {
        const MARK: &str = "left alone";
        std::fs::write(path, MARK).unwrap();
        let path = path.to_path_buf();
        move || std::fs::read_to_string(&path).unwrap() == MARK
    }

    #[test]
    fn a_saved_state_is_read_back_and_rewritten_only_when_it_changes() {
        let d = dir("back");
        let (mut store, found) = Store::open(&d).unwrap();
        assert!(matches!(found, Found::Nothing));
        store.save(&saved(&["C", "d"])).unwrap();
        let (mut store, found) = Store::open(&d).unwrap();
        let Found::Saved(s) = found else {
            panic!("{found:?}")
        };
        assert_eq!(*s, saved(&["C", "d"]));
        assert!(!d.join("room.json.tmp").exists());
        // The same state again, as read, or as written last: no write.
        let left_alone = mark(store.path());
        store.save(&saved(&["C", "d"])).unwrap();
        assert!(left_alone(), "the same state read back is written again");
        store.save(&saved(&["C", "d", "E"])).unwrap();
        assert!(!left_alone(), "a new state is not written");
        let left_alone = mark(store.path());
        store.save(&saved(&["C", "d", "E"])).unwrap();
        assert!(left_alone(), "the same state is written again");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn an_unreadable_file_is_set_aside_not_lost() {
        let d = dir("aside");
        std::fs::create_dir_all(&d).unwrap();
        for (n, junk) in [&b"{not json"[..], b"\xff\xfe", br#"{"format":99}"#]
            .iter()
            .enumerate()
        {
            std::fs::write(d.join(FILE), junk).unwrap();
            let (mut store, found) = Store::open(&d).unwrap();
            let Found::SetAside { aside, .. } = found else {
                panic!("{found:?}")
            };
            assert_eq!(aside, d.join(format!("room.json.unreadable-{}", n + 1)));
            assert_eq!(std::fs::read(&aside).unwrap(), *junk);
            assert!(!d.join(FILE).exists());
            store.save(&saved(&[])).unwrap();
        }
        let _ = std::fs::remove_dir_all(&d);
    }

    const GAME: &str = "[Event \"songo gui\"]\n[Variant \"songo36-beginner\"]\n\
        [South \"Human\"]\n[North \"songo (level 1)\"]\n[Result \"1-0\"]\n\
        [FEN \"1,1,1,2,2,3,0/0,1,0,0,0,0,0 s 31 28 -\"]\n\
        [GameId \"20261206-073150-123-abcdef12\"]\n\n1. F 1-0\n";

    fn game() -> ArchivedGame {
        ArchivedGame {
            id: "20261206-073150-123-abcdef12".into(),
            text: GAME.into(),
        }
    }

    #[test]
    fn a_finished_game_is_archived_once_in_its_own_file_and_read_back() {
        let d = dir("archive");
        let (store, _) = Store::open(&d).unwrap();
        assert!(store.read_archive().unwrap().games.is_empty());
        store.archive(&game()).unwrap();
        let file = d.join(GAMES_DIR).join("20261206-073150-123-abcdef12.pgn");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), GAME);
        // Written once: a second write leaves the file as it is.
        let left_alone = mark(&file);
        store.archive(&game()).unwrap();
        assert!(left_alone(), "an archived game is written again");
        std::fs::write(&file, GAME).unwrap();
        // A temporary file a crash left is not a game.
        std::fs::write(d.join(GAMES_DIR).join("x.pgn.tmp"), "half").unwrap();
        let read = store.read_archive().unwrap();
        assert_eq!(read.games.len(), 1);
        assert!(read.set_aside.is_empty());
        assert_eq!(id_of(&read.games[0]), Some("20261206-073150-123-abcdef12"));
        // An id that is not one never names a file.
        let mut bad = game();
        bad.id = "../room".into();
        assert!(store.archive(&bad).is_err());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_deleted_game_moves_aside_and_an_undo_writes_it_again() {
        let d = dir("archive-delete");
        let (store, _) = Store::open(&d).unwrap();
        let g = game();
        store.archive(&g).unwrap();
        store.delete(&g.id).unwrap();
        assert!(store.read_archive().unwrap().games.is_empty());
        let aside = d
            .join(GAMES_DIR)
            .join(DELETED_DIR)
            .join(format!("{}.pgn", g.id));
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), GAME);
        // Deleted already: nothing to do.
        store.delete(&g.id).unwrap();
        store.archive(&g).unwrap();
        assert_eq!(store.read_archive().unwrap().games.len(), 1);
        assert!(store.delete("../room").is_err());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn an_archive_file_that_is_not_its_game_is_set_aside_not_lost() {
        let d = dir("archive-junk");
        let (store, _) = Store::open(&d).unwrap();
        store.archive(&game()).unwrap();
        let games = d.join(GAMES_DIR);
        let other = GAME.replace("abcdef12", "00000000");
        for (name, text) in [
            ("20261206-073150-123-00000001.pgn", "not a record"),
            ("20261206-073150-123-00000002.pgn", GAME),
            (
                "20261206-073150-123-00000000.pgn",
                &other.replace("1. F", "1. A"),
            ),
            ("not-an-id.pgn", GAME),
        ] {
            std::fs::write(games.join(name), text).unwrap();
        }
        let read = store.read_archive().unwrap();
        assert_eq!(read.games.len(), 1, "{:?}", read.set_aside);
        assert_eq!(read.set_aside.len(), 4, "{:?}", read.set_aside);
        for (aside, _) in &read.set_aside {
            assert!(aside.exists() && aside.to_str().unwrap().ends_with(".pgn.unreadable"));
        }
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn the_default_directory_follows_the_platform_whatever_the_environment() {
        let dir_in = |vars: &[(&str, &str)]| {
            default_dir_in(|name| {
                vars.iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| OsString::from(v))
            })
        };
        let home = ("HOME", "/home/ada");
        let xdg = ("XDG_DATA_HOME", "/data");
        let appdata = ("APPDATA", r"C:\Users\ada\AppData\Roaming");
        let within = |d: &str, sub: &str| Some(Path::new(d).join(sub));
        // (variables set, the directory)
        let cases = if cfg!(windows) {
            vec![
                (vec![appdata, home, xdg], within(appdata.1, "songo")),
                (vec![home, xdg], None),
                (vec![("APPDATA", "")], None),
            ]
        } else if cfg!(target_os = "macos") {
            let support = "Library/Application Support/songo";
            vec![
                (vec![home], within(home.1, support)),
                (vec![home, xdg], within(home.1, support)),
                (vec![xdg], None),
                (vec![("HOME", "")], None),
            ]
        } else {
            vec![
                (vec![home], within(home.1, ".local/share/songo")),
                (vec![home, xdg], within(xdg.1, "songo")),
                (vec![xdg], within(xdg.1, "songo")),
                (
                    vec![home, ("XDG_DATA_HOME", "")],
                    within(home.1, ".local/share/songo"),
                ),
                (vec![("HOME", "")], None),
            ]
        };
        for (vars, want) in cases {
            assert_eq!(dir_in(&vars), want, "{vars:?}");
        }
        // No home at all: none, on every platform.
        assert_eq!(dir_in(&[]), None);
        // And `default_dir` reads the process's own environment.
        assert_eq!(default_dir(), default_dir_in(|n| std::env::var_os(n)));
    }
}

//! The tables of a directory, opened lazily, and probing them.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use songo_core::game::Game;
use songo_core::movegen::MIN_BOARD_SEEDS;
use songo_core::moves::Move;
use songo_core::position::{Position, Side, TOTAL_SEEDS};
use songo_core::variant::Variant;

#[cfg(feature = "zstd")]
use crate::compressed;
use crate::file::{self, PathKind, TbError};
use crate::index::normalise;
use crate::{Table, TbValue, Verdict};

/// Seed counts a set of tables can hold.
const SLOTS: usize = TOTAL_SEEDS as usize + 1;

/// The tables of a directory, each mapped from its file the first time it
/// is probed (or by [`Tablebases::preload`]).
pub struct Tablebases {
    dir: Option<PathBuf>,
    /// Highest seed count with all tables from 10 up present, per variant.
    max_seeds: [u8; 3],
    /// Files found with a bad header (they end the range of their variant).
    problems: Vec<TbError>,
    tables: Vec<OnceLock<Result<Arc<Table>, TbError>>>,
}

impl fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tablebases({:?}, {:?})", self.dir, self.max_seeds)
    }
}

fn slot(v: Variant, seeds: u8) -> usize {
    v.index() * SLOTS + seeds as usize
}

/// The table of a count from `dir`: its raw file, or else its compressed
/// one.
pub fn open_file(dir: &Path, v: Variant, seeds: u8) -> Result<Table, TbError> {
    if dir.join(file::file_name(v, seeds)).is_file() {
        return Table::open(dir, v, seeds);
    }
    open_compressed(dir, v, seeds).unwrap_or_else(|| Table::open(dir, v, seeds))
}

/// The compressed file of a count, opened, if `dir` has one.
#[cfg(feature = "zstd")]
fn open_compressed(dir: &Path, v: Variant, seeds: u8) -> Option<Result<Table, TbError>> {
    has_compressed(dir, v, seeds).then(|| Table::open_compressed(dir, v, seeds))
}

/// The header of the compressed file of a count, checked, if `dir` has one.
#[cfg(feature = "zstd")]
fn check_compressed(dir: &Path, v: Variant, seeds: u8) -> Option<Result<(), TbError>> {
    has_compressed(dir, v, seeds).then(|| compressed::check_header(dir, v, seeds))
}

#[cfg(feature = "zstd")]
fn has_compressed(dir: &Path, v: Variant, seeds: u8) -> bool {
    dir.join(compressed::file_name(v, seeds)).is_file()
}

// Without the `zstd` feature compressed files are not read: a count with
// only a compressed file is missing.
#[cfg(not(feature = "zstd"))]
fn open_compressed(_: &Path, _: Variant, _: u8) -> Option<Result<Table, TbError>> {
    None
}

#[cfg(not(feature = "zstd"))]
fn check_compressed(_: &Path, _: Variant, _: u8) -> Option<Result<(), TbError>> {
    None
}

impl Tablebases {
    /// The tables found in `dir`: for each variant, the files from 10 seeds
    /// up to the first missing count or bad header. Only the headers (and
    /// the files' lengths) are checked here; each file is mapped the first
    /// time it is needed, and its values are read by the system page by
    /// page as probes touch them. The checksum is checked by
    /// [`Tablebases::verify`] only.
    pub fn open(dir: &Path) -> Result<Tablebases, TbError> {
        if !dir.is_dir() {
            return Err(TbError::Missing {
                path: dir.to_path_buf(),
                kind: PathKind::Directory,
            });
        }
        let mut tb = Tablebases::empty();
        tb.dir = Some(dir.to_path_buf());
        for v in Variant::ALL {
            let mut s = MIN_BOARD_SEEDS;
            loop {
                let found = if s >= TOTAL_SEEDS {
                    None
                } else if dir.join(file::file_name(v, s)).is_file() {
                    Some(file::check_header(dir, v, s))
                } else {
                    check_compressed(dir, v, s)
                };
                match found {
                    Some(Ok(())) => s += 1,
                    Some(Err(e)) => {
                        tb.problems.push(e);
                        break;
                    }
                    None => break,
                }
            }
            // s is the first missing count: the tables go up to s - 1, if any.
            tb.max_seeds[v.index()] = if s > MIN_BOARD_SEEDS { s - 1 } else { 0 };
        }
        Ok(tb)
    }

    /// No tables at all.
    pub fn empty() -> Tablebases {
        Tablebases {
            dir: None,
            max_seeds: [0; 3],
            problems: Vec::new(),
            tables: (0..3 * SLOTS).map(|_| OnceLock::new()).collect(),
        }
    }

    /// Tables already in memory (from a generation). They must be the
    /// counts from 10 up, without gaps, per variant.
    pub fn from_tables(tables: impl IntoIterator<Item = Table>) -> Tablebases {
        let mut tb = Tablebases::empty();
        for t in tables {
            let code = t.variant().index();
            tb.max_seeds[code] = tb.max_seeds[code].max(t.seeds());
            let cell = &tb.tables[slot(t.variant(), t.seeds())];
            let _ = cell.set(Ok(Arc::new(t)));
        }
        tb
    }

    /// Files of the directory that were found broken when it was opened.
    pub fn problems(&self) -> &[TbError] {
        &self.problems
    }

    /// The directory the tables come from, if any.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Most seeds on the board that the tables of `v` cover (0: none).
    pub fn max_seeds(&self, v: Variant) -> u8 {
        self.max_seeds[v.index()]
    }

    /// The table of a count, mapped from its file if need be.
    pub fn table(&self, v: Variant, seeds: u8) -> Result<Arc<Table>, TbError> {
        self.cell(v, seeds).clone()
    }

    /// The table of a count, by reference (no count to update: the probe
    /// path).
    #[inline]
    fn cell(&self, v: Variant, seeds: u8) -> &Result<Arc<Table>, TbError> {
        self.tables[slot(v, seeds)].get_or_init(|| match &self.dir {
            Some(dir) => open_file(dir, v, seeds).map(Arc::new),
            None => Err(TbError::Missing {
                path: PathBuf::from(file::file_name(v, seeds)),
                kind: PathKind::File,
            }),
        })
    }

    /// Maps every table of `v` now, rather than at its first probe;
    /// returns the size of their values. This reads no value: it takes
    /// milliseconds. Mapping a file checks its header and length again
    /// (the directory may have changed since [`Tablebases::open`]), not its
    /// checksum: see [`Tablebases::verify`].
    pub fn preload(&self, v: Variant) -> Result<u64, TbError> {
        let mut bytes = 0;
        for s in MIN_BOARD_SEEDS..=self.max_seeds(v) {
            self.cell(v, s).as_ref().map_err(Clone::clone)?;
            bytes += file::values_len(v, s);
        }
        Ok(bytes)
    }

    /// Reads the mapped tables of `v` into the system's page cache
    /// (smallest first), so that probes find them in memory rather than
    /// waiting for the disk: for a thread of its own, since it lasts as
    /// long as the disk needs when the files are not cached yet. The pages
    /// are the system's, shared with every process that maps the files,
    /// and not mapped into this one until a probe touches them. Stops
    /// early when `stop` is set, and then returns `false`.
    pub fn read_ahead(&self, v: Variant, stop: &AtomicBool) -> bool {
        (MIN_BOARD_SEEDS..=self.max_seeds(v)).all(|s| {
            match self.tables[slot(v, s)].get() {
                Some(Ok(table)) => table.read_ahead(stop),
                // Not mapped (or not mappable): nothing to read.
                _ => !stop.load(std::sync::atomic::Ordering::Relaxed),
            }
        })
    }

    /// Checks the values of a table against the checksum in its file's
    /// header, reading the whole file: what `songo tb verify` does. The
    /// engine does not verify tables when it opens them (that would read
    /// gigabytes); see protocol.md, "Endgame tablebases".
    pub fn verify(&self, v: Variant, seeds: u8) -> Result<(), TbError> {
        self.cell(v, seeds).as_ref().map_err(Clone::clone)?.verify()
    }

    /// Whether a position is in the range of the tables (seed count, flags).
    pub fn covers(&self, p: &Position, v: Variant) -> bool {
        let s = p.seeds_on_board();
        (MIN_BOARD_SEEDS..=self.max_seeds(v)).contains(&s)
            && (v.is_songo36() || !(p.pit7_unplayed(Side::South) || p.pit7_unplayed(Side::North)))
    }

    /// What the tables say about `p` for its side to move, if it is covered
    /// and its table can be read.
    ///
    /// The verdict assumes that no position with as many seeds on the board
    /// occurred twice before in the game (always true right after a
    /// capture); see the module documentation. Use [`Tablebases::probe_game`]
    /// to check that condition on a real game.
    pub fn probe(&self, p: &Position, v: Variant) -> Option<Verdict> {
        if !self.covers(p, v) {
            return None;
        }
        let s = p.seeds_on_board();
        let table = self.cell(v, s).as_ref().ok()?;
        let (lo, hi) = table.bounds_of_board(normalise(p));
        Some(Verdict::new(v, p, lo, hi))
    }

    /// The verdict on the current position of a game, or `None` when it is
    /// not covered, the game is over, or the history voids the guarantee (a
    /// position with as many seeds occurred twice).
    pub fn probe_game(&self, game: &Game) -> Option<Verdict> {
        if game.is_over() || !history_is_clean(game.positions()) {
            return None;
        }
        self.probe(&game.position(), game.variant())
    }

    /// The verdict after each legal move of `p`, for the side to move at
    /// `p`: from a finished game, or from the tables. `None` for a move
    /// whose result the tables do not cover.
    pub fn probe_moves(&self, p: &Position, v: Variant) -> Vec<(Move, Option<(TbValue, TbValue)>)> {
        p.legal_moves(v)
            .into_iter()
            .map(|m| {
                let child = p.make_move(v, m);
                let verdict = if child.is_over(v) {
                    let r = TbValue::of_outcome(child.outcome(v), &child).flip();
                    Some((r, r))
                } else {
                    self.probe(&child, v)
                        .map(|c| (c.best.flip(), c.worst.flip()))
                };
                (m, verdict)
            })
            .collect()
    }
}

/// Whether the positions with as many seeds on the board as the last one,
/// before it, are all different (the condition under which the tables are
/// exact: see the module documentation).
pub fn history_is_clean(positions: &[Position]) -> bool {
    let Some((current, before)) = positions.split_last() else {
        return true;
    };
    let same: Vec<&Position> = before
        .iter()
        .rev()
        .take_while(|p| p.seeds_on_board() == current.seeds_on_board())
        .collect();
    let mut seen = std::collections::HashSet::with_capacity(same.len());
    same.into_iter().all(|p| seen.insert(*p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(s: &str) -> Position {
        s.parse().unwrap()
    }

    #[test]
    fn history_condition() {
        let a = pos("1,1,1,1,1,1,1/1,1,1,1,1,1,0 s 30 27 -");
        let b = pos("1,1,1,1,1,1,1/1,1,1,1,1,1,0 n 30 27 -");
        let fewer = pos("1,1,1,1,1,1,0/1,1,1,1,1,1,0 s 31 27 -");
        assert!(history_is_clean(&[a]));
        assert!(history_is_clean(&[a, b, a]));
        assert!(!history_is_clean(&[a, b, a, b, fewer][..4]));
        // A capture clears the history.
        assert!(history_is_clean(&[a, b, a, b, fewer]));
    }
}

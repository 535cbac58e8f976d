//! Endgame tablebases: the exact result of every position with few seeds
//! on the board, by retrograde analysis, one table per variant and seed
//! count (10 up to a maximum; below 10 seeds the game is over).
//!
//! # What a table stores
//!
//! A table is indexed by *board*: the 14 pit counts seen from the side to
//! move (the position is rotated when North moves, see [`index`]). The
//! captured counts are not part of the index. Instead each board stores a
//! number of seeds from which the result for *any* captured counts follows:
//!
//! - `songo36-*`: the mover's **share**, how many of the `S` seeds on the
//!   board end up in his final score (5.2: captured later, or left in his
//!   row at the end). With `c` seeds captured by the mover now, his final
//!   score is `c + share`: he wins when `c + share > 35`, draws at 35.
//!   So the least captured count with which the mover wins is
//!   `36 - share`, the least with which he draws `35 - share`.
//! - `songo40`: the **margin gain**, the seeds the mover will still capture
//!   less those the opponent will. With margin `m` now (mover's captured
//!   less the opponent's), the final margin is `m + gain`: a win at 5 or
//!   more, a loss at -5 or less, else a draw. The least captured count
//!   with which the mover wins is `ceil((75 - S - gain) / 2)`.
//!
//! Why one number suffices: the moves, the sowing and the end of the game
//! by 5.1 items 2–5 depend on the board only; only the capture thresholds
//! (5.1 item 1) read the captured counts. But a player past a threshold wins
//! every continuation (in `songo36-*` his captured count alone is more than
//! 35, in `songo40` 40 captured means a margin of at least 10), so stopping
//! the game there or playing it on to its natural end gives the same
//! result. The tables solve the game without item 1, where the result is a
//! monotone function of a number of seeds, and the real result follows
//! from the thresholds above. Hence the outcome is monotone in the mover's
//! captured count (`tests/tb.rs` checks both that and the thresholds
//! against an exhaustive solver of the real rules).
//!
//! # Repetitions
//!
//! Captures are irreversible, so a position can only repeat within one seed
//! count, and no capture happens along a cycle. The third occurrence ends
//! the game, scored by 5.2 at that position (the search does the same).
//!
//! - `songo40`: seeds on the board belong to nobody, so a game ended by
//!   repetition has gained nothing since the cycle began: a cycle is worth
//!   a gain of 0, wherever it is closed. The table stores the value of the
//!   game in which an endless non-capturing play is worth 0. This is the
//!   exact value of the real game whenever no position with as many seeds
//!   on the board has occurred twice in the game before (the forcing
//!   strategies behind a non-zero value never revisit a position, and any
//!   repetition scores 0 in any case).
//! - `songo36-*`: a repetition is scored with the seeds each player has in
//!   his row at the repeated position, so the result of a cycle depends on
//!   where it is closed, which depends on the history. The table stores two
//!   numbers, `lo` and `hi`: the share the mover can force when every
//!   cycle counts as the worst for him, and the share the opponent cannot
//!   keep him below when every cycle counts as the best for him. The real
//!   share lies in `lo..=hi` (under the same history condition), and is
//!   exact when they meet. A verdict is then a range: "win", or "draw or
//!   win", and so on, and the search only cuts off with what is proven.
//!
//! The search probes inside the tree only at positions just reached by a
//! capture (no earlier position can repeat there), so a cutoff never
//! contradicts what the search itself would prove; at the root it keeps
//! only the moves the tables do not prove worse than another.
//!
//! # Pit-7 flags, Capture Solo, feeding
//!
//! - `songo40`: the tables hold the boards where both pit-7 flags are
//!   cleared (`-`). A position where a flag is still set is not probed (the
//!   search handles it); such a position can only reach flag-free tables
//!   after its owner plays pit 7.
//! - `songo36-*`: the flags are kept but change nothing in the moves, so
//!   the tables apply whatever the flags. (They can only make two equal
//!   boards count as different positions for the repetition rule, which
//!   the `lo..=hi` bounds already cover.)
//! - Capture Solo (amateur) and the direct gain (`songo40`) capture one
//!   seed: they are exits to the count below, like any capture.
//! - Feeding, Interdit Solo/Duo, the grand slam and the C1 exception are
//!   all decided by the rules core ([`songo_core::movegen`]), which the
//!   generator calls for every move: the tables know no rule of their own.

pub mod compressed;
pub mod file;
pub mod generate;
pub mod index;
mod read_ahead;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

pub use file::{PathKind, TbError};

use songo_core::game::Game;
use songo_core::movegen::{Outcome, MIN_BOARD_SEEDS};
use songo_core::moves::Move;
use songo_core::position::{Position, Side, LANE_BITS, TOTAL_SEEDS};
use songo_core::variant::Variant;

/// The 7-bit counts of the pit lanes of a packed position (without the
/// side-to-move bit that lane 0 carries).
pub(crate) const BOARD_MASK: u128 = songo_core::position::PIT_ONES * 0x7F;
/// The lanes of one row.
const ROW_MASK: u128 = (1u128 << (7 * LANE_BITS)) - 1;

/// The board of a position, as it stands (not rotated).
pub(crate) fn board_of(p: &Position) -> u128 {
    p.bits() & BOARD_MASK
}

/// The board seen from the other side.
#[inline(always)]
pub(crate) fn swap_rows(b: u128) -> u128 {
    ((b & ROW_MASK) << (7 * LANE_BITS)) | ((b >> (7 * LANE_BITS)) & ROW_MASK)
}

/// A position for the rules core: `board` with South to move, no pit-7
/// flag, and the captured seeds split so that neither reaches a threshold
/// (at most 35 each). The tables solve the game without thresholds (see
/// the module documentation), so the split does not matter.
#[inline(always)]
pub(crate) fn tb_position(board: u128, seeds: u8) -> Position {
    let captured = TOTAL_SEEDS - seeds;
    let south = captured / 2;
    let north = captured - south;
    Position::from_bits(
        board | (south as u128) << (14 * LANE_BITS) | (north as u128) << (15 * LANE_BITS),
    )
}

/// The values of a table: generated in memory, or mapped from its file.
#[derive(Clone)]
enum Bytes {
    Owned(Vec<u8>),
    /// The values of a file, mapped read-only (see [`file::open`]). The
    /// map is shared by the clones of the table.
    Mapped(Arc<file::Mapped>),
    /// A compressed file, mapped (see [`compressed`]).
    Compressed(Arc<compressed::Compressed>),
}

/// One solved seed count of one variant: its values in memory (when just
/// generated) or mapped from its file (when opened). A probe reads one
/// byte (two in `songo36-*`) of a plain slice, or of a block decompressed
/// from a compressed file.
#[derive(Clone)]
pub struct Table {
    variant: Variant,
    seeds: u8,
    data: Bytes,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Table({} {} seeds)", self.variant, self.seeds)
    }
}

/// Tables are equal when they hold the same values, in memory or mapped.
impl PartialEq for Table {
    fn eq(&self, other: &Table) -> bool {
        self.variant == other.variant
            && self.seeds == other.seeds
            && match (self.raw_values(), other.raw_values()) {
                (Some(a), Some(b)) => a == b,
                _ => (0..self.boards()).all(|r| self.bounds(r) == other.bounds(r)),
            }
    }
}

impl Eq for Table {}

impl Table {
    pub(crate) fn new(variant: Variant, seeds: u8, data: Vec<u8>) -> Table {
        assert_eq!(data.len() as u64, file::values_len(variant, seeds));
        Table {
            variant,
            seeds,
            data: Bytes::Owned(data),
        }
    }

    pub(crate) fn mapped(variant: Variant, seeds: u8, map: file::Mapped) -> Table {
        assert_eq!(map.values().len() as u64, file::values_len(variant, seeds));
        Table {
            variant,
            seeds,
            data: Bytes::Mapped(Arc::new(map)),
        }
    }

    pub(crate) fn compressed(variant: Variant, seeds: u8, c: Arc<compressed::Compressed>) -> Table {
        Table {
            variant,
            seeds,
            data: Bytes::Compressed(c),
        }
    }

    /// Whether the values are mapped from a file (rather than generated in
    /// memory).
    pub fn is_mapped(&self) -> bool {
        !matches!(self.data, Bytes::Owned(_))
    }

    /// Whether the values come from a compressed file.
    pub fn is_compressed(&self) -> bool {
        matches!(self.data, Bytes::Compressed(_))
    }

    /// Bytes of the table's file (or of its values, in memory).
    pub fn file_bytes(&self) -> u64 {
        match &self.data {
            Bytes::Compressed(c) => c.file_bytes(),
            _ => file::HEADER_BYTES as u64 + file::values_len(self.variant, self.seeds),
        }
    }

    /// The checksum its file's header gives the values (none in memory).
    pub(crate) fn stored_checksum(&self) -> Option<u64> {
        match &self.data {
            Bytes::Owned(_) => None,
            Bytes::Mapped(m) => Some(m.checksum()),
            Bytes::Compressed(_) => None,
        }
    }

    /// Checks the values against the checksum of their file's header: this
    /// reads every page of the file. A table generated in memory has
    /// nothing to check against and passes.
    pub fn verify(&self) -> Result<(), TbError> {
        match &self.data {
            Bytes::Owned(_) => Ok(()),
            Bytes::Mapped(m) => m.verify(),
            Bytes::Compressed(c) => c.verify(),
        }
    }

    /// Reads the values of a mapped table into the system's page cache,
    /// so that probes do not wait for the disk (nothing to do for a
    /// table in memory). Stops early when `stop` is set, and then returns
    /// `false`. See [`Tablebases::read_ahead`].
    pub fn read_ahead(&self, stop: &AtomicBool) -> bool {
        match &self.data {
            Bytes::Owned(_) => true,
            Bytes::Mapped(m) => m.read_ahead(stop),
            Bytes::Compressed(c) => c.read_ahead(stop),
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn seeds(&self) -> u8 {
        self.seeds
    }

    /// Number of boards.
    pub fn boards(&self) -> u64 {
        index::boards(self.seeds)
    }

    /// The stored bytes, when they are not compressed.
    #[inline(always)]
    pub fn raw_values(&self) -> Option<&[u8]> {
        match &self.data {
            Bytes::Owned(v) => Some(v),
            Bytes::Mapped(m) => Some(m.values()),
            Bytes::Compressed(_) => None,
        }
    }

    /// `(lo, hi)` of the board with this rank: the mover's share bounds
    /// (`songo36-*`), or the exact margin gain twice (`songo40`).
    #[inline(always)]
    pub fn bounds(&self, rank: u64) -> (i32, i32) {
        let i = rank as usize;
        let wide = self.variant.is_songo36();
        let mut pair = [0u8; 2];
        let bytes: &[u8] = match &self.data {
            Bytes::Owned(v) => v,
            Bytes::Mapped(m) => m.values(),
            Bytes::Compressed(c) => {
                let w = if wide { 2 } else { 1 };
                if !c.read(w * i, &mut pair[..w]) {
                    return self.unknown_bounds();
                }
                if wide {
                    return (pair[0] as i32, pair[1] as i32);
                }
                let v = pair[0] as i8 as i32;
                return (v, v);
            }
        };
        if wide {
            (bytes[2 * i] as i32, bytes[2 * i + 1] as i32)
        } else {
            let v = bytes[i] as i8 as i32;
            (v, v)
        }
    }

    /// Bounds that prove nothing: for a block of a compressed file that
    /// does not decompress.
    fn unknown_bounds(&self) -> (i32, i32) {
        let s = self.seeds as i32;
        if self.variant.is_songo36() {
            (0, s)
        } else {
            (-s, s)
        }
    }

    /// `(lo, hi)` of a board given from its mover's side.
    pub fn bounds_of_board(&self, board: u128) -> (i32, i32) {
        self.bounds(index::rank(board, self.seeds))
    }
}

/// A result for the side to move, as the tables prove it (the estimate a
/// search score gives is `score::WinDrawLoss`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TbValue {
    Loss,
    Draw,
    Win,
}

impl TbValue {
    /// The same result seen by the opponent.
    pub fn flip(self) -> TbValue {
        match self {
            TbValue::Loss => TbValue::Win,
            TbValue::Draw => TbValue::Draw,
            TbValue::Win => TbValue::Loss,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            TbValue::Loss => "loss",
            TbValue::Draw => "draw",
            TbValue::Win => "win",
        }
    }

    /// The result of a finished game, for the side to move at `p`.
    pub fn of_outcome(o: Outcome, p: &Position) -> TbValue {
        match o {
            Outcome::Draw => TbValue::Draw,
            Outcome::Win(s) if s == p.side_to_move() => TbValue::Win,
            Outcome::Win(_) => TbValue::Loss,
        }
    }
}

impl fmt::Display for TbValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the tables say about a position, for the side to move: the result
/// lies between `worst` and `best` (equal when it is exact).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    pub worst: TbValue,
    pub best: TbValue,
    /// Seeds on the board.
    pub seeds: u8,
    /// The stored bounds (`songo36-*`: share; `songo40`: margin gain).
    pub lo: i32,
    pub hi: i32,
    pub variant: Variant,
}

impl Verdict {
    /// The verdict for a position whose board has the stored `(lo, hi)`.
    pub fn new(v: Variant, p: &Position, lo: i32, hi: i32) -> Verdict {
        let us = p.side_to_move();
        let wdl = |value: i32| -> TbValue {
            if v.is_songo36() {
                let score = p.captured(us) as i32 + value;
                match score.cmp(&35) {
                    std::cmp::Ordering::Greater => TbValue::Win,
                    std::cmp::Ordering::Equal => TbValue::Draw,
                    std::cmp::Ordering::Less => TbValue::Loss,
                }
            } else {
                let margin = p.captured(us) as i32 - p.captured(us.opponent()) as i32 + value;
                if margin >= songo_core::movegen::FORTY_WIN_MARGIN {
                    TbValue::Win
                } else if margin <= -songo_core::movegen::FORTY_WIN_MARGIN {
                    TbValue::Loss
                } else {
                    TbValue::Draw
                }
            }
        };
        Verdict {
            worst: wdl(lo),
            best: wdl(hi),
            seeds: p.seeds_on_board(),
            lo,
            hi,
            variant: v,
        }
    }

    /// Whether the result is known exactly.
    pub fn is_exact(&self) -> bool {
        self.worst == self.best
    }

    /// The exact result, if known.
    pub fn exact(&self) -> Option<TbValue> {
        self.is_exact().then_some(self.worst)
    }
}

impl fmt::Display for Verdict {
    /// `win`, `draw or win`, `loss, draw or win`…, then the stored value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.worst, self.best) {
            (a, b) if a == b => write!(f, "{a}")?,
            (TbValue::Loss, TbValue::Win) => f.write_str("loss, draw or win")?,
            (a, b) => write!(f, "{a} or {b}")?,
        }
        if self.variant.is_songo36() {
            if self.lo == self.hi {
                write!(f, " (mover's share {} of {} seeds)", self.lo, self.seeds)
            } else {
                write!(
                    f,
                    " (mover's share {}..{} of {} seeds: a repetition decides)",
                    self.lo, self.hi, self.seeds
                )
            }
        } else if self.lo == self.hi {
            write!(
                f,
                " (mover's margin gain {:+} of {} seeds)",
                self.lo, self.seeds
            )
        } else {
            // Only an unreadable block of a compressed file gives a range.
            write!(
                f,
                " (mover's margin gain {:+}..{:+} of {} seeds: unknown)",
                self.lo, self.hi, self.seeds
            )
        }
    }
}

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
    file::variant_code(v) as usize * SLOTS + seeds as usize
}

/// The table of a count from `dir`: its raw file, or else its compressed
/// one.
pub fn open_file(dir: &Path, v: Variant, seeds: u8) -> Result<Table, TbError> {
    if !dir.join(file::file_name(v, seeds)).is_file()
        && dir.join(compressed::file_name(v, seeds)).is_file()
    {
        compressed::open(dir, v, seeds)
    } else {
        file::open(dir, v, seeds)
    }
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
                } else if dir.join(compressed::file_name(v, s)).is_file() {
                    Some(compressed::check_header(dir, v, s))
                } else {
                    None
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
            tb.max_seeds[file::variant_code(v) as usize] =
                if s > MIN_BOARD_SEEDS { s - 1 } else { 0 };
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
            let code = file::variant_code(t.variant()) as usize;
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
        self.max_seeds[file::variant_code(v) as usize]
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
        let (lo, hi) = table.bounds_of_board(generate::normalise(p));
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
    fn verdicts_follow_the_thresholds() {
        // songo36: 25 captured + share 11 = 36 wins, 10 draws, 9 loses.
        let p = pos("1,1,1,1,1,1,1/1,1,1,1,1,1,0 s 25 32 -");
        let v = Variant::Songo36Amateur;
        assert_eq!(Verdict::new(v, &p, 11, 11).exact(), Some(TbValue::Win));
        assert_eq!(Verdict::new(v, &p, 10, 10).exact(), Some(TbValue::Draw));
        assert_eq!(Verdict::new(v, &p, 9, 9).exact(), Some(TbValue::Loss));
        let range = Verdict::new(v, &p, 10, 11);
        assert_eq!((range.worst, range.best), (TbValue::Draw, TbValue::Win));
        assert_eq!(
            range.to_string(),
            "draw or win (mover's share 10..11 of 13 seeds: a repetition decides)"
        );
        // North to move reads North's captured count.
        let n = pos("1,1,1,1,1,1,1/1,1,1,1,1,1,0 n 32 25 -");
        assert_eq!(Verdict::new(v, &n, 11, 11).exact(), Some(TbValue::Win));
        // songo40: margin 30 - 27 = 3; a gain of 2 makes 5 (win), -8 makes -5.
        let p = pos("1,1,1,1,1,1,1/1,1,1,1,1,1,0 s 30 27 -");
        let v = Variant::Songo40;
        assert_eq!(Verdict::new(v, &p, 2, 2).exact(), Some(TbValue::Win));
        assert_eq!(Verdict::new(v, &p, 1, 1).exact(), Some(TbValue::Draw));
        assert_eq!(Verdict::new(v, &p, -7, -7).exact(), Some(TbValue::Draw));
        assert_eq!(Verdict::new(v, &p, -8, -8).exact(), Some(TbValue::Loss));
        assert_eq!(
            Verdict::new(v, &p, 2, 2).to_string(),
            "win (mover's margin gain +2 of 13 seeds)"
        );
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

    #[test]
    fn normalised_boards_swap_rows_for_north() {
        let p = pos("1,2,3,0,0,0,0/4,0,0,0,0,0,5 n 28 27 -");
        let b = generate::normalise(&p);
        assert_eq!(
            index::to_pits(b),
            [4, 0, 0, 0, 0, 0, 5, 1, 2, 3, 0, 0, 0, 0]
        );
        assert_eq!(swap_rows(swap_rows(b)), b);
    }
}

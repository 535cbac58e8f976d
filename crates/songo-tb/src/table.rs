//! One solved seed count of one variant, and reading its values.

use std::fmt;
use std::path::Path;
use std::sync::atomic::AtomicBool;
#[cfg(feature = "files")]
use std::sync::Arc;

use songo_core::variant::Variant;

#[cfg(feature = "zstd")]
use crate::compressed;
use crate::file::{self, TbError};
use crate::index;
#[cfg(feature = "files")]
use crate::mapped::Mapped;

/// The values of a table: generated in memory, or mapped from its file.
#[derive(Clone)]
enum Bytes {
    // Made by the generator, or by reading a file without the `files`
    // feature.
    #[cfg_attr(all(feature = "files", not(feature = "generate")), allow(dead_code))]
    Owned(Vec<u8>),
    /// The values of a file, mapped read-only (see [`Table::open`]). The
    /// map is shared by the clones of the table.
    #[cfg(feature = "files")]
    Mapped(Arc<Mapped>),
    /// A compressed file, mapped (see [`compressed`]).
    #[cfg(feature = "zstd")]
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
    #[cfg(feature = "generate")]
    pub(crate) fn new(variant: Variant, seeds: u8, data: Vec<u8>) -> Table {
        assert_eq!(data.len() as u64, file::values_len(variant, seeds));
        Table {
            variant,
            seeds,
            data: Bytes::Owned(data),
        }
    }

    /// Opens the table of `variant` with `seeds` seeds from `dir`: checks
    /// the header and the length of its file (every error of [`TbError`]
    /// but [`TbError::Checksum`]). With the `files` feature the values are
    /// mapped, and none of them is read here (see [`Table::read`] to check
    /// them too); without it they are read into memory and checked at once.
    ///
    /// The file must not change while the table lives: writing into it
    /// changes the table's values under the engine, and truncating it makes
    /// the next probe past the new end kill the process (`SIGBUS`). Table
    /// files are only replaced by renaming a new file onto the name
    /// ([`file::write`] does so; so does `mv`), which leaves the mapping on
    /// the old file.
    pub fn open(dir: &Path, variant: Variant, seeds: u8) -> Result<Table, TbError> {
        let path = dir.join(file::file_name(variant, seeds));
        #[cfg(feature = "files")]
        let data = Bytes::Mapped(Arc::new(Mapped::open(path, variant, seeds)?));
        #[cfg(not(feature = "files"))]
        let data = Bytes::Owned(file::read_values(&path, variant, seeds)?);
        Ok(Table {
            variant,
            seeds,
            data,
        })
    }

    /// [`Table::open`], then checks all of it: header, length and checksum
    /// (this reads the whole file).
    pub fn read(dir: &Path, variant: Variant, seeds: u8) -> Result<Table, TbError> {
        let table = Table::open(dir, variant, seeds)?;
        table.verify()?;
        Ok(table)
    }

    /// Maps the compressed table (`.sgtbz`, see [`compressed`]) of `variant`
    /// with `seeds` seeds from `dir`: checks the header, the block size and
    /// the index (every error of [`TbError`] but [`TbError::Checksum`]);
    /// decompresses nothing.
    #[cfg(feature = "zstd")]
    pub fn open_compressed(dir: &Path, variant: Variant, seeds: u8) -> Result<Table, TbError> {
        Ok(Table {
            variant,
            seeds,
            data: Bytes::Compressed(Arc::new(compressed::open(dir, variant, seeds)?)),
        })
    }

    /// Whether the values are mapped from a file (rather than generated in
    /// memory).
    pub fn is_mapped(&self) -> bool {
        !matches!(self.data, Bytes::Owned(_))
    }

    /// Whether the values come from a compressed file.
    pub fn is_compressed(&self) -> bool {
        #[cfg(feature = "zstd")]
        return matches!(self.data, Bytes::Compressed(_));
        #[cfg(not(feature = "zstd"))]
        false
    }

    /// Bytes of the table's file (or of its values, in memory).
    pub fn file_bytes(&self) -> u64 {
        match &self.data {
            #[cfg(feature = "zstd")]
            Bytes::Compressed(c) => c.file_bytes(),
            _ => file::HEADER_BYTES as u64 + file::values_len(self.variant, self.seeds),
        }
    }

    /// Checks the values against the checksum of their file's header: this
    /// reads every page of the file. A table generated in memory has
    /// nothing to check against and passes.
    pub fn verify(&self) -> Result<(), TbError> {
        match &self.data {
            Bytes::Owned(_) => Ok(()),
            #[cfg(feature = "files")]
            Bytes::Mapped(m) => m.verify(),
            #[cfg(feature = "zstd")]
            Bytes::Compressed(c) => c.verify(),
        }
    }

    /// Reads the values of a mapped table into the system's page cache,
    /// so that probes do not wait for the disk (nothing to do for a
    /// table in memory). Stops early when `stop` is set, and then returns
    /// `false`. See [`Tablebases::read_ahead`](crate::Tablebases::read_ahead).
    #[cfg_attr(not(feature = "files"), allow(unused_variables))]
    pub fn read_ahead(&self, stop: &AtomicBool) -> bool {
        match &self.data {
            Bytes::Owned(_) => true,
            #[cfg(feature = "files")]
            Bytes::Mapped(m) => m.read_ahead(stop),
            #[cfg(feature = "zstd")]
            Bytes::Compressed(c) => c.read_ahead(stop),
        }
    }

    /// The variant the table solves.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Seeds on the board of every position of the table.
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
            #[cfg(feature = "files")]
            Bytes::Mapped(m) => Some(m.values()),
            #[cfg(feature = "zstd")]
            Bytes::Compressed(_) => None,
        }
    }

    /// `(lo, hi)` of the board with this rank: the mover's share bounds
    /// (`songo36-*`), or the exact margin gain twice (`songo40`).
    #[inline(always)]
    // Without `files` only the owned bytes remain to match.
    #[cfg_attr(not(feature = "files"), allow(clippy::infallible_destructuring_match))]
    pub fn bounds(&self, rank: u64) -> (i32, i32) {
        let i = rank as usize;
        let wide = self.variant.is_songo36();
        let bytes: &[u8] = match &self.data {
            Bytes::Owned(v) => v,
            #[cfg(feature = "files")]
            Bytes::Mapped(m) => m.values(),
            #[cfg(feature = "zstd")]
            Bytes::Compressed(c) => return self.compressed_bounds(c, i),
        };
        if wide {
            (bytes[2 * i] as i32, bytes[2 * i + 1] as i32)
        } else {
            let v = bytes[i] as i8 as i32;
            (v, v)
        }
    }

    /// [`Table::bounds`] from a compressed file. A block that does not
    /// decompress gives bounds that prove nothing.
    #[cfg(feature = "zstd")]
    fn compressed_bounds(&self, c: &compressed::Compressed, i: usize) -> (i32, i32) {
        let wide = self.variant.is_songo36();
        let w = if wide { 2 } else { 1 };
        let mut pair = [0u8; 2];
        let s = self.seeds as i32;
        match (c.read(w * i, &mut pair[..w]), wide) {
            (true, true) => (pair[0] as i32, pair[1] as i32),
            (true, false) => (pair[0] as i8 as i32, pair[0] as i8 as i32),
            (false, true) => (0, s),
            (false, false) => (-s, s),
        }
    }

    /// `(lo, hi)` of a board given from its mover's side.
    pub fn bounds_of_board(&self, board: u128) -> (i32, i32) {
        self.bounds(index::rank(board, self.seeds))
    }
}

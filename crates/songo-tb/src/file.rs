//! The table files: a 64-byte versioned header, then the values.
//!
//! | offset | bytes | content |
//! |---|---|---|
//! | 0  | 8 | magic `SONGOTB\0` |
//! | 8  | 4 | format version, little-endian (`FORMAT_VERSION`) |
//! | 12 | 1 | variant: 0 `songo36-beginner`, 1 `songo36-amateur`, 2 `songo40` |
//! | 13 | 1 | seeds on the board |
//! | 14 | 1 | bytes per board (2 for `songo36-*`: `lo`, `hi`; 1 for `songo40`) |
//! | 15 | 1 | pit-7 flags of the boards: 0, neither flag set (the only kind so far) |
//! | 16 | 8 | number of boards, little-endian |
//! | 24 | 8 | checksum of the values (see [`checksum`]), little-endian |
//! | 32 | 32 | zero |
//! | 64 | … | the values, board after board in rank order (see `index`) |
//!
//! A file is named `<variant>-<seeds>.sgtb`, seeds on two digits
//! (`songo40-18.sgtb`). Files are written to a temporary name and renamed,
//! so an interrupted generation never leaves a file that looks complete.
//!
//! # Opening a file: mapped, checked, verified
//!
//! [`Table::open`](crate::Table::open) checks the header and the file's length, then maps the values
//! read-only ([`memmap2`]): nothing is read until a probe touches a page,
//! the pages live in the system's page cache, and every process that maps
//! the same file shares them. Opening the 10–20 seed tables is thus a
//! matter of milliseconds, and missing, truncated, foreign or mismatched
//! files keep their typed errors.
//!
//! The checksum covers every byte of the values, so checking it means
//! reading the whole file (over 2 GB for the `songo36-*` tables up to 20
//! seeds): [`Table::open`](crate::Table::open) does not. [`Table::read`](crate::Table::read) does ([`Table::open`](crate::Table::open), then
//! [`Table::verify`](crate::Table::verify)); `songo tb verify` and `songo tb generate` (for the
//! files it reuses) go through it.
//!
//! A mapped file must not change while it is mapped (see [`Table::open`](crate::Table::open)): files
//! are only ever replaced by a rename, as [`write`](fn@write) does.

use std::fmt;
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use songo_core::checksum::checksum;

use crate::index::boards;
use songo_core::variant::Variant;

/// The first bytes of every table file.
pub const MAGIC: &[u8; 8] = b"SONGOTB\0";
/// Bumped whenever the layout or the meaning of the values changes.
pub const FORMAT_VERSION: u32 = 1;
/// Bytes of the header, before the values.
pub const HEADER_BYTES: usize = 64;
/// The only flag state stored so far: both pit-7 flags cleared.
const FLAGS_NONE: u8 = 0;

/// What a missing path was meant to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathKind {
    /// A table file.
    File,
    /// The directory of the tables.
    Directory,
}

impl fmt::Display for PathKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PathKind::File => "file",
            PathKind::Directory => "directory",
        })
    }
}

/// What went wrong with a table file (or the directory of the tables).
///
/// Each message names the path; an I/O failure keeps the operating
/// system's error as its [`source`](std::error::Error::source).
#[derive(Clone, Debug, thiserror::Error)]
pub enum TbError {
    /// The file or directory does not exist.
    #[error("tablebase {kind} {} is missing", path.display())]
    Missing {
        /// The path looked for.
        path: PathBuf,
        /// What it should have been.
        kind: PathKind,
    },
    /// The file could not be read.
    #[error("cannot read tablebase file {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: Arc<std::io::Error>,
    },
    /// The file could not be written.
    #[error("cannot write tablebase file {}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: Arc<std::io::Error>,
    },
    /// The file is shorter (or longer) than its header says.
    #[error("tablebase file {} has {found} bytes, its header needs {expected}", path.display())]
    Truncated {
        /// The file.
        path: PathBuf,
        /// Bytes the header (and a compressed file's block index) implies.
        expected: u64,
        /// Bytes the file has.
        found: u64,
    },
    /// Not a songo table file.
    #[error("{} is not a songo tablebase file", path.display())]
    BadMagic {
        /// The file.
        path: PathBuf,
    },
    /// Written by another version of the format.
    #[error(
        "tablebase file {} has format version {found}, this engine reads {FORMAT_VERSION}",
        path.display()
    )]
    Version {
        /// The file.
        path: PathBuf,
        /// The version its header gives.
        found: u32,
    },
    /// The header does not describe the table the name promises.
    #[error("tablebase file {}: {field} is {found}, expected {expected}", path.display())]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// Which header field: "variant", "seed count", "bytes per board",
        /// "pit-7 flags", "board count", or a compressed file's "block
        /// size".
        field: &'static str,
        /// The value the name (or this build) calls for.
        expected: u64,
        /// The value the header gives.
        found: u64,
    },
    /// The values do not match their checksum.
    #[error("tablebase file {} is corrupt (checksum mismatch)", path.display())]
    Checksum {
        /// The file.
        path: PathBuf,
    },
    /// A compressed file's block index points outside the file or
    /// backwards (see `compressed`).
    #[error("compressed tablebase file {} has a bad block index (block {block})", path.display())]
    BadIndex {
        /// The file.
        path: PathBuf,
        /// The block whose start the index gives wrong, from 0.
        block: u64,
    },
}

impl TbError {
    /// The file (or directory) the error is about.
    pub fn path(&self) -> &Path {
        match self {
            TbError::Missing { path, .. }
            | TbError::Read { path, .. }
            | TbError::Write { path, .. }
            | TbError::Truncated { path, .. }
            | TbError::BadMagic { path }
            | TbError::Version { path, .. }
            | TbError::Mismatch { path, .. }
            | TbError::Checksum { path }
            | TbError::BadIndex { path, .. } => path,
        }
    }
}

/// The file name of a table.
pub fn file_name(variant: Variant, seeds: u8) -> String {
    format!("{}-{seeds:02}.sgtb", variant.name())
}

/// Bytes per board of a variant's tables.
pub const fn width(v: Variant) -> usize {
    if v.is_songo36() {
        2
    } else {
        1
    }
}

pub(crate) fn read_error(path: &Path, e: std::io::Error) -> TbError {
    if e.kind() == std::io::ErrorKind::NotFound {
        TbError::Missing {
            path: path.to_path_buf(),
            kind: PathKind::File,
        }
    } else {
        TbError::Read {
            path: path.to_path_buf(),
            source: Arc::new(e),
        }
    }
}

/// The header of a table file whose values have this checksum.
pub(crate) fn header(variant: Variant, seeds: u8, checksum: u64) -> [u8; HEADER_BYTES] {
    let mut header = [0u8; HEADER_BYTES];
    header[..8].copy_from_slice(MAGIC);
    header[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    header[12] = variant.index() as u8;
    header[13] = seeds;
    header[14] = width(variant) as u8;
    header[15] = FLAGS_NONE;
    header[16..24].copy_from_slice(&boards(seeds).to_le_bytes());
    header[24..32].copy_from_slice(&checksum.to_le_bytes());
    header
}

/// Where a table is written before it is renamed to its name.
pub(crate) fn temporary_path(dir: &Path, variant: Variant, seeds: u8) -> PathBuf {
    dir.join(format!(".{}.tmp", file_name(variant, seeds)))
}

/// Writes the values of a table into `dir` under its standard name;
/// returns the path.
pub fn write(variant: Variant, seeds: u8, values: &[u8], dir: &Path) -> Result<PathBuf, TbError> {
    assert_eq!(values.len() as u64, values_len(variant, seeds));
    let path = dir.join(file_name(variant, seeds));
    let tmp = temporary_path(dir, variant, seeds);
    let header = header(variant, seeds, checksum(values));
    let result = (|| {
        std::fs::create_dir_all(dir)?;
        let mut w = BufWriter::new(File::create(&tmp)?);
        w.write_all(&header)?;
        w.write_all(values)?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, &path)
    })();
    result.map_err(|e| TbError::Write {
        path: path.clone(),
        source: Arc::new(e),
    })?;
    Ok(path)
}

/// The values of the table file at `path`, read into memory and checked
/// (header, length and checksum): how tables are opened without the
/// `files` feature, which maps them.
#[cfg(not(feature = "files"))]
pub(crate) fn read_values(path: &Path, variant: Variant, seeds: u8) -> Result<Vec<u8>, TbError> {
    let (mut file, expected) = open_checked(path, variant, seeds)?;
    let mut values = Vec::new();
    file.read_to_end(&mut values)
        .map_err(|e| read_error(path, e))?;
    if values.len() as u64 != values_len(variant, seeds) || checksum(&values) != expected {
        return Err(TbError::Checksum {
            path: path.to_path_buf(),
        });
    }
    Ok(values)
}

/// The number of bytes of the values of a table.
pub fn values_len(variant: Variant, seeds: u8) -> u64 {
    boards(seeds) * width(variant) as u64
}

/// Opens the file of a table and checks its header and length; returns the
/// file, and the checksum its values must have.
pub(crate) fn open_checked(
    path: &Path,
    variant: Variant,
    seeds: u8,
) -> Result<(File, u64), TbError> {
    let (file, found, header) = read_header(path)?;
    let path = path.to_path_buf();
    if &header[..8] != MAGIC {
        return Err(TbError::BadMagic { path });
    }
    let sum = check_fields(&path, &header, variant, seeds)?;
    let expected = HEADER_BYTES as u64 + values_len(variant, seeds);
    if found != expected {
        return Err(TbError::Truncated {
            path,
            expected,
            found,
        });
    }
    Ok((file, sum))
}

/// Opens a table file (raw or compressed) and reads its header; returns
/// the file, its length and the header.
pub(crate) fn read_header(path: &Path) -> Result<(File, u64, [u8; HEADER_BYTES]), TbError> {
    let mut file = File::open(path).map_err(|e| read_error(path, e))?;
    let len = file.metadata().map_err(|e| read_error(path, e))?.len();
    if len < HEADER_BYTES as u64 {
        return Err(TbError::Truncated {
            path: path.to_path_buf(),
            expected: HEADER_BYTES as u64,
            found: len,
        });
    }
    let mut header = [0u8; HEADER_BYTES];
    file.read_exact(&mut header)
        .map_err(|e| read_error(path, e))?;
    Ok((file, len, header))
}

/// Checks the version and the fields of a header (after its magic), the
/// same in raw and compressed files; returns the checksum of the values.
pub(crate) fn check_fields(
    path: &Path,
    header: &[u8; HEADER_BYTES],
    variant: Variant,
    seeds: u8,
) -> Result<u64, TbError> {
    let path = path.to_path_buf();
    let version = u32::from_le_bytes(header[8..12].try_into().expect("4 bytes"));
    if version != FORMAT_VERSION {
        return Err(TbError::Version {
            path,
            found: version,
        });
    }
    let size = boards(seeds);
    let expected_fields: [(&'static str, u64, u64); 5] = [
        ("variant", variant.index() as u64, header[12] as u64),
        ("seed count", seeds as u64, header[13] as u64),
        ("bytes per board", width(variant) as u64, header[14] as u64),
        ("pit-7 flags", FLAGS_NONE as u64, header[15] as u64),
        (
            "board count",
            size,
            u64::from_le_bytes(header[16..24].try_into().expect("8 bytes")),
        ),
    ];
    for (field, expected, found) in expected_fields {
        if expected != found {
            return Err(TbError::Mismatch {
                path,
                field,
                expected,
                found,
            });
        }
    }
    Ok(u64::from_le_bytes(
        header[24..32].try_into().expect("8 bytes"),
    ))
}

/// Checks the header and length of a table file, without reading its values.
pub fn check_header(dir: &Path, variant: Variant, seeds: u8) -> Result<(), TbError> {
    open_checked(&dir.join(file_name(variant, seeds)), variant, seeds).map(|_| ())
}

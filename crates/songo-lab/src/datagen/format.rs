//! The training-data file of `songo datagen`: a fixed header, then
//! fixed-size records in game order, all little-endian.
//!
//! Header, [`HEADER_BYTES`] bytes:
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `SONGODAT` |
//! | 8 | 2 | format version ([`FORMAT_VERSION`]) |
//! | 10 | 1 | variant: 0 `songo36-beginner`, 1 `songo36-amateur`, 2 `songo40` |
//! | 11 | 1 | flags: bit 0 set when tablebases were given; bits 1–2 the evaluation of the searches (0 `tuned`, 1 `captures`, 2 `nn`) |
//! | 12 | 2 | random plies at the start of each game |
//! | 14 | 2 | opening balance bound in centiseeds (0: none) |
//! | 16 | 8 | search nodes per move |
//! | 24 | 8 | seed |
//! | 32 | 8 | games written |
//! | 40 | 8 | records written |
//!
//! Record, [`RECORD_BYTES`] bytes:
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 16 | the position, `Position::bits()` |
//! | 16 | 2 | `i16`: the search score for the side to move, centiseeds (mate and table scores in the engine's ranges, see `score`) |
//! | 18 | 1 | `i8`: the game's result for the side to move: 1 win, 0 draw, −1 loss |
//! | 19 | 1 | `i8`: the tables' exact value for the side to move (1, 0, −1), or −128 when not covered or not exact |
//! | 20 | 4 | `u32`: the game's index (games are numbered from 0 for the seed) |
//!
//! The header counts only whole games: a file cut short while a batch was
//! being written is read up to its counted records, and `songo datagen`
//! on the same file continues from its last counted game.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use songo_core::position::{Position, TOTAL_SEEDS};
use songo_core::variant::Variant;
use songo_engine::eval::EvalKind;

/// The first eight bytes of every data file.
pub const MAGIC: [u8; 8] = *b"SONGODAT";
/// Bumped whenever the header or a record changes meaning.
pub const FORMAT_VERSION: u16 = 1;
/// The header's size in bytes.
pub const HEADER_BYTES: usize = 48;
/// A record's size in bytes.
pub const RECORD_BYTES: usize = 24;
/// The table value of a record the tables do not decide.
pub const TB_NONE: i8 = i8::MIN;
/// Header flag: tablebases were given.
pub const FLAG_TABLES: u8 = 1;
/// Header flags: where the evaluation's code sits (see [`eval_code`]).
const EVAL_SHIFT: u32 = 1;
const EVAL_MASK: u8 = 0b110;

/// The code of an evaluation in the header's flags (files made before the
/// field existed have 0: they were all made with `tuned`).
fn eval_code(e: EvalKind) -> u8 {
    match e {
        EvalKind::Nn => 2,
        EvalKind::Captures => 1,
        EvalKind::Tuned | EvalKind::Without(_) => 0,
    }
}

/// Why a data file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file could not be opened, read, written or synced.
    #[error("cannot read or write the data file {}", path.display())]
    Io {
        /// The data file.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
    /// The file does not start with `SONGODAT`: it is something else.
    #[error("not a songo data file (no SONGODAT magic)")]
    Magic,
    /// The file starts like a data file but ends inside its header.
    #[error("the data file is {len} bytes: too short for its {HEADER_BYTES}-byte header")]
    Truncated {
        /// The file's length in bytes.
        len: u64,
    },
    /// The file was written by a songo with another [`FORMAT_VERSION`].
    #[error("data file format version {found}; this songo reads version {expected}")]
    Version {
        /// The file's version.
        found: u16,
        /// The version this songo reads and writes.
        expected: u16,
    },
    /// The header's variant byte names no variant.
    #[error("unknown variant code {0} in the data file")]
    VariantCode(u8),
    /// The header's flags name no evaluation.
    #[error("unknown evaluation code {0} in the data file")]
    EvalCode(u8),
    /// The file ends before the records its header counts.
    #[error("the header counts {records} records but the file holds {available}")]
    Short {
        /// Records the header counts.
        records: u64,
        /// Whole records the file holds.
        available: u64,
    },
    /// A record that no game could have written (its seeds do not add up,
    /// a result or table value out of range).
    #[error("record {index}: {what}")]
    BadRecord {
        /// The record's index in the file, from 0.
        index: u64,
        /// What is wrong with it.
        what: &'static str,
    },
    /// Resuming with other arguments than the file was made with.
    #[error("the file was made with {field} {file}, not {args}: use another --out")]
    Mismatch {
        /// The argument that differs, as its flag names it.
        field: &'static str,
        /// Its value in the file.
        file: String,
        /// Its value on the command line.
        args: String,
    },
}

/// What a data file's header says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The rule variant of the games.
    pub variant: Variant,
    /// Whether the games were played with tablebases (records then carry
    /// their exact values).
    pub tables: bool,
    /// The evaluation of the self-play searches.
    pub eval: EvalKind,
    /// Random plies that opened each game.
    pub random_plies: u16,
    /// The opening balance bound in centiseeds (0: none).
    pub balance: u16,
    /// Search nodes per move.
    pub nodes: u64,
    /// The seed the games were drawn from.
    pub seed: u64,
    /// Whole games in the file.
    pub games: u64,
    /// Records in the file, all of them from whole games.
    pub records: u64,
}

/// One position of a self-play game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// The position, its side to move included.
    pub position: Position,
    /// The search score for the side to move, centiseeds.
    pub score: i16,
    /// The game's result for the side to move: 1, 0, −1.
    pub result: i8,
    /// The tables' exact value for the side to move, or [`TB_NONE`].
    pub tb: i8,
    /// The index of the game it comes from (games are numbered from 0 for the seed).
    pub game: u32,
}

impl Header {
    /// The header as the file stores it.
    pub fn to_bytes(&self) -> [u8; HEADER_BYTES] {
        let mut b = [0u8; HEADER_BYTES];
        b[..8].copy_from_slice(&MAGIC);
        b[8..10].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        b[10] = self.variant.index() as u8;
        b[11] = if self.tables { FLAG_TABLES } else { 0 } | eval_code(self.eval) << EVAL_SHIFT;
        b[12..14].copy_from_slice(&self.random_plies.to_le_bytes());
        b[14..16].copy_from_slice(&self.balance.to_le_bytes());
        b[16..24].copy_from_slice(&self.nodes.to_le_bytes());
        b[24..32].copy_from_slice(&self.seed.to_le_bytes());
        b[32..40].copy_from_slice(&self.games.to_le_bytes());
        b[40..48].copy_from_slice(&self.records.to_le_bytes());
        b
    }

    /// Reads a header; `len` is the file's length, to report a short one.
    pub fn from_bytes(b: &[u8], len: u64) -> Result<Header, DataError> {
        if b.len() < HEADER_BYTES {
            if !b.starts_with(&MAGIC[..b.len().min(8)]) {
                return Err(DataError::Magic);
            }
            return Err(DataError::Truncated { len });
        }
        if b[..8] != MAGIC {
            return Err(DataError::Magic);
        }
        let u16_at = |o: usize| u16::from_le_bytes([b[o], b[o + 1]]);
        let u64_at = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().expect("8 bytes"));
        let version = u16_at(8);
        if version != FORMAT_VERSION {
            return Err(DataError::Version {
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        let variant = *Variant::ALL
            .get(b[10] as usize)
            .ok_or(DataError::VariantCode(b[10]))?;
        Ok(Header {
            variant,
            tables: b[11] & FLAG_TABLES != 0,
            eval: match (b[11] & EVAL_MASK) >> EVAL_SHIFT {
                0 => EvalKind::Tuned,
                1 => EvalKind::Captures,
                2 => EvalKind::Nn,
                c => return Err(DataError::EvalCode(c)),
            },
            random_plies: u16_at(12),
            balance: u16_at(14),
            nodes: u64_at(16),
            seed: u64_at(24),
            games: u64_at(32),
            records: u64_at(40),
        })
    }
}

impl Record {
    /// The record as the file stores it.
    pub fn to_bytes(&self) -> [u8; RECORD_BYTES] {
        let mut b = [0u8; RECORD_BYTES];
        b[..16].copy_from_slice(&self.position.bits().to_le_bytes());
        b[16..18].copy_from_slice(&self.score.to_le_bytes());
        b[18] = self.result as u8;
        b[19] = self.tb as u8;
        b[20..24].copy_from_slice(&self.game.to_le_bytes());
        b
    }

    /// Reads and checks a record (`index` names it in errors).
    pub fn from_bytes(b: &[u8], index: u64) -> Result<Record, DataError> {
        let bad = |what| DataError::BadRecord { index, what };
        let position =
            Position::from_bits(u128::from_le_bytes(b[..16].try_into().expect("16 bytes")));
        let total = position.pits().iter().map(|&c| c as u32).sum::<u32>()
            + position.captured(songo_core::position::Side::South) as u32
            + position.captured(songo_core::position::Side::North) as u32;
        if total != TOTAL_SEEDS as u32 {
            return Err(bad("the position does not hold 70 seeds"));
        }
        let result = b[18] as i8;
        if !(-1..=1).contains(&result) {
            return Err(bad("the result is not 1, 0 or -1"));
        }
        let tb = b[19] as i8;
        if tb != TB_NONE && !(-1..=1).contains(&tb) {
            return Err(bad("the table value is not 1, 0, -1 or -128"));
        }
        Ok(Record {
            position,
            score: i16::from_le_bytes([b[16], b[17]]),
            result,
            tb,
            game: u32::from_le_bytes(b[20..24].try_into().expect("4 bytes")),
        })
    }
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> DataError + '_ {
    move |source| DataError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Reads a whole data file: its header and its counted records.
pub fn read(path: &Path) -> Result<(Header, Vec<Record>), DataError> {
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .map_err(io(path))?;
    read_bytes(&bytes)
}

/// [`read`] on a file's bytes.
pub fn read_bytes(bytes: &[u8]) -> Result<(Header, Vec<Record>), DataError> {
    let header = Header::from_bytes(bytes, bytes.len() as u64)?;
    let available = ((bytes.len() - HEADER_BYTES) / RECORD_BYTES) as u64;
    if available < header.records {
        return Err(DataError::Short {
            records: header.records,
            available,
        });
    }
    let records = bytes[HEADER_BYTES..]
        .chunks_exact(RECORD_BYTES)
        .take(header.records as usize)
        .enumerate()
        .map(|(i, b)| Record::from_bytes(b, i as u64))
        .collect::<Result<_, _>>()?;
    Ok((header, records))
}

/// A data file being written: records are appended a game batch at a
/// time, then the header's counts, so the header never counts a record
/// that is not whole on disk.
pub struct Writer {
    file: File,
    path: PathBuf,
    header: Header,
}

impl Writer {
    /// Opens `path` to continue it, checking that it was made with the
    /// same arguments (its counts are kept, anything past them dropped),
    /// or creates it when it does not exist.
    pub fn open(path: &Path, wanted: Header) -> Result<Writer, DataError> {
        let exists = path.exists();
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(io(path))?;
        let header = if exists && file.metadata().map_err(io(path))?.len() > 0 {
            let len = file.metadata().map_err(io(path))?.len();
            let mut b = vec![0u8; HEADER_BYTES.min(len as usize)];
            file.read_exact(&mut b).map_err(io(path))?;
            let found = Header::from_bytes(&b, len)?;
            check_same(&found, &wanted)?;
            let end = HEADER_BYTES as u64 + found.records * RECORD_BYTES as u64;
            if len < end {
                return Err(DataError::Short {
                    records: found.records,
                    available: (len - HEADER_BYTES as u64) / RECORD_BYTES as u64,
                });
            }
            file.set_len(end).map_err(io(path))?;
            found
        } else {
            let fresh = Header {
                games: 0,
                records: 0,
                ..wanted
            };
            file.write_all(&fresh.to_bytes()).map_err(io(path))?;
            fresh
        };
        Ok(Writer {
            file,
            path: path.to_path_buf(),
            header,
        })
    }

    /// The header as written so far.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Appends the records of `games` whole games, then counts them.
    pub fn append(&mut self, games: u64, records: &[Record]) -> Result<(), DataError> {
        let path = self.path.clone();
        let end = HEADER_BYTES as u64 + self.header.records * RECORD_BYTES as u64;
        let mut bytes = Vec::with_capacity(records.len() * RECORD_BYTES);
        for r in records {
            bytes.extend_from_slice(&r.to_bytes());
        }
        self.file.seek(SeekFrom::Start(end)).map_err(io(&path))?;
        self.file.write_all(&bytes).map_err(io(&path))?;
        self.file.sync_data().map_err(io(&path))?;
        self.header.games += games;
        self.header.records += records.len() as u64;
        self.file.seek(SeekFrom::Start(0)).map_err(io(&path))?;
        self.file
            .write_all(&self.header.to_bytes())
            .map_err(io(&path))?;
        self.file.sync_data().map_err(io(&path))
    }
}

/// Refuses to continue a file made with other arguments.
fn check_same(file: &Header, args: &Header) -> Result<(), DataError> {
    let fields: [(&'static str, String, String); 7] = [
        ("--eval", file.eval.to_string(), args.eval.to_string()),
        (
            "variant",
            file.variant.to_string(),
            args.variant.to_string(),
        ),
        (
            "tablebases",
            file.tables.to_string(),
            args.tables.to_string(),
        ),
        (
            "--random-plies",
            file.random_plies.to_string(),
            args.random_plies.to_string(),
        ),
        (
            "--balance",
            file.balance.to_string(),
            args.balance.to_string(),
        ),
        ("--nodes", file.nodes.to_string(), args.nodes.to_string()),
        ("--seed", file.seed.to_string(), args.seed.to_string()),
    ];
    for (field, f, a) in fields {
        if f != a {
            return Err(DataError::Mismatch {
                field,
                file: f,
                args: a,
            });
        }
    }
    Ok(())
}

//! Compressed table files (`.sgtbz`): a table's values cut into blocks of
//! [`BLOCK_BYTES`], each compressed alone with zstd behind an index, so
//! that a probe decompresses one block, which the process then keeps in a
//! cache its threads share (searches come and go; the endgame a game is
//! in stays).
//!
//! | offset | bytes | content |
//! |---|---|---|
//! | 0 | 64 | the `.sgtb` header (see [`crate::file`]) with magic `SONGOTBZ`; bytes 32..36 the block size, 36..40 the zstd level it was made with |
//! | 64 | 8 × (blocks + 1) | where each block starts, counted from the end of the index, then where the last one ends |
//! | … | … | the blocks, in order |
//!
//! The header's checksum is the values' (uncompressed): verifying a file
//! decompresses it all. `songo tb compress` makes a `.sgtbz` from a
//! `.sgtb` (checking the latter's checksum as it reads it); generation
//! reads and writes `.sgtb` files only. Where a directory has both files
//! of a count, the raw one is used.
//!
//! A block that does not decompress (a corrupt file not verified) gives
//! no information: its boards read as the widest bounds, which prove
//! nothing, and `songo tb verify` reports the file.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use memmap2::Mmap;
use rayon::prelude::*;
use songo_core::variant::Variant;

use songo_core::checksum::Checksum;

use crate::file::{self, check_fields, read_error, TbError, HEADER_BYTES};
use crate::mapped::Mapped;
use crate::read_ahead::read_into_cache;

/// The first bytes of every compressed table file.
pub const MAGIC: &[u8; 8] = b"SONGOTBZ";
/// Bytes of values per block. 4 KB compresses songo40's 17-seed table
/// 2.98 times and songo36's 16-seed ones 4.3–4.5 times with zstd (see
/// docs/tablebases.md); larger blocks compress better but make every
/// probe that misses the cache decompress more.
pub const BLOCK_BYTES: usize = 4096;
/// zstd's level: decompression speed does not depend on it.
pub const DEFAULT_LEVEL: i32 = 9;
/// The cache of decompressed blocks: shards, each behind its own lock so
/// that the search threads seldom wait for one another, of direct-mapped
/// slots; 64 × 128 blocks of 4 KB, 32 MB in all (allocated at the first
/// probe, and only the pages used are ever touched).
const CACHE_SHARDS: usize = 64;
const SLOTS_PER_SHARD: usize = 128;

/// The file name of a compressed table.
pub fn file_name(variant: Variant, seeds: u8) -> String {
    format!("{}-{seeds:02}.sgtbz", variant.name())
}

/// A compressed table file, mapped read-only.
pub(crate) struct Compressed {
    path: PathBuf,
    checksum: u64,
    map: Mmap,
    /// The mapped file, read from by [`Compressed::read_ahead`].
    file: File,
    /// Tells this table's blocks apart in the process's cache.
    id: u32,
    blocks: usize,
    values_len: usize,
}

impl Compressed {
    fn data_start(&self) -> usize {
        HEADER_BYTES + 8 * (self.blocks + 1)
    }

    fn offset(&self, k: usize) -> usize {
        let at = HEADER_BYTES + 8 * k;
        u64::from_le_bytes(self.map[at..at + 8].try_into().expect("8 bytes")) as usize
    }

    /// The compressed bytes of block `k`.
    fn block(&self, k: usize) -> &[u8] {
        let start = self.data_start();
        &self.map[start + self.offset(k)..start + self.offset(k + 1)]
    }

    /// Bytes of values in block `k` (the last one may be short).
    fn block_len(&self, k: usize) -> usize {
        BLOCK_BYTES.min(self.values_len - k * BLOCK_BYTES)
    }

    /// Reads `out.len()` bytes of values from byte `at` (within one block:
    /// a board's bytes never straddle two), through the process's cache;
    /// false when the block does not decompress.
    pub(crate) fn read(&self, at: usize, out: &mut [u8]) -> bool {
        let k = at / BLOCK_BYTES;
        let within = at % BLOCK_BYTES;
        let key = (self.id as u64) << 32 | k as u64;
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
        let shard = &cache()[h as usize % CACHE_SHARDS];
        // A poisoned lock only means another thread panicked while holding
        // it; the slot it was filling is marked empty until filled.
        let mut shard = shard.lock().unwrap_or_else(|e| e.into_inner());
        match shard.block(self, k, key, (h as usize / CACHE_SHARDS) % SLOTS_PER_SHARD) {
            Some(bytes) => {
                out.copy_from_slice(&bytes[within..within + out.len()]);
                true
            }
            None => false,
        }
    }

    /// Decompresses every block and checks the values against the header's
    /// checksum.
    pub(crate) fn verify(&self) -> Result<(), TbError> {
        let corrupt = || TbError::Checksum {
            path: self.path.clone(),
        };
        let mut sum = Checksum::new();
        // Batches decompressed in parallel, summed in order.
        const BATCH: usize = 1024;
        for first in (0..self.blocks).step_by(BATCH) {
            let last = (first + BATCH).min(self.blocks);
            let parts: Vec<Option<Vec<u8>>> = (first..last)
                .into_par_iter()
                .map(|k| {
                    let v = zstd::bulk::decompress(self.block(k), BLOCK_BYTES).ok()?;
                    (v.len() == self.block_len(k)).then_some(v)
                })
                .collect();
            for part in parts {
                sum.update(&part.ok_or_else(corrupt)?);
            }
        }
        if sum.finish() == self.checksum {
            Ok(())
        } else {
            Err(corrupt())
        }
    }

    /// See `Mapped::read_ahead` of the raw files.
    pub(crate) fn read_ahead(&self, stop: &AtomicBool) -> bool {
        read_into_cache(&self.map, &self.file, 0, stop)
    }

    /// Size of the file.
    pub(crate) fn file_bytes(&self) -> u64 {
        self.map.len() as u64
    }
}

/// One shard of the cache: decompressed blocks, direct-mapped by table
/// and block.
struct Shard {
    keys: Vec<u64>,
    data: Vec<u8>,
    lens: Vec<u16>,
    dctx: Option<zstd::bulk::Decompressor<'static>>,
}

fn cache() -> &'static [Mutex<Shard>] {
    static CACHE: OnceLock<Vec<Mutex<Shard>>> = OnceLock::new();
    CACHE.get_or_init(|| {
        (0..CACHE_SHARDS)
            .map(|_| {
                Mutex::new(Shard {
                    keys: vec![u64::MAX; SLOTS_PER_SHARD],
                    data: vec![0; SLOTS_PER_SHARD * BLOCK_BYTES],
                    lens: vec![0; SLOTS_PER_SHARD],
                    dctx: None,
                })
            })
            .collect()
    })
}

impl Shard {
    fn block(&mut self, t: &Compressed, k: usize, key: u64, slot: usize) -> Option<&[u8]> {
        let range = slot * BLOCK_BYTES..(slot + 1) * BLOCK_BYTES;
        if self.keys[slot] != key {
            self.keys[slot] = u64::MAX;
            if self.dctx.is_none() {
                // Made here rather than with the cache: a failure (out of
                // memory) is then tried again at the next probe.
                self.dctx = zstd::bulk::Decompressor::new().ok();
            }
            let n = self
                .dctx
                .as_mut()?
                .decompress_to_buffer(t.block(k), &mut self.data[range.clone()])
                .ok()?;
            if n != t.block_len(k) {
                return None;
            }
            self.keys[slot] = key;
            self.lens[slot] = n as u16;
        }
        Some(&self.data[range.start..range.start + self.lens[slot] as usize])
    }
}

static NEXT_ID: AtomicU32 = AtomicU32::new(0);

/// Checks the header of a compressed table file and that the file holds
/// its index, without mapping it (as [`crate::file::check_header`] does
/// for a raw file): what [`crate::Tablebases::open`] checks of each file.
pub fn check_header(dir: &Path, variant: Variant, seeds: u8) -> Result<(), TbError> {
    let path = dir.join(file_name(variant, seeds));
    let (_, len, header) = file::read_header(&path)?;
    check(&path, &header, len, variant, seeds).map(|_| ())
}

/// The checks of the header and the length of a compressed file that need
/// no index: returns the values' checksum and the number of blocks.
fn check(
    path: &Path,
    header: &[u8; HEADER_BYTES],
    len: u64,
    variant: Variant,
    seeds: u8,
) -> Result<(u64, usize), TbError> {
    if &header[..8] != MAGIC {
        return Err(TbError::BadMagic {
            path: path.to_path_buf(),
        });
    }
    let checksum = check_fields(path, header, variant, seeds)?;
    let block = u32::from_le_bytes(header[32..36].try_into().expect("4 bytes"));
    if block as usize != BLOCK_BYTES {
        return Err(TbError::Mismatch {
            path: path.to_path_buf(),
            field: "block size",
            expected: BLOCK_BYTES as u64,
            found: block as u64,
        });
    }
    let blocks = (file::values_len(variant, seeds) as usize).div_ceil(BLOCK_BYTES);
    let data_start = (HEADER_BYTES + 8 * (blocks + 1)) as u64;
    if len < data_start {
        return Err(TbError::Truncated {
            path: path.to_path_buf(),
            expected: data_start,
            found: len,
        });
    }
    Ok((checksum, blocks))
}

/// Maps the compressed table of `variant` with `seeds` seeds from `dir`:
/// checks the header, the block size and the index (every error of
/// [`TbError`] but [`TbError::Checksum`]); decompresses nothing.
pub(crate) fn open(dir: &Path, variant: Variant, seeds: u8) -> Result<Compressed, TbError> {
    let path = dir.join(file_name(variant, seeds));
    let file = File::open(&path).map_err(|e| read_error(&path, e))?;
    // SAFETY: as for the raw files (see `Table::open`): table files are
    // never written in place, only replaced by a rename.
    let map = unsafe { Mmap::map(&file) }.map_err(|e| read_error(&path, e))?;
    let _ = map.advise(crate::mapped::PROBE_ADVICE);
    if map.len() < HEADER_BYTES {
        return Err(TbError::Truncated {
            path,
            expected: HEADER_BYTES as u64,
            found: map.len() as u64,
        });
    }
    let header: &[u8; HEADER_BYTES] = map[..HEADER_BYTES].try_into().expect("64 bytes");
    let (checksum, blocks) = check(&path, header, map.len() as u64, variant, seeds)?;
    let values_len = file::values_len(variant, seeds) as usize;
    let data_start = HEADER_BYTES + 8 * (blocks + 1);
    let t = Compressed {
        path,
        checksum,
        map,
        file,
        id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        blocks,
        values_len,
    };
    // The offsets start at 0 and never go back, and the last one is the
    // end of the file: every block is then inside it.
    let mut end = 0;
    for k in 0..=blocks {
        let at = t.offset(k);
        if (k == 0 && at != 0) || at < end {
            return Err(TbError::BadIndex {
                path: t.path,
                block: k as u64,
            });
        }
        end = at;
    }
    // (The map holds at least `data_start` bytes; a huge `end` must not
    // overflow the sum.)
    if end != t.map.len() - data_start {
        return Err(TbError::Truncated {
            expected: (data_start as u64).saturating_add(end as u64),
            found: t.map.len() as u64,
            path: t.path,
        });
    }
    Ok(t)
}

/// What [`compress`] did.
#[derive(Clone, Debug)]
pub struct CompressReport {
    /// The `.sgtbz` file written.
    pub path: PathBuf,
    /// Bytes of the `.sgtb` file it was made from.
    pub raw_bytes: u64,
    /// Bytes of the `.sgtbz` file.
    pub compressed_bytes: u64,
}

/// Writes `dir`'s `.sgtbz` file of a count from its `.sgtb` file, whose
/// checksum is checked on the way (a corrupt file is refused).
pub fn compress(
    dir: &Path,
    variant: Variant,
    seeds: u8,
    level: i32,
) -> Result<CompressReport, TbError> {
    let raw_path = dir.join(file::file_name(variant, seeds));
    let raw = Mapped::open(raw_path.clone(), variant, seeds)?;
    let values = raw.values();
    let path = dir.join(file_name(variant, seeds));
    let write_error = |e: std::io::Error| TbError::Write {
        path: path.clone(),
        source: Arc::new(e),
    };
    let blocks: Vec<Vec<u8>> = values
        .par_chunks(BLOCK_BYTES)
        .map(|b| zstd::bulk::compress(b, level))
        .collect::<Result<_, _>>()
        .map_err(write_error)?;
    let mut sum = Checksum::new();
    for chunk in values.chunks(1 << 20) {
        sum.update(chunk);
    }
    let checksum = sum.finish();
    if checksum != raw.checksum() {
        return Err(TbError::Checksum { path: raw_path });
    }
    let mut header = file::header(variant, seeds, checksum);
    header[..8].copy_from_slice(MAGIC);
    header[32..36].copy_from_slice(&(BLOCK_BYTES as u32).to_le_bytes());
    header[36..40].copy_from_slice(&level.to_le_bytes());
    let tmp = dir.join(format!(".{}.tmp", file_name(variant, seeds)));
    let mut written = (HEADER_BYTES + 8 * (blocks.len() + 1)) as u64;
    (|| {
        let mut w = BufWriter::new(File::create(&tmp)?);
        w.write_all(&header)?;
        let mut at = 0u64;
        w.write_all(&at.to_le_bytes())?;
        for b in &blocks {
            at += b.len() as u64;
            w.write_all(&at.to_le_bytes())?;
        }
        for b in &blocks {
            w.write_all(b)?;
        }
        written += at;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, &path)
    })()
    .map_err(write_error)?;
    Ok(CompressReport {
        path,
        raw_bytes: (HEADER_BYTES + values.len()) as u64,
        compressed_bytes: written,
    })
}

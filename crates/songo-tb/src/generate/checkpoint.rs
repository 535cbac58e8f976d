//! Resuming an interrupted count: the working state saved between passes.
//!
//! At the end of a threshold's pass the new-member bits are all clear, so
//! the state is the values and the counters (1.5 bytes a board in
//! `songo40`, 2.5 in `songo36-*`). A checkpoint holds them with the next
//! threshold to solve, in a hidden file beside the tables
//! (`.songo40-24.p0of1.ckpt`: process 0 of 1). Written to a temporary
//! name and renamed, so a checkpoint on disk is always whole. Generation
//! that finds one matching its count and its split resumes at that pass;
//! the checkpoint is removed once the table is written.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::work::Work;
use crate::file::file_name;
use crate::TbError;

const MAGIC: &[u8; 8] = b"SONGOCKP";
const VERSION: u32 = 1;
const HEADER_BYTES: usize = 64;
/// Bytes copied at a time between the atomics and the file.
const BLOCK: usize = 1 << 20;

/// When to save the state of the count being solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checkpoints {
    /// Never (the tests, and tables small enough to solve again).
    Never,
    /// At the end of a pass, once this long has passed since the count
    /// began or since the last checkpoint (`Duration::ZERO`: every pass).
    Every(Duration),
}

/// The checkpoint file of one count (and one part of it) and when it was
/// last written.
pub(super) struct Checkpoint {
    path: PathBuf,
    header: [u8; HEADER_BYTES],
    every: Option<Duration>,
    last: Instant,
}

impl Checkpoint {
    pub(super) fn new(dir: &Path, work: &Work, every: Checkpoints) -> Checkpoint {
        let parts = work.parts();
        let (base, len) = work.range();
        let (own, count) = (parts.index(), parts.count());
        let name = format!(
            ".{}.p{own}of{count}.ckpt",
            file_name(work.variant(), work.seeds())
        );
        let mut header = [0u8; HEADER_BYTES];
        header[..8].copy_from_slice(MAGIC);
        header[8..12].copy_from_slice(&VERSION.to_le_bytes());
        header[12] = work.variant().index() as u8;
        header[13] = work.seeds();
        header[16..20].copy_from_slice(&(own as u32).to_le_bytes());
        header[20..24].copy_from_slice(&(count as u32).to_le_bytes());
        header[24..32].copy_from_slice(&base.to_le_bytes());
        header[32..40].copy_from_slice(&len.to_le_bytes());
        Checkpoint {
            path: dir.join(name),
            header,
            every: match every {
                Checkpoints::Never => None,
                Checkpoints::Every(d) => Some(d),
            },
            last: Instant::now(),
        }
    }

    /// Fills `work` from a checkpoint of the same count and part, if there
    /// is one; returns the threshold of the pass to run next. A checkpoint
    /// of something else, or a short one, is ignored.
    pub(super) fn load(&self, work: &Work) -> Result<Option<i32>, TbError> {
        if self.every.is_none() {
            return Ok(None);
        }
        let file = match File::open(&self.path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(self.error(e, false)),
        };
        let expected =
            HEADER_BYTES as u64 + work.state().iter().map(|s| s.len() as u64).sum::<u64>();
        let found = file.metadata().map_err(|e| self.error(e, false))?.len();
        let mut r = BufReader::with_capacity(BLOCK, file);
        let mut header = [0u8; HEADER_BYTES];
        r.read_exact(&mut header)
            .map_err(|e| self.error(e, false))?;
        if found != expected || header[..40] != self.header[..40] {
            return Ok(None);
        }
        let next = i32::from_le_bytes(header[40..44].try_into().expect("4 bytes"));
        if !(1..=work.seeds() as i32).contains(&next) {
            return Ok(None);
        }
        let mut block = vec![0u8; BLOCK];
        for state in work.state() {
            for cells in state.chunks(BLOCK) {
                let buf = &mut block[..cells.len()];
                r.read_exact(buf).map_err(|e| self.error(e, false))?;
                for (cell, &b) in cells.iter().zip(buf.iter()) {
                    cell.store(b, Ordering::Relaxed);
                }
            }
        }
        Ok(Some(next))
    }

    /// Whether it is time to save (see [`Checkpoints`]).
    pub(super) fn due(&self) -> bool {
        self.every.is_some_and(|every| self.last.elapsed() >= every)
    }

    /// Saves the state; `next` is the threshold of the pass to run next.
    pub(super) fn save(&mut self, work: &Work, next: i32) -> Result<(), TbError> {
        let mut header = self.header;
        header[40..44].copy_from_slice(&next.to_le_bytes());
        let tmp = self.path.with_extension("ckpt.tmp");
        let result = (|| {
            let mut w = BufWriter::with_capacity(BLOCK, File::create(&tmp)?);
            w.write_all(&header)?;
            let mut block = vec![0u8; BLOCK];
            for state in work.state() {
                write_atomics(&mut w, state, &mut block)?;
            }
            w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
            std::fs::rename(&tmp, &self.path)
        })();
        result.map_err(|e| self.error(e, true))?;
        self.last = Instant::now();
        Ok(())
    }

    /// Removes the checkpoint (the count is solved and written).
    pub(super) fn remove(&self) -> Result<(), TbError> {
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(self.error(e, true)),
            _ => Ok(()),
        }
    }

    fn error(&self, e: std::io::Error, writing: bool) -> TbError {
        let (path, source) = (self.path.clone(), Arc::new(e));
        if writing {
            TbError::Write { path, source }
        } else {
            TbError::Read { path, source }
        }
    }
}

fn write_atomics(w: &mut impl Write, cells: &[AtomicU8], block: &mut [u8]) -> std::io::Result<()> {
    for cells in cells.chunks(block.len()) {
        let buf = &mut block[..cells.len()];
        for (b, cell) in buf.iter_mut().zip(cells) {
            *b = cell.load(Ordering::Relaxed);
        }
        w.write_all(buf)?;
    }
    Ok(())
}

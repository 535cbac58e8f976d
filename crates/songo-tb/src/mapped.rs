//! Table files mapped read-only: the values are read by the system page by
//! page as probes touch them, shared between the processes that map them.

use std::fs::File;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use memmap2::{Advice, Mmap, MmapOptions};
use songo_core::checksum::checksum;
use songo_core::variant::Variant;

use crate::file::{self, read_error, values_len, TbError, HEADER_BYTES};
use crate::read_ahead::read_into_cache;

/// The values of a table file, mapped read-only, with what it takes to
/// verify them.
pub(crate) struct Mapped {
    path: PathBuf,
    /// The checksum of the header.
    checksum: u64,
    map: Mmap,
    /// The mapped file, read from by [`Mapped::read_ahead`].
    file: File,
}

impl Mapped {
    #[inline(always)]
    pub(crate) fn values(&self) -> &[u8] {
        &self.map
    }

    /// Checks the values against the header's checksum (reads them all).
    pub(crate) fn verify(&self) -> Result<(), TbError> {
        // Read in order, with a larger read-ahead, then as before. The
        // advice is a hint: a refusal changes nothing.
        let _ = self.map.advise(Advice::Sequential);
        let sum = checksum(&self.map);
        let _ = self.map.advise(PROBE_ADVICE);
        if sum == self.checksum {
            Ok(())
        } else {
            Err(TbError::Checksum {
                path: self.path.clone(),
            })
        }
    }

    /// Reads the values into the page cache, until done or `stop` is set;
    /// returns `false` when stopped. See [`read_into_cache`]: it takes
    /// as long as the disk needs, and a walk through the page tables when
    /// the file is already cached.
    pub(crate) fn read_ahead(&self, stop: &AtomicBool) -> bool {
        read_into_cache(&self.map, &self.file, HEADER_BYTES as u64, stop)
    }

    /// The checksum of the header.
    #[cfg(feature = "zstd")]
    pub(crate) fn checksum(&self) -> u64 {
        self.checksum
    }
}

/// How the mapped values are read, told to the system: probes land
/// anywhere in a table, so a page not yet in memory should cost one page
/// read, not the read-around Linux gives a fault by default (the disk's
/// whole read-ahead window, 8 MB on these machines: a cold probe took
/// 5–11 ms instead of 0.05–0.08 ms, which made a timed search overrun its
/// clock; docs/tablebases.md, "Probes and the disk"). Reading ahead
/// ([`read_into_cache`]) and verifying are unaffected.
pub(crate) const PROBE_ADVICE: Advice = Advice::Random;

impl Mapped {
    /// Maps the values of the table file at `path`, checking its header and
    /// length (not its checksum).
    pub(crate) fn open(path: PathBuf, variant: Variant, seeds: u8) -> Result<Mapped, TbError> {
        let (file, checksum) = file::open_checked(&path, variant, seeds)?;
        map(path, file, variant, seeds, checksum)
    }
}

fn map(
    path: PathBuf,
    file: File,
    variant: Variant,
    seeds: u8,
    checksum: u64,
) -> Result<Mapped, TbError> {
    let len = values_len(variant, seeds);
    let Ok(len) = usize::try_from(len) else {
        return Err(TbError::Read {
            path,
            source: Arc::new(std::io::Error::new(
                std::io::ErrorKind::OutOfMemory,
                "the table does not fit in the address space",
            )),
        });
    };
    // SAFETY: `Mmap` hands out the mapped file as a `&[u8]`, which Rust
    // assumes never changes; memmap2's contract is that the file is not
    // modified (in this process or another) while the map lives. Songo
    // never writes into an existing table file: `write` writes a new file
    // under a temporary name and renames it, which leaves this map on the
    // old file (see above and protocol.md for what users must not do).
    let map = unsafe {
        MmapOptions::new()
            .offset(HEADER_BYTES as u64)
            .len(len)
            .map(&file)
    }
    .map_err(|e| read_error(&path, e))?;
    let _ = map.advise(PROBE_ADVICE);
    Ok(Mapped {
        path,
        checksum,
        map,
        file,
    })
}

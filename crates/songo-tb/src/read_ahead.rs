//! Bringing a mapped table into the page cache before probes need it,
//! without making those probes wait.
//!
//! A probe into a page not yet in memory waits for the disk, and it waits
//! behind every read already queued. Asking the system for a whole table
//! with `MADV_WILLNEED` queues up to a gigabyte of reads at once here
//! (256 requests of up to 4 MB on these machines' disk), so the first probes
//! of a search waited 0.3–0.8 s and a timed search lost on time
//! (docs/tablebases.md, "Probes and the disk"). Instead the reader reads the
//! file itself, one step at a time: only the step being read and the
//! kernel's own read-ahead of a sequential reader are ever queued, and a
//! step whose pages are all in the page cache already is skipped without
//! reading it.

use std::fs::File;
use std::sync::atomic::{AtomicBool, Ordering};

use memmap2::Mmap;

/// Bytes read per step: large enough for the disk to stream, small enough
/// that a probe's read is never queued behind much more than the kernel's
/// read-ahead window.
const STEP_BYTES: usize = 1 << 20;

/// Reads the bytes of `map`, which maps `file` from `file_offset` on, into
/// the page cache, a step at a time, until done or `stop` is set; returns
/// `false` when stopped. Steps already in memory cost a look at the page
/// tables; the others are read with `pread` into a buffer (the copy is the
/// price of a bounded queue). A hint: a failed read ends the reading of
/// this file early (the caller goes on with the next), and probes then
/// read their pages themselves.
pub(super) fn read_into_cache(
    map: &Mmap,
    file: &File,
    file_offset: u64,
    stop: &AtomicBool,
) -> bool {
    let mut buffer = vec![0u8; STEP_BYTES];
    let mut at = 0;
    while at < map.len() {
        if stop.load(Ordering::Relaxed) {
            return false;
        }
        let step = STEP_BYTES.min(map.len() - at);
        if !resident(&map[at..at + step])
            && !read_at(file, &mut buffer[..step], file_offset + at as u64)
        {
            return !stop.load(Ordering::Relaxed);
        }
        at += step;
    }
    true
}

fn read_at(file: &File, buffer: &mut [u8], offset: u64) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        file.read_exact_at(buffer, offset).is_ok()
    }
    #[cfg(not(unix))]
    {
        let _ = (file, buffer, offset);
        false
    }
}

/// Whether every page under `bytes` is in memory (`mincore`); `false` when
/// the system cannot tell.
fn resident(bytes: &[u8]) -> bool {
    #[cfg(target_os = "linux")]
    {
        if bytes.is_empty() {
            return true;
        }
        // SAFETY: sysconf has no preconditions.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        let Some(page) = usize::try_from(page).ok().filter(|&p| p > 0) else {
            return false;
        };
        let start = bytes.as_ptr() as usize;
        let aligned = start - start % page;
        let len = bytes.len() + (start - aligned);
        let mut pages = vec![0u8; len.div_ceil(page)];
        // SAFETY: [aligned, aligned + len) lies within the pages of one
        // live mapping (`bytes` borrows it), and `pages` has one byte per
        // page of that range, as mincore requires.
        let r = unsafe { libc::mincore(aligned as *mut libc::c_void, len, pages.as_mut_ptr()) };
        r == 0 && pages.iter().all(|p| p & 1 == 1)
    }
    #[cfg(not(target_os = "linux"))]
    {
        bytes.is_empty()
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use std::io::Write;
    use std::os::unix::io::AsRawFd;

    use super::*;

    /// A file of `len` bytes at `offset` and beyond, mapped from `offset`,
    /// then dropped from the page cache.
    fn cold_file(name: &str, offset: u64, len: usize) -> (File, Mmap, std::path::PathBuf) {
        let path =
            std::env::temp_dir().join(format!("songo-read-ahead-{name}-{}", std::process::id()));
        let mut f = File::create(&path).unwrap();
        let bytes: Vec<u8> = (0..offset as usize + len)
            .map(|i| (i * 7 % 251) as u8)
            .collect();
        f.write_all(&bytes).unwrap();
        f.sync_all().unwrap();
        let file = File::open(&path).unwrap();
        // SAFETY: the test's own file, not written while mapped.
        let map = unsafe {
            memmap2::MmapOptions::new()
                .offset(offset)
                .len(len)
                .map(&file)
        }
        .unwrap();
        // SAFETY: a valid descriptor; the advice only drops clean pages.
        unsafe { libc::posix_fadvise(file.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED) };
        (file, map, path)
    }

    #[test]
    fn reading_ahead_brings_every_page_into_memory() {
        let (file, map, path) = cold_file("all", 64, 3 * STEP_BYTES + 12345);
        // Whether the pages left the cache is up to the system; if they
        // did, the reader must bring them back.
        assert!(read_into_cache(&map, &file, 64, &AtomicBool::new(false)));
        assert!(resident(&map));
        assert!(resident(&map[..0]));
        // Nothing is read once it is all there, and a stop is obeyed.
        assert!(read_into_cache(&map, &file, 64, &AtomicBool::new(false)));
        assert!(!read_into_cache(&map, &file, 64, &AtomicBool::new(true)));
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn pages_dropped_from_the_cache_are_not_resident() {
        let (_file, map, path) = cold_file("cold", 0, 4 * STEP_BYTES);
        // Dropping clean, unmapped pages is what the advice does on Linux.
        assert!(!resident(&map));
        std::fs::remove_file(path).unwrap();
    }
}

//! Memory straight from the system, where there is a way to ask for it:
//! anonymous mappings on huge pages for the transposition table, faulted
//! in ahead of use, and given back a range at a time (Linux, with the
//! `huge-pages` feature). Elsewhere the functions refuse (`map_zeroed` is
//! `None`) and the table uses the allocator.

#[cfg(all(feature = "huge-pages", target_os = "linux"))]
mod imp {
    use std::ffi::c_void;
    use std::ptr::NonNull;

    extern "C" {
        fn mmap(
            addr: *mut c_void,
            len: usize,
            prot: i32,
            flags: i32,
            fd: i32,
            off: i64,
        ) -> *mut c_void;
        fn munmap(addr: *mut c_void, len: usize) -> i32;
        fn madvise(addr: *mut c_void, len: usize, advice: i32) -> i32;
        fn mincore(addr: *mut c_void, len: usize, vec: *mut u8) -> i32;
        fn sysconf(name: i32) -> i64;
    }
    const SC_PAGESIZE: i32 = 30;
    const PROT_READ_WRITE: i32 = 0x1 | 0x2;
    const MAP_PRIVATE_ANONYMOUS: i32 = 0x02 | 0x20;
    const MADV_DONTNEED: i32 = 4;
    const MADV_HUGEPAGE: i32 = 14;
    /// Linux 5.14 and later; older kernels refuse it (EINVAL).
    const MADV_POPULATE_WRITE: i32 = 23;

    /// A private anonymous mapping of `bytes` (zero-filled on first touch),
    /// marked for transparent huge pages.
    pub fn map_zeroed(bytes: usize) -> Option<NonNull<u8>> {
        // SAFETY: a fresh anonymous mapping aliases nothing.
        let p = unsafe {
            mmap(
                std::ptr::null_mut(),
                bytes,
                PROT_READ_WRITE,
                MAP_PRIVATE_ANONYMOUS,
                -1,
                0,
            )
        };
        if p as isize == -1 {
            return None;
        }
        // A hint: without huge pages the table works the same, only slower.
        // SAFETY: `p` is the mapping just made, `bytes` long.
        unsafe { madvise(p, bytes, MADV_HUGEPAGE) };
        NonNull::new(p.cast())
    }

    pub fn unmap(p: NonNull<u8>, bytes: usize) {
        // SAFETY: `p` and `bytes` are one mapping made by `map_zeroed`,
        // which its owner no longer uses.
        unsafe { munmap(p.as_ptr().cast(), bytes) };
    }

    /// Lets the system take back the pages of `[p, p + bytes)` (whole pages)
    /// at once; they read as zeros afterwards.
    pub fn discard(p: *mut u8, bytes: usize) {
        // SAFETY: the caller passes whole pages of a block it owns and no
        // longer reads; zeros are a valid value for the table's atomics.
        unsafe { madvise(p.cast(), bytes, MADV_DONTNEED) };
    }

    /// Faults `[p, p + bytes)` in as if written, without writing: the
    /// contents stay what they were. False where the kernel cannot.
    pub fn populate(p: *mut u8, bytes: usize) -> bool {
        // SAFETY: the caller passes a range of a mapping it keeps alive;
        // populating changes no byte of it.
        unsafe { madvise(p.cast(), bytes, MADV_POPULATE_WRITE) == 0 }
    }

    /// Makes the mapping `[p, p + bytes)` read as zeros: resident pages are
    /// written, the others (never touched, or swapped out) are discarded.
    pub fn zero_resident(p: *mut u8, bytes: usize) {
        // SAFETY: sysconf has no preconditions.
        let page = usize::try_from(unsafe { sysconf(SC_PAGESIZE) }).unwrap_or(4096);
        let pages = bytes.div_ceil(page);
        let mut resident = vec![0u8; pages];
        // SAFETY: `p` starts a mapping of `bytes` (page-aligned, as mmap
        // returns it) and `resident` holds one byte per page of it.
        if unsafe { mincore(p.cast(), bytes, resident.as_mut_ptr()) } != 0 {
            resident.fill(1); // unknown: zero it all
        }
        let mut start = 0;
        while start < pages {
            let here = resident[start] & 1;
            let end = (start..pages)
                .find(|&i| resident[i] & 1 != here)
                .unwrap_or(pages);
            let (at, len) = (start * page, (end * page).min(bytes) - start * page);
            if here == 1 {
                // SAFETY: the range lies inside the mapping, which the
                // caller owns exclusively; zeros are valid slots.
                unsafe { std::ptr::write_bytes(p.add(at), 0, len) };
            } else {
                discard(p.wrapping_add(at), len);
            }
            start = end;
        }
    }
}

#[cfg(not(all(feature = "huge-pages", target_os = "linux")))]
mod imp {
    use std::ptr::NonNull;

    pub fn map_zeroed(_: usize) -> Option<NonNull<u8>> {
        None
    }

    pub fn unmap(_: NonNull<u8>, _: usize) {
        unreachable!("nothing is mapped without mmap")
    }

    pub fn discard(_: *mut u8, _: usize) {}

    pub fn populate(_: *mut u8, _: usize) -> bool {
        false
    }

    pub fn zero_resident(_: *mut u8, _: usize) {
        unreachable!("nothing is mapped without mmap")
    }
}

pub use imp::{discard, map_zeroed, populate, unmap, zero_resident};

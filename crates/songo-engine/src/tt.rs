//! The transposition table, shared between search threads without locks.
//!
//! Each slot is two `AtomicU64`s: the packed entry data, and the position key
//! XOR-ed with that data. A reader recomputes `key ^ data`; if another thread
//! tore the slot by writing between the two loads, the check fails and the
//! slot reads as empty. Nothing else is needed for Lazy SMP.
//!
//! Slots come in buckets of four, one cache line; a position may sit in
//! any slot of the bucket its key maps to. Replacement: an entry of the
//! same position is overwritten unless it is from this search, much deeper
//! (by more than a small allowance, so fresh shallow results still get in)
//! and the new one is not exact; otherwise the new entry takes an empty
//! slot, or the bucket's least worthy one: its depth, less 8 plies for each
//! search since it was stored. Ageing is a 6-bit generation counter bumped
//! once per `go`.
//!
//! Buckets keep far more of a table under pressure than one slot per key
//! would (measurements in `docs/tuning-history.md`).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::time::Instant;

use songo_core::moves::Move;
use songo_core::position::PITS;

use crate::tt_os as os;

/// Kind of bound a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// Failed high: the true score is at least this.
    Lower = 1,
    /// Failed low: the true score is at most this.
    Upper = 2,
    /// Exact score (a PV node).
    Exact = 3,
}

/// One probed entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TtEntry {
    pub mv: Option<Move>,
    pub score: i16,
    pub depth: u8,
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const _: () = assert!(std::mem::size_of::<Slot>() == 16);

/// A shallower entry may replace a deeper one of the same position within
/// this many plies: fresh results get in, much deeper work is kept.
const REPLACE_DEPTH_MARGIN: u8 = 3;
/// Slots per bucket: a key may sit in any slot of its bucket, which is one
/// cache line.
const BUCKET: usize = 4;
const BUCKET_BYTES: usize = BUCKET * std::mem::size_of::<Slot>();
/// Replacement within a bucket: each search an entry has outlived costs it
/// this many plies of depth, so old deep entries make way in a few moves.
const AGE_PLIES: i32 = 8;

/// How much an entry is worth keeping: the victim of a store is the
/// bucket's least worthy entry (an empty slot first).
fn worth(e: &TtEntry, e_gen: u8, generation: u8) -> i32 {
    let age = (generation + GENERATIONS - e_gen) % GENERATIONS;
    e.depth as i32 - AGE_PLIES * age as i32
}
const GENERATIONS: u8 = 64;
/// Stands for "no move" in the 4-bit move field.
const NO_MOVE: u64 = 0xF;

// Layout of `data`: score 16 | unused 16 | depth 8 | bound 2 | generation 6 | move 4.
fn pack(e: &TtEntry, generation: u8) -> u64 {
    let mv = e.mv.map_or(NO_MOVE, |m| m.pit() as u64);
    (e.score as u16 as u64)
        | (e.depth as u64) << 32
        | (e.bound as u64) << 40
        | (generation as u64 & 0x3F) << 42
        | mv << 48
}

fn unpack(d: u64) -> Option<(TtEntry, u8)> {
    let bound = match (d >> 40) & 3 {
        1 => Bound::Lower,
        2 => Bound::Upper,
        3 => Bound::Exact,
        _ => return None,
    };
    let mv = (d >> 48) & 0xF;
    let entry = TtEntry {
        score: d as u16 as i16,
        depth: (d >> 32) as u8,
        bound,
        mv: (mv < PITS as u64).then(|| Move::from_pit(mv as usize)),
    };
    Some((entry, ((d >> 42) & 0x3F) as u8))
}

/// The table. Its size is fixed at creation; a new table replaces it.
pub struct TranspositionTable {
    slots: Slots,
    generation: AtomicU64,
    /// Faults the pages of a fresh mapping in, behind the search's back.
    prefault: Option<Prefault>,
}

/// An allocation of the requested size failed; the old table is kept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a {megabytes} MB hash table{}", memory_note())]
pub struct AllocError {
    /// The size asked for, in megabytes.
    pub megabytes: usize,
}

/// ` (N MB of memory available)`, where that is known.
fn memory_note() -> String {
    available_bytes().map_or(String::new(), |b| {
        format!(" ({} MB of memory available)", b >> 20)
    })
}

/// Tables at least this large are given back to the system on a thread of
/// their own (see [`free_in_background`]).
const BACKGROUND_FREE_BYTES: usize = 64 << 20;

/// Memory the system can still hand out, in bytes (`MemAvailable` of
/// `/proc/meminfo`); `None` where that is unknown.
///
/// Linux overcommits: a request below the physical memory "succeeds" and
/// only fails, by killing a process, when the pages are touched. So a table
/// larger than what is available is refused up front instead.
pub fn available_bytes() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find_map(|l| l.strip_prefix("MemAvailable:"))?;
    let kb: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    Some(kb.saturating_mul(1024))
}

/// Size of a huge page. Large tables are mapped straight from the system
/// and marked for huge pages: with 4 KB pages every probe of a large table
/// misses the TLB, and every first touch of a page is a fault, with the
/// search threads queueing behind each other (measurements in
/// `docs/tuning-history.md`).
const HUGE_PAGE: usize = 2 << 20;

/// The table's memory: `len` slots, handed out by the system already
/// zeroed, so that making a large table costs no time (its pages are then
/// faulted in on a thread of their own, see [`Prefault`]).
struct Slots {
    ptr: std::ptr::NonNull<Slot>,
    len: usize,
    /// How the block was obtained, hence how it is given back.
    mapped: bool,
}

// SAFETY: `Slots` owns its block like a `Box<[Slot]>` does, and `Slot` is
// made of atomics, which are `Send` and `Sync`.
unsafe impl Send for Slots {}
unsafe impl Sync for Slots {}

impl Slots {
    const EMPTY: Slots = Slots {
        ptr: std::ptr::NonNull::dangling(),
        len: 0,
        mapped: false,
    };

    /// `len` empty slots, or `None` when the system refuses the memory.
    fn zeroed(len: usize) -> Option<Slots> {
        let bytes = len.checked_mul(std::mem::size_of::<Slot>())?;
        if bytes == 0 {
            return Some(Slots::EMPTY);
        }
        if bytes >= HUGE_PAGE {
            if let Some(ptr) = os::map_zeroed(bytes) {
                return Some(Slots {
                    ptr: ptr.cast(),
                    len,
                    mapped: true,
                });
            }
        }
        let layout = slots_layout(len)?;
        // SAFETY: the layout has a non-zero size.
        let ptr = std::ptr::NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })?;
        Some(Slots {
            ptr: ptr.cast(),
            len,
            mapped: false,
        })
    }
}

/// Slots aligned so that a bucket is one cache line.
fn slots_layout(len: usize) -> Option<std::alloc::Layout> {
    let bytes = len.checked_mul(std::mem::size_of::<Slot>())?;
    std::alloc::Layout::from_size_align(bytes, BUCKET_BYTES).ok()
}

impl std::ops::Deref for Slots {
    type Target = [Slot];

    fn deref(&self) -> &[Slot] {
        // SAFETY: `ptr` holds `len` slots, all initialised: all-zero bytes
        // are a valid (empty) value for a `Slot`, which is two atomics.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl std::ops::DerefMut for Slots {
    fn deref_mut(&mut self) -> &mut [Slot] {
        // SAFETY: as in `deref`, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        let bytes = std::mem::size_of_val(&self[..]);
        if self.mapped {
            os::unmap(self.ptr.cast(), bytes);
        } else if self.len > 0 {
            let layout = slots_layout(self.len).expect("allocated before");
            // SAFETY: `ptr` was allocated with exactly this layout.
            unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), layout) };
        }
    }
}

/// Gives a large block of slots back to the system on a thread of its own:
/// unmapping gigabytes of touched pages takes a good part of a second, which
/// the protocol loop must not spend (it owes `stop` an answer at once).
fn free_in_background(slots: Slots) {
    if !cfg!(feature = "threads") || std::mem::size_of_val(&slots[..]) < BACKGROUND_FREE_BYTES {
        return;
    }
    // If no thread can be had, the closure and the slots are dropped here.
    let _ = std::thread::Builder::new()
        .name("tt-free".into())
        .spawn(move || {
            release_pages(&slots);
            drop(slots);
        });
}

/// Bytes of table handed back to the system at a time.
const RELEASE_CHUNK: usize = 32 << 20;

/// Hands the pages of `slots` back to the system a chunk at a time. Freeing
/// the whole block at once would hold the process's memory-map lock for as
/// long as it takes, and the protocol loop could not map a new table
/// meanwhile; between chunks it can.
fn release_pages(slots: &[Slot]) {
    const PAGE: usize = 4096;
    let start = slots.as_ptr() as usize;
    let end = start + std::mem::size_of_val(slots);
    let mut at = start.next_multiple_of(PAGE);
    while at + PAGE <= end {
        let len = RELEASE_CHUNK.min((end - at) / PAGE * PAGE);
        os::discard(at as *mut u8, len);
        at += len;
    }
}

/// How often [`TranspositionTable::wait_prefaulted`] looks.
const PREFAULT_POLL: Duration = Duration::from_millis(1);

/// Bytes of a fresh table faulted in at a time: a few milliseconds of
/// page zeroing, the longest that dropping the table waits for the thread.
const PREFAULT_CHUNK: usize = 32 << 20;

/// The thread that faults a fresh mapping's pages in. A table's pages are
/// otherwise faulted in by the search's first touches, each a few
/// microseconds (a huge page's, on a virtual machine, milliseconds): the
/// first timed moves after `setoption name Hash` then reached a fraction
/// of their depth, and lost on time at fast controls on a busy machine.
/// Populating changes no byte, so it runs beside a search or a `clear`.
struct Prefault {
    stop: Arc<AtomicBool>,
    done: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Prefault {
    fn start(slots: &Slots) -> Option<Prefault> {
        // Only mappings are faulted in ahead (the allocator's memory is
        // the allocator's), and only beside the search, on a thread.
        if !slots.mapped || !cfg!(feature = "threads") {
            return None;
        }
        let start = slots.ptr.as_ptr() as usize;
        let bytes = std::mem::size_of_val(&slots[..]);
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let (flag, finished) = (stop.clone(), done.clone());
        let thread = std::thread::Builder::new()
            .name("tt-prefault".into())
            .spawn(move || {
                let mut at = 0;
                while at < bytes && !flag.load(Ordering::Relaxed) {
                    let len = PREFAULT_CHUNK.min(bytes - at);
                    if !os::populate((start + at) as *mut u8, len) {
                        break;
                    }
                    at += len;
                }
                finished.store(true, Ordering::Release);
            })
            .ok()?;
        Some(Prefault {
            stop,
            done,
            thread: Some(thread),
        })
    }
}

impl Drop for Prefault {
    /// The thread must be done before the mapping goes: it holds its address.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for TranspositionTable {
    fn drop(&mut self) {
        drop(self.prefault.take());
        free_in_background(std::mem::replace(&mut self.slots, Slots::EMPTY));
    }
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one slot). Fails, quickly
    /// and without touching memory, when the system cannot provide it.
    pub fn new(megabytes: usize) -> Result<TranspositionTable, AllocError> {
        let bytes = megabytes.saturating_mul(1 << 20);
        let count = (bytes / BUCKET_BYTES).max(1) * BUCKET;
        let fail = AllocError { megabytes };
        if available_bytes().is_some_and(|avail| bytes as u64 > avail) {
            return Err(fail);
        }
        let slots = Slots::zeroed(count).ok_or(fail)?;
        let prefault = Prefault::start(&slots);
        Ok(TranspositionTable {
            slots,
            generation: AtomicU64::new(0),
            prefault,
        })
    }

    /// Waits, `limit` at most, until the table's pages are all faulted in
    /// (at once for a small or an old table); whether they are. What
    /// `isready` waits for, so that the first timed search runs at speed.
    pub fn wait_prefaulted(&self, limit: Duration) -> bool {
        let Some(p) = &self.prefault else {
            return true;
        };
        let until = Instant::now() + limit;
        while !p.done.load(Ordering::Acquire) {
            if Instant::now() >= until {
                return false;
            }
            std::thread::sleep(PREFAULT_POLL);
        }
        true
    }

    /// Size in MB, as asked for.
    pub fn megabytes(&self) -> usize {
        (self.slots.len() * std::mem::size_of::<Slot>()) >> 20
    }

    /// Forgets everything, keeping the memory.
    ///
    /// A mapped table is zeroed where the system holds its pages and the
    /// rest is left untouched, as it reads as zeros already: writing a page
    /// the system has never handed out would cost a fault (on a virtual
    /// machine, milliseconds a huge page, when the host backs it for the
    /// first time). Zeroing resident pages is the cheapest clear there is,
    /// far cheaper than the faults of a fresh mapping (measurements in
    /// `docs/tuning-history.md`).
    pub fn clear(&mut self) {
        if self.slots.mapped {
            let bytes = std::mem::size_of_val(&self.slots[..]);
            os::zero_resident(self.slots.ptr.as_ptr().cast(), bytes);
        } else {
            for s in self.slots.iter_mut() {
                *s = Slot::default();
            }
        }
        *self.generation.get_mut() = 0;
    }

    /// Marks the start of a new search: older entries become preferred victims.
    pub(crate) fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn generation(&self) -> u8 {
        (self.generation.load(Ordering::Relaxed) % GENERATIONS as u64) as u8
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Slot] {
        // Multiply-shift maps the key onto the table without a division.
        let buckets = self.slots.len() / BUCKET;
        let i = ((key as u128 * buckets as u128) >> 64) as usize * BUCKET;
        &self.slots[i..i + BUCKET]
    }

    /// Starts loading the bucket of `key` into the cache: the search calls
    /// it for every child as soon as it is made, so that the probe the
    /// child's search makes a little later does not wait for memory.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket = self.bucket(key).as_ptr();
            // SAFETY: a prefetch is only a hint; the address is in the table.
            unsafe { _mm_prefetch(bucket.cast::<i8>(), _MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if present.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<TtEntry> {
        self.bucket(key)
            .iter()
            .find_map(|s| {
                let data = s.data.load(Ordering::Relaxed);
                let check = s.check.load(Ordering::Relaxed);
                (check ^ data == key).then(|| unpack(data)).flatten()
            })
            .map(|(e, _)| e)
    }

    /// Stores an entry for `key`, following the replacement scheme.
    #[inline]
    pub(crate) fn store(&self, key: u64, entry: TtEntry) {
        let generation = self.generation();
        let bucket = self.bucket(key);
        let mut victim = &bucket[0];
        let mut least = i32::MAX;
        for s in bucket {
            let data = s.data.load(Ordering::Relaxed);
            let check = s.check.load(Ordering::Relaxed);
            let Some((old, old_gen)) = unpack(data) else {
                if least > i32::MIN {
                    (victim, least) = (s, i32::MIN);
                }
                continue;
            };
            if check ^ data == key {
                return self.update(s, key, entry, old, old_gen, generation);
            }
            let worth = worth(&old, old_gen, generation);
            if worth < least {
                (victim, least) = (s, worth);
            }
        }
        self.write(victim, key, &entry, generation);
    }

    /// Stores over the entry `old` of the same position.
    fn update(
        &self,
        s: &Slot,
        key: u64,
        entry: TtEntry,
        old: TtEntry,
        old_gen: u8,
        generation: u8,
    ) {
        let keep = old_gen == generation
            && entry.bound != Bound::Exact
            && entry.depth + REPLACE_DEPTH_MARGIN < old.depth;
        if keep {
            return;
        }
        // Keep the best move we knew.
        let mv = entry.mv.or(old.mv);
        self.write(s, key, &TtEntry { mv, ..entry }, generation);
    }

    fn write(&self, s: &Slot, key: u64, entry: &TtEntry, generation: u8) {
        let data = pack(entry, generation);
        s.data.store(data, Ordering::Relaxed);
        s.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of the first thousand slots used in the current search.
    pub(crate) fn hashfull(&self) -> u32 {
        let generation = self.generation();
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                unpack(s.data.load(Ordering::Relaxed)).is_some_and(|(_, g)| g == generation)
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_table_is_faulted_in_and_keeps_its_entries() {
        // Mapped (at least a huge page), so a thread faults it in.
        let tt = TranspositionTable::new(64).unwrap();
        let e = TtEntry {
            mv: Some(Move::from_pit(2)),
            score: 77,
            depth: 9,
            bound: Bound::Exact,
        };
        // Stored while the pages may still be faulting in: populating
        // writes nothing, so the entry stays.
        tt.store(0xdead_beef, e);
        assert!(tt.wait_prefaulted(Duration::from_secs(60)));
        assert_eq!(tt.probe(0xdead_beef), Some(e));
        assert!(TranspositionTable::new(1)
            .unwrap()
            .wait_prefaulted(Duration::ZERO));
    }

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1).unwrap();
        let e = TtEntry {
            mv: Some(Move::from_pit(9)),
            score: -1234,
            depth: 12,
            bound: Bound::Lower,
        };
        tt.store(0xDEAD_BEEF, e);
        assert_eq!(tt.probe(0xDEAD_BEEF), Some(e));
        assert_eq!(tt.probe(0xDEAD_BEEE), None);
        let none = TtEntry { mv: None, ..e };
        tt.store(1, none);
        assert_eq!(tt.probe(1), Some(none));
    }

    #[test]
    fn deeper_entries_survive_shallow_ones() {
        let tt = TranspositionTable::new(1).unwrap();
        let deep = TtEntry {
            mv: Some(Move::from_pit(2)),
            score: 5,
            depth: 20,
            bound: Bound::Lower,
        };
        tt.store(42, deep);
        tt.store(42, TtEntry { depth: 2, ..deep });
        assert_eq!(tt.probe(42).unwrap().depth, 20);
        tt.new_search();
        tt.store(42, TtEntry { depth: 2, ..deep });
        assert_eq!(tt.probe(42).unwrap().depth, 2);
    }

    #[test]
    fn clearing_forgets_small_and_large_tables() {
        let e = TtEntry {
            mv: Some(Move::from_pit(3)),
            score: 7,
            depth: 9,
            bound: Bound::Exact,
        };
        for mb in [1, BACKGROUND_FREE_BYTES >> 20] {
            let mut tt = TranspositionTable::new(mb).unwrap();
            assert_eq!(tt.megabytes(), mb);
            for key in [0, 1, u64::MAX, 0x1234_5678_9ABC_DEF0] {
                assert_eq!(tt.probe(key), None, "a new table is empty");
                tt.store(key, e);
                assert_eq!(tt.probe(key), Some(e));
            }
            tt.clear();
            for key in [0, 1, u64::MAX, 0x1234_5678_9ABC_DEF0] {
                assert_eq!(tt.probe(key), None, "{mb} MB");
            }
        }
    }

    #[test]
    fn clearing_keeps_the_memory_and_forgets_every_entry() {
        let e = TtEntry {
            mv: None,
            score: -3,
            depth: 4,
            bound: Bound::Lower,
        };
        let mut tt = TranspositionTable::new(8).unwrap();
        let keys: Vec<u64> = (1..=20_000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &k in &keys {
            tt.store(k, e);
        }
        let block = tt.slots.ptr;
        tt.clear();
        assert_eq!(tt.slots.ptr, block, "cleared in place");
        assert!(keys.iter().all(|&k| tt.probe(k).is_none()));
        assert!(tt
            .slots
            .iter()
            .all(|s| s.check.load(Ordering::Relaxed) == 0 && s.data.load(Ordering::Relaxed) == 0));
    }

    #[test]
    fn more_than_the_machine_has_is_refused_at_once() {
        let err = TranspositionTable::new(1 << 20).err().unwrap();
        assert_eq!(err.megabytes, 1 << 20);
        assert!(err
            .to_string()
            .starts_with("cannot allocate a 1048576 MB hash table"));
        if let Some(avail) = available_bytes() {
            let too_much = (avail >> 20) as usize + 1;
            assert!(TranspositionTable::new(too_much).is_err());
        }
    }
}

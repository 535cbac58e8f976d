//! The working state of one seed count, or of one part of it when the
//! count is split between processes (see [`super::exchange`]), and the
//! steps of the retrograde analysis on it.
//!
//! # The representation
//!
//! Per board of the count being solved (the "working set"):
//!
//! - the values, interleaved board after board: one byte in `songo40`
//!   (`lo`, which serves both families there, see [`Work::hi`]), two in
//!   `songo36-*` (`lo`, `hi`). Seven bits hold the value biased by
//!   [`BIAS`] (values lie in -60..=60), the eighth says it is final. While
//!   pending, the byte holds the best exit's bound, which the `W` and `L`
//!   conditions compare against.
//! - a counter of the moves that stay in the count and do not lead into
//!   `W` yet: at most 7 moves, so four bits, two boards per byte.
//! - two bits, "joined `W`" and "joined `L`" since the last sweep, and a
//!   dirty flag per chunk of [`CHUNK`] boards.
//!
//! That is 1.75 bytes a board in `songo40` and 2.75 in `songo36-*`. The
//! values are stored in place when the count is solved (the stored table
//! is the working values with the flag and the bias taken off), so no
//! second copy is ever made. The smaller counts are not part of the
//! working set: they are mapped from their files.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use super::exchange::Parts;
use crate::index::{lane, rank, successor, swap_rows, tb_position, unrank, BOARD_MASK};
use crate::Table;
use songo_core::movegen::{legal_mask, make, SouthMoves, MIN_BOARD_SEEDS};
use songo_core::position::{Side, LANE_BITS, PITS, PITS_PER_ROW, TOTAL_SEEDS};
use songo_core::variant::{Rules, Variant};

/// Set in a working byte once its value is final.
const DETERMINED: u8 = 0x80;
/// Values are stored biased by this, in 7 bits (they lie in -60..=60).
const BIAS: i32 = 64;
/// "No exit": below every real value.
const NO_EXIT: u8 = 0;
/// Boards per chunk of parallel work (a multiple of 64).
pub(super) const CHUNK: u64 = 1 << 15;
/// Chunks a split sweep handles before it looks at its outbox.
const ROUND_CHUNKS: u64 = 64;
/// Updates for other parts a split sweep gathers before it exchanges them
/// (64 MB): the fewer exchanges the better, as each waits for every part.
const OUTBOX_UPDATES: usize = 8 << 20;
/// Marks an update "join `W`" (else "one more move leads into `W`") in a
/// message to another part; board ranks stay far below it.
const JOIN_TAG: u64 = 1 << 63;

#[inline(always)]
fn enc(v: i32) -> u8 {
    (v + BIAS) as u8
}

#[inline(always)]
fn dec(b: u8) -> i32 {
    (b & !DETERMINED) as i32 - BIAS
}

/// Seeds sown into each lane by `n` seeds from the mover's pit `o` (plain
/// sowing, no direct gain: a direct gain captures, so it is never undone).
static SOWN: [[u128; TOTAL_SEEDS as usize + 1]; PITS_PER_ROW] = {
    let mut t = [[0u128; TOTAL_SEEDS as usize + 1]; PITS_PER_ROW];
    let mut o = 0;
    while o < PITS_PER_ROW {
        let mut n = 1;
        while n <= TOTAL_SEEDS as usize {
            let mut add = 0u128;
            let mut left = n;
            let mut p = o;
            let mut k = 0;
            while k < PITS - 1 && left > 0 {
                p = (p + 1) % PITS;
                add += 1 << (p as u32 * LANE_BITS);
                left -= 1;
                k += 1;
            }
            let mut j = 0;
            while left > 0 {
                add += 1 << ((PITS_PER_ROW + j % PITS_PER_ROW) as u32 * LANE_BITS);
                left -= 1;
                j += 1;
            }
            t[o][n] = add;
            n += 1;
        }
        o += 1;
    }
    t
};

/// Bit 7 of each pit lane.
const LANE_HIGH: u128 = {
    let mut m = 0u128;
    let mut i = 0;
    while i < PITS {
        m |= 0x80 << (i as u32 * LANE_BITS);
        i += 1;
    }
    m
};

/// The value of a board where the game is over (the mover has no legal move).
pub(super) fn ending_value(v: Variant, board: u128) -> i32 {
    if v.is_songo36() {
        // Each player keeps the seeds of his row.
        (0..PITS_PER_ROW).map(|i| lane(board, i) as i32).sum()
    } else {
        0
    }
}

/// Calls `f` with every board (from its own mover's side) that reaches
/// `board` by one non-capturing move.
#[inline]
fn unmoves<R: Rules>(board: u128, seeds: u8, mut f: impl FnMut(u128)) {
    // In the parent's frame the parent's mover is South again.
    let after = swap_rows(board);
    for (o, sown) in SOWN.iter().enumerate() {
        if lane(after, o) != 0 {
            continue; // the origin is always empty after the move
        }
        for (n, &add) in sown.iter().enumerate().take(seeds as usize + 1).skip(1) {
            // Lane-wise `after >= add`, without borrows between lanes.
            if ((after | LANE_HIGH) - add) & LANE_HIGH != LANE_HIGH {
                break; // more seeds only sow more
            }
            let parent = after - add + ((n as u128) << (o as u32 * LANE_BITS));
            let p = tb_position(parent, seeds);
            if legal_mask::<R, SouthMoves>(&p) & (1 << o) == 0 {
                continue;
            }
            let child = make::<R, SouthMoves>(&p, o);
            if child.bits() & BOARD_MASK == after
                && child.captured(Side::South) == p.captured(Side::South)
            {
                f(parent);
            }
        }
    }
}

/// Predecessor updates gathered before they are applied (see `Work::apply`).
const BATCH: usize = 256;

/// Asks for the cache line of `x` ahead of its use.
#[inline(always)]
fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch never faults and reads nothing visible; the
        // pointer comes from a reference, and SSE is part of x86_64.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// The updates a sweep queues: predecessors whose counter drops (of
/// boards new in `W`) and that join `W` (of boards new in `L`), applied
/// in batches (see `Work::apply`), and those of other parts' boards.
struct Queues {
    drops: Vec<u64>,
    joins: Vec<u64>,
    away: Vec<Vec<u64>>,
}

/// Boards by rank, for ranks visited in increasing order: a near rank is
/// reached by stepping to successors, a far one by unranking.
struct Cursor {
    seeds: u8,
    at: Option<(u64, u128)>,
}

/// Farther than this, unranking is cheaper than stepping.
const STEP_LIMIT: u64 = 12;

impl Cursor {
    fn new(seeds: u8) -> Cursor {
        Cursor { seeds, at: None }
    }

    fn board(&mut self, j: u64) -> u128 {
        let board = match self.at {
            Some((i, mut b)) if i <= j && j - i <= STEP_LIMIT => {
                for _ in i..j {
                    b = successor(b).expect("a rank below the count");
                }
                b
            }
            _ => unrank(j, self.seeds),
        };
        self.at = Some((j, board));
        board
    }
}

fn atomic_bytes(n: u64) -> Vec<AtomicU8> {
    std::iter::repeat_with(|| AtomicU8::new(0))
        .take(n as usize)
        .collect()
}

fn atomic_words(n: u64) -> Vec<AtomicU64> {
    std::iter::repeat_with(|| AtomicU64::new(0))
        .take(n as usize)
        .collect()
}

/// Working state of one seed count, or of the part of its boards
/// `base..base + len` that this process owns.
pub(super) struct Work<'a> {
    variant: Variant,
    seeds: u8,
    /// The part of the count's boards this process owns, and who owns the rest.
    parts: Parts,
    base: u64,
    len: u64,
    lower: &'a [Option<Table>],
    /// Bytes per board of `values`: 1 in `songo40`, 2 in `songo36-*`.
    width: usize,
    /// `lo` (and `hi`) of each board, interleaved (see the module documentation).
    values: Vec<AtomicU8>,
    /// Moves that stay in the count and do not lead into `W` yet, four bits
    /// per board (at most 7), two boards per byte.
    count: Vec<AtomicU8>,
    /// Boards that joined `W` (or `L`) and whose predecessors wait for it.
    w_new: Vec<AtomicU64>,
    l_new: Vec<AtomicU64>,
    dirty: Vec<AtomicBool>,
    /// Updates for boards other parts own, by part, until the next exchange.
    outbox: Vec<Mutex<Vec<u64>>>,
    /// How many updates the outbox holds.
    outbox_len: AtomicUsize,
    /// Updates sent to other parts so far.
    sent: AtomicU64,
}

impl<'a> Work<'a> {
    pub(super) fn new(
        variant: Variant,
        seeds: u8,
        parts: Parts,
        lower: &'a [Option<Table>],
    ) -> Work<'a> {
        let (base, len) = parts.own();
        let chunks = len.div_ceil(CHUNK);
        let width = crate::file::width(variant);
        Work {
            variant,
            seeds,
            base,
            len,
            lower,
            width,
            values: atomic_bytes(len * width as u64),
            count: atomic_bytes(len.div_ceil(2)),
            w_new: atomic_words(chunks * CHUNK / 64),
            l_new: atomic_words(chunks * CHUNK / 64),
            dirty: std::iter::repeat_with(|| AtomicBool::new(false))
                .take(chunks as usize)
                .collect(),
            outbox: (0..parts.count()).map(|_| Mutex::new(Vec::new())).collect(),
            outbox_len: AtomicUsize::new(0),
            sent: AtomicU64::new(0),
            parts,
        }
    }

    pub(super) fn variant(&self) -> Variant {
        self.variant
    }

    pub(super) fn seeds(&self) -> u8 {
        self.seeds
    }

    /// The boards this process owns: the first one's rank, and how many.
    pub(super) fn range(&self) -> (u64, u64) {
        (self.base, self.len)
    }

    /// Updates sent to other parts so far (8 bytes each).
    pub(super) fn sent(&self) -> u64 {
        self.sent.load(Ordering::Relaxed)
    }

    pub(super) fn parts(&self) -> &Parts {
        &self.parts
    }

    fn chunks(&self) -> u64 {
        self.dirty.len() as u64
    }

    /// The local boards of chunk `c`.
    fn chunk_range(&self, c: u64) -> std::ops::Range<u64> {
        c * CHUNK..((c + 1) * CHUNK).min(self.len)
    }

    /// The `W`-side byte of local board `i`.
    #[inline(always)]
    fn lo(&self, i: usize) -> &AtomicU8 {
        &self.values[i * self.width]
    }

    /// The `L`-side byte of local board `i`. The same as `lo` in `songo40`,
    /// whose exits are exact (so both sides wait for the same value) and
    /// where a board joins at most one of `W_t`, `L_{-t}` for `t >= 1`
    /// (`lo <= hi`): there one byte serves both sides, the sign of the
    /// final value telling which.
    #[inline(always)]
    fn hi(&self, i: usize) -> &AtomicU8 {
        &self.values[i * self.width + self.width - 1]
    }

    /// The byte holding local board `i`'s counter, and the counter's shift in it.
    #[inline(always)]
    fn count_cell(&self, i: usize) -> (&AtomicU8, u32) {
        (&self.count[i / 2], 4 * (i % 2) as u32)
    }

    fn count(&self, i: usize) -> u8 {
        let (cell, shift) = self.count_cell(i);
        (cell.load(Ordering::Relaxed) >> shift) & 0xF
    }

    /// Takes one off local board `i`'s counter; true when that made it zero.
    fn count_down(&self, i: usize) -> bool {
        let (cell, shift) = self.count_cell(i);
        (cell.fetch_sub(1 << shift, Ordering::AcqRel) >> shift) & 0xF == 1
    }

    /// The threshold of the opponent's family paired with `t`.
    pub(super) fn neg(&self, t: i32) -> i32 {
        if self.variant.is_songo36() {
            self.seeds as i32 - t
        } else {
            -t
        }
    }

    /// Bounds of the value of the mover after a capture of `gained` seeds
    /// that left `child` (from the mover's side, the opponent to move).
    fn exit_value(&self, gained: u8, child: u128) -> (i32, i32) {
        let v = self.variant;
        let left = self.seeds - gained;
        let g = gained as i32;
        if left < MIN_BOARD_SEEDS {
            let kept = ending_value(v, child);
            return (g + kept, g + kept);
        }
        let table = self.lower[left as usize]
            .as_ref()
            .expect("the smaller counts are solved first");
        let (clo, chi) = table.bounds(rank(swap_rows(child), left));
        if v.is_songo36() {
            let s = left as i32;
            (g + s - chi, g + s - clo)
        } else {
            (g - chi, g - clo)
        }
    }

    /// The forward pass over one board: exits, and moves that stay.
    fn init_board<R: Rules>(&self, i: usize, board: u128) {
        let p = tb_position(board, self.seeds);
        let mut mask = legal_mask::<R, SouthMoves>(&p);
        if mask == 0 {
            let e = enc(ending_value(self.variant, board));
            self.lo(i).store(e, Ordering::Relaxed);
            self.hi(i).store(e, Ordering::Relaxed);
            return;
        }
        let (mut best_lo, mut best_hi, mut stay) = (NO_EXIT, NO_EXIT, 0u8);
        while mask != 0 {
            let o = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let child = make::<R, SouthMoves>(&p, o);
            let gained = child.captured(Side::South) - p.captured(Side::South);
            if gained == 0 {
                stay += 1;
            } else {
                let (a, b) = self.exit_value(gained, child.bits() & BOARD_MASK);
                best_lo = best_lo.max(enc(a));
                best_hi = best_hi.max(enc(b));
            }
        }
        debug_assert!(self.variant.is_songo36() || best_lo == best_hi);
        self.lo(i).store(best_lo, Ordering::Relaxed);
        self.hi(i).store(best_hi, Ordering::Relaxed);
        let (cell, shift) = self.count_cell(i);
        cell.fetch_or(stay << shift, Ordering::Relaxed);
    }

    /// Zeroes the counters (before a forward pass over a state loaded from
    /// a checkpoint that is not used after all).
    pub(super) fn clear_counts(&self) {
        self.count
            .par_iter()
            .for_each(|c| c.store(0, Ordering::Relaxed));
    }

    /// The forward pass over the boards this process owns.
    pub(super) fn init<R: Rules>(&self, bar: &dyn super::Progress) {
        (0..self.chunks()).into_par_iter().for_each(|c| {
            let range = self.chunk_range(c);
            let mut board = unrank(self.base + range.start, self.seeds);
            for i in range.clone() {
                self.init_board::<R>(i as usize, board);
                if i + 1 < range.end {
                    board = successor(board).expect("not the last board");
                }
            }
            bar.advance(range.end - range.start);
        });
    }

    fn mark(&self, bits: &[AtomicU64], i: u64) {
        bits[(i / 64) as usize].fetch_or(1 << (i % 64), Ordering::Relaxed);
        // Release: whoever sees the chunk dirty sees the bit.
        self.dirty[(i / CHUNK) as usize].store(true, Ordering::Release);
    }

    /// Puts local board `i` into `W_t` unless it is in `W` already.
    fn join_w(&self, i: u64, t: i32) {
        let cell = self.lo(i as usize);
        let old = cell.load(Ordering::Relaxed);
        if old & DETERMINED == 0
            && cell
                .compare_exchange(
                    old,
                    DETERMINED | enc(t),
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                )
                .is_ok()
        {
            self.mark(&self.w_new, i);
        }
    }

    /// Puts local board `i` into `L_u` if its exits allow (its counter is zero).
    fn join_l(&self, i: u64, u: i32) {
        let cell = self.hi(i as usize);
        let old = cell.load(Ordering::Relaxed);
        if old & DETERMINED == 0
            && dec(old) <= u
            && cell
                .compare_exchange(
                    old,
                    DETERMINED | enc(u),
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                )
                .is_ok()
        {
            self.mark(&self.l_new, i);
        }
    }

    /// The boards whose own exits put them into `W_t` or `L_u`.
    pub(super) fn seed_stage(&self, t: i32, u: i32) {
        (0..self.chunks()).into_par_iter().for_each(|c| {
            for i in self.chunk_range(c) {
                let lo = self.lo(i as usize).load(Ordering::Relaxed);
                if lo & DETERMINED == 0 && dec(lo) >= t {
                    self.join_w(i, t);
                }
                if self.count(i as usize) == 0 {
                    self.join_l(i, u);
                }
            }
        });
    }

    /// One sweep over the new members; returns how many it propagated.
    /// When the count is split, the sweep goes in rounds, each ended by an
    /// exchange of the updates for the other parts: a round sweeps the
    /// part's chunks again and again until nothing is left to propagate
    /// within the part or the outbox is full, and the sweep ends when every
    /// part's round ended with nothing left.
    pub(super) fn sweep<R: Rules>(&self, ex: &mut dyn super::Exchange, t: i32, u: i32) -> u64 {
        let chunks = self.chunks();
        if self.parts.count() == 1 {
            return self.sweep_chunks::<R>(0..chunks, t, u);
        }
        let (mut done, mut next) = (0, 0);
        loop {
            while next < chunks && self.outbox_len.load(Ordering::Relaxed) < OUTBOX_UPDATES {
                let last = (next + ROUND_CHUNKS).min(chunks);
                done += self.sweep_chunks::<R>(next..last, t, u);
                next = last;
                // What propagates within the part goes on before the
                // exchange: far fewer exchanges, each of which waits for
                // every part.
                if next == chunks && self.dirty.iter().any(|d| d.load(Ordering::Relaxed)) {
                    next = 0;
                }
            }
            let outgoing = self
                .outbox
                .iter()
                .map(|b| std::mem::take(&mut *b.lock().expect("no panic holds the outbox")))
                .collect();
            let sent = self.outbox_len.swap(0, Ordering::Relaxed);
            self.sent.fetch_add(sent as u64, Ordering::Relaxed);
            let incoming = ex.all_to_all(outgoing);
            self.receive(&incoming, t, u);
            if ex.max((next < chunks) as u64) == 0 {
                return done;
            }
        }
    }

    fn sweep_chunks<R: Rules>(&self, chunks: std::ops::Range<u64>, t: i32, u: i32) -> u64 {
        let words_per_chunk = (CHUNK / 64) as usize;
        chunks
            .into_par_iter()
            .map(|c| {
                if !self.dirty[c as usize].swap(false, Ordering::AcqRel) {
                    return 0;
                }
                let mut done = 0;
                let mut cursor = Cursor::new(self.seeds);
                let mut q = Queues {
                    drops: Vec::with_capacity(BATCH),
                    joins: Vec::with_capacity(BATCH),
                    away: vec![Vec::new(); self.parts.count()],
                };
                let first = c as usize * words_per_chunk;
                for w in first..first + words_per_chunk {
                    // Most words are empty: look before paying for a swap.
                    if self.w_new[w].load(Ordering::Relaxed) == 0
                        && self.l_new[w].load(Ordering::Relaxed) == 0
                    {
                        continue;
                    }
                    let (won, lost) = (&self.w_new[w], &self.l_new[w]);
                    let won = won.swap(0, Ordering::Relaxed);
                    done += self.expand::<R, false>(won, w, &mut cursor, &mut q, t, u);
                    let lost = lost.swap(0, Ordering::Relaxed);
                    done += self.expand::<R, true>(lost, w, &mut cursor, &mut q, t, u);
                }
                self.apply(&mut q.drops, &mut q.joins, t, u);
                for (part, updates) in q.away.into_iter().enumerate() {
                    if !updates.is_empty() {
                        self.outbox_len.fetch_add(updates.len(), Ordering::Relaxed);
                        self.outbox[part]
                            .lock()
                            .expect("no panic holds the outbox")
                            .extend(updates);
                    }
                }
                done
            })
            .sum()
    }

    /// Queues the updates of the predecessors of the boards whose bits are
    /// set in `bits` (word `w`): counter drops for boards new in `W`, or,
    /// with `JOIN`, joins into `W` for boards new in `L`. This part's own
    /// boards go to the batch of their kind by local index (both batches
    /// are applied when one is full); another part's to its outgoing list,
    /// by rank and tagged. Returns the boards expanded. One body for both
    /// kinds, compiled for each (the kind is a constant in the hot loop).
    #[inline(always)]
    fn expand<R: Rules, const JOIN: bool>(
        &self,
        mut bits: u64,
        w: usize,
        cursor: &mut Cursor,
        q: &mut Queues,
        t: i32,
        u: i32,
    ) -> u64 {
        let mut done = 0;
        while bits != 0 {
            let i = w as u64 * 64 + bits.trailing_zeros() as u64;
            bits &= bits - 1;
            done += 1;
            unmoves::<R>(cursor.board(self.base + i), self.seeds, |parent| {
                let k = rank(parent, self.seeds);
                match k.checked_sub(self.base).filter(|&i| i < self.len) {
                    Some(i) if JOIN => q.joins.push(i),
                    Some(i) => q.drops.push(i),
                    None => q.away[self.parts.owner(k)].push(k | if JOIN { JOIN_TAG } else { 0 }),
                }
            });
            if (if JOIN { &q.joins } else { &q.drops }).len() >= BATCH {
                self.apply(&mut q.drops, &mut q.joins, t, u);
            }
        }
        done
    }

    /// Applies batches of updates to local boards: `drops` (one move fewer
    /// stays out of `W`) and `joins` (into `W`). Their boards are scattered
    /// over gigabytes, so each update is a cache miss: asking for all the
    /// lines of both batches first lets the misses overlap instead of
    /// queueing.
    fn apply(&self, drops: &mut Vec<u64>, joins: &mut Vec<u64>, t: i32, u: i32) {
        for &i in drops.iter() {
            prefetch(self.count_cell(i as usize).0);
        }
        for &i in joins.iter() {
            prefetch(self.lo(i as usize));
        }
        for &i in drops.iter() {
            if self.count_down(i as usize) {
                self.join_l(i, u);
            }
        }
        for &i in joins.iter() {
            self.join_w(i, t);
        }
        drops.clear();
        joins.clear();
    }

    /// Applies the updates other parts sent for boards of this one.
    fn receive(&self, incoming: &[u64], t: i32, u: i32) {
        incoming.par_chunks(BATCH).for_each(|msgs| {
            let mut drops = Vec::with_capacity(BATCH);
            let mut joins = Vec::with_capacity(BATCH);
            for &m in msgs {
                let i = (m & !JOIN_TAG) - self.base;
                debug_assert!(i < self.len, "an update for a board another part owns");
                if m & JOIN_TAG != 0 {
                    joins.push(i);
                } else {
                    drops.push(i);
                }
            }
            self.apply(&mut drops, &mut joins, t, u);
        });
    }

    /// The stored bytes of the boards this process owns: `songo36-*` two
    /// per board (`lo`, `hi`), `songo40` one (the exact margin gain, two's
    /// complement). Made in place from the working values.
    pub(super) fn finish(self) -> Vec<u8> {
        let s = self.seeds as i32;
        let songo36 = self.variant.is_songo36();
        let Work { values, .. } = self;
        let width = if songo36 { 2 } else { 1 };
        values.par_chunks(CHUNK as usize * width).for_each(|cells| {
            for cell in cells.chunks(width) {
                let final_value = |b: &AtomicU8| {
                    let x = b.load(Ordering::Relaxed);
                    (x & DETERMINED != 0).then(|| dec(x))
                };
                if songo36 {
                    let lo = final_value(&cell[0]).unwrap_or(0);
                    let hi = final_value(&cell[1]).unwrap_or(s);
                    cell[0].store(lo as u8, Ordering::Relaxed);
                    cell[1].store(hi as u8, Ordering::Relaxed);
                } else {
                    // The positive part of W or the negative part of L,
                    // and 0 between (see the module documentation).
                    let v = final_value(&cell[0]).unwrap_or(0);
                    cell[0].store(v as i8 as u8, Ordering::Relaxed);
                }
            }
        });
        bytes_of(values)
    }

    /// The state a checkpoint keeps between two passes: the values and the
    /// counters (the new-member bits are empty then).
    pub(super) fn state(&self) -> [&[AtomicU8]; 2] {
        [&self.values, &self.count]
    }
}

/// The bytes of a vector of atomic bytes, without copying them.
fn bytes_of(values: Vec<AtomicU8>) -> Vec<u8> {
    let mut values = std::mem::ManuallyDrop::new(values);
    let (ptr, len, cap) = (values.as_mut_ptr(), values.len(), values.capacity());
    // SAFETY: `AtomicU8` has the same size, alignment and bit validity as
    // `u8` (its documentation guarantees it), so the allocation is a valid
    // `Vec<u8>` of the same length and capacity; `values` is not used or
    // dropped again.
    unsafe { Vec::from_raw_parts(ptr.cast::<u8>(), len, cap) }
}

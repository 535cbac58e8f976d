//! Retrograde analysis of one seed count, given the tables of the smaller
//! counts.
//!
//! # The game the tables solve
//!
//! See the module documentation of [`crate::tb`] for the value stored and
//! why it is exact. Here: a *board* is the position from the mover's side
//! (see [`super::index`]); its value is a number of seeds (`songo36-*`: the
//! mover's share of the seeds on the board; `songo40`: the margin the mover
//! gains from here). Moves either *exit* (they capture, so they lead to a
//! smaller seed count, already solved, or end the game) or stay in the count.
//!
//! # The algorithm
//!
//! Two families of sets are grown, for thresholds `t` from the top down:
//!
//! - `W_t`: the mover can force a value of at least `t` (every cycle counted
//!   as the worst for him). A board joins when some exit is worth `t` or
//!   more, or when some move leads into `L_{neg t}`.
//! - `L_u`, `u = neg t` (the opponent's view of `t`: `S - t` in `songo36`,
//!   `-t` in `songo40`): the opponent can hold the mover to at most `u`
//!   (every cycle counted as the best for the mover). A board joins when all
//!   its exits are worth at most `u` and all its other moves lead into `W_t`.
//!
//! `lo` is the largest `t` with the board in `W_t`, `hi` the least `u` with
//! it in `L_u`. Each board joins each family once, so the work is one
//! forward pass (count the moves that stay, evaluate the exits) and, per
//! board, one backward generation ("unmoves") when it joins `W` and one when
//! it joins `L`: a board that joins `W` takes one off the counter of each of
//! its predecessors (their `L` condition); one that joins `L` puts its
//! predecessors into `W` at once. Only non-capturing moves are ever undone,
//! which keeps unmoves simple: the sowing is subtracted and the forward
//! rules core confirms the candidate.
//!
//! Within a threshold the new members are propagated by sweeps over bit
//! sets (a bit per board per family, a dirty flag per chunk of boards), in
//! parallel with rayon; the counters and values are atomic bytes, so
//! several threads may update the same predecessor. Memory per board of the
//! count being solved: a value byte per side (one for both in `songo40`),
//! half a byte of counter and two bits; plus the finished tables.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

use rayon::prelude::*;

use super::index::{boards, rank, successor, unrank};
use super::{board_of, swap_rows, tb_position, Table, BOARD_MASK};
use songo_core::movegen::{legal_mask, make, SouthMoves, MIN_BOARD_SEEDS};
use songo_core::position::{Side, LANE_BITS, PITS, PITS_PER_ROW, TOTAL_SEEDS};
use songo_core::variant::{Rules, Variant};
use songo_core::with_rules;

/// Set in a working byte once its value is final.
const DETERMINED: u8 = 0x80;
/// Values are stored biased by this, in 7 bits (they lie in -60..=60).
const BIAS: i32 = 64;
/// "No exit": below every real value.
const NO_EXIT: u8 = 0;
/// Boards per chunk of parallel work (a multiple of 64).
const CHUNK: u64 = 1 << 15;

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
        (0..PITS_PER_ROW)
            .map(|i| super::index::lane(board, i) as i32)
            .sum()
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
        if super::index::lane(after, o) != 0 {
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

/// Working state of one seed count.
struct Work<'a> {
    variant: Variant,
    seeds: u8,
    size: u64,
    lower: &'a [Option<Table>],
    /// `W` side: the final `lo`, or the best exit's worst case while pending.
    lo: Vec<AtomicU8>,
    /// `L` side: the final `hi`, or the best exit's best case while pending.
    /// Empty in `songo40`, whose exits are exact (so both sides wait for the
    /// same value) and where a board joins at most one of `W_t`, `L_{-t}`
    /// for `t >= 1` (`lo <= hi`): there `lo` serves both sides, the sign of
    /// the final value telling which.
    hi: Vec<AtomicU8>,
    /// Moves that stay in the count and do not lead into `W` yet, four bits
    /// per board (at most 7), two boards per byte.
    count: Vec<AtomicU8>,
    /// Boards that joined `W` (or `L`) and whose predecessors wait for it.
    w_new: Vec<AtomicU64>,
    l_new: Vec<AtomicU64>,
    dirty: Vec<AtomicBool>,
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

impl<'a> Work<'a> {
    fn new(variant: Variant, seeds: u8, lower: &'a [Option<Table>]) -> Work<'a> {
        let size = boards(seeds);
        let chunks = size.div_ceil(CHUNK);
        Work {
            variant,
            seeds,
            size,
            lower,
            lo: atomic_bytes(size),
            hi: atomic_bytes(if variant.is_songo36() { size } else { 0 }),
            count: atomic_bytes(size.div_ceil(2)),
            w_new: atomic_words(chunks * CHUNK / 64),
            l_new: atomic_words(chunks * CHUNK / 64),
            dirty: std::iter::repeat_with(|| AtomicBool::new(false))
                .take(chunks as usize)
                .collect(),
        }
    }

    fn chunks(&self) -> u64 {
        self.dirty.len() as u64
    }

    /// The `L`-side byte of board `j` (see `hi`).
    #[inline(always)]
    fn hi(&self, j: usize) -> &AtomicU8 {
        if self.hi.is_empty() {
            &self.lo[j]
        } else {
            &self.hi[j]
        }
    }

    /// The byte holding board `j`'s counter, and the counter's shift in it.
    #[inline(always)]
    fn count_cell(&self, j: usize) -> (&AtomicU8, u32) {
        (&self.count[j / 2], 4 * (j % 2) as u32)
    }

    fn count(&self, j: usize) -> u8 {
        let (cell, shift) = self.count_cell(j);
        (cell.load(Ordering::Relaxed) >> shift) & 0xF
    }

    /// Takes one off board `j`'s counter; true when that made it zero.
    fn count_down(&self, j: usize) -> bool {
        let (cell, shift) = self.count_cell(j);
        (cell.fetch_sub(1 << shift, Ordering::AcqRel) >> shift) & 0xF == 1
    }

    /// The threshold of the opponent's family paired with `t`.
    fn neg(&self, t: i32) -> i32 {
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
    fn init_board<R: Rules>(&self, i: u64, board: u128) {
        let p = tb_position(board, self.seeds);
        let mut mask = legal_mask::<R, SouthMoves>(&p);
        let i = i as usize;
        if mask == 0 {
            let e = enc(ending_value(self.variant, board));
            self.lo[i].store(e, Ordering::Relaxed);
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
        self.lo[i].store(best_lo, Ordering::Relaxed);
        self.hi(i).store(best_hi, Ordering::Relaxed);
        let (cell, shift) = self.count_cell(i);
        cell.fetch_or(stay << shift, Ordering::Relaxed);
    }

    fn init<R: Rules>(&self, bar: &dyn Progress) {
        (0..self.chunks()).into_par_iter().for_each(|c| {
            let start = c * CHUNK;
            let end = (start + CHUNK).min(self.size);
            let mut board = unrank(start, self.seeds);
            for i in start..end {
                self.init_board::<R>(i, board);
                if i + 1 < end {
                    board = successor(board).expect("not the last board");
                }
            }
            bar.advance(end - start);
        });
    }

    fn mark(&self, bits: &[AtomicU64], j: u64) {
        bits[(j / 64) as usize].fetch_or(1 << (j % 64), Ordering::Relaxed);
        // Release: whoever sees the chunk dirty sees the bit.
        self.dirty[(j / CHUNK) as usize].store(true, Ordering::Release);
    }

    /// Puts board `j` into `W_t` unless it is in `W` already.
    fn join_w(&self, j: u64, t: i32) {
        let cell = &self.lo[j as usize];
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
            self.mark(&self.w_new, j);
        }
    }

    /// Puts board `j` into `L_u` if its exits allow (its counter is zero).
    fn join_l(&self, j: u64, u: i32) {
        let cell = self.hi(j as usize);
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
            self.mark(&self.l_new, j);
        }
    }

    /// The boards whose own exits put them into `W_t` or `L_u`.
    fn seed_stage(&self, t: i32, u: i32) {
        (0..self.chunks()).into_par_iter().for_each(|c| {
            let start = c * CHUNK;
            let end = (start + CHUNK).min(self.size);
            for j in start..end {
                let i = j as usize;
                let lo = self.lo[i].load(Ordering::Relaxed);
                if lo & DETERMINED == 0 && dec(lo) >= t {
                    self.join_w(j, t);
                }
                if self.count(i) == 0 {
                    self.join_l(j, u);
                }
            }
        });
    }

    /// One sweep over the new members; returns how many it propagated.
    fn sweep<R: Rules>(&self, t: i32, u: i32) -> u64 {
        let words_per_chunk = (CHUNK / 64) as usize;
        (0..self.chunks())
            .into_par_iter()
            .map(|c| {
                if !self.dirty[c as usize].swap(false, Ordering::AcqRel) {
                    return 0;
                }
                let mut done = 0;
                let mut cursor = Cursor::new(self.seeds);
                // Predecessors whose counter drops (of W joins) and that
                // join W (of L joins), applied in batches, see `apply`.
                let mut drops = Vec::with_capacity(BATCH);
                let mut joins = Vec::with_capacity(BATCH);
                let first = c as usize * words_per_chunk;
                for w in first..first + words_per_chunk {
                    // Most words are empty: look before paying for a swap.
                    if self.w_new[w].load(Ordering::Relaxed) == 0
                        && self.l_new[w].load(Ordering::Relaxed) == 0
                    {
                        continue;
                    }
                    let mut bits = self.w_new[w].swap(0, Ordering::Relaxed);
                    while bits != 0 {
                        let j = w as u64 * 64 + bits.trailing_zeros() as u64;
                        bits &= bits - 1;
                        done += 1;
                        unmoves::<R>(cursor.board(j), self.seeds, |parent| {
                            drops.push(rank(parent, self.seeds));
                        });
                        if drops.len() >= BATCH {
                            self.apply(&mut drops, &mut joins, t, u);
                        }
                    }
                    let mut bits = self.l_new[w].swap(0, Ordering::Relaxed);
                    while bits != 0 {
                        let j = w as u64 * 64 + bits.trailing_zeros() as u64;
                        bits &= bits - 1;
                        done += 1;
                        unmoves::<R>(cursor.board(j), self.seeds, |parent| {
                            joins.push(rank(parent, self.seeds));
                        });
                        if joins.len() >= BATCH {
                            self.apply(&mut drops, &mut joins, t, u);
                        }
                    }
                }
                self.apply(&mut drops, &mut joins, t, u);
                done
            })
            .sum()
    }

    /// Applies a batch of predecessor updates. Their boards are scattered
    /// over gigabytes, so each update is a cache miss: asking for all the
    /// lines of a batch first lets the misses overlap instead of queueing.
    fn apply(&self, drops: &mut Vec<u64>, joins: &mut Vec<u64>, t: i32, u: i32) {
        for &k in drops.iter() {
            prefetch(self.count_cell(k as usize).0);
        }
        for &k in joins.iter() {
            prefetch(&self.lo[k as usize]);
        }
        for &k in drops.iter() {
            if self.count_down(k as usize) {
                self.join_l(k, u);
            }
        }
        for &k in joins.iter() {
            self.join_w(k, t);
        }
        drops.clear();
        joins.clear();
    }

    /// The stored bytes: `songo36-*` two per board (`lo`, `hi`), `songo40`
    /// one (the exact margin gain, two's complement).
    fn finish(&self) -> Vec<u8> {
        let s = self.seeds as i32;
        let songo36 = self.variant.is_songo36();
        let width = if songo36 { 2 } else { 1 };
        let mut data = vec![0u8; self.size as usize * width];
        data.par_chunks_mut(CHUNK as usize * width)
            .enumerate()
            .for_each(|(c, out)| {
                let start = c * CHUNK as usize;
                for (k, cell) in out.chunks_mut(width).enumerate() {
                    let lo = self.lo[start + k].load(Ordering::Relaxed);
                    let lo = (lo & DETERMINED != 0).then(|| dec(lo));
                    if songo36 {
                        let hi = self.hi[start + k].load(Ordering::Relaxed);
                        let hi = (hi & DETERMINED != 0).then(|| dec(hi));
                        cell[0] = lo.unwrap_or(0) as u8;
                        cell[1] = hi.unwrap_or(s) as u8;
                    } else {
                        // The positive part of W or the negative part of L,
                        // and 0 between (see the module documentation).
                        cell[0] = lo.unwrap_or(0) as i8 as u8;
                    }
                }
            });
        data
    }
}

/// Where generation reports its progress: the front end draws it (a bar on
/// a terminal), the library never prints. Every method may be called from
/// several threads at once.
pub trait Progress: Sync {
    /// The count's work is `steps` steps in all.
    fn begin(&self, _steps: u64) {}
    /// `steps` more steps are done.
    fn advance(&self, _steps: u64) {}
    /// The pass for `threshold` is finished, after `sweeps` sweeps in all.
    fn pass(&self, _threshold: i32, _sweeps: u64) {}
    /// The count is solved.
    fn end(&self) {}
}

/// Progress that nobody watches.
pub struct NoProgress;

impl Progress for NoProgress {}

/// For [`build`]: no progress shown for any count.
pub fn no_progress(_: Variant, _: u8) -> Box<dyn Progress> {
    Box::new(NoProgress)
}

/// Solves the boards of `seeds` seeds of `variant`. `lower[k]` must hold the
/// table of every count `k` from 10 to `seeds - 1`.
pub fn generate(variant: Variant, seeds: u8, lower: &[Option<Table>], bar: &dyn Progress) -> Table {
    generate_counted(variant, seeds, lower, bar).0
}

/// [`generate`], also returning the number of propagation sweeps.
pub fn generate_counted(
    variant: Variant,
    seeds: u8,
    lower: &[Option<Table>],
    bar: &dyn Progress,
) -> (Table, u64) {
    assert!((MIN_BOARD_SEEDS..TOTAL_SEEDS).contains(&seeds));
    with_rules!(variant, R => generate_with::<R>(seeds, lower, bar))
}

fn generate_with<R: Rules>(seeds: u8, lower: &[Option<Table>], bar: &dyn Progress) -> (Table, u64) {
    let work = Work::new(R::VARIANT, seeds, lower);
    let size = work.size;
    // Progress: the forward pass counts one per board, each threshold one
    // per board again (a rough share of the time it takes).
    bar.begin(size * (1 + seeds as u64));
    work.init::<R>(bar);
    let mut sweeps = 0u64;
    for t in (1..=seeds as i32).rev() {
        let u = work.neg(t);
        work.seed_stage(t, u);
        loop {
            sweeps += 1;
            if work.sweep::<R>(t, u) == 0 {
                break;
            }
        }
        bar.advance(size);
        bar.pass(t, sweeps);
    }
    (Table::new(R::VARIANT, seeds, work.finish()), sweeps)
}

/// Reads the mover's board from a real position (rotated when North moves).
pub(super) fn normalise(p: &songo_core::Position) -> u128 {
    let b = board_of(p);
    match p.side_to_move() {
        Side::South => b,
        Side::North => swap_rows(b),
    }
}

/// What the generation of one seed count did.
#[derive(Clone, Debug)]
pub struct CountReport {
    pub variant: Variant,
    pub seeds: u8,
    pub boards: u64,
    /// Wall-clock seconds (0 when the table was read from disk).
    pub seconds: f64,
    /// Size of the file, header included.
    pub file_bytes: u64,
    /// Peak resident memory of the process so far, if the system tells.
    pub peak_rss: Option<u64>,
    /// Read from an existing file rather than generated.
    pub reused: bool,
    /// Boards whose stored value is exact (`lo == hi`; always all in `songo40`).
    pub exact_boards: u64,
    /// CPU seconds of the whole process so far (all threads), if the system tells.
    pub cpu_seconds: Option<f64>,
    /// Propagation sweeps the retrograde needed (0 when read).
    pub sweeps: u64,
}

/// CPU time of this process (user + system, all threads), from `/proc/self/stat`.
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // After the command name (in parentheses) come fields 3.. of the line;
    // utime and stime are fields 14 and 15, in clock ticks.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // The kernel's USER_HZ is 100 on every Linux this runs on.
    Some(ticks as f64 / 100.0)
}

/// Peak resident set size of this process, from `/proc/self/status`.
pub fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Boards of a table whose value is exact.
pub fn exact_boards(t: &Table) -> u64 {
    if !t.variant().is_songo36() {
        return t.boards();
    }
    t.data()
        .par_chunks(2 * CHUNK as usize)
        .map(|c| c.chunks_exact(2).filter(|p| p[0] == p[1]).count() as u64)
        .sum()
}

/// Builds the tables of `variant` from 10 seeds up to `max_seeds`. With a
/// directory, a count whose file is already there is read (and checked)
/// instead of generated, and each new table is written there. Returns the
/// tables, indexed by seed count.
pub fn build(
    variant: Variant,
    max_seeds: u8,
    dir: Option<&std::path::Path>,
    progress: &dyn Fn(Variant, u8) -> Box<dyn Progress>,
    report: &mut dyn FnMut(&CountReport),
) -> Result<Vec<Option<Table>>, super::TbError> {
    let mut tables: Vec<Option<Table>> = vec![None; max_seeds as usize + 1];
    for seeds in MIN_BOARD_SEEDS..=max_seeds {
        let started = std::time::Instant::now();
        let existing = dir
            .map(|d| d.join(super::file::file_name(variant, seeds)))
            .filter(|p| p.is_file());
        let (table, reused, sweeps) = match (existing, dir) {
            (Some(_), Some(d)) => (super::file::read(d, variant, seeds)?, true, 0),
            _ => {
                let bar = progress(variant, seeds);
                let (t, sweeps) = generate_counted(variant, seeds, &tables, bar.as_ref());
                bar.end();
                (t, false, sweeps)
            }
        };
        let seconds = if reused {
            0.0
        } else {
            started.elapsed().as_secs_f64()
        };
        if let (Some(d), false) = (dir, reused) {
            super::file::write(&table, d)?;
        }
        report(&CountReport {
            variant,
            seeds,
            boards: table.boards(),
            seconds,
            file_bytes: (super::file::HEADER_BYTES + table.data().len()) as u64,
            peak_rss: peak_rss(),
            reused,
            exact_boards: exact_boards(&table),
            cpu_seconds: cpu_seconds(),
            sweeps,
        });
        tables[seeds as usize] = Some(table);
    }
    Ok(tables)
}

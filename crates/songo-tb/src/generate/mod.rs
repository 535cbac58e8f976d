//! Retrograde analysis of one seed count, given the tables of the smaller
//! counts.
//!
//! # The game the tables solve
//!
//! See the module documentation of [`crate`] for the value stored and
//! why it is exact. Here: a *board* is the position from the mover's side
//! (see [`crate::index`]); its value is a number of seeds (`songo36-*`: the
//! mover's share of the seeds on the board; `songo40`: the margin the mover
//! gains from here). Moves either *exit* (they capture, so they lead to a
//! smaller seed count, already solved, or end the game) or stay in the count.
//!
//! # The algorithm
//!
//! Two families of sets are grown, for thresholds `t` from the top down:
//!
//! - `W_t`: the mover can force a value of at least `t` in a finite number
//!   of moves (in `songo36-*` endless play gives him nothing; in `songo40` it
//!   is worth a gain of 0). A board joins when some exit is worth `t` or
//!   more, or when some move leads into `L_{neg t}`.
//! - `L_u`, `u = neg t` (the opponent's view of `t`: `S - t` in `songo36`,
//!   `-t` in `songo40`): the opponent can hold the mover to at most `u` in
//!   a finite number of moves (in `songo36-*` endless play gives the mover
//!   everything; in `songo40` a gain of 0). A board joins when all
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
//! several threads may update the same predecessor. The representation and
//! its memory are in `work`; the finished smaller tables are mapped from
//! their files.
//!
//! A count may be split between processes, each owning a range of its
//! boards ([`exchange`]; `songo tb generate` runs so under MPI), and its
//! working state saved between passes so that an interrupted run resumes
//! at the pass it had reached (`checkpoint`).

mod checkpoint;
pub mod exchange;
mod split_file;
mod work;

use std::path::Path;
use std::time::Instant;

use rayon::prelude::*;

use checkpoint::Checkpoint;
pub use checkpoint::Checkpoints;
pub use exchange::{Alone, Exchange, Parts};
use work::{Work, CHUNK};

use crate::index::boards;
use crate::{file, Table, TbError};
use songo_core::movegen::MIN_BOARD_SEEDS;
use songo_core::position::TOTAL_SEEDS;
use songo_core::variant::{Rules, Variant};
use songo_core::with_rules;

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
    /// The count resumes from a checkpoint, at the pass for `threshold`.
    fn resumed(&self, _threshold: i32) {}
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
    let work = Work::new(variant, seeds, Parts::whole(boards(seeds)), lower);
    let sweeps = with_rules!(variant, R => solve::<R>(&work, &mut Alone, None, bar))
        .expect("without checkpoints nothing is read or written");
    (Table::new(variant, seeds, work.finish()), sweeps)
}

/// The passes of one count, or of this process's part of it, from a
/// checkpoint when every process has one at the same pass. Returns the
/// number of propagation sweeps.
fn solve<R: Rules>(
    work: &Work,
    ex: &mut dyn Exchange,
    mut checkpoint: Option<&mut Checkpoint>,
    bar: &dyn Progress,
) -> Result<u64, TbError> {
    let seeds = work.seeds() as i32;
    let (_, len) = work.range();
    // Progress: the forward pass counts one per board, each threshold one
    // per board again (a rough share of the time it takes).
    bar.begin(len * (1 + seeds as u64));
    let loaded = match checkpoint.as_deref() {
        Some(c) => c.load(work)?,
        None => None,
    };
    // Every process resumes, at the same pass, or none does.
    let code = loaded.map_or(0, |t| t as u64 + 1);
    let highest = ex.max(code);
    let lowest = ex.min(code);
    let start = if code > 0 && lowest == highest {
        bar.advance(len * (1 + (seeds - code as i32 + 1) as u64));
        bar.resumed(code as i32 - 1);
        code as i32 - 1
    } else {
        if loaded.is_some() {
            work.clear_counts();
        }
        work.init::<R>(bar);
        seeds
    };
    let mut sweeps = 0u64;
    for t in (1..=start).rev() {
        let u = work.neg(t);
        work.seed_stage(t, u);
        loop {
            sweeps += 1;
            let done = work.sweep::<R>(ex, t, u);
            if ex.sum(done) == 0 {
                break;
            }
        }
        bar.advance(len);
        bar.pass(t, sweeps);
        if let Some(c) = checkpoint.as_deref_mut() {
            // Every process saves at the same pass, or none does.
            if t > 1 && ex.max(c.due() as u64) == 1 {
                let saved = c.save(work, t - 1);
                agree(ex, saved)?;
            }
        }
    }
    Ok(sweeps)
}

/// Fails every process when one failed (so that none waits for the others
/// in a collective call that will never come).
fn agree<T>(ex: &mut dyn Exchange, result: Result<T, TbError>) -> Result<T, TbError> {
    let failed = ex.max(result.is_err() as u64) == 1;
    match result {
        Ok(_) if failed => Err(TbError::Write {
            path: std::path::PathBuf::from(format!(
                "(process {} of {})",
                ex.process(),
                ex.processes()
            )),
            source: std::sync::Arc::new(std::io::Error::other("another process failed")),
        }),
        r => r,
    }
}

/// What the generation of one seed count did.
#[derive(Clone, Debug)]
pub struct CountReport {
    /// The variant of the table.
    pub variant: Variant,
    /// The seed count of the table.
    pub seeds: u8,
    /// Boards in the table.
    pub boards: u64,
    /// Wall-clock seconds (0 when the table was read from disk).
    pub seconds: f64,
    /// Size of the file, header included.
    pub file_bytes: u64,
    /// Peak resident memory of the process so far, if the system tells.
    pub peak_rss: Option<u64>,
    /// Read from an existing file rather than generated.
    pub reused: bool,
    /// Boards whose stored value is exact (`lo == hi`; always all in
    /// `songo40`). Counted by process 0 only, the one that reports (it
    /// reads the whole table); 0 in the others.
    pub exact_boards: u64,
    /// CPU seconds of the whole process so far (all threads), if the system tells.
    pub cpu_seconds: Option<f64>,
    /// Propagation sweeps the retrograde needed (0 when read).
    pub sweeps: u64,
    /// Processes that shared the work (peak memory is the largest of
    /// theirs, CPU the sum).
    pub processes: usize,
    /// Updates the processes sent each other (8 bytes each; 0 alone).
    pub sent_updates: u64,
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
    let Some(values) = t.raw_values() else {
        return (0..t.boards())
            .filter(|&r| {
                let (lo, hi) = t.bounds(r);
                lo == hi
            })
            .count() as u64;
    };
    values
        .par_chunks(2 * CHUNK as usize)
        .map(|c| c.chunks_exact(2).filter(|p| p[0] == p[1]).count() as u64)
        .sum()
}

/// Builds the tables of `variant` from 10 seeds up to `max_seeds`, in one
/// process and without checkpoints (see [`build_with`]).
pub fn build(
    variant: Variant,
    max_seeds: u8,
    dir: Option<&Path>,
    progress: &dyn Fn(Variant, u8) -> Box<dyn Progress>,
    report: &mut dyn FnMut(&CountReport),
) -> Result<Vec<Option<Table>>, TbError> {
    build_with(
        variant,
        max_seeds,
        dir,
        Checkpoints::Never,
        &mut Alone,
        progress,
        report,
    )
}

/// Builds the tables of `variant` from 10 seeds up to `max_seeds`. With a
/// directory, a count whose file is already there is opened (and checked)
/// instead of generated, each new table is written there and then mapped
/// from its file, and checkpoints are kept there. Every process sharing
/// the work (`ex`) calls this with the same arguments; a split count needs
/// a directory (the processes meet in its file). Returns the tables,
/// indexed by seed count.
pub fn build_with(
    variant: Variant,
    max_seeds: u8,
    dir: Option<&Path>,
    checkpoints: Checkpoints,
    ex: &mut dyn Exchange,
    progress: &dyn Fn(Variant, u8) -> Box<dyn Progress>,
    report: &mut dyn FnMut(&CountReport),
) -> Result<Vec<Option<Table>>, TbError> {
    assert!(
        dir.is_some() || ex.processes() == 1,
        "a split count is assembled in its file"
    );
    let mut tables: Vec<Option<Table>> = vec![None; max_seeds as usize + 1];
    for seeds in MIN_BOARD_SEEDS..=max_seeds {
        let started = Instant::now();
        let existing = dir
            .map(|d| d.join(file::file_name(variant, seeds)))
            .filter(|p| p.is_file());
        let (table, reused, sweeps, sent) = match (existing, dir) {
            (Some(_), Some(d)) => (Table::read(d, variant, seeds)?, true, 0, 0),
            _ => {
                let bar = progress(variant, seeds);
                let (t, sweeps, sent) =
                    solve_count(variant, seeds, &tables, dir, checkpoints, ex, bar.as_ref())?;
                bar.end();
                (t, false, sweeps, sent)
            }
        };
        let seconds = if reused {
            0.0
        } else {
            started.elapsed().as_secs_f64()
        };
        let peak = ex.max(peak_rss().unwrap_or(0));
        let cpu_ticks = ex.sum(cpu_seconds().map_or(0, |s| (s * 100.0).round() as u64));
        report(&CountReport {
            variant,
            seeds,
            boards: table.boards(),
            seconds,
            file_bytes: table.file_bytes(),
            peak_rss: (peak > 0).then_some(peak),
            reused,
            exact_boards: if ex.process() == 0 {
                exact_boards(&table)
            } else {
                0
            },
            cpu_seconds: cpu_seconds().map(|_| cpu_ticks as f64 / 100.0),
            sweeps,
            processes: ex.processes(),
            sent_updates: ex.sum(sent),
        });
        tables[seeds as usize] = Some(table);
    }
    Ok(tables)
}

/// Solves one count (this process's part of it) and, with a directory,
/// writes its file and maps it back.
fn solve_count(
    variant: Variant,
    seeds: u8,
    lower: &[Option<Table>],
    dir: Option<&Path>,
    checkpoints: Checkpoints,
    ex: &mut dyn Exchange,
    bar: &dyn Progress,
) -> Result<(Table, u64, u64), TbError> {
    let parts = Parts::new(boards(seeds), ex.processes(), ex.process());
    let work = Work::new(variant, seeds, parts, lower);
    let mut checkpoint = dir.map(|d| Checkpoint::new(d, &work, checkpoints));
    let sweeps = with_rules!(variant, R => solve::<R>(&work, ex, checkpoint.as_mut(), bar))?;
    let (base, _) = work.range();
    let sent = work.sent();
    let values = work.finish();
    let Some(d) = dir else {
        return Ok((Table::new(variant, seeds, values), sweeps, sent));
    };
    if ex.processes() == 1 {
        file::write(variant, seeds, &values, d)?;
    } else {
        split_file::write_split(d, variant, seeds, base, values, ex)?;
    }
    let table = Table::open(d, variant, seeds)?;
    if let Some(c) = &checkpoint {
        c.remove()?;
    }
    Ok((table, sweeps, sent))
}

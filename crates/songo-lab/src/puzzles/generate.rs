//! `songo puzzles generate`: self-play games, a job each, their puzzles
//! ([`super::find`]) appended to the file in game order.
//!
//! The file is the state: its header holds the settings and the games
//! done, so running the same command again continues after them, and the
//! run stops at the first game that brings the set to `--puzzles`. What a
//! game yields depends only on the settings, the seed and its index, and
//! the games are written in their order (a position already in the set is
//! not added twice), so the bytes are the same whatever `--threads`, the
//! batches, the interruptions, or the ranks of `--mpi` (the games split by
//! [`crate::rounds`], as `songo datagen --mpi` splits its own).

use std::collections::HashSet;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::Args;
use indicatif::ProgressBar;
use rayon::prelude::*;
use songo_core::{Position, Variant};
use songo_learn::puzzle::{Puzzle, PuzzleSet};
use songo_tb::generate::{Alone, Exchange};
use songo_tb::Tablebases;

use super::file;
use super::find::{find_in_game, FindConfig, GENERATOR_VERSION};
use super::report::report;
use super::PuzzlesError;
use crate::rounds::{bytes_of, together, words_of, Rounds};
use songo_cli::errln;

/// Games per rank between two writes of the file: a game takes seconds to
/// a minute, so an interrupted run loses little.
const BATCH_GAMES: u64 = 4;
/// A progress line at most this often in a log (no bar there).
const LOG_INTERVAL: std::time::Duration = std::time::Duration::from_secs(60);

/// `songo puzzles generate`'s arguments.
#[derive(Args, Debug, Clone)]
pub struct GenerateArgs {
    /// Rule variant: songo36-beginner, songo36-amateur or songo40.
    #[arg(long, short = 'v', default_value = "songo40")]
    pub variant: Variant,
    /// Puzzles in the file when done (a file with fewer is continued).
    #[arg(long, default_value_t = 500)]
    pub puzzles: u64,
    /// Seed: game i depends only on it and i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The puzzle file (created, or continued when it exists).
    #[arg(long)]
    pub out: PathBuf,
    /// Depth of the self-play searches, which screen every position.
    #[arg(long, default_value_t = 8)]
    pub screen_depth: u32,
    /// Depth of the search that makes a puzzle.
    #[arg(long, default_value_t = 10)]
    pub depth: u32,
    /// Depth of the search that verifies it: at least --depth + 4.
    #[arg(long, default_value_t = 14)]
    pub verify_depth: u32,
    /// "Clearly worse": the second-best move scores at least this many
    /// centiseeds below the best (when the best does not win).
    #[arg(long, default_value_t = 300)]
    pub margin: u32,
    /// Random plies that open each game.
    #[arg(long, default_value_t = 8)]
    pub random_plies: u16,
    /// Endgame tables: where they cover a position, they decide.
    #[arg(long, value_name = "DIR")]
    pub tablebases: Option<PathBuf>,
    /// Threads (0: one per core; with --mpi, the cores shared by the ranks
    /// on the same machine).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Run as one rank of an MPI job (start with mpirun; needs a songo
    /// built with --features mpi): the ranks share the games, rank 0
    /// alone writes the file, the same bytes as one process.
    #[arg(long)]
    pub mpi: bool,
}

/// The header's settings: everything that shapes what a game yields.
fn settings(a: &GenerateArgs, tables: Option<&Tablebases>) -> Vec<(String, String)> {
    let max_seeds = tables.map_or(0, |t| t.max_seeds(a.variant));
    [
        ("generator", GENERATOR_VERSION.to_string()),
        ("seed", a.seed.to_string()),
        ("random-plies", a.random_plies.to_string()),
        ("screen-depth", a.screen_depth.to_string()),
        ("depth", a.depth.to_string()),
        ("verify-depth", a.verify_depth.to_string()),
        ("margin", a.margin.to_string()),
        ("tables", max_seeds.to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

/// The file as the run starts: the one on disk, checked against the
/// settings, or a new one.
fn start(a: &GenerateArgs, wanted: Vec<(String, String)>) -> Result<PuzzleSet, PuzzlesError> {
    let Some(set) = file::read_if_there(&a.out)? else {
        return Ok(PuzzleSet::new(a.variant, wanted));
    };
    let mismatch = |field: &str, file: String, args: String| PuzzlesError::Mismatch {
        path: a.out.clone(),
        field: field.to_string(),
        file,
        args,
    };
    if set.header.variant != a.variant {
        return Err(mismatch(
            "variant",
            set.header.variant.to_string(),
            a.variant.to_string(),
        ));
    }
    if set.header.settings != wanted {
        let (field, args) = wanted
            .iter()
            .find(|(k, v)| set.setting(k) != Some(v.as_str()))
            .cloned()
            .unwrap_or_else(|| ("settings".into(), "these".into()));
        let file = set.setting(&field).unwrap_or("none").to_string();
        return Err(mismatch(&field, file, args));
    }
    Ok(set)
}

/// A rank's part of the run: its games, and on rank 0 the set being made.
struct Games<'a> {
    a: &'a GenerateArgs,
    cfg: FindConfig<'a>,
    pool: rayon::ThreadPool,
    /// Rank 0: the set, and the positions in it.
    set: Option<(PuzzleSet, HashSet<Position>)>,
    bar: ProgressBar,
    games_done: AtomicU64,
}

impl Rounds for Games<'_> {
    type Error = PuzzlesError;

    fn play(&mut self, games: &[u64]) -> Result<Vec<Vec<u64>>, PuzzlesError> {
        let (cfg, seed) = (&self.cfg, self.a.seed);
        let (bar, done) = (&self.bar, &self.games_done);
        let found: Vec<Vec<Puzzle>> = self.pool.install(|| {
            games
                .par_iter()
                .map(|&i| {
                    let r = find_in_game(cfg, seed, i);
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    bar.set_message(format!("{n} games played"));
                    r
                })
                .collect::<Result<_, _>>()
        })?;
        Ok(found.iter().map(|p| to_words(p)).collect())
    }

    fn write(&mut self, games: Range<u64>, results: Vec<Vec<u64>>) -> Result<bool, PuzzlesError> {
        let Some((set, seen)) = self.set.as_mut() else {
            return Ok(false);
        };
        let mut done = false;
        for (index, words) in games.zip(&results) {
            for p in from_words(self.a.variant, words)? {
                if seen.insert(p.position) {
                    set.puzzles.push(p);
                }
            }
            set.header.games = index + 1;
            if set.puzzles.len() as u64 >= self.a.puzzles {
                done = true;
                break;
            }
        }
        file::write(&self.a.out, set)?;
        self.bar.set_position(set.puzzles.len() as u64);
        Ok(done)
    }
}

/// A game's puzzles as words: the byte length, then their lines' bytes.
fn to_words(puzzles: &[Puzzle]) -> Vec<u64> {
    let text: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    let mut words = vec![text.len() as u64];
    words.extend(words_of(text.as_bytes()));
    words
}

/// A game's puzzles from its words, each line read as a file's is.
fn from_words(v: Variant, words: &[u64]) -> Result<Vec<Puzzle>, PuzzlesError> {
    let garbled = <PuzzlesError as crate::rounds::RankError>::garbled;
    let [len, body @ ..] = words else {
        return Err(garbled("a game cut short"));
    };
    let bytes = bytes_of(body);
    let text = usize::try_from(*len)
        .ok()
        .and_then(|n| bytes.get(..n))
        .and_then(|b| std::str::from_utf8(b).ok())
        .ok_or(garbled("a game cut short"))?;
    text.lines()
        .map(|l| Puzzle::from_line(v, l).map_err(|_| garbled("a puzzle that does not read")))
        .collect()
}

/// Runs `songo puzzles generate`, alone or as one rank of an MPI job.
pub fn run(a: &GenerateArgs) -> Result<(), PuzzlesError> {
    if a.verify_depth < a.depth + 4 {
        return Err(PuzzlesError::VerifyDepth {
            depth: a.depth,
            verify: a.verify_depth,
        });
    }
    if a.mpi {
        let mut ex = crate::mpi::join()?;
        run_on(a, ex.as_mut())
    } else {
        run_on(a, &mut Alone)
    }
}

/// [`run`] over any exchange: one process is the exchange of one rank.
pub fn run_on(a: &GenerateArgs, ex: &mut dyn Exchange) -> Result<(), PuzzlesError> {
    let root = ex.process() == 0;
    let threads = match a.threads {
        0 => crate::mpi::default_threads(a.mpi),
        n => n,
    };
    let ready = (|| -> Result<_, PuzzlesError> {
        let tables = a.tablebases.as_deref().map(Tablebases::open).transpose()?;
        let set = if root {
            Some(start(a, settings(a, tables.as_ref()))?)
        } else {
            None
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|source| crate::job::JobError::Threads { threads, source })?;
        Ok((tables, set, pool))
    })();
    let Some((tables, set, pool)) = together(ex, ready)? else {
        return Ok(());
    };
    // Rank 0 read the file: every rank starts after its last game, unless
    // the set is already complete.
    let (first, complete) = set.as_ref().map_or((0, false), |s| {
        (s.header.games, s.puzzles.len() as u64 >= a.puzzles)
    });
    let first = ex.sum(first);
    let complete = ex.max(complete as u64) == 1;
    let bar = match &set {
        Some(s) if !complete => {
            let bar = songo_cli::progress::bar(a.puzzles, "puzzles");
            bar.set_position(s.puzzles.len() as u64);
            bar
        }
        _ => ProgressBar::hidden(),
    };
    let before = set.as_ref().map_or(0, |s| s.puzzles.len());
    let mut games = Games {
        a,
        cfg: FindConfig {
            variant: a.variant,
            random_plies: a.random_plies,
            screen: a.screen_depth,
            depth: a.depth,
            verify: a.verify_depth,
            margin: a.margin as i32,
            tables: tables.as_ref(),
        },
        pool,
        set: set.map(|s| {
            let seen = s.puzzles.iter().map(|p| p.position).collect();
            (s, seen)
        }),
        bar,
        games_done: AtomicU64::new(0),
    };
    let started = Instant::now();
    if !complete {
        let mut logged = Logged {
            games: &mut games,
            heartbeat: songo_cli::progress::Heartbeat::new(LOG_INTERVAL),
            started,
        };
        if !crate::rounds::run(ex, first, u64::MAX, BATCH_GAMES, &mut logged)? {
            return Ok(());
        }
    }
    games.bar.finish_and_clear();
    if let Some((set, _)) = &games.set {
        let made = set.puzzles.len() - before;
        let secs = started.elapsed().as_secs_f64();
        errln!(
            "{}: {} puzzles from {} games ({made} made now in {secs:.1} s{})",
            a.out.display(),
            set.puzzles.len(),
            set.header.games,
            match ex.processes() {
                1 => String::new(),
                n => format!(" by {n} ranks"),
            }
        );
        errln!("{}", report(set));
    }
    Ok(())
}

/// The rounds with a line in the log now and then, where no bar is drawn.
struct Logged<'a, 'b> {
    games: &'a mut Games<'b>,
    heartbeat: songo_cli::progress::Heartbeat,
    started: Instant,
}

impl Rounds for Logged<'_, '_> {
    type Error = PuzzlesError;

    fn play(&mut self, jobs: &[u64]) -> Result<Vec<Vec<u64>>, PuzzlesError> {
        self.games.play(jobs)
    }

    fn write(&mut self, jobs: Range<u64>, results: Vec<Vec<u64>>) -> Result<bool, PuzzlesError> {
        let done = self.games.write(jobs, results)?;
        if let Some((set, _)) = &self.games.set {
            if self.heartbeat.due() {
                errln!(
                    "puzzles: {}/{} puzzles from {} games, {:.0} s",
                    set.puzzles.len(),
                    self.games.a.puzzles,
                    set.header.games,
                    self.started.elapsed().as_secs_f64()
                );
            }
        }
        Ok(done)
    }
}

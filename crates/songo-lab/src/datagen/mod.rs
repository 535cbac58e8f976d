//! `songo datagen`: self-play games for training the network evaluation.
//!
//! Each game starts from its own random opening ([`opening`]), optionally
//! kept only when a short search finds it balanced, then both sides play
//! the engine's move at a fixed node count. Every position after the
//! opening is kept unless the game is over there or the search's best
//! move captures: the static evaluation is asked about positions the
//! quiescence search cannot improve by a capture, and there a search
//! score that includes an imminent capture would teach the net a gain it
//! cannot see. Each record carries the search score, the game's result and,
//! with tables, their exact value (`format`).
//!
//! Reproducible: game `i` depends only on the seed and `i` (its own random
//! stream, its own transposition table, one search thread), and games are
//! written in their order, so the same arguments give the same bytes
//! whatever `--threads`. Resumable: the file counts its whole games, and
//! running the same command again continues after them. With `--mpi` the
//! games are split between the ranks of an MPI job ([`mpi`]), the same
//! bytes again.

pub mod format;
pub mod mpi;

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use songo_core::game::{Game, GameStatus};
use songo_core::movegen::Outcome;
use songo_core::position::Position;
use songo_core::variant::Variant;
use songo_engine::eval::EvalKind;
use songo_engine::search::{search, SearchControl, SearchOptions, SearchRequest};
use songo_engine::tt::{AllocError, TranspositionTable};
use songo_engine::Limits;
use songo_tb::{Tablebases, TbValue};

use format::{DataError, Header, Record, Writer, TB_NONE};

use crate::job::JobError;

/// Games played between two writes of the file: small enough that an
/// interrupted run loses little, large enough to keep every thread busy.
pub const BATCH_GAMES: u64 = 64;
/// A game still going after this many plies is stopped and scored (5.2).
pub const MAX_GAME_PLIES: usize = 400;
/// Transposition table per game, in MB (a game searches a few thousand
/// nodes a move: 2 MB holds them all).
const GAME_HASH_MB: usize = 2;
/// A progress line at most this often in a log (no bar there).
const LOG_INTERVAL: std::time::Duration = std::time::Duration::from_secs(60);
/// Nodes of the search that judges an opening's balance.
const BALANCE_NODES: u64 = 2000;
/// Openings drawn for one game before its last draw is kept whatever its
/// balance (or, when every line ends the game, the game is skipped).
const OPENING_TRIES: u64 = 200;

/// Why the data could not be made.
#[derive(Debug, thiserror::Error)]
pub enum DatagenError {
    /// The data file could not be read, continued or written.
    #[error(transparent)]
    Data(#[from] DataError),
    /// What stops any job on threads and ranks.
    #[error(transparent)]
    Job(JobError),
}

crate::job_error_from!(DatagenError);

/// `songo datagen`'s arguments.
#[derive(Args, Debug, Clone)]
pub struct DatagenArgs {
    /// Rule variant: songo36-beginner, songo36-amateur or songo40.
    #[arg(long, short = 'v', default_value = "songo40")]
    pub variant: Variant,
    /// Games in the file when done (a file with fewer is continued).
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Search nodes per move.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Seed: game i depends only on it and i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The data file (created, or continued when it exists).
    #[arg(long)]
    pub out: PathBuf,
    /// Threads (0: one per core; with --mpi, the cores shared by the ranks
    /// on the same machine).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Endgame tables: the search uses them, and covered positions get
    /// their exact value.
    #[arg(long, value_name = "DIR")]
    pub tablebases: Option<PathBuf>,
    /// Random plies that open each game (not recorded).
    #[arg(long, default_value_t = 8)]
    pub random_plies: u16,
    /// Keep an opening only if a short search scores it within this many
    /// centiseeds of equal (0: keep every opening).
    #[arg(long, default_value_t = 0)]
    pub balance: u16,
    /// Evaluation of the self-play searches. The committed nets were
    /// trained on games of the tuned evaluation (docs/nn-eval.md), hence the
    /// default.
    #[arg(long, value_name = "EVAL", default_value = "tuned", value_parser = eval_choice())]
    pub eval: EvalKind,
    /// Run as one rank of an MPI job (start with mpirun; needs a songo
    /// built with --features mpi): the ranks share the games, rank 0
    /// alone writes the file, the same bytes as one process.
    #[arg(long)]
    pub mpi: bool,
}

/// The evaluations a data file can name in its header.
fn eval_choice() -> impl clap::builder::TypedValueParser<Value = EvalKind> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(["tuned", "captures", "nn"])
        .map(|s| s.parse::<EvalKind>().expect("a name EvalKind reads"))
}

pub use songo_core::rng::SplitMix;

/// The seed of game `index`.
fn game_seed(seed: u64, index: u64) -> u64 {
    SplitMix::new(seed ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93)).next_u64()
}

/// How a game is played.
pub struct PlayConfig<'a> {
    /// The rule variant of the games.
    pub variant: Variant,
    /// Search nodes per move.
    pub nodes: u64,
    /// Random plies that open each game.
    pub random_plies: u16,
    /// Keep an opening only if a short search scores it within this many
    /// centiseeds of equal (0: keep every opening).
    pub balance: u16,
    /// Endgame tables for the searches, and for each record's exact value.
    pub tables: Option<&'a Tablebases>,
    /// The evaluation of the searches.
    pub eval: EvalKind,
}

/// A game's opening: `random_plies` random legal moves that leave the game
/// going, balanced when asked. `None` when every try ends the game.
pub fn opening(cfg: &PlayConfig, rng: &mut SplitMix, tt: &mut TranspositionTable) -> Option<Game> {
    let mut last = None;
    for _ in 0..OPENING_TRIES {
        let mut game = Game::new(cfg.variant, Position::startpos());
        for _ in 0..cfg.random_plies {
            let legal = game.position().legal_moves(cfg.variant);
            if game.is_over() || legal.is_empty() {
                break;
            }
            let m = legal.into_iter().nth(rng.below(legal.len()));
            let _ = game.play(m.expect("an index below the count"));
        }
        if game.is_over() {
            continue;
        }
        if cfg.balance == 0 {
            return Some(game);
        }
        tt.clear();
        let r = search(
            SearchRequest::new(&game, tt)
                .limits(Limits::nodes(BALANCE_NODES))
                .options(SearchOptions {
                    eval: cfg.eval,
                    ..SearchOptions::default()
                })
                .tablebases(cfg.tables),
        );
        if r.score.unsigned_abs() <= cfg.balance as u32 {
            return Some(game);
        }
        last = Some(game);
    }
    last
}

/// Plays game `index` and returns its records.
pub fn play_game(cfg: &PlayConfig, seed: u64, index: u64) -> Result<Vec<Record>, AllocError> {
    let v = cfg.variant;
    let mut rng = SplitMix::new(game_seed(seed, index));
    let mut tt = TranspositionTable::new(GAME_HASH_MB)?;
    let Some(mut game) = opening(cfg, &mut rng, &mut tt) else {
        return Ok(Vec::new());
    };
    tt.clear();
    let control = SearchControl::default();
    let options = SearchOptions {
        eval: cfg.eval,
        ..SearchOptions::default()
    };
    let limits = Limits::nodes(cfg.nodes);
    let start_plies = game.moves().len();
    // (position, score, table value) of the kept positions.
    let mut kept: Vec<(Position, i16, i8)> = Vec::new();
    while !game.is_over() && game.moves().len() < start_plies + MAX_GAME_PLIES {
        let p = game.position();
        let r = search(
            SearchRequest::new(&game, &tt)
                .limits(limits.clone())
                .options(options.clone())
                .tablebases(cfg.tables)
                .control(&control),
        );
        let Some(m) = r.best else { break };
        let us = p.side_to_move();
        let captures = p.make_move(v, m).captured(us) > p.captured(us);
        if !captures {
            let tb = cfg
                .tables
                .and_then(|t| t.probe_game(&game))
                .and_then(|verdict| verdict.exact())
                .map_or(TB_NONE, tb_code);
            let score = r.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
            kept.push((p, score, tb));
        }
        if game.play(m).is_err() {
            break;
        }
    }
    let outcome = match game.status() {
        GameStatus::Over { outcome, .. } => outcome,
        GameStatus::Ongoing => game.position().outcome(v),
    };
    Ok(kept
        .into_iter()
        .map(|(position, score, tb)| Record {
            position,
            score,
            result: match outcome {
                Outcome::Win(w) if w == position.side_to_move() => 1,
                Outcome::Win(_) => -1,
                Outcome::Draw => 0,
            },
            tb,
            game: index as u32,
        })
        .collect())
}

fn tb_code(v: TbValue) -> i8 {
    match v {
        TbValue::Win => 1,
        TbValue::Draw => 0,
        TbValue::Loss => -1,
    }
}

/// What every process of a run holds before it plays: the tables it
/// probes, the header the file must have, its threads.
struct Setup {
    tables: Option<Tablebases>,
    wanted: Header,
    pool: rayon::ThreadPool,
}

impl Setup {
    /// `threads` 0: rayon's default (one per core, or RAYON_NUM_THREADS).
    fn new(a: &DatagenArgs, threads: usize) -> Result<Setup, DatagenError> {
        let tables = a.tablebases.as_deref().map(Tablebases::open).transpose()?;
        let wanted = Header {
            variant: a.variant,
            tables: tables.is_some(),
            eval: a.eval,
            random_plies: a.random_plies,
            balance: a.balance,
            nodes: a.nodes,
            seed: a.seed,
            games: 0,
            records: 0,
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|source| JobError::Threads { threads, source })?;
        Ok(Setup {
            tables,
            wanted,
            pool,
        })
    }

    fn config(&self, a: &DatagenArgs) -> PlayConfig<'_> {
        PlayConfig {
            variant: a.variant,
            nodes: a.nodes,
            random_plies: a.random_plies,
            balance: a.balance,
            tables: self.tables.as_ref(),
            eval: a.eval,
        }
    }

    /// Plays `games` on this process's threads; their records come back in
    /// the order of `games`, whichever thread finished first.
    fn play(
        &self,
        cfg: &PlayConfig,
        seed: u64,
        games: &[u64],
        played: &(dyn Fn() + Sync),
    ) -> Result<Vec<Vec<Record>>, AllocError> {
        self.pool.install(|| {
            games
                .par_iter()
                .map(|&i| {
                    let r = play_game(cfg, seed, i);
                    played();
                    r
                })
                .collect()
        })
    }
}

/// The line that ends a run, on standard error (the bar is gone by then,
/// and a log file never had one).
fn summary(a: &DatagenArgs, h: &Header, first: u64, started: Instant, ranks: usize) {
    songo_cli::errln!(
        "{}: {} games, {} positions ({} games played now in {:.1} s{})",
        a.out.display(),
        h.games,
        h.records,
        a.games.saturating_sub(first),
        started.elapsed().as_secs_f64(),
        if ranks > 1 {
            format!(" by {ranks} ranks")
        } else {
            String::new()
        }
    );
}

/// Runs `songo datagen`: plays the games not yet in the file, a batch at a
/// time, with a progress bar on standard error and a summary at the end.
pub fn run(a: &DatagenArgs) -> Result<(), DatagenError> {
    if a.mpi {
        return mpi::run(a);
    }
    let setup = Setup::new(a, a.threads)?;
    let mut writer = Writer::open(&a.out, setup.wanted)?;
    let cfg = setup.config(a);
    let first = writer.header().games;
    let bar = songo_cli::progress::bar(a.games.saturating_sub(first), "datagen");
    let started = Instant::now();
    let mut heartbeat = songo_cli::progress::Heartbeat::new(LOG_INTERVAL);
    let mut next = first;
    while next < a.games {
        let end = (next + BATCH_GAMES).min(a.games);
        let games: Vec<u64> = (next..end).collect();
        let records = setup.play(&cfg, a.seed, &games, &|| bar.inc(1))?;
        writer.append(end - next, &records.concat())?;
        bar.set_message(format!("{} positions", writer.header().records));
        if heartbeat.due() {
            songo_cli::errln!(
                "datagen: {end}/{} games, {} positions, {:.0} s",
                a.games,
                writer.header().records,
                started.elapsed().as_secs_f64()
            );
        }
        next = end;
    }
    bar.finish_and_clear();
    summary(a, writer.header(), first, started, 1);
    Ok(())
}

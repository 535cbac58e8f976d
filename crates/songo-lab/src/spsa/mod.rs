//! `songo tune search`: SPSA over the search's named tunables
//! ([`SearchParams::TUNABLES`]), resumable.
//!
//! A run plays `--pairs` game pairs in batches of `--batch`: each batch
//! perturbs every chosen parameter at once (`optimizer`), plays the batch's
//! pairs in parallel at a fixed node count (`games`), and moves the values
//! by the result. After every batch the state file (`state`) is rewritten,
//! so a run stopped anywhere continues from its last batch with the same
//! command, and gives the same values as a run never stopped: everything
//! is drawn from `--seed` and the batch's first pair, and a batch's result
//! is a sum, whatever the thread that finished first.

pub(crate) mod games;
pub(crate) mod optimizer;
pub mod state;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::job::JobError;
use clap::Args;
use rayon::prelude::*;
use songo_core::variant::Variant;
use songo_engine::eval::EvalKind;
use songo_engine::search::{ParamError, SearchParams, Tunable};
use songo_tb::Tablebases;

use crate::datagen::PlayConfig;
use optimizer::Gains;
use songo_cli::{errln, outln};
use songo_core::rng::SplitMix;
use state::{Settings, State, StateError};

/// The learning rate at the end of a run (`r_end`): fishtest's usual value.
const DEFAULT_R_END: f64 = 0.002;
/// A progress line at most this often when standard error is not a terminal.
const LOG_INTERVAL: Duration = Duration::from_secs(30);

/// Why a tuning run could not go on.
#[derive(Debug, thiserror::Error)]
pub enum SpsaError {
    /// The state file could not be read or written, or belongs to another run.
    #[error(transparent)]
    State(#[from] StateError),
    /// A `--param` names no tunable.
    #[error(transparent)]
    Param(#[from] ParamError),
    /// `--pairs`, `--batch` or `--nodes` is 0.
    #[error("--{what} must be at least 1")]
    Zero {
        /// The flag, without its dashes.
        what: &'static str,
    },
    /// `--r-end` is 0, negative or not a number.
    #[error("--r-end must be a positive number, not {value}")]
    LearningRate {
        /// The value given.
        value: f64,
    },
    /// The same tunable is named by two `--param`s.
    #[error("--param {name} is given twice")]
    Repeated {
        /// The tunable's name.
        name: &'static str,
    },
    /// What stops a job on threads (its hash, its tables, its threads).
    #[error(transparent)]
    Job(JobError),
    /// Standard output could not be written (or its reader went away).
    #[error(transparent)]
    Stdout(#[from] songo_cli::output::StdoutError),
}

crate::job_error_from!(SpsaError);

/// `songo tune search`'s arguments.
#[derive(Args, Debug, Clone)]
pub struct SpsaArgs {
    /// The state file: created, or continued when it exists (same settings only).
    #[arg(long)]
    pub state: PathBuf,
    /// Rule variant: songo36-beginner, songo36-amateur or songo40.
    #[arg(long, short = 'v', default_value = "songo40")]
    pub variant: Variant,
    /// Game pairs in the whole run (each pair: one opening, both colours).
    #[arg(long, default_value_t = 10_000)]
    pub pairs: u64,
    /// Pairs played with one perturbation, in parallel.
    #[arg(long, default_value_t = 8)]
    pub batch: u64,
    /// Search nodes per move.
    #[arg(long, default_value_t = 4000)]
    pub nodes: u64,
    /// Seed of the openings, the perturbations and the rounding.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A tunable to tune (repeatable; default: every one). `songo tune search
    /// --help` lists them.
    #[arg(long = "param", value_name = "NAME")]
    pub params: Vec<String>,
    /// Learning rate at the end of the run: a game won moves a value by
    /// this times its step.
    #[arg(long, default_value_t = DEFAULT_R_END)]
    pub r_end: f64,
    /// Random plies that open each pair.
    #[arg(long, default_value_t = 8)]
    pub random_plies: u16,
    /// Keep an opening only if a short search scores it within this many
    /// centiseeds of equal (0: keep every opening).
    #[arg(long, default_value_t = 0)]
    pub balance: u16,
    /// Endgame tables for both sides' searches.
    #[arg(long, value_name = "DIR")]
    pub tablebases: Option<PathBuf>,
    /// Threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

/// `songo tune search --help`'s text after the options: examples, what
/// it prints, and the tunables with their defaults, ranges and steps.
pub fn after_help() -> String {
    let d = SearchParams::default();
    let list: String = SearchParams::TUNABLES
        .iter()
        .map(|t| {
            format!(
                "  {:<24} default {:>4}, range {}..{}, step {}\n",
                t.name,
                t.get(&d),
                t.min,
                t.max,
                t.step
            )
        })
        .collect();
    format!(
        "Examples:\n  songo tune search --state rfp.spsa --param rfp_margin --param rfp_max_depth --pairs 5000\n  \
         songo tune search --state all.spsa --variant songo36-amateur --pairs 20000 --nodes 2000\n\n\
         Each batch plays --batch pairs (one random opening, both colours) between the\n\
         values moved up and down by their step, at --nodes a move, and moves the values\n\
         toward the side that won. The state file is rewritten after every batch: the\n\
         same command continues a stopped run, with the same result as an unbroken one.\n\
         Prints the values reached as name=value lines. The tunables:\n{list}"
    )
}

fn chosen(names: &[String]) -> Result<Vec<&'static Tunable>, SpsaError> {
    if names.is_empty() {
        return Ok(SearchParams::TUNABLES.iter().collect());
    }
    let mut out: Vec<&'static Tunable> = Vec::new();
    for n in names {
        let t = SearchParams::tunable(n)?;
        if out.iter().any(|u| u.name == t.name) {
            return Err(SpsaError::Repeated { name: t.name });
        }
        out.push(t);
    }
    Ok(out)
}

/// Runs `songo tune search`: the batches not yet in the state file, a
/// progress line now and then on standard error, and the values reached
/// on standard output as `name=value` settings.
pub fn run(a: &SpsaArgs) -> Result<(), SpsaError> {
    for (what, v) in [("pairs", a.pairs), ("batch", a.batch), ("nodes", a.nodes)] {
        if v == 0 {
            return Err(SpsaError::Zero { what });
        }
    }
    if !(a.r_end.is_finite() && a.r_end > 0.0) {
        return Err(SpsaError::LearningRate { value: a.r_end });
    }
    let tunables = chosen(&a.params)?;
    let eval = EvalKind::default();
    let settings = Settings {
        variant: a.variant.to_string(),
        nodes: a.nodes,
        random_plies: a.random_plies,
        balance: a.balance,
        eval: eval.to_string(),
        seed: a.seed,
        pairs: a.pairs,
        batch: a.batch,
        r_end: a.r_end,
        params: tunables.iter().map(|t| t.name.to_string()).collect(),
    };
    let mut st = match State::load(&a.state)? {
        Some(s) => {
            s.settings.check(&settings, &a.state)?;
            s
        }
        None => {
            let d = SearchParams::default();
            let s = State {
                settings,
                done: 0,
                theta: tunables.iter().map(|t| t.get(&d) as f64).collect(),
            };
            s.save(&a.state)?;
            s
        }
    };
    let tables = a.tablebases.as_deref().map(Tablebases::open).transpose()?;
    let cfg = PlayConfig {
        variant: a.variant,
        nodes: a.nodes,
        random_plies: a.random_plies,
        balance: a.balance,
        tables: tables.as_ref(),
        eval,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads)
        .build()
        .map_err(|source| JobError::Threads {
            threads: a.threads,
            source,
        })?;
    let steps: Vec<f64> = tunables.iter().map(|t| t.step).collect();
    let gains = Gains::new(&steps, a.r_end, a.pairs);
    let bar = songo_cli::progress::bar(a.pairs, "spsa");
    bar.set_position(st.done);
    let started = Instant::now();
    let mut heartbeat = songo_cli::progress::Heartbeat::new(LOG_INTERVAL);
    let first = st.done;
    while st.done < a.pairs {
        let k = st.done;
        let end = (k + a.batch).min(a.pairs);
        let mut rng = SplitMix::new(a.seed ^ k.wrapping_mul(0xE703_7ED1_A0B4_28DB));
        let p = optimizer::perturb(&tunables, &st.theta, &gains, k, &mut rng);
        let results: Vec<i64> = pool.install(|| {
            (k..end)
                .into_par_iter()
                .map(|i| games::play_pair(&cfg, a.seed, i, &p.plus, &p.minus))
                .collect::<Result<_, _>>()
        })?;
        let result: i64 = results.iter().sum();
        optimizer::update(&tunables, &mut st.theta, &gains, k, &p.signs, result);
        st.done = end;
        st.save(&a.state)?;
        bar.set_position(end);
        bar.set_message(values(&tunables, &st.theta));
        if heartbeat.due() {
            errln!(
                "spsa: {end}/{} pairs, {:.0} s: {}",
                a.pairs,
                started.elapsed().as_secs_f64(),
                values(&tunables, &st.theta)
            );
        }
    }
    bar.finish_and_clear();
    errln!(
        "spsa: {} pairs done ({} played now in {:.1} s); {}",
        a.pairs,
        a.pairs - first,
        started.elapsed().as_secs_f64(),
        a.state.display()
    );
    let d = SearchParams::default();
    for (t, x) in tunables.iter().zip(&st.theta) {
        outln!(
            "{}={}  # {:.2}, default {}",
            t.name,
            x.round() as i64,
            x,
            t.get(&d)
        )?;
    }
    Ok(())
}

/// The values as `name=value` with one decimal, for progress lines.
fn values(tunables: &[&'static Tunable], theta: &[f64]) -> String {
    tunables
        .iter()
        .zip(theta)
        .map(|(t, x)| format!("{}={x:.1}", t.name))
        .collect::<Vec<_>>()
        .join(" ")
}

//! `songo match`: the command line, the live progress line and the report.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;

use super::referee::{Ending, Fault, GameReport, GameSettings};
use super::{
    check_engines, openings, report, run, schedule, Job, MatchConfig, MatchError, Verdict,
};
use crate::stats::{GameScore, MatchStats, Sprt};
use songo_cli::{errln, out, outln};
use songo_client::{EngineSpec, MoveLimit};
use songo_core::variant::Variant;

/// When standard error is not a terminal, a text progress line is printed
/// this many times over a match.
const TEXT_PROGRESS_STEPS: usize = 20;

/// The arguments of `songo match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// An engine: space-separated KEY=VALUE pairs: name=, cmd= (default:
    /// this songo), arg= (repeatable), option.NAME=VALUE (repeatable), and
    /// its own tc=/movetime=/depth=/nodes=. Give two or more.
    #[arg(long = "engine", short = 'e', value_name = "SPEC", required = true)]
    pub engines: Vec<EngineSpec>,
    /// Rule variant: songo36-beginner, songo36-amateur or songo40.
    #[arg(long, short = 'v', default_value = "songo40")]
    pub variant: Variant,
    /// Time control: SECONDS+INCREMENT (a clock per game), movetime=MS,
    /// depth=D or nodes=N.
    #[arg(long, default_value = "1+0.01")]
    pub tc: MoveLimit,
    /// Games per pair of engines (rounded up to an even number: each
    /// opening is played twice, colours swapped).
    #[arg(long, short = 'n', default_value_t = 100)]
    pub games: usize,
    /// Games played at once.
    #[arg(long, short = 'c', default_value_t = 1)]
    pub concurrency: usize,
    /// A file of position strings to start from (one per line); default:
    /// random openings.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Random plies of each random opening.
    #[arg(long, default_value_t = 6)]
    pub plies: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a game after this many plies (not counting the opening) and
    /// count the position as if it had ended (RULES 5.2).
    #[arg(long, default_value_t = 1000)]
    pub max_plies: usize,
    /// Milliseconds a move may overrun the clock before it loses on time.
    #[arg(long, default_value_t = 0)]
    pub time_margin: u64,
    /// Milliseconds to wait for an answer outside a clock (handshake,
    /// depth and nodes moves, on top of movetime) before the engine stalls.
    #[arg(long, default_value_t = 10_000)]
    pub stall_timeout: u64,
    /// Sequential test, two engines only: ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA
    /// (logistic Elo, on game pairs); the match stops when it decides.
    #[arg(long, value_name = "ELO0,ELO1[,A,B]")]
    pub sprt: Option<Sprt>,
    /// Write the games to this file (PGN-style, see protocol.md).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// The Event tag of the records.
    #[arg(long, default_value = "songo match")]
    pub event: String,
}

/// The text after `songo match --help`: examples, what is printed and the
/// exit codes.
pub const AFTER_HELP: &str = "Examples:\n  \
    songo match -e name=songo -e \"arg=sparring arg=--kind=random\" --tc 1+0.01 -n 100 -c 2\n  \
    songo match -e name=new -e \"name=half tc=0.5+0.005\" --sprt 0,20 -n 2000 -c 2\n  \
    songo match -v songo36-amateur -e \"name=tuned\" -e \"name=captures option.Evaluation=captures\" --tc nodes=20000\n\n\
    Prints the statistics of every pair of engines (Elo with its 95% interval, LOS,\n\
    W-D-L, pentanomial pairs, SPRT) and each engine's faults (crashes, stalls, time\n\
    losses, illegal or malformed moves). Engine faults lose games, they do not fail the\n\
    match: the exit code is 0 when the match ran, 1 when an engine cannot start at all\n\
    or the record cannot be written, 2 for bad arguments, 3 for a bad openings file.";

/// Faults and clocks of one engine over the match.
#[derive(Clone, Debug, Default)]
struct EngineTally {
    faults: HashMap<&'static str, u32>,
    min_clock: Option<Duration>,
}

fn fault_name(f: &Fault) -> &'static str {
    match f {
        Fault::Start(_) => report::START_FAILURES,
        Fault::Crash => report::CRASHES,
        Fault::Stall => report::STALLS,
        Fault::TimeLoss { .. } => report::TIME_LOSSES,
        Fault::Illegal(_) => report::ILLEGAL_MOVES,
        Fault::Malformed(_) => report::MALFORMED_MOVES,
    }
}

/// Everything the report needs, updated game by game.
struct Standing {
    names: Vec<String>,
    /// Per pair of engines `(a, b)`, `a < b`, from `a`'s side.
    stats: Vec<((usize, usize), MatchStats)>,
    /// The first finished game of each opening of each pair, waiting for its partner.
    waiting: HashMap<(usize, usize, usize), GameScore>,
    engines: Vec<EngineTally>,
    endings: HashMap<&'static str, u32>,
    games: usize,
}

impl Standing {
    fn new(names: Vec<String>) -> Standing {
        let n = names.len();
        let stats = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| ((a, b), MatchStats::new())))
            .collect();
        Standing {
            names,
            stats,
            waiting: HashMap::new(),
            engines: vec![EngineTally::default(); n],
            endings: HashMap::new(),
            games: 0,
        }
    }

    fn add(&mut self, job: &Job, r: &GameReport) {
        self.games += 1;
        let [south, north] = job.engines;
        let (a, b) = (south.min(north), south.max(north));
        let a_side = if a == south {
            songo_core::position::Side::South
        } else {
            songo_core::position::Side::North
        };
        let score = GameScore::from_outcome(r.outcome, a_side);
        let stats = &mut self
            .stats
            .iter_mut()
            .find(|(k, _)| *k == (a, b))
            .expect("a scheduled pair")
            .1;
        match self.waiting.remove(&(a, b, job.opening)) {
            Some(first) => stats.add_pair(first, score),
            None => {
                self.waiting.insert((a, b, job.opening), score);
            }
        }
        let ending = match &r.ending {
            Ending::Rules(_) => report::BY_THE_RULES,
            Ending::MaxPlies => report::AT_THE_PLY_LIMIT,
            Ending::Fault { side, fault } => {
                let e = job.engines[side.index()];
                *self.engines[e].faults.entry(fault_name(fault)).or_default() += 1;
                report::BY_A_FAULT
            }
        };
        *self.endings.entry(ending).or_default() += 1;
        for (i, e) in job.engines.iter().enumerate() {
            if let Some(c) = r.min_clock[i] {
                let t = &mut self.engines[*e].min_clock;
                *t = Some(t.map_or(c, |m| m.min(c)));
            }
        }
    }

    /// Pair statistics with the games still waiting for their partner.
    fn pair_stats(&self, pair: usize) -> MatchStats {
        let ((a, b), mut s) = self.stats[pair];
        for ((x, y, _), g) in &self.waiting {
            if (*x, *y) == (a, b) {
                s.add_game(*g);
            }
        }
        s
    }

    fn line(&self, pair: usize, sprt: Option<&Sprt>) -> String {
        let (a, b) = self.stats[pair].0;
        report::pair_line(&self.names[a], &self.names[b], &self.pair_stats(pair), sprt)
    }
}

/// Runs `songo match`: the report goes to standard output, the progress
/// to standard error.
pub fn run_match(a: &MatchArgs) -> Result<(), MatchError> {
    if a.engines.len() < 2 {
        return Err(MatchError::TooFewEngines {
            found: a.engines.len(),
        });
    }
    if a.sprt.is_some() && a.engines.len() != 2 {
        return Err(MatchError::SprtEngines {
            found: a.engines.len(),
        });
    }
    if a.games == 0 {
        return Err(MatchError::NoGames);
    }
    let v = a.variant;
    let pairs = a.games.div_ceil(2);
    let opening_list = match &a.openings {
        Some(path) => openings::from_file(path, v, pairs),
        None => openings::random(v, a.plies, a.seed, pairs),
    }?;
    let default_cmd = songo_client::this_program()?;
    let config = MatchConfig {
        engines: a.engines.clone(),
        tc: a.tc,
        openings: opening_list,
        settings: GameSettings {
            variant: v,
            max_plies: a.max_plies,
            time_margin: Duration::from_millis(a.time_margin),
            stall_timeout: Duration::from_millis(a.stall_timeout),
            default_cmd,
        },
        concurrency: a.concurrency.max(1),
    };
    check_engines(&config)?;
    let jobs = schedule(config.engines.len(), pairs);
    let record_error = |path: &PathBuf, source| MatchError::Record {
        path: path.clone(),
        source,
    };
    let mut record = match &a.record {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|source| record_error(path, source))?)
        }
        None => None,
    };
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let opening_text = match &a.openings {
        Some(p) => format!("openings from {}", p.display()),
        None => format!("random {}-ply openings, seed {}", a.plies, a.seed),
    };
    outln!(
        "Match: {}; {v}; {}; {} games; {opening_text}; concurrency {}",
        names.join(" vs "),
        a.tc,
        jobs.len(),
        config.concurrency
    )?;
    let mut standing = Standing::new(names);
    let bar = songo_cli::progress::bar(jobs.len() as u64, "match");
    let text_progress = !std::io::stderr().is_terminal();
    let step = (jobs.len() / TEXT_PROGRESS_STEPS).max(1);
    let started = Instant::now();
    let mut write_error = None;
    let sprt = a.sprt;
    let mut decision = None;
    let played = run(&config, &jobs, &mut |job, report| {
        standing.add(job, report);
        if let Some(file) = record.as_mut() {
            let text = format!("{}\n", super::record_of(&config, &a.event, job, report));
            if let Err(e) = std::io::Write::write_all(file, text.as_bytes()) {
                write_error.get_or_insert(e);
            }
        }
        bar.inc(1);
        let line = standing.line(0, sprt.as_ref());
        bar.set_message(line.clone());
        if text_progress && standing.games.is_multiple_of(step) {
            errln!("[{}/{}] {line}", standing.games, jobs.len());
        }
        if let Some(s) = &sprt {
            let (_, d) = standing.stats[0].1.sprt(s);
            if d.is_final() {
                decision = Some(d);
                return Verdict::Stop;
            }
        }
        Verdict::Continue
    });
    bar.finish_and_clear();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Finished {played} games in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    for pair in 0..standing.stats.len() {
        let _ = writeln!(out, "{}", standing.line(pair, sprt.as_ref()));
    }
    if let Some(s) = &sprt {
        let verdict = decision.map_or("no decision yet".to_string(), |d| d.to_string());
        let _ = writeln!(out, "SPRT {s}: {verdict}");
    }
    let _ = writeln!(out, "{}", report::endings_line(&standing.endings));
    for (name, t) in standing.names.iter().zip(&standing.engines) {
        let faults = report::faults_text(&t.faults);
        let clock = t
            .min_clock
            .map(|c| format!("; least time left after a move {} ms", c.as_millis()))
            .unwrap_or_default();
        let _ = writeln!(out, "{name}: {faults}{clock}");
    }
    let printed = out!("{out}");
    match (write_error, &a.record) {
        (Some(source), Some(path)) => Err(record_error(path, source)),
        _ => Ok(printed?),
    }
}

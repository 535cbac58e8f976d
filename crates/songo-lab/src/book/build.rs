//! `songo book build`: grows a book by drop-out expansion (Lincke,
//! "Strategies for the automatic construction of opening books",
//! Computers and Games 2000). docs/book.md explains the algorithm and the
//! defaults.
//!
//! The book file is the whole state: each step reads nothing but the
//! graph made from it ([`Graph`]), picks the cheapest leaf, searches the
//! new position's moves ([`Scorer`]) and backs the values up. So running
//! the command again continues where it stopped, and gives the bytes of a
//! run that was never interrupted.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use songo_book::BookStats;
use songo_core::Variant;

use super::file;
use super::graph::{Graph, Leaf, Weight};
use super::report::print_variant;
use super::scorer::{Limit, Scorer, MAX_WORKERS};
use super::BookCliError;
use songo_cli::errln;

/// Search depth of each move of a new position when neither --depth nor
/// --nodes is given: one position (up to seven searches) takes 0.29 to 0.33 s
/// on one core (docs/book.md, "Building a book").
pub const DEFAULT_DEPTH: u32 = 14;
/// `--weight`, plies per seed: a move one seed worse than the best is
/// expanded when the best line is this many plies deeper.
pub const DEFAULT_WEIGHT: Weight = Weight::from_milli(3000);
/// Positions added between two writes of the file, at most.
const SAVE_EVERY: u64 = 16;
/// Time between two writes of the file, at most.
const SAVE_INTERVAL: Duration = Duration::from_secs(10);

/// The text after `songo book build --help`: examples and how a build works.
pub const AFTER_HELP: &str = "Examples:\n  \
    songo book build --out songo.book --positions 5000\n  \
    songo book build --out songo40.book --variant songo40 --time 3600 --threads 2\n  \
    songo book build --out tiny.book --variant songo40 --positions 20 --depth 6\n\n\
    Grows the book in FILE by drop-out expansion: the next position added is the one at the\n\
    end of the cheapest line from the start, a line costing its plies plus --weight plies\n\
    for each seed its moves are worse than the best ones. Each new position's moves are\n\
    searched (one thread each, a cleared table, a fixed depth or node count) and the values\n\
    backed up to the start. Variants take turns: the one with the fewest positions grows.\n\n\
    The file is written every few positions and at the end; running the same command\n\
    again continues it. The same arguments give the same bytes whatever --threads and\n\
    however often the build was stopped and resumed (except with --time, which stops when\n\
    the time is up). At the end, each variant's positions, main line and positions per ply\n\
    go to standard output. docs/book.md has the details.";

/// The arguments of `songo book build`; at least one of `--positions` and
/// `--time` must say when to stop.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("stop").args(["positions", "time"]).required(true).multiple(true)))]
pub struct BuildArgs {
    /// The book file: created, or continued when it exists.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// A variant to grow (repeatable; default: all three).
    #[arg(long = "variant", short = 'v', value_name = "VARIANT")]
    pub variants: Vec<Variant>,
    /// Stop when the book has this many positions (all variants together).
    #[arg(long, value_name = "N")]
    pub positions: Option<usize>,
    /// Stop after this many seconds (the position being searched is finished).
    #[arg(long, value_name = "SECS", value_parser = parse_seconds)]
    pub time: Option<Duration>,
    /// Search depth of each new position's moves [default: 14].
    #[arg(long, short = 'd', conflicts_with = "nodes",
          value_parser = clap::value_parser!(u32).range(1..100))]
    pub depth: Option<u32>,
    /// Search nodes of each new position's moves, instead of a depth.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Search threads (0: one per core; a position has at most 7 moves).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Breaks ties between leaves of equal priority.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Plies of depth one seed of a move's deficit to the best costs.
    #[arg(long, value_name = "W", default_value_t = DEFAULT_WEIGHT)]
    pub weight: Weight,
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| format!("'{text}' is not a number of seconds"))
}

/// Why the build stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    Positions,
    Time,
    Complete,
}

/// The variants asked for, each once, in the order of [`Variant::ALL`].
fn variants(asked: &[Variant]) -> Vec<Variant> {
    Variant::ALL
        .into_iter()
        .filter(|v| asked.is_empty() || asked.contains(v))
        .collect()
}

/// The next leaf: in the variant with the fewest positions that still has
/// one to expand (of equal counts, the first).
fn next_leaf(graph: &Graph, variants: &[Variant], weight: Weight, seed: u64) -> Option<Leaf> {
    let mut order: Vec<(usize, usize, Variant)> = variants
        .iter()
        .map(|&v| (graph.count(v), v.index(), v))
        .collect();
    order.sort_unstable();
    order
        .into_iter()
        .find_map(|(_, _, v)| graph.next_leaf(v, weight, seed))
}

/// Runs `songo book build`.
pub fn run(a: &BuildArgs) -> Result<(), BookCliError> {
    let variants = variants(&a.variants);
    let mut graph = Graph::from_book(&file::read_or_empty(&a.out)?);
    let limit = match (a.depth, a.nodes) {
        (_, Some(n)) => Limit::Nodes(n),
        (d, None) => Limit::Depth(d.unwrap_or(DEFAULT_DEPTH)),
    };
    let threads = match a.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t,
    };
    let mut scorer = Scorer::new(limit, threads.min(MAX_WORKERS))?;
    let bar = match a.positions {
        Some(n) => songo_cli::progress::bar(n as u64, "book"),
        None => songo_cli::progress::spinner("book"),
    };
    let started = Instant::now();
    let at_start = graph.len();
    let (mut last_save, mut unsaved) = (Instant::now(), 0u64);
    let stop = loop {
        bar.set_position(graph.len() as u64);
        if a.positions.is_some_and(|n| graph.len() >= n) {
            break Stop::Positions;
        }
        if a.time.is_some_and(|t| started.elapsed() >= t) {
            break Stop::Time;
        }
        let Some(leaf) = next_leaf(&graph, &variants, a.weight, a.seed) else {
            break Stop::Complete;
        };
        bar.set_message(format!(
            "{}: ply {}, priority {:.1}",
            leaf.variant,
            leaf.path.len(),
            leaf.plies()
        ));
        let moves = scorer.score_moves(&graph, leaf.variant, &leaf.position)?;
        graph.expand(&leaf, &moves);
        unsaved += 1;
        if unsaved >= SAVE_EVERY || last_save.elapsed() >= SAVE_INTERVAL {
            file::write(&a.out, &graph.to_book())?;
            (last_save, unsaved) = (Instant::now(), 0);
        }
    };
    let book = graph.to_book();
    file::write(&a.out, &book)?;
    bar.finish_and_clear();
    let added = graph.len() - at_start;
    let secs = started.elapsed().as_secs_f64();
    errln!(
        "{}: {} positions ({added} added in {secs:.1} s, {:.2} s each); {}",
        a.out.display(),
        graph.len(),
        secs / added.max(1) as f64,
        match stop {
            Stop::Positions => "--positions reached",
            Stop::Time => "--time is up",
            Stop::Complete => "nothing left to expand",
        }
    );
    let stats = BookStats::of(&book);
    for s in stats
        .variants
        .iter()
        .filter(|s| variants.contains(&s.variant))
    {
        print_variant(s)?;
    }
    Ok(())
}

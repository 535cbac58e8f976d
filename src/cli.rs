//! The command-line tools. Each subcommand parses its arguments into types
//! and calls the library; nothing here knows the rules.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};

use crate::engine::{Engine, Output};
use crate::{Position, Variant};

#[derive(Parser, Debug)]
#[command(
    name = "songo",
    version,
    about = "A strong engine for Songo, the mancala game of the Fang and Beti",
    long_about = "A strong engine for Songo, the mancala game of the Fang and Beti.\n\n\
                  Without a subcommand it speaks the engine protocol on standard input and\n\
                  output (see protocol.md), so GUIs and tournament managers can use it.",
    after_help = "Examples:\n  songo perft --variant songo40 --depth 8\n  \
                  songo perft --variant songo36-amateur --fen \"5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg\" --depth 6"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaves of the legal-move tree, split by first move.
    #[command(
        after_help = "Example:\n  songo perft --variant songo40 --depth 11\n\n\
                            Prints one line 'MOVE: COUNT' per legal move, then 'Nodes searched: TOTAL';\n\
                            the speed goes to standard error."
    )]
    Perft(PerftArgs),
    /// Search a fixed set of positions; the node count is the search's signature.
    #[command(after_help = "Example:\n  songo bench\n  songo bench --depth 8\n\n\
                            The last line is 'N nodes X nps'. N changes only when the search changes.")]
    Bench(BenchArgs),
    /// Endgame tablebases: generate them, or look a position up.
    #[command(subcommand)]
    Tb(crate::tb::cli::TbCommand),
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth for every position.
    #[arg(long, short = 'd', default_value_t = crate::bench::BENCH_DEPTH)]
    pub depth: u32,
}

/// The variant and position most tools start from.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// Rule variant: songo36-beginner, songo36-amateur or songo40.
    #[arg(long, short = 'v', default_value = "songo40")]
    pub variant: Variant,
    /// Position string (five fields, see RULES); default: the start position.
    #[arg(long, value_name = "POSITION")]
    pub fen: Option<Position>,
}

impl PositionArgs {
    pub fn position(&self) -> Position {
        self.fen.unwrap_or_else(Position::startpos)
    }
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    /// Depth in plies.
    #[arg(long, short = 'd')]
    pub depth: u32,
}

/// Runs the command line; returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None => {
            let mut engine = Engine::new(Output::new(Box::new(std::io::stdout())));
            engine.run(std::io::stdin().lock());
            ExitCode::SUCCESS
        }
        Some(Command::Perft(args)) => perft(&args),
        Some(Command::Tb(command)) => crate::tb::cli::run(command),
        Some(Command::Bench(args)) => {
            let r = crate::bench::run(args.depth, &mut |i, p, n| {
                eprintln!("position {:>2}: {p}: {n} nodes", i + 1)
            });
            println!("{} nodes {} nps", r.nodes, r.nps());
            ExitCode::SUCCESS
        }
    }
}

fn perft(args: &PerftArgs) -> ExitCode {
    let (v, p) = (args.at.variant, args.at.position());
    let start = Instant::now();
    let mut total = 0;
    for (m, count) in p.divide(v, args.depth) {
        println!("{m}: {count}");
        total += count;
    }
    if args.depth == 0 {
        total = 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!("Nodes searched: {total}");
    eprintln!(
        "{total} leaves in {:.3} s: {:.1} M leaves/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}

//! The command-line tools. Each subcommand parses its arguments into types
//! and calls the library; nothing here knows the rules.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};

use crate::{Position, Variant};

#[derive(Parser, Debug)]
#[command(
    name = "songo",
    version,
    about = "A strong engine for Songo, the mancala game of the Fang and Beti",
    long_about = "A strong engine for Songo, the mancala game of the Fang and Beti.\n\n\
                  Without a subcommand it prints the start position and its legal moves.",
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
    #[command(after_help = "Example:\n  songo perft --variant songo40 --depth 11\n\n\
                            Prints one line 'MOVE: COUNT' per legal move, then 'Nodes searched: TOTAL';\n\
                            the speed goes to standard error.")]
    Perft(PerftArgs),
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
            let p = Position::startpos();
            let v = Variant::Songo40;
            println!("{v} start position: {p}");
            println!("legal moves: {}", p.legal_moves(v));
            ExitCode::SUCCESS
        }
        Some(Command::Perft(args)) => perft(&args),
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

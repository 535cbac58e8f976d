//! `songo book …`: opening books (the format and probing are
//! `songo-book`'s). One module per subcommand ([`build`], [`probe`],
//! [`openings`], and `stats` here), over the book as a graph being grown
//! ([`graph`]), the engine's searches of a new position ([`scorer`]), the
//! files ([`file`](mod@file)) and statistics as text ([`report`]).

pub mod build;
pub mod file;
pub mod graph;
pub mod openings;
pub mod probe;
pub mod report;
pub mod scorer;

use std::path::PathBuf;

use clap::{Args, Subcommand};

pub use file::BookFileError;
pub use scorer::ScorerError;
use songo_cli::args::MovesError;
use songo_cli::output::StdoutError;

/// Why a book command failed.
#[derive(Debug, thiserror::Error)]
pub enum BookCliError {
    /// A book file missing, damaged, or that cannot be written.
    #[error(transparent)]
    File(#[from] BookFileError),
    /// The searches of a build could not run.
    #[error(transparent)]
    Scorer(#[from] ScorerError),
    /// `--moves` of `songo book probe`.
    #[error(transparent)]
    Moves(#[from] MovesError),
    /// `songo book openings --out`: the openings file could not be written.
    #[error("cannot write the openings file {}", path.display())]
    Openings {
        /// The openings file.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
    /// Standard output could not be written (or its reader went away).
    #[error(transparent)]
    Stdout(#[from] StdoutError),
}

/// The subcommands of `songo book`.
#[derive(Subcommand, Debug)]
pub enum BookCommand {
    /// Grow a book by drop-out expansion over the engine's searches.
    #[command(after_help = build::AFTER_HELP)]
    Build(build::BuildArgs),
    /// A position's book moves, best first, with their scores.
    #[command(after_help = probe::AFTER_HELP)]
    Probe(probe::ProbeArgs),
    /// What a book holds: its size and, per variant, its positions, main
    /// line and positions per ply.
    #[command(after_help = STATS_AFTER_HELP)]
    Stats(StatsArgs),
    /// Balanced openings from a book, for songo match --openings.
    #[command(after_help = openings::AFTER_HELP)]
    Openings(openings::OpeningsArgs),
}

const STATS_AFTER_HELP: &str = "Examples:\n  \
    songo book stats\n  \
    songo book stats --book my.book\n\n\
    Prints the book's positions, moves and file bytes, then for each variant the positions\n\
    reached from its start by book moves, the main line (the best move of each position,\n\
    while the book has it) and how many positions each ply has (from ply 0, the start).";

/// The arguments of `songo book stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    /// The book file (default: the book compiled into songo).
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
}

/// Runs a `songo book` subcommand.
pub fn run(command: BookCommand) -> Result<(), BookCliError> {
    match command {
        BookCommand::Build(a) => build::run(&a),
        BookCommand::Probe(a) => probe::run(&a),
        BookCommand::Stats(a) => stats(&a),
        BookCommand::Openings(a) => openings::run(&a),
    }
}

/// `songo book stats`.
fn stats(a: &StatsArgs) -> Result<(), BookCliError> {
    let book = file::read_or_embedded(a.book.as_deref())?;
    let name = match &a.book {
        Some(path) => path.display().to_string(),
        None => "the embedded book".to_string(),
    };
    report::print_book(&name, &songo_book::BookStats::of(&book))?;
    Ok(())
}

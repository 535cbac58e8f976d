//! `songo book probe`: a position's book moves, best first.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use serde::Serialize;
use songo_book::BookMove;
use songo_core::{Game, Position, Variant};

use super::file;
use super::BookCliError;
use songo_cli::args::play_moves;
use songo_cli::args::PositionArgs;
use songo_cli::json::MoveText;
use songo_cli::outln;
use songo_cli::output::StdoutError;

/// The text after `songo book probe --help`: examples and what is printed.
pub const AFTER_HELP: &str = "Examples:\n  \
    songo book probe --variant songo40\n  \
    songo book probe --book my.book --variant songo40 --fen \"5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg\"\n  \
    songo book probe --variant songo36-amateur --moves \"E a\" --json\n\n\
    Prints the position, then one line per book move, best first: its score for the side\n\
    to move in centiseeds and in seeds, the depth behind it and how many expansions of the\n\
    book went through it. A position the book does not have prints 'not in the book' and\n\
    still exits with 0 (with --json: \"moves\":[]). Without --book, the book compiled into\n\
    songo.";

/// The arguments of `songo book probe`.
#[derive(Args, Debug)]
pub struct ProbeArgs {
    /// The book file (default: the book compiled into songo).
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
    /// The position to start from: the variant and `--fen`.
    #[command(flatten)]
    pub at: PositionArgs,
    /// Moves to play first, from the start position or from --fen
    /// (letters A-G/a-g, or 1-7 for the pits of the player to move).
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
    /// One JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// `--json`: the position and its book moves.
#[derive(Serialize)]
struct JsonProbe {
    variant: String,
    position: String,
    /// Whether the book has the position.
    in_book: bool,
    moves: Vec<JsonMove>,
}

#[derive(Serialize)]
struct JsonMove {
    #[serde(rename = "move")]
    mv: MoveText,
    /// Centiseeds for the side to move.
    score: i16,
    /// The same for a person: `+0.35`, `win in 3`.
    seeds: String,
    depth: u8,
    visits: u32,
}

impl JsonMove {
    fn of(m: &BookMove) -> JsonMove {
        JsonMove {
            mv: MoveText(m.mv),
            score: m.score,
            seeds: songo_protocol::score_text::seeds(m.score as i32),
            depth: m.depth,
            visits: m.visits,
        }
    }
}

/// The position probed: `--fen` (or the start) after `--moves`.
fn position(args: &ProbeArgs) -> Result<(Variant, Position), BookCliError> {
    let mut game = Game::new(args.at.variant, args.at.position());
    if let Some(moves) = &args.moves {
        play_moves(&mut game, moves)?;
    }
    Ok((game.variant(), game.position()))
}

/// Runs `songo book probe`.
pub fn run(args: &ProbeArgs) -> Result<(), BookCliError> {
    let (v, p) = position(args)?;
    let book = file::read_or_embedded(args.book.as_deref())?;
    let moves = book.probe(v, &p).unwrap_or_default();
    if args.json {
        let json = JsonProbe {
            variant: v.to_string(),
            position: p.to_string(),
            in_book: !moves.is_empty(),
            moves: moves.iter().map(JsonMove::of).collect(),
        };
        let mut out = std::io::stdout().lock();
        serde_json::to_writer(&mut out, &json)
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(out))
            .and_then(|()| out.flush())
            .map_err(StdoutError)?;
        return Ok(());
    }
    if moves.is_empty() {
        return Ok(outln!("{v} {p}: not in the book")?);
    }
    outln!("{v} {p}: {} book moves", moves.len())?;
    outln!("move   score    seeds  depth  visits")?;
    for m in moves {
        outln!(
            "{:<4} {:>7} {:>8} {:>6} {:>7}",
            m.mv.to_string(),
            m.score,
            songo_protocol::score_text::seeds(m.score as i32),
            m.depth,
            m.visits
        )?;
    }
    Ok(())
}

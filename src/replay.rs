//! `songo replay`: reads a game-record file (protocol.md, "Game records"),
//! checks every game, and prints each game's tags and result, and with
//! `--boards` the board after every move.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::board::board_lines;
use songo_core::game::Game;
use songo_core::record::{parse_records, GameRecord, GameResult};

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The record file (PGN-style, many games).
    pub file: PathBuf,
    /// Only game N (counting from 1).
    #[arg(long, short = 'g', value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub game: Option<u64>,
    /// Print the board before the first move and after every move.
    #[arg(long, short = 'b')]
    pub boards: bool,
}

/// Runs the command; every problem is a message on standard error and exit code 1.
pub fn run(args: &ReplayArgs) -> ExitCode {
    match replay(args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("songo replay: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The whole output, or the error message.
fn replay(args: &ReplayArgs) -> Result<String, String> {
    let path = args.file.display();
    let text =
        std::fs::read_to_string(&args.file).map_err(|e| format!("cannot read {path}: {e}"))?;
    // Reading replays and checks every move of every game.
    let records = parse_records(&text).map_err(|e| {
        let game = if e.game > 0 {
            format!("game {}: ", e.game)
        } else {
            String::new()
        };
        format!("{path}:{}: {game}{}", e.line, e.kind)
    })?;
    let mut out = String::new();
    match args.game {
        Some(n) => {
            let index = usize::try_from(n - 1).unwrap_or(usize::MAX);
            let record = records.get(index).ok_or_else(|| {
                format!("{path} has {} games: there is no game {n}", records.len())
            })?;
            show(&mut out, n as usize, record, args.boards);
        }
        None => {
            for (i, record) in records.iter().enumerate() {
                show(&mut out, i + 1, record, args.boards);
            }
            out.push_str(&totals(&records));
        }
    }
    Ok(out)
}

fn show(out: &mut String, number: usize, r: &GameRecord, boards: bool) {
    out.push_str(&format!(
        "Game {number}: {} (South) vs {} (North)\n",
        r.south, r.north
    ));
    for (name, value) in r.tags() {
        if name != "Result" && name != "Termination" {
            out.push_str(&format!("  {name}: {value}\n"));
        }
    }
    out.push_str(&format!("  Result: {} ({})\n", r.result, r.termination));
    for line in r.movetext(76).lines() {
        out.push_str(&format!("  {line}\n"));
    }
    if boards {
        let mut game = Game::new(r.variant, r.start);
        out.push_str("\nStart:\n");
        out.push_str(&board_lines(&game));
        for (ply, &m) in r.moves.iter().enumerate() {
            // Parsing already replayed these moves, so none can fail here.
            if game.play(m).is_err() {
                break;
            }
            let label = r.ply_label(ply).unwrap_or_default();
            out.push_str(&format!("\nAfter {label}:\n"));
            out.push_str(&board_lines(&game));
        }
    }
    out.push('\n');
}

fn totals(records: &[GameRecord]) -> String {
    let count = |result| records.iter().filter(|r| r.result == result).count();
    let games = match records.len() {
        1 => "1 game".to_string(),
        n => format!("{n} games"),
    };
    format!(
        "{games}: {} South wins, {} North wins, {} draws, {} unfinished\n",
        count(GameResult::SouthWins),
        count(GameResult::NorthWins),
        count(GameResult::Draw),
        count(GameResult::Unfinished)
    )
}

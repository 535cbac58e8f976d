//! `songo replay`: reads a game-record file (protocol.md, "Game records"),
//! checks every game, and prints each game's tags and result, and with
//! `--boards` the board after every move. It reads songo's own records and
//! other tools' PGN (cutegames'), whose games may lack a `Variant` tag: then
//! `--variant` says which variant they are.

use std::path::{Path, PathBuf};

use clap::Args;
use thiserror::Error;

use songo_core::game::Game;
use songo_core::record::{GameRecord, GameResult, ReadGame};
use songo_core::Variant;
use songo_protocol::board::board_lines;

pub use songo_cli::records::{load_games, RecordFileError};

/// The long help's epilogue (`songo replay --help`).
pub const AFTER_HELP: &str = "\
Examples:
  songo replay games.pgn
  songo replay games.pgn --game 3 --boards
  songo replay --variant songo40 cutegames.pgn

Prints each game's tags, result and moves, then the totals; with --boards
also the board after every move. A malformed file or an illegal move is
reported with its line number and the exit code is 3 (1 when the file
cannot be read).

Accepted: songo's own records (protocol.md, \"Game records\") and the PGN of
other tools such as the UGI tournament manager cutegames. The file is UTF-8
text: a byte order mark is skipped, lines end in LF, CRLF or CR, and bytes
that are not UTF-8 or control characters other than tab are an error naming
their line. Other tools' differences are accepted:
  - no Variant tag: the game is played as --variant (said on standard error);
    without --variant it is an error;
  - no Termination tag: taken from the board (the rules' reason for a
    finished game, 'unterminated' for *), or from cutegames' Adjudicated tag
    ('Out of time' is a time forfeit);
  - no Event, South, North or TimeControl tag: '?' (White and Black, as
    cutegames names the players by default, are read as South and North);
    no PlyCount: not checked; no Result tag: the result token;
  - FEN as a position string or 'startpos'; any other tag (Site, Date \"??\",
    Round, Winner, ...) is kept; results 1-0, 0-1, 1/2-1/2 and *.
The moves and results are checked as strictly as in songo's own records.";

#[derive(Args, Debug)]
#[command(after_long_help = AFTER_HELP)]
pub struct ReplayArgs {
    /// The record file: songo's own records or another tool's PGN (many games).
    pub file: PathBuf,
    /// Only game N (counting from 1).
    #[arg(long, short = 'g', value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub game: Option<u64>,
    /// Print the board before the first move and after every move.
    #[arg(long, short = 'b')]
    pub boards: bool,
    /// The variant of games without a Variant tag (cutegames' PGN has none):
    /// songo36-beginner, songo36-amateur or songo40. A game's own Variant tag
    /// wins.
    #[arg(long, short = 'v', value_name = "VARIANT")]
    pub variant: Option<Variant>,
}

/// Why `songo replay` could not show the games.
#[derive(Debug, Error)]
pub enum ReplayError {
    /// The file, or a game in it.
    #[error(transparent)]
    File(#[from] RecordFileError),
    /// The output could not be written (its reader went away: `| head`).
    #[error(transparent)]
    Stdout(#[from] songo_cli::output::StdoutError),
}

/// What the command prints: the games on standard output, notes on
/// standard error.
#[derive(Debug, Default)]
struct Replayed {
    out: String,
    notes: Vec<String>,
}

/// Runs the command; notes go to standard error, the games to standard output.
pub fn run(args: &ReplayArgs) -> Result<(), ReplayError> {
    let Replayed { out, notes } = replay(args)?;
    for note in notes {
        songo_cli::errln!("songo replay: {note}");
    }
    Ok(songo_cli::out!("{out}")?)
}

fn replay(args: &ReplayArgs) -> Result<Replayed, ReplayError> {
    let path = args.file.as_path();
    let games = load_games(path, args.variant, args.game)?;
    let mut replayed = Replayed::default();
    let shown: Vec<(usize, &ReadGame)> = games.iter().map(|(n, g)| (*n, g)).collect();
    if let Some(note) = variant_note(path, &shown, args.variant) {
        replayed.notes.push(note);
    }
    for &(number, game) in &shown {
        show(&mut replayed.out, number, game, args.boards);
    }
    if args.game.is_none() {
        let records: Vec<&GameRecord> = games.iter().map(|(_, g)| &g.record).collect();
        replayed.out.push_str(&totals(&records));
    }
    Ok(replayed)
}

/// The note for the shown games that had no Variant tag, if any.
pub(crate) fn variant_note(
    path: &Path,
    shown: &[(usize, &ReadGame)],
    variant: Option<Variant>,
) -> Option<String> {
    // Without --variant a game without the tag is a reading error.
    let variant = variant?;
    let lacking: Vec<usize> = shown
        .iter()
        .filter(|(_, g)| g.lacks("Variant"))
        .map(|&(n, _)| n)
        .collect();
    let path = path.display();
    match (lacking.len(), shown.len()) {
        (0, _) => None,
        (1, 1) => Some(format!(
            "{path}: no Variant tag: playing it as {variant} (--variant)"
        )),
        (1, _) => Some(format!(
            "{path}: game {} has no Variant tag: playing it as {variant} (--variant)",
            lacking[0]
        )),
        (k, n) if k == n => Some(format!(
            "{path}: no Variant tag in the {n} games: playing them as {variant} (--variant)"
        )),
        (k, n) => Some(format!(
            "{path}: no Variant tag in {k} of the {n} games: playing them as {variant} (--variant)"
        )),
    }
}

fn show(out: &mut String, number: usize, game: &ReadGame, boards: bool) {
    let r = &game.record;
    out.push_str(&format!(
        "Game {number}: {} (South) vs {} (North)\n",
        r.south, r.north
    ));
    for (name, value) in r.tags() {
        if name != "Result" && name != "Termination" {
            out.push_str(&format!("  {name}: {value}\n"));
        }
    }
    let derived = if game.lacks("Termination") {
        "; no Termination tag: derived"
    } else {
        ""
    };
    out.push_str(&format!(
        "  Result: {} ({}{derived})\n",
        r.result, r.termination
    ));
    for line in r.movetext(76).lines() {
        out.push_str(&format!("  {line}\n"));
    }
    if boards {
        let mut game = Game::new(r.variant, r.start);
        out.push_str("\nStart:\n");
        out.push_str(&board_lines(&game));
        for (ply, &m) in r.moves.iter().enumerate() {
            // Reading already replayed these moves, so none can fail here.
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

fn totals(records: &[&GameRecord]) -> String {
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

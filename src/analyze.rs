//! `songo analyze`: one position, searched deeper and deeper, for a person
//! (a board and a table of lines) or for a program (`--json`, one object per
//! line).
//!
//! The JSON objects, one per line, each with a `"type"` (docs/json.md):
//!
//! - `"position"`, first: `variant`, `position` (the five-field string),
//!   `side` (`"south"`/`"north"`), `moves` (the `--moves` played, letters),
//!   `legal` (the legal moves), `over` (whether the game has ended).
//! - `"info"`, one per finished line and per aspiration failure: `depth`,
//!   `seldepth`, `multipv` (1-based), `score` (`{"cp": N}` in hundredths of
//!   a seed for the side to move, or `{"mate": N}`: a forced end won in N
//!   of its own moves, lost if negative), `bound` (`"exact"`, `"lower"`,
//!   `"upper"`), `wdl` (`[win, draw, loss]` in permille, the engine's
//!   estimate), `nodes`, `nps`, `time_ms`, `hashfull` (permille), `pv`
//!   (moves as letters).
//! - `"tablebase"`, second, only with `--tablebases`: `text` (the verdict
//!   as `d` writes it), `result` (`{"worst": W, "best": B}` with W and B
//!   each `"win"`, `"draw"` or `"loss"`, for the side to move; null where
//!   the tables do not speak), `moves` (per legal move, `{"move", "result"}`
//!   with the result for the same side; empty when `result` is null).
//! - `"bestmove"`, last: `move` (null when the game is over), `ponder`
//!   (null if none), `score`, `depth`, `nodes`, `time_ms`, and `result` and
//!   `reason` when the game is already over (otherwise null).
//!
//! Each object is a [`JsonLine`], written by serde_json: the keys in the
//! order of its fields (tests/json_schema.rs pins them).

use std::fmt::Write as _;
use std::io::Write as _;
use std::time::{Duration, Instant};

use clap::Args;
use serde::Serialize;

use crate::score_text::{self, JsonScore};
use songo_cli::args::PositionArgs;
use songo_cli::args::{play_moves, MovesError};
use songo_cli::json::MoveText;
use songo_cli::output::StdoutError;
use songo_cli::{errln, outln};
use songo_core::game::{Game, GameStatus};
use songo_core::moves::Move;
use songo_core::score::WinDrawLoss;
use songo_core::score::MAX_PLY;
use songo_engine::options::{
    OptionError, Setting, HASH_DEFAULT_MB, HASH_MAX_MB, MULTIPV_MAX, THREADS_MAX,
};
use songo_engine::search::{Info, ScoreBound};
use songo_engine::Limits;
use songo_engine::{Engine, EngineError, Event};
use songo_protocol::board::{board_lines, tablebase_line};
use songo_tb::{Tablebases, TbValue};

/// Depth searched when neither `--depth` nor `--movetime` is given: about a
/// second from the opening on this project's reference machine, far less in
/// endgames.
pub const DEFAULT_DEPTH: u32 = 16;

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub at: PositionArgs,
    /// Moves to play first, from the start position or from --fen
    /// (letters A-G/a-g, or 1-7 for the pits of the player to move).
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
    /// Search this many plies deep [default: 16 when no --movetime].
    #[arg(long, short = 'd', conflicts_with = "movetime",
          value_parser = clap::value_parser!(u32).range(1..MAX_PLY as i64))]
    pub depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Number of best lines to show.
    #[arg(long, default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=MULTIPV_MAX as i64))]
    pub multipv: u32,
    /// Search threads.
    #[arg(long, default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=THREADS_MAX as i64))]
    pub threads: u32,
    /// Transposition table size in MB.
    #[arg(long, value_name = "MB", default_value_t = HASH_DEFAULT_MB as u64,
          value_parser = clap::value_parser!(u64).range(1..=HASH_MAX_MB as u64))]
    pub hash: u64,
    /// One JSON object per line instead of the table (fields: see docs/json.md).
    #[arg(long)]
    pub json: bool,
    /// Endgame tablebases (made by `songo tb generate`): shows their verdict
    /// on the position and on each move, and the search uses them.
    #[arg(long, value_name = "DIR")]
    pub tablebases: Option<std::path::PathBuf>,
}

pub const AFTER_HELP: &str = "Examples:\n  \
    songo analyze --variant songo36-amateur --moves \"C d\"\n  \
    songo analyze --fen \"13,1,14,3,5,0,2/10,3,0,2,1,1,9 s 0 6 -\" --movetime 3000 --multipv 3\n  \
    songo analyze --depth 12 --json\n  \
    songo analyze --variant songo40 --fen \"0,0,3,0,1,2,0/1,0,0,2,1,0,4 s 30 26 -\" --tablebases tb\n\n\
    Prints the board, then one line per finished depth: score in seeds for the side\n\
    to move ('win in N' / 'loss in N' for a forced end), win/draw/loss estimate in\n\
    percent, nodes, speed, time and the principal variation; then the best move.\n\
    Without --depth or --movetime it searches to depth 16. With --tablebases the board\n\
    is followed by the tables' verdict on the position and after each move.\n\
    --json fields are listed in docs/json.md.";

/// What went wrong in `songo analyze`.
#[derive(Debug, thiserror::Error)]
pub enum AnalyzeError {
    #[error(transparent)]
    Moves(#[from] MovesError),
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error("--tablebases")]
    Tablebases(#[source] OptionError),
    #[error(transparent)]
    Stdout(#[from] StdoutError),
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error("the engine ended without an answer")]
    NoAnswer,
}

fn move_texts(moves: impl IntoIterator<Item = Move>) -> Vec<MoveText> {
    moves.into_iter().map(MoveText).collect()
}

/// One line of `songo analyze --json`: an object whose `"type"` is the
/// variant's name in lower case, then its fields in order.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum JsonLine {
    /// First: the position analysed.
    Position {
        variant: &'static str,
        /// The five-field position string.
        position: String,
        /// `"south"` or `"north"`.
        side: String,
        /// The `--moves` played.
        moves: Vec<MoveText>,
        legal: Vec<MoveText>,
        /// Whether the game has already ended.
        over: bool,
    },
    /// Second, with `--tablebases` only: the tables' verdict.
    Tablebase {
        /// The verdict as `d` writes it.
        text: String,
        /// For the side to move; `None` where the tables do not speak.
        result: Option<JsonRange>,
        /// After each legal move, for the same side; empty when `result`
        /// is `None`.
        moves: Vec<JsonTbMove>,
    },
    /// One per finished line and per aspiration failure.
    Info {
        depth: u32,
        seldepth: u32,
        /// From 1.
        multipv: usize,
        score: JsonScore,
        /// `"exact"`, `"lower"` or `"upper"`.
        bound: &'static str,
        /// The engine's estimate `[win, draw, loss]`, permille.
        wdl: [u32; 3],
        nodes: u64,
        nps: u64,
        time_ms: u64,
        /// Permille.
        hashfull: u32,
        pv: Vec<MoveText>,
    },
    /// Last: the best move, or the result of a game already over.
    Bestmove {
        #[serde(rename = "move")]
        best: Option<MoveText>,
        ponder: Option<MoveText>,
        score: Option<JsonScore>,
        depth: u32,
        nodes: u64,
        time_ms: u64,
        /// `"1-0"`, `"0-1"` or `"1/2-1/2"` when the game is already over.
        result: Option<&'static str>,
        /// Why the game is over.
        reason: Option<&'static str>,
    },
}

/// A tablebase verdict from its worst to its best (equal when exact):
/// `"win"`, `"draw"` or `"loss"`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct JsonRange {
    pub worst: &'static str,
    pub best: &'static str,
}

impl JsonRange {
    fn new(worst: TbValue, best: TbValue) -> JsonRange {
        JsonRange {
            worst: worst.name(),
            best: best.name(),
        }
    }
}

/// The verdict after one move.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct JsonTbMove {
    #[serde(rename = "move")]
    pub played: MoveText,
    pub result: Option<JsonRange>,
}

/// A count with a unit prefix: `950`, `12.3k`, `4.56M`.
fn short_count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.2}M", n as f64 / 1e6),
    }
}

/// The JSON `info` object of one line.
pub fn json_info(info: &Info, variant: songo_core::Variant) -> JsonLine {
    let (w, d, l) = WinDrawLoss::estimate(info.score, variant).permille();
    JsonLine::Info {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv,
        score: score_text::json(info.score),
        bound: score_text::bound_name(info.bound),
        wdl: [w, d, l],
        nodes: info.nodes,
        nps: songo_engine::nps(info.nodes, info.time),
        time_ms: millis(info.time),
        hashfull: info.hashfull,
        pv: move_texts(info.pv.iter().copied()),
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// The table header of the human output, aligned with [`text_info`].
fn header() -> String {
    format!(
        "{:>5} {:>10}  {:<9} {:>8} {:>7} {:>7} pv",
        "depth", "score", "W/D/L %", "nodes", "nps", "time"
    )
}

/// One table row of the human output.
pub fn text_info(info: &Info, variant: songo_core::Variant, multipv: bool) -> String {
    let (w, d, l) = WinDrawLoss::estimate(info.score, variant).percent();
    let bound = match info.bound {
        ScoreBound::Exact => "  ",
        ScoreBound::Lower => ">=",
        ScoreBound::Upper => "<=",
    };
    let wdl = format!("{w}/{d}/{l}");
    let mut s = format!(
        "{:>5} {bound}{:>8}  {wdl:<9} {:>8} {:>7} {:>6.2}s ",
        format!("{:>2}/{:<2}", info.depth, info.seldepth),
        score_text::seeds(info.score),
        short_count(info.nodes),
        short_count(songo_engine::nps(info.nodes, info.time)),
        info.time.as_secs_f64(),
    );
    if multipv {
        let _ = write!(s, "#{} ", info.multipv);
    }
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    s.push_str(&pv.join(" "));
    s
}

/// The verdicts after each legal move, as `A win, B draw, …`, when the
/// tables cover them all and the history lets them speak.
fn tablebase_moves(tb: &Tablebases, game: &Game) -> Option<String> {
    tb.probe_game(game)?;
    let verdicts = tb.probe_moves(&game.position(), game.variant());
    let items: Option<Vec<String>> = verdicts
        .into_iter()
        .map(|(m, r)| r.map(|(worst, best)| format!("{m} {}", wdl_range(worst, best))))
        .collect();
    Some(items?.join(", "))
}

fn wdl_range(worst: TbValue, best: TbValue) -> String {
    if worst == best {
        worst.to_string()
    } else {
        format!("{worst} to {best}")
    }
}

/// The JSON `tablebase` object: the verdict on the position for the side to
/// move (`None` where the tables do not speak) and after each move.
fn json_tablebase(tb: &Tablebases, game: &Game) -> JsonLine {
    let verdict = tb.probe_game(game);
    let moves = match verdict {
        Some(_) => tb
            .probe_moves(&game.position(), game.variant())
            .into_iter()
            .map(|(m, r)| JsonTbMove {
                played: MoveText(m),
                result: r.map(|(w, b)| JsonRange::new(w, b)),
            })
            .collect(),
        None => Vec::new(),
    };
    JsonLine::Tablebase {
        text: tablebase_line(tb, game),
        result: verdict.map(|v| JsonRange::new(v.worst, v.best)),
        moves,
    }
}

/// Writes one line to standard output. A closed output (`| head`) is an
/// error for the caller to stop on, never a panic.
fn say(text: &str) -> Result<(), AnalyzeError> {
    Ok(outln!("{text}")?)
}

/// Writes one JSON object as a line to standard output.
fn say_json(line: &JsonLine) -> Result<(), AnalyzeError> {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer(&mut out, line)
        .map_err(std::io::Error::from)
        .and_then(|()| writeln!(out))
        .and_then(|()| out.flush())
        .map_err(StdoutError)?;
    Ok(())
}

/// Runs `songo analyze`.
pub fn run(args: &AnalyzeArgs) -> Result<(), AnalyzeError> {
    let v = args.at.variant;
    let mut game = Game::new(v, args.at.position());
    if let Some(moves) = &args.moves {
        play_moves(&mut game, moves)?;
    }
    let (mut engine, events) = Engine::with_channel();
    for setting in [
        Setting::Variant(v),
        Setting::Hash(args.hash as usize),
        Setting::Threads(args.threads as usize),
        Setting::MultiPv(args.multipv as usize),
        // Nothing to communicate with: the whole movetime is thinking time.
        Setting::MoveOverhead(Duration::ZERO),
        // An analysis is a search, also of a position the book has.
        Setting::OwnBook(false),
    ] {
        engine.apply(setting)?;
    }
    if let Some(dir) = &args.tablebases {
        engine
            .set_tablebases(dir)
            .map_err(AnalyzeError::Tablebases)?;
    }
    engine
        .set_game(game.clone())
        .expect("the engine plays the game's variant");
    let tb = engine.tablebases();
    let limits = match args.movetime {
        Some(ms) => Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        },
        None => Limits::depth(args.depth.unwrap_or(DEFAULT_DEPTH)),
    };
    let threads = args.threads;
    let p = game.position();
    if args.json {
        say_json(&JsonLine::Position {
            variant: v.name(),
            position: p.to_string(),
            side: p.side_to_move().name().to_ascii_lowercase(),
            moves: move_texts(game.moves().iter().copied()),
            legal: move_texts(p.legal_moves(v)),
            over: game.is_over(),
        })?;
        if let Some(tb) = tb {
            say_json(&json_tablebase(tb, &game))?;
        }
    } else {
        say(&board_lines(&game))?;
        if let Some(tb) = tb {
            say(&format!("Tablebase: {}", tablebase_line(tb, &game)))?;
            if let Some(moves) = tablebase_moves(tb, &game) {
                say(&format!("Tablebase moves: {moves}"))?;
            }
        }
    }
    if let GameStatus::Over {
        outcome,
        reason,
        scores,
    } = game.status()
    {
        if args.json {
            return say_json(&JsonLine::Bestmove {
                best: None,
                ponder: None,
                score: None,
                depth: 0,
                nodes: 0,
                time_ms: 0,
                result: Some(outcome.score_text()),
                reason: Some(reason.describe()),
            });
        }
        return say(&format!(
            "No move: the game is over ({}), result {} (South {} - North {}).",
            reason.describe(),
            outcome.score_text(),
            scores[0],
            scores[1]
        ));
    }
    if !args.json {
        let limit = match args.movetime {
            Some(ms) => format!("{ms} ms"),
            None => format!("depth {}", limits.depth.unwrap_or(DEFAULT_DEPTH)),
        };
        say(&format!(
            "Analysing for {} ({limit}, {} thread{}, {} MB hash)",
            p.side_to_move(),
            threads,
            if threads == 1 { "" } else { "s" },
            args.hash
        ))?;
        say(&header())?;
    }
    let started = Instant::now();
    let multi = args.multipv > 1;
    let mut failed = None;
    engine.go(limits);
    let result = loop {
        match events.recv() {
            Ok(Event::Info(info)) if failed.is_none() => {
                let said = if args.json {
                    say_json(&json_info(&info, v))
                } else {
                    say(&text_info(&info, v, multi))
                };
                if let Err(e) = said {
                    // Nobody is reading any more: stop searching.
                    failed = Some(e);
                    engine.stop();
                }
            }
            Ok(Event::SearchDone(result)) => break result,
            Ok(Event::Problem(e @ EngineError::ThreadFailed)) => return Err(e.into()),
            Ok(Event::Problem(e)) => errln!("songo analyze: warning: {e}"),
            Ok(_) => {}
            Err(_) => return Err(AnalyzeError::NoAnswer),
        }
    };
    engine.wait();
    if let Some(e) = failed {
        return Err(e);
    }
    let time = started.elapsed();
    if args.json {
        return say_json(&JsonLine::Bestmove {
            best: result.best.map(MoveText),
            ponder: result.ponder.map(MoveText),
            score: Some(score_text::json(result.score)),
            depth: result.depth,
            nodes: result.nodes,
            time_ms: millis(time),
            result: None,
            reason: None,
        });
    }
    let best = result.best.map_or("(none)".to_string(), |m| m.to_string());
    let reply = result
        .ponder
        .map_or(String::new(), |m| format!(", expected reply {m}"));
    say(&format!(
        "Best move: {best} (score {} at depth {}{reply}; {} nodes in {:.2} s)",
        score_text::seeds(result.score),
        result.depth,
        result.nodes,
        time.as_secs_f64()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::Variant;

    #[test]
    fn json_lines_start_with_their_type() {
        let line = JsonLine::Tablebase {
            text: "a\"b\\c\ny\u{1}é".to_string(),
            result: None,
            moves: vec![JsonTbMove {
                played: MoveText("c".parse().unwrap()),
                result: Some(JsonRange::new(TbValue::Win, TbValue::Win)),
            }],
        };
        assert_eq!(
            serde_json::to_string(&line).unwrap(),
            r#"{"type":"tablebase","text":"a\"b\\c\ny\u0001é","result":null,"moves":[{"move":"c","result":{"worst":"win","best":"win"}}]}"#
        );
    }

    #[test]
    fn bad_moves_are_named_with_the_legal_ones() {
        let mut g = Game::new(Variant::Songo40, songo_core::Position::startpos());
        let e = play_moves(&mut g, "C d X").unwrap_err().to_string();
        assert!(e.contains("move 3 'X'"), "{e}");
        assert!(e.contains("legal here: A B D E F"), "{e}");
        let mut g = Game::new(Variant::Songo40, songo_core::Position::startpos());
        let e = play_moves(&mut g, "C C").unwrap_err().to_string();
        assert!(
            e.contains("move 2 'C'") && e.contains("legal: a b c d e f"),
            "{e}"
        );
        let mut g = Game::new(Variant::Songo40, songo_core::Position::startpos());
        play_moves(&mut g, "C 4").unwrap();
        assert_eq!(g.moves().len(), 2);
        assert_eq!(g.moves()[1].to_string(), "d");
    }
}

//! `songo review`: every move of a recorded game scored by an engine, the
//! inaccuracies, mistakes and blunders marked by the seeds they lost, and
//! the game written back as a record with the scores and better moves as
//! comments (or as JSON). The engine is a protocol engine, songo itself by
//! default, so any engine can review; the scoring is `songo_client::review`,
//! the same as the GUI's.

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use serde::Serialize;
use songo_client::analysis::{analyse, AnalysisError, SearchLimit};
use songo_client::review::{comment, review_game, GameReview, Thresholds, DECIDED};
use songo_client::{EngineProcess, EngineSpec, ProcessError};
use songo_core::record::{GameRecord, ReadGame};
use songo_core::{Side, Variant};
use thiserror::Error;

use crate::replay::variant_note;
use songo_cli::output::StdoutError;
use songo_cli::records::{load_games, RecordFileError};
use songo_cli::{errln, out};

/// The long help's epilogue (`songo review --help`).
pub const AFTER_HELP: &str = "\
Examples:
  songo review game.pgn > annotated.pgn
  songo review games.pgn --game 2 --movetime 500
  songo review game.pgn --json
  songo review game.pgn --engine 'cmd=/usr/bin/other-engine'

Every position of the game is searched (default: depth 12); a move's loss
is the score before it (the mover's best) less the score after it, both
from the mover's view, in seeds, and no loss when it is the engine's own
choice. Scores are bounded to +-10 seeds: past that the game is decided.
Marks: inaccuracy from 1 seed lost, mistake from 2.5, blunder from 5
(--thresholds). The output is the record with a comment after every move:
the score it kept, and for a marked move its mark, the seeds lost and the
better move, e.g. {-3.10 blunder, lost 5.20; better C}; a first comment
sums up each side's marks. songo replay and the GUI read it back. With
--json: one JSON document with every move's scores, mark and best line,
and the score curve (South's view, centiseeds); fields in docs/json.md.

A progress bar goes to standard error when it is a terminal.";

#[derive(Args, Debug)]
#[command(after_long_help = AFTER_HELP)]
pub struct ReviewArgs {
    /// The record file (songo's records or other tools' PGN).
    pub file: PathBuf,
    /// Only game N (counting from 1); default: every game of the file.
    #[arg(long, short = 'g', value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub game: Option<u64>,
    /// Search every position to this depth [default: 12].
    #[arg(long, short = 'd', value_name = "D", conflicts_with = "movetime",
          value_parser = clap::value_parser!(u32).range(1..=127))]
    pub depth: Option<u32>,
    /// Search every position this many milliseconds instead of a depth.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Write JSON instead of the annotated record.
    #[arg(long)]
    pub json: bool,
    /// Write to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The engine, as `songo match` describes one (cmd=, arg=,
    /// option.NAME=); default: this songo.
    #[arg(long, short = 'e', value_name = "SPEC")]
    pub engine: Option<EngineSpec>,
    /// Seeds lost that make an inaccuracy, a mistake and a blunder.
    #[arg(long, value_name = "I,M,B", default_value = "1,2.5,5", value_parser = parse_thresholds)]
    pub thresholds: Thresholds,
    /// The variant of games without a Variant tag (cutegames' PGN has none).
    #[arg(long, short = 'v', value_name = "VARIANT")]
    pub variant: Option<Variant>,
}

/// The default depth: a few milliseconds a position on this engine.
const DEFAULT_DEPTH: u32 = 12;

/// How long an engine may take past its move time (or, for a depth,
/// at all) before the review gives up on it.
const STALL_GRACE: Duration = Duration::from_secs(60);

/// How long the engine may take to start and answer the handshake.
const HANDSHAKE: Duration = Duration::from_secs(30);

/// `I,M,B` in seeds, increasing.
fn parse_thresholds(text: &str) -> Result<Thresholds, String> {
    let values: Vec<f64> = text
        .split(',')
        .map(|v| v.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("'{text}' is not three numbers of seeds I,M,B"))?;
    let ok = values.len() == 3
        && values.iter().all(|v| v.is_finite() && *v > 0.0)
        && values.windows(2).all(|w| w[0] <= w[1]);
    if !ok {
        return Err(format!(
            "'{text}': give three increasing positive numbers of seeds I,M,B (e.g. 1,2.5,5)"
        ));
    }
    let centiseeds = |v: f64| (v * 100.0).round().min(f64::from(2 * DECIDED)) as i32;
    Ok(Thresholds {
        inaccuracy: centiseeds(values[0]),
        mistake: centiseeds(values[1]),
        blunder: centiseeds(values[2]),
    })
}

/// Why a review failed.
#[derive(Debug, Error)]
pub enum ReviewError {
    /// The file could not be read, or holds a bad record.
    #[error(transparent)]
    Input(#[from] RecordFileError),
    /// The file is a record file with no game in it (empty, or only
    /// blank lines): there is nothing to review, which the caller should
    /// hear rather than get an empty report.
    #[error("{}: the file holds no game", path.display())]
    NoGames { path: std::path::PathBuf },
    #[error("cannot find this program to start it as the engine: {0}")]
    CurrentExe(io::Error),
    #[error("the engine could not start: {0}")]
    EngineStart(ProcessError),
    #[error("game {game}, ply {ply}: the engine failed")]
    Engine {
        game: usize,
        ply: usize,
        source: AnalysisError,
    },
    #[error("cannot write {what}")]
    Write { what: String, source: io::Error },
    /// The output could not be written (its reader went away: `| head`).
    #[error(transparent)]
    Stdout(#[from] StdoutError),
}

/// Runs the command.
pub fn run(args: &ReviewArgs) -> Result<(), ReviewError> {
    let games = load_games(&args.file, args.variant, args.game)?;
    if games.is_empty() {
        return Err(ReviewError::NoGames {
            path: args.file.clone(),
        });
    }
    let shown: Vec<(usize, &ReadGame)> = games.iter().map(|(n, g)| (*n, g)).collect();
    if let Some(note) = variant_note(&args.file, &shown, args.variant) {
        errln!("songo review: {note}");
    }
    let limit = match (args.depth, args.movetime) {
        (_, Some(ms)) => SearchLimit::MoveTime(Duration::from_millis(ms)),
        (depth, None) => SearchLimit::Depth(depth.unwrap_or(DEFAULT_DEPTH)),
    };
    let spec = without_book(args.engine.clone().unwrap_or_else(EngineSpec::this_program));
    let own = std::env::current_exe().map_err(ReviewError::CurrentExe)?;
    let mut engine = EngineProcess::start(&spec, &own).map_err(ReviewError::EngineStart)?;
    let mut reviewed = Vec::with_capacity(games.len());
    let mut prepared_for = None;
    for (number, game) in games {
        let record = &game.record;
        if prepared_for != Some(record.variant) {
            let setup = if prepared_for.is_none() {
                engine.prepare(&spec, record.variant, HANDSHAKE)
            } else {
                engine.new_game(record.variant, &spec.options, HANDSHAKE)
            };
            setup.map_err(ReviewError::EngineStart)?;
            prepared_for = Some(record.variant);
        }
        let review = review_one(&mut engine, number, &game, limit, &args.thresholds)?;
        reviewed.push((number, game, review));
    }
    engine.quit();
    let text = if args.json {
        let doc = ReviewJson {
            games: reviewed
                .iter()
                .map(|(n, g, r)| game_json(*n, &g.record, r))
                .collect(),
            limit: limit.to_string(),
            thresholds: ThresholdsJson::from(&args.thresholds),
        };
        let mut json = serde_json::to_string_pretty(&doc).map_err(|e| ReviewError::Write {
            what: "the JSON".to_string(),
            source: e.into(),
        })?;
        json.push('\n');
        json
    } else {
        reviewed
            .iter()
            .map(|(_, g, r)| format!("{}\n", annotate(&g.record, r, limit)))
            .collect()
    };
    write_out(args.output.as_ref(), &text)
}

/// `spec` with songo's opening book turned off, when the engine is this
/// songo (no `cmd=`) and its options do not set `OwnBook` themselves: a
/// review scores every position by a search of the asked depth or time,
/// which a book answer would replace by the book's score. Another engine
/// is left as described.
fn without_book(mut spec: EngineSpec) -> EngineSpec {
    let sets_book = spec
        .options
        .iter()
        .any(|(name, _)| name.trim().eq_ignore_ascii_case("OwnBook"));
    if spec.cmd.is_none() && !sets_book {
        spec.options
            .insert(0, ("OwnBook".to_string(), "false".to_string()));
    }
    spec
}

fn review_one(
    engine: &mut EngineProcess,
    number: usize,
    game: &ReadGame,
    limit: SearchLimit,
    thresholds: &Thresholds,
) -> Result<GameReview, ReviewError> {
    let record = &game.record;
    // Reading checked every move: the replay cannot fail.
    let replayed = record.replay().map_err(|e| ReviewError::Engine {
        game: number,
        ply: 0,
        source: AnalysisError::NoScore {
            line: e.to_string(),
        },
    })?;
    let bar = if io::stderr().is_terminal() {
        songo_cli::progress::bar(
            record.moves.len() as u64 + 1,
            &format!("game {number}: positions"),
        )
    } else {
        indicatif::ProgressBar::hidden()
    };
    let result = review_game(
        &replayed,
        |ply, _| {
            analyse(
                engine,
                &record.start,
                &record.moves[..ply],
                limit,
                STALL_GRACE,
            )
            .map_err(|source| ReviewError::Engine {
                game: number,
                ply,
                source,
            })
        },
        thresholds,
        |done, _| bar.set_position(done as u64),
    );
    bar.finish_and_clear();
    result
}

/// The record with the review as comments (the old comments replaced),
/// an `Annotator` tag, and a first comment summing up each side's marks.
pub fn annotate(record: &GameRecord, review: &GameReview, limit: SearchLimit) -> GameRecord {
    let mut out = record.clone();
    out.comments.clear();
    let _ = out.set_tag("Annotator", format!("songo review, {limit}"));
    let count =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let sum = |side: Side| {
        let [i, m, b] = review.counts(side);
        format!(
            "{}, {}, {}",
            count(i, "inaccuracy", "inaccuracies"),
            count(m, "mistake", "mistakes"),
            count(b, "blunder", "blunders")
        )
    };
    out.add_comment(
        0,
        &format!("South: {}; North: {}", sum(Side::South), sum(Side::North)),
    );
    for m in &review.moves {
        out.add_comment(m.ply + 1, &comment(m));
    }
    out
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::South => "south",
        Side::North => "north",
    }
}

// The JSON of `songo review --json` (docs/json.md). Its keys are in
// alphabetical order, as serde_json's untyped maps wrote them when the
// document was built from `json!`: the fields below are declared in that
// order, which is the order serde writes them in (tests/json_schema.rs
// pins it).

/// The whole document.
#[derive(Debug, Serialize)]
struct ReviewJson<'a> {
    games: Vec<GameJson<'a>>,
    /// The search of each position, as the `Annotator` tag says it.
    limit: String,
    thresholds: ThresholdsJson,
}

/// The marks' thresholds in centiseeds lost.
#[derive(Debug, Serialize)]
struct ThresholdsJson {
    blunder: i32,
    inaccuracy: i32,
    mistake: i32,
}

impl From<&Thresholds> for ThresholdsJson {
    fn from(t: &Thresholds) -> ThresholdsJson {
        ThresholdsJson {
            blunder: t.blunder,
            inaccuracy: t.inaccuracy,
            mistake: t.mistake,
        }
    }
}

/// One game's review (scores in centiseeds).
#[derive(Debug, Serialize)]
struct GameJson<'a> {
    /// The bounded score of every position, from South's view.
    curve: &'a [i32],
    /// The game's number in the file, from 1.
    game: usize,
    moves: Vec<MoveJson<'a>>,
    north: &'a str,
    result: String,
    south: &'a str,
    summary: SidesJson,
}

#[derive(Debug, Serialize)]
struct SidesJson {
    north: CountsJson,
    south: CountsJson,
}

/// How many moves of a side got each mark.
#[derive(Debug, Serialize)]
struct CountsJson {
    blunders: usize,
    inaccuracies: usize,
    mistakes: usize,
}

/// One move's review, its scores from the mover's view.
#[derive(Debug, Serialize)]
struct MoveJson<'a> {
    after: i32,
    before: i32,
    best: Option<String>,
    judgement: String,
    label: Option<String>,
    loss: i32,
    #[serde(rename = "move")]
    played: String,
    mover: &'static str,
    ply: usize,
    pv: &'a [String],
}

/// One game's review as JSON.
fn game_json<'a>(number: usize, record: &'a GameRecord, review: &'a GameReview) -> GameJson<'a> {
    let counts = |side: Side| {
        let [inaccuracies, mistakes, blunders] = review.counts(side);
        CountsJson {
            blunders,
            inaccuracies,
            mistakes,
        }
    };
    GameJson {
        curve: &review.curve,
        game: number,
        moves: review
            .moves
            .iter()
            .map(|m| MoveJson {
                after: m.after,
                before: m.before,
                best: m.best.map(|b| b.to_string()),
                judgement: m.judgement.to_string(),
                label: record.ply_label(m.ply),
                loss: m.loss,
                played: m.played.to_string(),
                mover: side_name(m.mover),
                ply: m.ply,
                pv: &m.pv,
            })
            .collect(),
        north: &record.north,
        result: record.result.to_string(),
        south: &record.south,
        summary: SidesJson {
            north: counts(Side::North),
            south: counts(Side::South),
        },
    }
}

fn write_out(path: Option<&PathBuf>, text: &str) -> Result<(), ReviewError> {
    match path {
        Some(p) => std::fs::write(p, text).map_err(|source| ReviewError::Write {
            what: p.display().to_string(),
            source,
        }),
        None => Ok(out!("{text}")?),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_parse_in_seeds() {
        let t = parse_thresholds("1,2.5,5").unwrap();
        assert_eq!(t, Thresholds::default());
        assert!(parse_thresholds("1,2").is_err());
        assert!(parse_thresholds("3,2,1").is_err());
        assert!(parse_thresholds("a,b,c").is_err());
        assert!(parse_thresholds("0,1,2").is_err());
    }

    #[test]
    fn songo_reviews_without_its_book_unless_told_otherwise() {
        let spec = |cmd: Option<&str>, options: &[(&str, &str)]| EngineSpec {
            name: "x".to_string(),
            cmd: cmd.map(PathBuf::from),
            args: Vec::new(),
            options: options
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            tc: None,
        };
        let pairs = |s: &EngineSpec| -> Vec<(String, String)> { s.options.clone() };
        let own = without_book(spec(None, &[("Hash", "64")]));
        assert_eq!(
            pairs(&own),
            [
                ("OwnBook".to_string(), "false".to_string()),
                ("Hash".to_string(), "64".to_string())
            ]
        );
        let told = spec(None, &[("ownbook", "true")]);
        assert_eq!(pairs(&without_book(told.clone())), pairs(&told));
        let other = spec(Some("/usr/bin/other"), &[]);
        assert!(without_book(other).options.is_empty());
    }
}

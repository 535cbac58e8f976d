//! What the page shows, as the room computes it: the game being played
//! ([`View`]), the analysis board ([`AnalysisView`]) and the review
//! ([`ReviewView`]). Every field is data for the page to draw; the rules
//! were applied in the room.

use std::collections::BTreeMap;

use serde::Serialize;
use songo_core::{Game, GameStatus, Outcome, Side};

use crate::book::BookView;
use crate::clock::TimeControl;
use crate::levels::LevelView;
use crate::say::Say;
use crate::score::ScoreView;
use crate::sowing::Sowing;
use crate::tablebase::TbView;

pub fn side_name(s: Side) -> String {
    s.name().to_ascii_lowercase()
}

/// `data-state` of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayState {
    /// The person is to move.
    YourMove,
    /// The engine is to move (thinking, or down and waiting for a restart).
    Thinking,
    /// The game is over.
    Over,
}

/// An engine's condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EngineStatus {
    Ready,
    Thinking,
    /// The analysis engine reviews a game (no lines on the board then).
    Reviewing,
    Failed,
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub score: String,
    /// How it ended.
    pub reason: Say,
    /// Final scores `[south, north]` (RULES 5.2).
    pub scores: [u8; 2],
    /// `south`, `north`, or none for a draw.
    pub winner: Option<String>,
    /// The loser ran out of time (`scores` are then the seeds captured
    /// so far, not a final score by the rules).
    pub on_time: bool,
    /// The loser resigned (`scores` are the seeds captured so far).
    pub resigned: bool,
}

impl ResultView {
    /// The result of `game`, if it is over.
    pub fn of(game: &Game) -> Option<ResultView> {
        match game.status() {
            GameStatus::Ongoing => None,
            GameStatus::Over {
                outcome,
                reason,
                scores,
            } => Some(ResultView {
                score: outcome.score_text().to_string(),
                reason: reason.into(),
                scores,
                winner: match outcome {
                    Outcome::Win(s) => Some(side_name(s)),
                    Outcome::Draw => None,
                },
                on_time: false,
                resigned: false,
            }),
        }
    }

    /// `loser` resigned `game`.
    pub fn resigned(game: &Game, loser: Side) -> ResultView {
        ResultView {
            reason: Say::EndResigned { side: loser.into() },
            on_time: false,
            resigned: true,
            ..ResultView::on_time(game, loser)
        }
    }

    /// `loser` ran out of time in `game`.
    pub fn on_time(game: &Game, loser: Side) -> ResultView {
        let p = game.position();
        ResultView {
            score: Outcome::Win(loser.opponent()).score_text().to_string(),
            reason: Say::EndTime { side: loser.into() },
            scores: [p.captured(Side::South), p.captured(Side::North)],
            winner: Some(side_name(loser.opponent())),
            on_time: true,
            resigned: false,
        }
    }
}

/// The clocks of a timed game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    pub tc: TimeControl,
    /// The time control as a player says it (`5+3`).
    pub label: String,
    /// Milliseconds left `[south, north]` when this view was made; the
    /// page counts the running one down until the next view.
    pub left_ms: [u64; 2],
    /// The side whose clock runs: none when the game is over.
    pub running: Option<String>,
}

/// The engine's suggestion for the person's move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HintView {
    /// The ply it is for (the number of moves played).
    pub ply: usize,
    /// `thinking`, then `ready` (or `failed`: the engine gave no move).
    pub state: &'static str,
    /// The pit suggested.
    pub pit: Option<String>,
    /// The engine's score for it, for the person.
    pub score: Option<ScoreView>,
    pub depth: Option<u32>,
    pub pv: Vec<String>,
}

/// Everything the page shows of the game being played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// Changes with every new game.
    pub game_id: u64,
    pub variant: String,
    pub variants: Vec<String>,
    /// The person's side, or `both`: two people at one board.
    pub human: String,
    /// The two people's names, South's first (none against the engine).
    pub names: Option<[String; 2]>,
    /// Between two people: the plies at which a hint was shown (the
    /// record marks them).
    pub hinted: Vec<usize>,
    pub level: u8,
    /// Every level and its measured strength, for the Level box.
    pub levels: Vec<LevelView>,
    /// The clocks, in a timed game.
    pub clock: Option<ClockView>,
    /// How long the engine thinks a move in a game without a clock, in
    /// milliseconds (at full strength; lower levels stop earlier).
    pub think_ms: u64,
    pub engine: usize,
    pub engines: Vec<String>,
    /// The position the game started from (protocol.md's string).
    pub start: String,
    /// The position string (protocol.md).
    pub position: String,
    /// Seeds in pits A–G then a–g.
    pub pits: Vec<u8>,
    /// Captured seeds `[south, north]`.
    pub captured: [u8; 2],
    pub to_move: String,
    pub state: PlayState,
    /// The pits the person may play now (none unless it is their move).
    pub legal: Vec<String>,
    /// Why each of the person's other pits may not be played now.
    pub why: BTreeMap<String, Say>,
    /// The moves from the start, and the last of them.
    pub moves: Vec<String>,
    pub last: Option<String>,
    /// How the last move's seeds went, for the animation.
    pub sowing: Option<Sowing>,
    pub result: Option<ResultView>,
    pub engine_status: EngineStatus,
    /// What went wrong with the engine, when it failed.
    pub engine_message: Option<Say>,
    /// The hint for the current position, while it is current.
    pub hint: Option<HintView>,
}

/// One line of the engine's analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineView {
    /// 1 for the best line.
    pub multipv: u32,
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub score: Option<ScoreView>,
    /// The principal variation, pit letters.
    pub pv: Vec<String>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    /// The search went as deep as it goes: the result is forced, and the
    /// depth (the engine's deepest, 127) says nothing.
    pub forced: bool,
}

/// Where the analysis board's game comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OriginView {
    /// `start` (nothing loaded), `play` (the game played), `set-up`,
    /// `record` (an uploaded file), `games` (the person's finished games).
    pub kind: &'static str,
    /// The record: the file's name, its players and which game it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub south: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub north: Option<String>,
    /// South's and North's names for a person (the person, an engine at
    /// a level, or the record's name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<[Say; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<usize>,
    /// Games in the file (to choose another).
    pub games: Vec<RecordGameView>,
    /// The moves were changed since it was loaded or copied.
    pub modified: bool,
}

/// A game of an uploaded file, for the page's list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordGameView {
    pub index: usize,
    pub south: String,
    pub north: String,
    /// The names for a person, as [`OriginView::players`].
    pub players: [Say; 2],
    pub result: String,
    pub plies: usize,
}

/// The analysis board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysisView {
    /// Changes whenever the position shown changes; lines carry it.
    pub id: u64,
    pub variant: String,
    /// The start of its game, and all its moves.
    pub start: String,
    pub moves: Vec<String>,
    /// The ply shown (0: the start), and what is there.
    pub ply: usize,
    pub position: String,
    pub pits: Vec<u8>,
    pub captured: [u8; 2],
    pub to_move: String,
    /// The legal moves there.
    pub legal: Vec<String>,
    /// The move that led there.
    pub last: Option<String>,
    /// The game's result there, if it is over.
    pub result: Option<ResultView>,
    pub origin: OriginView,
    /// Whether the engine analyses (the person's switch), and how many lines.
    pub running: bool,
    pub lines_wanted: u8,
    pub engine: String,
    pub engine_status: EngineStatus,
    pub engine_message: Option<Say>,
    /// The engine's lines on this position so far.
    pub lines: Vec<LineView>,
    /// The tables' verdicts, when `--tablebases` gave tables.
    pub tablebase: Option<TbView>,
    /// The opening book's moves there, for the explorer.
    pub book: BookView,
}

/// A reviewed move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewedMove {
    /// The ply of the move (1: the first move).
    pub ply: usize,
    /// The move as the move list and the record write it: `9. E`, `1... a`.
    pub label: String,
    /// `south` or `north`: who played it.
    pub side: String,
    pub played: String,
    /// The engine's better move, when it had another.
    pub best: Option<String>,
    /// Centiseeds for the mover before and after the move (bounded to
    /// ±10 seeds: past that the game is decided), and the loss.
    pub before: i32,
    pub after: i32,
    pub loss: i32,
    /// `good`, `inaccuracy`, `mistake` or `blunder`.
    pub judgement: String,
    /// The engine's line from the position before the move.
    pub pv: Vec<String>,
}

/// The review of the analysis board's game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewView {
    /// `none`, `running`, `done`, `failed` or `cancelled`.
    pub state: &'static str,
    /// `depth 8` or `200 ms a position` (none before the first review).
    pub limit: Option<Say>,
    /// Positions scored so far, of `total`.
    pub done: usize,
    pub total: usize,
    pub moves: Vec<ReviewedMove>,
    /// Centiseeds from South's side, one per position (0: the start).
    pub curve: Vec<i32>,
    /// The thresholds of the judgements, centiseeds lost.
    pub thresholds: [i32; 3],
    pub message: Option<Say>,
}

/// One finished game as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FinishedView {
    /// From 1, in the order the games ended.
    pub index: usize,
    /// Its archive id (its record's `GameId` tag): how a page names it.
    pub id: String,
    /// `YYYY.MM.DD`, as the record's `Date` tag.
    pub date: String,
    pub variant: String,
    pub south: String,
    pub north: String,
    /// The names for a person, as [`OriginView::players`].
    pub players: [Say; 2],
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// Why it ended (the record's `Termination` tag, as meaning).
    pub termination: Say,
    pub plies: usize,
}

/// The list of finished games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GamesView {
    pub games: Vec<FinishedView>,
    /// The game deleted last (its `index` 0), while an undo can put it
    /// back.
    pub deleted: Option<FinishedView>,
}

/// Learn: a variant's lessons, the person's progress, the lesson shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LessonsView {
    pub variant: String,
    /// The variant's lessons in order.
    pub lessons: Vec<LessonItem>,
    /// How many of them the person has solved.
    pub solved: usize,
    pub lesson: LessonView,
}

/// One lesson of the list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LessonItem {
    pub id: String,
    /// Its title's catalogue id.
    pub title: String,
    pub done: bool,
}

/// The state of the lesson shown: the task, or a wrong answer, or solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LessonState {
    Task,
    Wrong,
    Solved,
}

/// The catalogue ids of a lesson's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LessonTexts {
    pub title: String,
    pub task: String,
    /// Said of a move the rules allow that is not the answer.
    pub wrong: String,
    /// Said once solved.
    pub done: String,
}

/// The lesson shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LessonView {
    pub id: String,
    /// Its place in the list, from 1.
    pub index: usize,
    pub texts: LessonTexts,
    /// Its position (protocol.md's string), its pits A–G a–g, the seeds
    /// each side has captured, the side to move.
    pub position: String,
    pub pits: Vec<u8>,
    pub captured: [u8; 2],
    pub to_move: String,
    /// The pits the rules allow (not only the answer: the lesson judges).
    pub legal: Vec<String>,
    pub state: LessonState,
    /// The pit of the last answer.
    pub tried: Option<String>,
    /// A wrong answer the rules forbid: why (`pit-refused`, with the rules
    /// core's reason).
    pub why: Option<Say>,
    /// A wrong answer the rules allow: what it would do (the sowing's
    /// summary), said with the lesson's `wrong` words.
    pub effect: Option<Say>,
    /// Solved: the move's sowing for the animation, the position after it
    /// and its pits and captured seeds.
    pub sowing: Option<Box<Sowing>>,
    pub after: Option<String>,
    pub after_pits: Option<Vec<u8>>,
    pub after_captured: Option<[u8; 2]>,
    /// Solved, and the move ended the game: how, and the final scores.
    pub end: Option<Say>,
    pub scores: Option<[u8; 2]>,
    /// The next lesson of the list, if any.
    pub next: Option<String>,
}

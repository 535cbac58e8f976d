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

/// `south` or `north`, as every view names a side.
pub(crate) fn side_name(s: Side) -> String {
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
    /// Started and idle.
    Ready,
    /// Searching: a move, a hint, the board's lines or an answer to judge.
    Thinking,
    /// The analysis engine reviews a game (no lines on the board then).
    Reviewing,
    /// Out of the game until the person restarts it; the view's
    /// `engine_message` says why.
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
    /// The game's time control.
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
    /// The depth the engine reached.
    pub depth: Option<u32>,
    /// The engine's line from the suggested move on, as pits.
    pub pv: Vec<String>,
}

/// Everything the page shows of the game being played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// Changes with every new game.
    pub game_id: u64,
    /// The game's variant, by name.
    pub variant: String,
    /// Every variant's name, for the Variant box.
    pub variants: Vec<String>,
    /// The person's side, or `both`: two people at one board.
    pub human: String,
    /// The two people's names, South's first (none against the engine).
    pub names: Option<[String; 2]>,
    /// Between two people: the plies at which a hint was shown (the
    /// record marks them).
    pub hinted: Vec<usize>,
    /// The engine's level, 1–10.
    pub level: u8,
    /// Every level and its measured strength, for the Level box.
    pub levels: Vec<LevelView>,
    /// The clocks, in a timed game.
    pub clock: Option<ClockView>,
    /// How long the engine thinks a move in a game without a clock, in
    /// milliseconds (at full strength; lower levels stop earlier).
    pub think_ms: u64,
    /// The engine that plays, as an index into `engines`.
    pub engine: usize,
    /// The names of the engines the room can play with.
    pub engines: Vec<String>,
    /// The position the game started from (protocol.md's string).
    pub start: String,
    /// The position string (protocol.md).
    pub position: String,
    /// Seeds in pits A–G then a–g.
    pub pits: Vec<u8>,
    /// Captured seeds `[south, north]`.
    pub captured: [u8; 2],
    /// `south` or `north`: the side to move.
    pub to_move: String,
    /// Whose turn it is, or that the game is over.
    pub state: PlayState,
    /// The pits the person may play now (none unless it is their move).
    pub legal: Vec<String>,
    /// Why each of the person's other pits may not be played now.
    pub why: BTreeMap<String, Say>,
    /// The moves from the start, as pits.
    pub moves: Vec<String>,
    /// The last of them.
    pub last: Option<String>,
    /// How the last move's seeds went, for the animation.
    pub sowing: Option<Sowing>,
    /// How the game ended, once it is over (on time or by resignation
    /// too).
    pub result: Option<ResultView>,
    /// The playing engine's condition.
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
    /// The search depth, as the engine's `info` gave it.
    pub depth: Option<u32>,
    /// The selective depth (the deepest ply reached).
    pub seldepth: Option<u32>,
    /// The line's score for the side to move.
    pub score: Option<ScoreView>,
    /// The principal variation, pit letters.
    pub pv: Vec<String>,
    /// Positions searched so far.
    pub nodes: Option<u64>,
    /// Positions searched a second.
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
    /// A file: its name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A played game or a record: South's name, as the record writes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub south: Option<String>,
    /// North's name, likewise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub north: Option<String>,
    /// South's and North's names for a person (the person, an engine at
    /// a level, or the record's name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<[Say; 2]>,
    /// A record: which game of the file it is, from 1.
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
    /// Its place in the file, from 1: what the page sends to load it.
    pub index: usize,
    /// South's name, as the record writes it.
    pub south: String,
    /// North's name, as the record writes it.
    pub north: String,
    /// The names for a person, as [`OriginView::players`].
    pub players: [Say; 2],
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for a game not finished.
    pub result: String,
    /// How many moves (plies) it has.
    pub plies: usize,
}

/// The analysis board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysisView {
    /// Changes whenever the position shown changes; lines carry it.
    pub id: u64,
    /// The board's variant, by name.
    pub variant: String,
    /// The start of its game (protocol.md's string).
    pub start: String,
    /// All its moves, as pits, past the ply shown too.
    pub moves: Vec<String>,
    /// The ply shown (0: the start).
    pub ply: usize,
    /// The position there (protocol.md's string).
    pub position: String,
    /// Its seeds in pits A–G then a–g.
    pub pits: Vec<u8>,
    /// Its captured seeds `[south, north]`.
    pub captured: [u8; 2],
    /// `south` or `north`: the side to move there.
    pub to_move: String,
    /// The legal moves there.
    pub legal: Vec<String>,
    /// The move that led there.
    pub last: Option<String>,
    /// The game's result there, if it is over.
    pub result: Option<ResultView>,
    /// Where the board's game came from.
    pub origin: OriginView,
    /// Whether the engine analyses (the person's switch).
    pub running: bool,
    /// How many lines the person wants (`MultiPV`).
    pub lines_wanted: u8,
    /// The analysing engine's name.
    pub engine: String,
    /// The analysing engine's condition.
    pub engine_status: EngineStatus,
    /// What went wrong with it, when it failed.
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
    /// The pit played.
    pub played: String,
    /// The engine's better move, when it had another.
    pub best: Option<String>,
    /// Centiseeds for the mover before the move, bounded to ±10 seeds
    /// (past that the game is decided).
    pub before: i32,
    /// Centiseeds for the mover after it, bounded alike.
    pub after: i32,
    /// What the move lost, in centiseeds: `before` less `after`, never
    /// below 0 (0 when it was the engine's best move).
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
    /// Positions to score in all.
    pub total: usize,
    /// Every move reviewed, once the review is done.
    pub moves: Vec<ReviewedMove>,
    /// Centiseeds from South's side, one per position (0: the start).
    pub curve: Vec<i32>,
    /// The thresholds of the judgements, centiseeds lost: inaccuracy,
    /// mistake, blunder.
    pub thresholds: [i32; 3],
    /// Why the review failed.
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
    /// The variant, by name.
    pub variant: String,
    /// South's name, as the record writes it.
    pub south: String,
    /// North's name, as the record writes it.
    pub north: String,
    /// The names for a person, as [`OriginView::players`].
    pub players: [Say; 2],
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: String,
    /// Why it ended (the record's `Termination` tag, as meaning).
    pub termination: Say,
    /// How many moves (plies) it has.
    pub plies: usize,
}

/// The list of finished games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GamesView {
    /// The finished games, in the order they ended.
    pub games: Vec<FinishedView>,
    /// The game deleted last (its `index` 0), while an undo can put it
    /// back.
    pub deleted: Option<FinishedView>,
}

/// Learn: a variant's lessons, the person's progress, the lesson shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LessonsView {
    /// The variant whose lessons are shown, by name.
    pub variant: String,
    /// The variant's lessons in order.
    pub lessons: Vec<LessonItem>,
    /// How many of them the person has solved.
    pub solved: usize,
    /// The lesson shown.
    pub lesson: LessonView,
}

/// One lesson of the list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LessonItem {
    /// The lesson's id: what the page sends to open it.
    pub id: String,
    /// Its title's catalogue id.
    pub title: String,
    /// The person has solved it.
    pub done: bool,
}

/// The state of the lesson shown: the task, or a wrong answer, or solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LessonState {
    /// The answer is awaited.
    Task,
    /// The last answer was wrong; the person may try again.
    Wrong,
    /// The lesson's move was found.
    Solved,
}

/// The catalogue ids of a lesson's words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LessonTexts {
    /// The lesson's title.
    pub title: String,
    /// What the person is asked to do.
    pub task: String,
    /// Said of a move the rules allow that is not the answer.
    pub wrong: String,
    /// Said once solved.
    pub done: String,
}

/// The lesson shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LessonView {
    /// The lesson's id.
    pub id: String,
    /// Its place in the list, from 1.
    pub index: usize,
    /// The catalogue ids of its words.
    pub texts: LessonTexts,
    /// Its position (protocol.md's string).
    pub position: String,
    /// The position's seeds in pits A–G then a–g.
    pub pits: Vec<u8>,
    /// The seeds each side has captured, South first.
    pub captured: [u8; 2],
    /// `south` or `north`: the side to move.
    pub to_move: String,
    /// The pits the rules allow (not only the answer: the lesson judges).
    pub legal: Vec<String>,
    /// Where the person is in the lesson.
    pub state: LessonState,
    /// The pit of the last answer.
    pub tried: Option<String>,
    /// A wrong answer the rules forbid: why (`pit-refused`, with the rules
    /// core's reason).
    pub why: Option<Say>,
    /// A wrong answer the rules allow: what it would do (the sowing's
    /// summary), said with the lesson's `wrong` words.
    pub effect: Option<Say>,
    /// Solved: the move's sowing, for the animation.
    pub sowing: Option<Box<Sowing>>,
    /// Solved: the position after the move.
    pub after: Option<String>,
    /// Solved: that position's pits, A–G then a–g.
    pub after_pits: Option<Vec<u8>>,
    /// Solved: that position's captured seeds, South first.
    pub after_captured: Option<[u8; 2]>,
    /// Solved, and the move ended the game: how.
    pub end: Option<Say>,
    /// Solved, and the move ended the game: the final scores, South first.
    pub scores: Option<[u8; 2]>,
    /// The next lesson of the list, if any.
    pub next: Option<String>,
}

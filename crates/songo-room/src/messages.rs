//! The page's messages, one JSON object each (over `songo gui`'s
//! WebSocket), typed both ways: what the page may send ([`PageMessage`]:
//! anything else is refused with an error reply) and what the room sends
//! ([`Outgoing`]). docs/gui.md
//! lists them. No message names a program, a file or a shell command.

use serde::{Deserialize, Serialize};

use crate::clock::TimeControl;
use crate::learn_view::{MistakesView, PuzzlesView};
use crate::say::Say;
pub use crate::say::SideName;
use crate::sowing::Sowing;
use crate::view::{AnalysisView, GamesView, LessonsView, LineView, ReviewView, View};

/// Which game a message is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Which {
    /// The game played against the engine.
    Play,
    /// The game on the analysis board (loaded, set up or copied).
    Analysis,
}

/// A message from the page, as JSON: `{"type": "move", "pit": "C"}`. The
/// variants without fields are written `{}` so that an unknown field is
/// refused for them too (serde lets a unit variant ignore it).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum PageMessage {
    /// A new game: variant name, `south` or `north` (the person's side)
    /// or `both` (two people at one board, named `names` South first;
    /// the engine is off but for hints), level 1–10, engine index
    /// (default: the current one); a time control for both sides (`tc`,
    /// none: no clock), or without one the engine's think time a move
    /// (`think_ms`, default: the room's move time), not both.
    NewGame {
        /// The variant's name.
        variant: String,
        /// `south`, `north` or `both`.
        side: String,
        /// The engine's level, 1–10.
        level: u8,
        /// With `both`: the two people's names, South first.
        #[serde(default)]
        names: Option<[String; 2]>,
        /// The engine to play, as an index into the view's `engines`.
        #[serde(default)]
        engine: Option<usize>,
        /// The time control for both sides (none: no clock).
        #[serde(default)]
        tc: Option<TimeControl>,
        /// Without a clock: the engine's think time a move, in ms.
        #[serde(default)]
        think_ms: Option<u64>,
    },
    /// The person plays a pit (a letter, or a pit number 1–7 of their side),
    /// chosen on the board of game `game` (the view's `game_id`) after
    /// `ply` moves: a move chosen on a board that has changed since (a
    /// double click, keys typed fast) is refused, never played on a
    /// position the person has not seen. Without them the move is for
    /// the current position.
    Move {
        /// The pit: a letter, or a number 1–7 of the person's side.
        pit: String,
        /// The moves played on the board the pit was chosen on.
        #[serde(default)]
        ply: Option<usize>,
        /// The `game_id` of the view the pit was chosen on.
        #[serde(default)]
        game: Option<u64>,
    },
    /// Take back the person's last move (and the engine's answer to it);
    /// between two people, the last move, once both agreed (`agreed`).
    TakeBack {
        /// Between two people: both agreed to take the move back.
        #[serde(default)]
        agreed: bool,
    },
    /// The person resigns; between two people, the side to move does.
    Resign {},
    /// Start the engine again after a crash or a stall.
    RestartEngine {},
    /// Send the state again (and the analysis and the review).
    State {},
    /// The engine suggests a move for the person; nothing is played.
    Hint {},
    /// Set up a position on the analysis board: a variant and a position
    /// string (protocol.md), checked by the rules core.
    SetUp {
        /// The variant's name.
        variant: String,
        /// The position (protocol.md's string).
        position: String,
    },
    /// The game being played goes to the analysis board, at `ply` (default:
    /// its end).
    AnalyseGame {
        /// The ply the board shows (0: the start; none: the end).
        #[serde(default)]
        ply: Option<usize>,
    },
    /// Step the analysis board to a ply of its game (0: the start).
    Goto {
        /// The ply to show, 0 to the number of moves.
        ply: usize,
    },
    /// Play a pit on the analysis board (for the side to move there): the
    /// next move of its game, or a new line replacing the rest. `ply` and
    /// `id` (the analysis view's): the board shown when it was chosen, as
    /// for [`PageMessage::Move`]; the id also tells apart two positions at
    /// one ply (another set-up, another game of a record, another tab's
    /// change), where a pit or a book move chosen on one would be wrong.
    AnalysisMove {
        /// The pit, for the side to move on the board.
        pit: String,
        /// The ply shown when the pit was chosen.
        #[serde(default)]
        ply: Option<usize>,
        /// The analysis view's `id` when the pit was chosen.
        #[serde(default)]
        id: Option<u64>,
    },
    /// Live analysis of the analysis board's position on or off, with 1–3
    /// lines.
    Analyse {
        /// Whether the engine analyses.
        on: bool,
        /// How many lines, 1–3 (none: as before).
        #[serde(default)]
        lines: Option<u8>,
    },
    /// A game against the engine from the analysis board's position (its
    /// game up to there), the person playing `side` (default: the side to
    /// move there) at `level` (default: the current one), timed as
    /// [`PageMessage::NewGame`] says (default: no clock, the room's think
    /// time).
    PlayFromHere {
        /// The person's side (none: the side to move).
        #[serde(default)]
        side: Option<SideName>,
        /// The engine's level, 1–10 (none: the current one).
        #[serde(default)]
        level: Option<u8>,
        /// The time control for both sides (none: no clock).
        #[serde(default)]
        tc: Option<TimeControl>,
        /// Without a clock: the engine's think time a move, in ms.
        #[serde(default)]
        think_ms: Option<u64>,
    },
    /// Start the analysis engine again after a crash or a stall.
    RestartAnalyst {},
    /// Show game `index` (from 1) of the record file uploaded last.
    LoadGame {
        /// The game's place in the file, from 1.
        index: usize,
    },
    /// The record of a game, answered with [`Outgoing::Record`].
    Save {
        /// The game to save.
        game: Which,
    },
    /// Review every move of a game (the play game is first copied to the
    /// analysis board) with one search per position: to `depth`, or for
    /// `movetime` milliseconds (exactly one of the two).
    Review {
        /// The game to review.
        game: Which,
        /// Search each position to this depth.
        #[serde(default)]
        depth: Option<u32>,
        /// Or search each position this many milliseconds.
        #[serde(default)]
        movetime: Option<u64>,
    },
    /// Stop a review under way.
    CancelReview {},
    /// How a move goes on a fixed position, for the rules panel's
    /// diagrams: answered with [`Outgoing::ShownMove`] (tagged `tag`),
    /// or why the move is not legal there. Nothing is played.
    ShowMove {
        /// The variant's name.
        variant: String,
        /// The position (protocol.md's string).
        position: String,
        /// The pit to play there.
        pit: String,
        /// The page's own name for the diagram, sent back with the answer.
        tag: String,
    },
    /// A finished game on the analysis board: by its archive `id` (issue
    /// 43: the id stays the game's, whatever the list holds), or by its
    /// `index` (from 1, the `games` list's).
    OpenGame {
        /// The game's place in the list, from 1.
        #[serde(default)]
        index: Option<usize>,
        /// The game's archive id (preferred when both are given).
        #[serde(default)]
        id: Option<String>,
    },
    /// Every finished game in one record file, answered with
    /// [`Outgoing::Record`].
    ExportGames {},
    /// The finished game of archive id `id` out of the list and the
    /// archive; [`PageMessage::UndoDelete`] puts it back.
    DeleteGame {
        /// The game's archive id.
        id: String,
    },
    /// The game deleted last back in the list and the archive.
    UndoDelete {},
    /// Learn: show lesson `lesson` of `variant` afresh (none: the first
    /// the person has not solved in that variant).
    LessonOpen {
        /// The variant's name.
        variant: String,
        /// The lesson's id.
        #[serde(default)]
        lesson: Option<String>,
    },
    /// Learn: the person's answer to lesson `lesson` (the one shown when
    /// it was chosen: another is refused as stale), a pit letter or
    /// number of the side to move.
    LessonMove {
        /// The pit answered.
        pit: String,
        /// The id of the lesson shown when it was chosen.
        lesson: String,
    },
    /// Learn: the next puzzle of `variant` the filters let through (a
    /// theme's name, a difficulty 1–7; none: any), the filters kept for
    /// the puzzles after it.
    PuzzleNext {
        /// The variant's name.
        variant: String,
        /// A theme's name (none: any).
        #[serde(default)]
        theme: Option<String>,
        /// A difficulty, 1–7 (none: any).
        #[serde(default)]
        difficulty: Option<u8>,
    },
    /// Learn: the person's move in puzzle `puzzle` (its id) when `step` of
    /// its moves had been found and `answers` answers taken (the view's):
    /// another is refused as stale, so that a double tap is one answer.
    PuzzleMove {
        /// The pit answered.
        pit: String,
        /// The puzzle's id.
        puzzle: String,
        /// The view's `step` when the pit was chosen.
        step: usize,
        /// The view's `answers` when the pit was chosen.
        answers: u32,
    },
    /// Practise the mistakes of the review finished last: each mistake
    /// and blunder of the person's sides becomes an exercise.
    MistakesStart {},
    /// Show exercise `index` (from 1) afresh.
    MistakeOpen {
        /// The exercise's number, from 1.
        index: usize,
    },
    /// The person's answer to exercise `index` (the one shown: another is
    /// stale), judged by the analysis engine.
    MistakeMove {
        /// The pit answered.
        pit: String,
        /// The number of the exercise shown when it was chosen.
        index: usize,
    },
}

/// What an error reply is about, so that the page shows it in the right
/// place (none: the game played).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Topic {
    /// The analysis board: a move, a ply, its lines.
    Analysis,
    /// The set-up form.
    SetUp,
    /// Records: a file's game loaded, a finished game opened or exported.
    Record,
    /// The review of a game.
    Review,
    /// The finished games (their archive).
    Games,
    /// The lessons (Learn).
    Lessons,
    /// The puzzle trainer (Learn).
    Puzzles,
    /// The practice of the person's mistakes.
    Mistakes,
}

/// What the room says to the pages.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Outgoing {
    /// The game being played, after every change.
    State(Box<View>),
    /// A line the engine wrote while thinking on its move or on a hint,
    /// read where it can be.
    EngineLine {
        /// The line as the engine wrote it.
        line: String,
        /// What could be read of it (an `info` line only).
        #[serde(skip_serializing_if = "Option::is_none")]
        info: Option<LineInfo>,
    },
    /// A move the person may not play, and why.
    Illegal {
        /// The pit the person chose.
        pit: String,
        /// Why it may not be played.
        why: Say,
    },
    /// A message the room could not take, and why.
    Error {
        /// Why, for a person.
        message: Say,
        /// Where the page shows it (none: with the game played).
        #[serde(skip_serializing_if = "Option::is_none")]
        topic: Option<Topic>,
    },
    /// The analysis board, after every change but its lines.
    Analysis(Box<AnalysisView>),
    /// The engine's lines on the analysis board's position `id`.
    AnalysisLines {
        /// The analysis view's `id` the lines are for.
        id: u64,
        /// Every line so far, best first.
        lines: Vec<LineView>,
    },
    /// The review, after every change (progress included).
    Review(Box<ReviewView>),
    /// A game record to save, for the page that asked.
    Record {
        /// The name to offer the file under (`songo40-20250115-1423.pgn`).
        file_name: String,
        /// The record's text.
        text: String,
    },
    /// The person's finished games, after every change.
    Games(Box<GamesView>),
    /// The lessons of a variant with the person's progress, and the
    /// lesson shown, after every change.
    Lessons(Box<LessonsView>),
    /// The puzzle trainer and the puzzle shown, after every change.
    Puzzles(Box<PuzzlesView>),
    /// The practice of the person's mistakes, after every change.
    Mistakes(Box<MistakesView>),
    /// A move shown on a diagram (for the page that asked): its sowing,
    /// the position after it and its pits; or, for a pit the rules
    /// forbid there, why (`why`, and nothing else).
    ShownMove {
        /// The `tag` of the page's [`PageMessage::ShowMove`].
        tag: String,
        /// The move's path, for the animation.
        #[serde(skip_serializing_if = "Option::is_none")]
        sowing: Option<Box<Sowing>>,
        /// The position after the move (protocol.md's string).
        #[serde(skip_serializing_if = "Option::is_none")]
        after: Option<String>,
        /// The seeds in pits A–G then a–g: after the move, or as they
        /// were for a pit refused.
        pits: Vec<u8>,
        /// Why the rules forbid the pit there.
        #[serde(skip_serializing_if = "Option::is_none")]
        why: Option<Say>,
    },
}

/// The readable part of an `info` line, for the engine that writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineInfo {
    /// `None` for a forced result too (see [`LineInfo::forced`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// The search reached the end of every line: the result is forced.
    pub forced: bool,
    /// The score for the engine, as the analysis writes it (`+1.50`,
    /// `win in 3`), after `≥ ` or `≤ ` when it is only a bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<String>,
    /// The score for a person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub say: Option<Say>,
    /// Whether the score is only a bound: `lower` (at least), `upper` (at
    /// most), or `exact`.
    pub bound: &'static str,
    /// The principal variation, as pits.
    pub pv: Vec<String>,
}

impl LineInfo {
    /// What can be read of an engine's line; `None` when it is not an
    /// `info` line or only an `info string`.
    pub fn of(line: &str) -> Option<LineInfo> {
        let info = songo_client::Info::parse(line)?;
        if info.string.is_some() {
            return None;
        }
        let forced = info.depth.is_some_and(crate::score::is_forced);
        let (bound, sign) = match info.bound {
            songo_client::info::Bound::Exact => ("exact", ""),
            songo_client::info::Bound::Lower => ("lower", "≥ "),
            songo_client::info::Bound::Upper => ("upper", "≤ "),
        };
        Some(LineInfo {
            depth: info.depth.filter(|_| !forced),
            forced,
            score: info
                .score
                .map(|s| format!("{sign}{}", crate::score::text(s))),
            say: info.score.map(crate::score::say),
            bound,
            pv: info.pv,
        })
    }
}

/// The answer to a page's message.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    /// For the page that sent the message only.
    pub to_sender: Vec<Outgoing>,
    /// For every page (the new state, analysis or review).
    pub broadcast: Vec<Outgoing>,
}

impl Reply {
    /// An error for the sender, about the game played.
    pub fn error(message: Say) -> Reply {
        Reply::to_sender(Outgoing::Error {
            message,
            topic: None,
        })
    }

    /// An error for the sender, shown at `topic`.
    pub fn error_on(topic: Topic, message: Say) -> Reply {
        Reply::to_sender(Outgoing::Error {
            message,
            topic: Some(topic),
        })
    }

    /// One message for the sender; nothing changed for the others.
    pub fn to_sender(o: Outgoing) -> Reply {
        Reply {
            to_sender: vec![o],
            broadcast: Vec::new(),
        }
    }

    /// Messages for every page, the sender included.
    pub fn broadcast(messages: Vec<Outgoing>) -> Reply {
        Reply {
            to_sender: Vec::new(),
            broadcast: messages,
        }
    }

    /// Whether the message changed nothing (an error, an answer for the
    /// sender only).
    pub fn changed(&self) -> bool {
        !self.broadcast.is_empty()
    }
}

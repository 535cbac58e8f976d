//! What the page shows of Learn's puzzles and of the practice of the
//! person's own mistakes (issue 39): data for the page to draw, as
//! [`crate::view`]'s other views.

use serde::Serialize;

use crate::say::Say;
use crate::sowing::Sowing;

/// One move of a puzzle's line or an exercise, as the page animates it
/// and replays it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlyView {
    pub pit: String,
    /// `south` or `north`: who played it.
    pub side: String,
    pub sowing: Box<Sowing>,
    /// The position after it (protocol.md's string), its pits A–G a–g and
    /// the seeds each side has captured.
    pub after: String,
    pub pits: Vec<u8>,
    pub captured: [u8; 2],
}

/// A theme the chosen variant's puzzles have, and how many have it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThemeCount {
    /// Its name in files (`chain-capture`): the page's catalogue id is
    /// `theme-` and this.
    pub theme: String,
    pub count: usize,
}

/// The state of the puzzle shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PuzzleState {
    /// The solver's move is awaited.
    Task,
    /// The last answer was wrong: one more try at this move.
    Wrong,
    /// The whole line was found.
    Solved,
    /// A second wrong answer: the right move was shown.
    Failed,
}

/// Learn's puzzles: the person's choice, rating and streak, the puzzle
/// shown.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzlesView {
    pub variant: String,
    /// The filters: a theme's name and a difficulty (none: any).
    pub theme: Option<String>,
    pub difficulty: Option<u8>,
    /// The variant's themes with their counts, in the order puzzles list
    /// them, and its difficulties.
    pub themes: Vec<ThemeCount>,
    pub difficulties: Vec<u8>,
    /// Puzzles the filters let through, and how many of them the person
    /// has played (solved or failed) since they last started again.
    pub total: usize,
    pub played: usize,
    /// The filtered puzzles had all been played: they start again.
    pub again: bool,
    /// The person's rating (Glicko-2, docs/learn.md), rounded, its
    /// deviation, and the change the last rated puzzle made.
    pub rating: i32,
    pub deviation: i32,
    pub change: Option<i32>,
    /// Puzzles solved in a row, without a wrong move.
    pub streak: u32,
    pub puzzle: PuzzleView,
}

/// The puzzle shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleView {
    /// Its id: what a page's answer names.
    pub id: String,
    /// Its themes' names and its difficulty (1 to 7), and the rating the
    /// difficulty stands for.
    pub themes: Vec<String>,
    pub difficulty: u8,
    pub rating: i32,
    /// `south` or `north`: the side the person plays.
    pub solver: String,
    /// The solver's moves found, of `steps`.
    pub step: usize,
    pub steps: usize,
    /// The position now (after the moves found and the replies), its pits
    /// and captured seeds, the side to move and its legal pits.
    pub position: String,
    pub pits: Vec<u8>,
    pub captured: [u8; 2],
    pub to_move: String,
    pub legal: Vec<String>,
    pub state: PuzzleState,
    /// No wrong answer yet in this puzzle (what the rating counts).
    pub clean: bool,
    /// Answers taken in this puzzle: a page's answer names it.
    pub answers: u32,
    /// The pit of the last wrong answer, and, for a pit the rules forbid,
    /// why (`pit-refused`).
    pub tried: Option<String>,
    pub why: Option<Say>,
    /// Failed: the move that was wanted.
    pub answer: Option<String>,
    /// The moves the last answer played: the solver's and the reply.
    pub just_played: Vec<PlyView>,
    /// Over: the puzzle's position and its whole line, to replay.
    pub start: Option<String>,
    pub start_pits: Option<Vec<u8>>,
    pub start_captured: Option<[u8; 2]>,
    pub line: Vec<PlyView>,
}

/// One of the person's mistakes, in the list of the practice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExerciseItem {
    /// The move as the review's list writes it (`9. E`), and its mark
    /// (`mistake` or `blunder`).
    pub label: String,
    pub judgement: String,
    pub solved: bool,
}

/// The state of the exercise shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExerciseState {
    /// A better move is awaited.
    Task,
    /// The engine is judging the answer.
    Judging,
    /// The engine's verdict is in (`verdict`).
    Judged,
    /// The answer is a pit the rules forbid (`why`), or the engine could
    /// not judge it (`why`).
    Refused,
}

/// The engine's verdict on an answer, from the person's side, judged as
/// the review judges moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerdictView {
    /// `good`, `inaccuracy`, `mistake` or `blunder`.
    pub judgement: String,
    /// Centiseeds lost against the engine's best move.
    pub loss: i32,
    /// The engine's best move there, when it is another: once the answer
    /// is good, or after a second answer that is not.
    pub best: Option<String>,
}

/// The exercise shown: the position before the person's mistake.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExerciseView {
    /// Its number in the list, from 1.
    pub index: usize,
    pub label: String,
    /// `south` or `north`: the person's side there.
    pub side: String,
    /// The position, its pits, captured seeds and legal pits.
    pub position: String,
    pub pits: Vec<u8>,
    pub captured: [u8; 2],
    pub legal: Vec<String>,
    /// The move the person played in the game, its mark and the seeds
    /// (centiseeds) it lost.
    pub played: String,
    pub judgement: String,
    pub loss: i32,
    pub state: ExerciseState,
    /// The last answer, and, judged, the move it played.
    pub tried: Option<String>,
    pub answer: Option<PlyView>,
    pub verdict: Option<VerdictView>,
    pub why: Option<Say>,
    /// A good answer was found (the verdict `good`).
    pub solved: bool,
}

/// The practice of the person's mistakes from the review finished last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MistakesView {
    /// The review's limit, as the verdicts use it.
    pub limit: Option<Say>,
    pub exercises: Vec<ExerciseItem>,
    pub solved: usize,
    /// None before a practice started.
    pub exercise: Option<ExerciseView>,
}

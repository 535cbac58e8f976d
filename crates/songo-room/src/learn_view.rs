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
    /// The move's pit, as the board names it.
    pub pit: String,
    /// `south` or `north`: who played it.
    pub side: String,
    /// The move's path, for the animation.
    pub sowing: Box<Sowing>,
    /// The position after it (protocol.md's string).
    pub after: String,
    /// The seeds in each pit after it, A–G then a–g.
    pub pits: Vec<u8>,
    /// The seeds each side has captured after it, South first.
    pub captured: [u8; 2],
}

/// A theme the chosen variant's puzzles have, and how many have it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThemeCount {
    /// Its name in files (`chain-capture`): the page's catalogue id is
    /// `theme-` and this.
    pub theme: String,
    /// How many of the variant's puzzles have the theme (never 0).
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
    /// The name of the variant whose puzzles are played.
    pub variant: String,
    /// The theme filter, by name (none: any).
    pub theme: Option<String>,
    /// The difficulty filter (none: any).
    pub difficulty: Option<u8>,
    /// The variant's themes with their counts, in the order puzzles list
    /// them.
    pub themes: Vec<ThemeCount>,
    /// The difficulties the variant's puzzles have, easiest first.
    pub difficulties: Vec<u8>,
    /// Puzzles the filters let through.
    pub total: usize,
    /// How many of those the person has played (solved or failed) since
    /// they last started again.
    pub played: usize,
    /// The filtered puzzles had all been played: they start again.
    pub again: bool,
    /// The person's rating (Glicko-2, docs/learn.md), rounded.
    pub rating: i32,
    /// The rating's deviation, rounded.
    pub deviation: i32,
    /// What the last rated puzzle changed the rating by, rounded.
    pub change: Option<i32>,
    /// Puzzles solved in a row, without a wrong move.
    pub streak: u32,
    /// The puzzle shown.
    pub puzzle: PuzzleView,
}

/// The puzzle shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleView {
    /// Its id: what a page's answer names.
    pub id: String,
    /// Its themes' names.
    pub themes: Vec<String>,
    /// Its difficulty, 1 to 7.
    pub difficulty: u8,
    /// The rating the difficulty stands for, rounded.
    pub rating: i32,
    /// `south` or `north`: the side the person plays.
    pub solver: String,
    /// The solver's moves found, of `steps`.
    pub step: usize,
    /// The solver's moves in the whole solution.
    pub steps: usize,
    /// The position now (after the moves found and the replies), as
    /// protocol.md writes it.
    pub position: String,
    /// Its seeds in each pit, A–G then a–g.
    pub pits: Vec<u8>,
    /// The seeds each side has captured, South first.
    pub captured: [u8; 2],
    /// `south` or `north`: the side to move.
    pub to_move: String,
    /// The pits the side to move may play (none once the puzzle is over).
    pub legal: Vec<String>,
    /// Where the person is in the puzzle.
    pub state: PuzzleState,
    /// No wrong answer yet in this puzzle (what the rating counts).
    pub clean: bool,
    /// Answers taken in this puzzle: a page's answer names it.
    pub answers: u32,
    /// The pit of the last wrong answer.
    pub tried: Option<String>,
    /// For a pit the rules forbid, why (`pit-refused`).
    pub why: Option<Say>,
    /// Failed: the move that was wanted.
    pub answer: Option<String>,
    /// The moves the last answer played: the solver's and the reply.
    pub just_played: Vec<PlyView>,
    /// Over: the puzzle's position, to replay its line from.
    pub start: Option<String>,
    /// Over: that position's pits, A–G then a–g.
    pub start_pits: Option<Vec<u8>>,
    /// Over: that position's captured seeds, South first.
    pub start_captured: Option<[u8; 2]>,
    /// Over: the whole solution, move by move (empty until then).
    pub line: Vec<PlyView>,
}

/// One of the person's mistakes, in the list of the practice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExerciseItem {
    /// The move as the review's list writes it (`9. E`).
    pub label: String,
    /// Its mark: `mistake` or `blunder`.
    pub judgement: String,
    /// A good answer to it was found.
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
    /// The mistake as the review's list writes it (`9. E`).
    pub label: String,
    /// `south` or `north`: the person's side there.
    pub side: String,
    /// The position before the mistake, as protocol.md writes it.
    pub position: String,
    /// Its seeds in each pit, A–G then a–g.
    pub pits: Vec<u8>,
    /// The seeds each side has captured, South first.
    pub captured: [u8; 2],
    /// The pits the person may play there.
    pub legal: Vec<String>,
    /// The move the person played in the game.
    pub played: String,
    /// Its mark: `mistake` or `blunder`.
    pub judgement: String,
    /// What it lost, in centiseeds.
    pub loss: i32,
    /// Where the person is in the exercise.
    pub state: ExerciseState,
    /// The pit of the last answer.
    pub tried: Option<String>,
    /// Judged: the move the answer played, for the board.
    pub answer: Option<PlyView>,
    /// Judged: the engine's verdict on the answer.
    pub verdict: Option<VerdictView>,
    /// Refused: why.
    pub why: Option<Say>,
    /// A good answer was found (the verdict `good`).
    pub solved: bool,
}

/// The practice of the person's mistakes from the review finished last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MistakesView {
    /// The review's limit, as the verdicts use it.
    pub limit: Option<Say>,
    /// The person's mistakes and blunders, in the game's order.
    pub exercises: Vec<ExerciseItem>,
    /// How many of them are solved.
    pub solved: usize,
    /// None before a practice started.
    pub exercise: Option<ExerciseView>,
}

//! Lessons (issue 39): the first hour of a newcomer. A lesson is a
//! position, one task stated in words (catalogue ids of the page's two
//! languages), the moves it accepts with the position each leaves, and
//! the wrong moves it explains, with the rules core's reason where the
//! rules forbid them. docs/learn.md, section "Lessons", documents the
//! file.
//!
//! - `format`: the file, read into typed lessons (typed errors naming
//!   the file and the lesson);
//! - `check`: every lesson replayed through songo-core: a file whose
//!   expected positions, accepted moves or stated reasons the rules core
//!   does not confirm is refused like a damaged one;
//! - `rule`: the rules a lesson teaches, and which of them each variant
//!   has, so that a test sees the lessons of a variant cover all of it.

mod check;
mod format;
mod rule;
#[cfg(test)]
mod tests;

use std::sync::OnceLock;

use songo_core::{EndReason, IllegalReason, Move, Position, Variant};

pub use check::Fault;
pub use format::{LessonError, FORMAT};
pub use rule::Rule;

/// The lesson file compiled in, and the name its errors give it. Its text
/// is public so that `songo lessons check` reads it as any file, with an
/// error rather than [`builtin`]'s panic.
pub const BUILTIN_NAME: &str = "crates/songo-learn/lessons/lessons.json";
/// The text of the lesson file compiled in (JSON, docs/learn.md).
pub const BUILTIN_TEXT: &str = include_str!("../../lessons/lessons.json");

/// One lesson, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Unique in its set, `[a-z0-9-]`: progress is kept by it.
    pub id: String,
    /// The variants it is shown in; the same expectations hold in each.
    pub variants: Vec<Variant>,
    /// What it teaches.
    pub rules: Vec<Rule>,
    /// Catalogue ids (`lesson-…`) of its title, its task, what is said
    /// of a legal move that is not the answer, and what is said once
    /// solved.
    pub title: String,
    /// The catalogue id of its task.
    pub task: String,
    /// The catalogue id of what is said of a legal move that is not the
    /// answer.
    pub wrong: String,
    /// The catalogue id of what is said once solved.
    pub done: String,
    /// Where the task is set; the learner plays the side to move.
    pub position: Position,
    /// The right moves, at least one.
    pub accept: Vec<Accepted>,
    /// Wrong moves whose refusal the file states (any other move that is
    /// not accepted is wrong too).
    pub refuse: Vec<Refused>,
}

/// A right move and what it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    /// The move.
    pub pit: Move,
    /// The position it leaves, as the rules core plays it.
    pub after: Position,
    /// Why the game is over after it, when the lesson ends a game.
    pub end: Option<EndReason>,
}

/// A wrong move and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The move.
    pub pit: Move,
    /// The rule that forbids it; `None`: the rules allow it, but it does
    /// not do what the task asks.
    pub why: Option<Reason>,
}

/// The rules core's reasons, as a lesson file names them (the same words
/// as the room's `Say` ids): [`IllegalReason`] without its sides, which
/// the position gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// `not-yours`: the pit is the opponent's.
    NotYours,
    /// `empty-pit`: the pit holds no seed.
    EmptyPit,
    /// `must-feed`: the opponent's row is empty and the move sows nothing
    /// into it.
    MustFeed,
    /// `feed-more`: the opponent's row is empty and another move feeds
    /// more (`songo36-amateur`).
    FeedMore,
    /// `interdit-solo`: the noble pit holds one seed and does not capture.
    InterditSolo,
    /// `interdit-duo`: the noble pit holds two seeds and does not capture
    /// (`songo36-amateur`).
    InterditDuo,
    /// `last-pit`: `songo40`'s rule for the last pit.
    LastPit,
}

impl Reason {
    /// Every reason, in the order of [`IllegalReason`]'s variants.
    pub const ALL: [Reason; 7] = [
        Reason::NotYours,
        Reason::EmptyPit,
        Reason::MustFeed,
        Reason::FeedMore,
        Reason::InterditSolo,
        Reason::InterditDuo,
        Reason::LastPit,
    ];

    /// The reason as a lesson file writes it (`not-yours`…).
    pub const fn name(self) -> &'static str {
        match self {
            Reason::NotYours => "not-yours",
            Reason::EmptyPit => "empty-pit",
            Reason::MustFeed => "must-feed",
            Reason::FeedMore => "feed-more",
            Reason::InterditSolo => "interdit-solo",
            Reason::InterditDuo => "interdit-duo",
            Reason::LastPit => "last-pit",
        }
    }

    /// The rules core's reason as a file names it (`None`: game over,
    /// which no lesson's position is).
    pub fn of(r: IllegalReason) -> Option<Reason> {
        Some(match r {
            IllegalReason::GameOver => return None,
            IllegalReason::NotYours { .. } => Reason::NotYours,
            IllegalReason::Empty => Reason::EmptyPit,
            IllegalReason::MustFeed { .. } => Reason::MustFeed,
            IllegalReason::FeedMore { .. } => Reason::FeedMore,
            IllegalReason::InterditSolo => Reason::InterditSolo,
            IllegalReason::InterditDuo => Reason::InterditDuo,
            IllegalReason::LastPit => Reason::LastPit,
        })
    }
}

/// The ends of a game a file names (`end`), as songo-core has them.
const ENDS: [(EndReason, &str); 4] = [
    (EndReason::Threshold, "threshold"),
    (EndReason::FewSeeds, "few-seeds"),
    (EndReason::EmptyRow, "empty-row"),
    (EndReason::CannotFeed, "cannot-feed"),
];

/// The end a file names.
fn end_of(text: &str) -> Option<EndReason> {
    ENDS.iter().find(|(_, name)| *name == text).map(|(e, _)| *e)
}

/// A fault's end reason, as the file writes it.
fn end_name(e: Option<EndReason>) -> &'static str {
    match e {
        None => "none",
        Some(e) => ENDS
            .iter()
            .find(|(x, _)| *x == e)
            .map_or("repetition", |(_, n)| n),
    }
}

/// What a move makes of a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// The answer: the position it leaves.
    Right(Accepted),
    /// The rules forbid it, and why.
    Illegal(IllegalReason),
    /// The rules allow it, but it is not the answer.
    Wrong,
}

impl Lesson {
    /// Whether it is shown in `v`.
    pub fn is_for(&self, v: Variant) -> bool {
        self.variants.contains(&v)
    }

    /// Judges a move of the side to move (or of the other side: refused
    /// as the rules core refuses it).
    pub fn judge(&self, v: Variant, m: Move) -> Judged {
        if let Some(a) = self.accept.iter().find(|a| a.pit == m) {
            return Judged::Right(a.clone());
        }
        match self.position.why_illegal(v, m) {
            Some(why) => Judged::Illegal(why),
            None => Judged::Wrong,
        }
    }
}

/// A set of lessons, in the order they are taught.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lessons {
    lessons: Vec<Lesson>,
}

impl Lessons {
    /// Reads and checks a lesson file: `name` is what errors call it.
    /// Every lesson is replayed through the rules core.
    pub fn parse(name: &str, text: &str) -> Result<Lessons, LessonError> {
        let lessons = format::read(name, text)?;
        for lesson in &lessons {
            check::check(lesson).map_err(|fault| LessonError::Fault {
                file: name.to_string(),
                lesson: lesson.id.clone(),
                fault,
            })?;
        }
        Ok(Lessons { lessons })
    }

    /// Every lesson, in the file's order.
    pub fn all(&self) -> &[Lesson] {
        &self.lessons
    }

    /// The lessons of variant `v`, in order.
    pub fn of(&self, v: Variant) -> impl Iterator<Item = &Lesson> {
        self.lessons.iter().filter(move |l| l.is_for(v))
    }

    /// The lesson whose id is `id`, if there is one.
    pub fn get(&self, id: &str) -> Option<&Lesson> {
        self.lessons.iter().find(|l| l.id == id)
    }
}

/// The lessons compiled in. They are checked by this crate's tests (the
/// same [`Lessons::parse`] as any file), so that reading them here cannot
/// fail in a build whose tests pass.
pub fn builtin() -> &'static Lessons {
    static BUILTIN: OnceLock<Lessons> = OnceLock::new();
    BUILTIN.get_or_init(|| {
        Lessons::parse(BUILTIN_NAME, BUILTIN_TEXT)
            .unwrap_or_else(|e| panic!("the lessons compiled in: {e} (the crate's tests say so)"))
    })
}

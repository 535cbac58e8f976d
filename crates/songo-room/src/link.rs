//! The room's side of an engine: the jobs it sends ([`Job`]) and the events
//! it hears back ([`LinkEvent`]), through an [`EngineLink`]. What is behind a
//! link is the front end's business: `songo gui` runs a process on a worker
//! thread (songo-gui's `engine_worker`), a web page runs the engine in
//! WebAssembly ([`hosted`](crate::hosted)), and the room's tests record the jobs. So none of it is
//! here: only the messages, and the limits every engine runner shares.
//!
//! The contract, whatever runs the engine: a job that arrives while a
//! search runs interrupts it (its answer is dropped), so the room never
//! waits for an engine; a ticket on each search tells the answers it still
//! wants from stale ones; an engine that crashes or stalls becomes one
//! [`LinkEvent::Failed`].

use std::time::Duration;

use songo_client::review::GameReview;
use songo_client::{BestMove, Info};
use songo_core::{Game, Move, Position, Side, Variant};

use crate::say::Say;

/// The longest the handshake or `isready` may take.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long an engine has to answer `stop` (or a page to replace it).
pub const STOP_GRACE: Duration = Duration::from_secs(1);
/// How much longer than its move time an engine may think before it is
/// told to stop.
pub const STALL_GRACE: Duration = Duration::from_secs(5);
/// A search to a depth that takes longer than this is stopped and its
/// answer taken as it is: a depth the page offers must not hang a review
/// on a slow engine.
pub const DEPTH_CAP: Duration = Duration::from_secs(30);
/// How long past its own clock an engine on a clock may still answer
/// before it is told to stop: past its time it has lost already, so the
/// grace only lets a late answer arrive (and be judged late) rather than
/// wait for a stall.
pub const CLOCK_GRACE: Duration = Duration::from_secs(1);

/// How long a search may go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// `go movetime MS`.
    Movetime(Duration),
    /// `go depth D` (stopped after [`DEPTH_CAP`]).
    Depth(u32),
    /// `go infinite`: until a new job (or [`Job::Cancel`]) stops it.
    Infinite,
    /// `go wtime MS btime MS winc MS binc MS`: the engine plays on its
    /// clock. `time` and `inc` are `[south, north]` (the protocol's `w`
    /// and `b`), `mover` the side the engine plays (whose time it has).
    Clock {
        /// Time left on each clock, `[south, north]`.
        time: [Duration; 2],
        /// Each side's increment, `[south, north]`.
        inc: [Duration; 2],
        /// The side the engine plays.
        mover: Side,
    },
}

impl Limit {
    /// The protocol's `go` line for this limit.
    pub fn go(&self) -> String {
        match self {
            Limit::Movetime(t) => format!("go movetime {}", t.as_millis()),
            Limit::Depth(d) => format!("go depth {d}"),
            Limit::Infinite => "go infinite".to_string(),
            Limit::Clock { time, inc, .. } => format!(
                "go wtime {} btime {} winc {} binc {}",
                time[0].as_millis(),
                time[1].as_millis(),
                inc[0].as_millis(),
                inc[1].as_millis()
            ),
        }
    }

    /// How long to wait for the answer before sending `stop` ourselves;
    /// `None`: until a new job.
    pub fn patience(&self) -> Option<Duration> {
        match self {
            Limit::Movetime(t) => Some(*t + STALL_GRACE),
            Limit::Depth(_) => Some(DEPTH_CAP),
            Limit::Infinite => None,
            Limit::Clock { time, mover, .. } => {
                let own = match mover {
                    Side::South => time[0],
                    Side::North => time[1],
                };
                Some(own + CLOCK_GRACE)
            }
        }
    }
}

/// One search: the game to search and the engine settings it needs. A
/// runner sends the options only when they differ from what the engine
/// has, so a game's searches cost no `setoption` after the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    /// The rules (`UCI_Variant`).
    pub variant: Variant,
    /// `Skill Level` 1–10.
    pub level: u8,
    /// `MultiPV`: how many lines to report.
    pub lines: u8,
    /// The position the game started from.
    pub start: Position,
    /// The moves played from `start` to the position to search.
    pub moves: Vec<Move>,
    /// How long the search may go on.
    pub limit: Limit,
}

/// What the engine is asked to do, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Job {
    /// Variant and strength for a new game: `setoption` (`UCI_Variant`,
    /// `Skill Level`), `ucinewgame`, `isready`.
    NewGame {
        /// The rules of the new game.
        variant: Variant,
        /// `Skill Level` 1–10.
        level: u8,
    },
    /// A search; answered by [`LinkEvent::BestMove`] with the same ticket
    /// unless a later job interrupts it. Its `info` lines come as
    /// [`LinkEvent::Line`]s.
    Search {
        /// Tells this search's answer from stale ones.
        ticket: u64,
        /// What to search, and for how long.
        search: Search,
    },
    /// Score every move of a game, one search of `limit` per position
    /// ([`songo_client::review`]); progress comes as
    /// [`LinkEvent::ReviewProgress`], the end as [`LinkEvent::Reviewed`] (or
    /// [`LinkEvent::ReviewFailed`]), unless a later job interrupts it.
    Review {
        /// Tells this review's reports from stale ones.
        ticket: u64,
        /// The game whose moves to score.
        game: Game,
        /// The search each position gets.
        limit: Limit,
    },
    /// Stop the current search (its answer is dropped); nothing if idle.
    Cancel,
}

/// Why an engine is out of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// It could not be started, or did not finish the handshake.
    Start(String),
    /// Its process ended.
    Crashed,
    /// No move in time, not even after `stop`.
    Stalled(Duration),
    /// It did not answer `isready` in time.
    NoAnswer,
}

impl Failure {
    /// The failure of the engine called `engine`, for a person.
    pub fn say(&self, engine: &str) -> Say {
        let engine = engine.to_string();
        match self {
            Failure::Start(why) => Say::EngineStartFailed {
                engine,
                why: why.clone(),
            },
            Failure::Crashed => Say::EngineCrashed { engine },
            Failure::Stalled(waited) => Say::EngineStalled {
                engine,
                seconds: waited.as_secs(),
            },
            Failure::NoAnswer => Say::EngineSilent { engine },
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Start(why) => write!(f, "failed to start: {why}"),
            Failure::Crashed => f.write_str("crashed (its process ended)"),
            Failure::Stalled(waited) => {
                write!(f, "stalled (no move in {} s)", waited.as_secs())
            }
            Failure::NoAnswer => f.write_str("does not answer"),
        }
    }
}

/// What the engine's runner reports.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkEvent {
    /// A new game was set up.
    Ready,
    /// A line of output during search `ticket` (the `bestmove` line excepted).
    Line {
        /// The search's ticket.
        ticket: u64,
        /// The line as the engine wrote it.
        line: String,
    },
    /// The answer to [`Job::Search`] `ticket`.
    BestMove {
        /// The search's ticket.
        ticket: u64,
        /// The `bestmove` line and the `info` before it.
        answer: BestMoveLine,
    },
    /// [`Job::Review`] `ticket` has scored `done` of `total` positions.
    ReviewProgress {
        /// The review's ticket.
        ticket: u64,
        /// Positions scored so far.
        done: usize,
        /// Positions to score in all.
        total: usize,
    },
    /// [`Job::Review`] `ticket` is finished.
    Reviewed {
        /// The review's ticket.
        ticket: u64,
        /// Every move's score and judgement.
        review: GameReview,
    },
    /// [`Job::Review`] `ticket` could not be finished, though the engine
    /// still runs (it gave a position no score).
    ReviewFailed {
        /// The review's ticket.
        ticket: u64,
        /// Why, for a person.
        message: Say,
    },
    /// The engine is gone; its runner has ended.
    Failed(Failure),
}

/// A `bestmove` line, read or not, with the last `info` of the first line
/// that came before it (its score and principal variation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMoveLine {
    /// The line as the engine wrote it.
    pub line: String,
    /// The line read; `None` when it is not a valid `bestmove`.
    pub parsed: Option<BestMove>,
    /// The best `info` with a score of the first line (`multipv 1`)
    /// before it, an exact score preferred to a bound; `None` if none came.
    pub info: Option<Info>,
}

/// Where the room sends jobs; a trait so that the room runs on any engine
/// runner (a process, a web worker) and is tested without one.
pub trait EngineLink: Send {
    /// Hands the engine a job; it returns at once, and the answers come
    /// back as [`LinkEvent`]s.
    fn send(&mut self, job: Job);
}

/// An error and its causes, on one line.
pub fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text = format!("{text}: {c}");
        cause = c.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_become_go_commands() {
        assert_eq!(
            Limit::Movetime(Duration::from_millis(250)).go(),
            "go movetime 250"
        );
        assert_eq!(Limit::Depth(9).go(), "go depth 9");
        assert_eq!(Limit::Infinite.go(), "go infinite");
        assert_eq!(Limit::Infinite.patience(), None);
        let ms = Duration::from_millis;
        let clock = Limit::Clock {
            time: [ms(61_500), ms(3_000)],
            inc: [ms(2000), ms(0)],
            mover: Side::North,
        };
        assert_eq!(clock.go(), "go wtime 61500 btime 3000 winc 2000 binc 0");
        assert_eq!(clock.patience(), Some(ms(3_000) + CLOCK_GRACE));
    }
}

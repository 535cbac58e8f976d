//! One engine process behind a worker thread. The room sends it jobs (a
//! new game, a search, a game review, cancel) and hears back events (ready,
//! each output line, the best move, review progress, a failure). Every
//! wait has a deadline, so a crashed or stalled engine becomes a
//! [`Failure`] event and never blocks the server; the thread ends, killing
//! the process, when it fails or when its [`EngineWorker`] is dropped.
//!
//! A job that arrives while a search runs interrupts it: the worker sends
//! `stop`, drops that search's answer, and runs the new job. So the room
//! never waits for an engine: it sends what it wants now, and a ticket on
//! each search tells the answers it still wants from stale ones.
//!
//! The protocol logic is [`driver`]'s, a state machine without I/O that a
//! transport which cannot block (a Web Worker in a page) drives as well;
//! this thread only carries out what it asks over the process.

pub mod driver;

use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::time::{Duration, Instant};

use songo_client::review::GameReview;
use songo_client::{BestMove, EngineProcess, EngineSpec, Info, ProcessError};
use songo_core::{Game, Move, Position, Variant};

use driver::{Action, Driver};

/// The longest the handshake or `isready` may take.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);
/// How much longer than its move time an engine may think before it is
/// told to stop.
pub const STALL_GRACE: Duration = Duration::from_secs(5);
/// How long an engine has to answer `stop`.
pub const STOP_GRACE: Duration = Duration::from_secs(1);
/// A search to a depth that takes longer than this is stopped and its
/// answer taken as it is: a depth the page offers must not hang a review
/// on a slow engine.
pub const DEPTH_CAP: Duration = Duration::from_secs(30);
/// How often a searching worker looks for a new job.
const POLL: Duration = Duration::from_millis(20);

/// How long a search may go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// `go movetime MS`.
    Movetime(Duration),
    /// `go depth D` (stopped after [`DEPTH_CAP`]).
    Depth(u32),
    /// `go infinite`: until a new job (or [`Job::Cancel`]) stops it.
    Infinite,
}

impl Limit {
    fn go(&self) -> String {
        match self {
            Limit::Movetime(t) => format!("go movetime {}", t.as_millis()),
            Limit::Depth(d) => format!("go depth {d}"),
            Limit::Infinite => "go infinite".to_string(),
        }
    }

    /// How long to wait for the answer before sending `stop` ourselves.
    fn patience(&self) -> Option<Duration> {
        match self {
            Limit::Movetime(t) => Some(*t + STALL_GRACE),
            Limit::Depth(_) => Some(DEPTH_CAP),
            Limit::Infinite => None,
        }
    }
}

/// One search: the game to search and the engine settings it needs. The
/// worker sends the options only when they differ from what the engine
/// has, so a game's searches cost no `setoption` after the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    pub variant: Variant,
    /// `Skill Level` 1–10.
    pub level: u8,
    /// `MultiPV`: how many lines to report.
    pub lines: u8,
    pub start: Position,
    pub moves: Vec<Move>,
    pub limit: Limit,
}

/// What the worker is asked to do, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Job {
    /// Variant and strength for a new game: `setoption` (`UCI_Variant`,
    /// `Skill Level`), `ucinewgame`, `isready`.
    NewGame { variant: Variant, level: u8 },
    /// A search; answered by [`Event::BestMove`] with the same ticket
    /// unless a later job interrupts it. Its `info` lines come as
    /// [`Event::Line`]s.
    Search { ticket: u64, search: Search },
    /// Score every move of a game, one search of `limit` per position
    /// ([`songo_client::review`]); progress comes as
    /// [`Event::ReviewProgress`], the end as [`Event::Reviewed`] (or
    /// [`Event::ReviewFailed`]), unless a later job interrupts it.
    Review {
        ticket: u64,
        game: Game,
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

/// What the worker reports.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A new game was set up.
    Ready,
    /// A line of output during search `ticket` (the `bestmove` line excepted).
    Line { ticket: u64, line: String },
    /// The answer to [`Job::Search`] `ticket`.
    BestMove { ticket: u64, answer: BestMoveLine },
    /// [`Job::Review`] `ticket` has scored `done` of `total` positions.
    ReviewProgress {
        ticket: u64,
        done: usize,
        total: usize,
    },
    /// [`Job::Review`] `ticket` is finished.
    Reviewed { ticket: u64, review: GameReview },
    /// [`Job::Review`] `ticket` could not be finished, though the engine
    /// still runs (it gave a position no score).
    ReviewFailed { ticket: u64, message: String },
    /// The engine is gone; the worker has ended.
    Failed(Failure),
}

/// A `bestmove` line, read or not, with the last `info` of the first line
/// that came before it (its score and principal variation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMoveLine {
    pub line: String,
    pub parsed: Option<BestMove>,
    pub info: Option<Info>,
}

/// Where the room sends jobs; a trait so that the room can be tested
/// without processes.
pub trait EngineLink: Send {
    fn send(&mut self, job: Job);
}

/// A running engine worker. Dropping it ends the thread, which quits (or
/// kills) the engine.
pub struct EngineWorker {
    jobs: Sender<Job>,
}

impl EngineLink for EngineWorker {
    fn send(&mut self, job: Job) {
        // A worker that ended has reported why.
        let _ = self.jobs.send(job);
    }
}

impl EngineWorker {
    /// Starts the engine of `spec` on a new thread; `report` hears its
    /// events, from that thread.
    pub fn start(
        spec: EngineSpec,
        default_cmd: PathBuf,
        report: impl Fn(Event) + Send + 'static,
    ) -> EngineWorker {
        let (jobs, inbox) = channel();
        std::thread::Builder::new()
            .name(format!("engine {}", spec.name))
            .spawn(move || work(&spec, &default_cmd, inbox, &report))
            .expect("a thread for the engine");
        EngineWorker { jobs }
    }
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

/// The thread's loop: the [`Driver`] decides, this carries it out over
/// the process, reading the engine's lines with a deadline so that a job
/// is looked for every [`POLL`] while the engine works.
fn work(
    spec: &EngineSpec,
    default_cmd: &std::path::Path,
    inbox: Receiver<Job>,
    report: &dyn Fn(Event),
) {
    let mut engine = match EngineProcess::start(spec, default_cmd) {
        Ok(p) => p,
        Err(e) => return report(Event::Failed(Failure::Start(chain(&e)))),
    };
    let epoch = Instant::now();
    let mut driver = Driver::new(spec.options.clone());
    let mut actions = driver.start(epoch.elapsed());
    loop {
        if !carry_out(&mut engine, actions, report) {
            let failed = driver.closed(epoch.elapsed());
            carry_out(&mut engine, failed, report);
        }
        if driver.is_over() {
            // Dropping the process kills it.
            return;
        }
        let job = if driver.is_idle() {
            inbox.recv().map_err(|_| TryRecvError::Disconnected)
        } else {
            inbox.try_recv()
        };
        actions = match job {
            Ok(job) => driver.on_job(job, epoch.elapsed()),
            Err(TryRecvError::Disconnected) => return engine.quit(),
            Err(TryRecvError::Empty) => {
                let now = epoch.elapsed();
                let deadline = driver.deadline();
                if deadline.is_some_and(|d| now >= d) {
                    driver.on_time(now)
                } else {
                    let wake = deadline.map_or(now + POLL, |d| d.min(now + POLL));
                    match engine.recv_line(epoch + wake) {
                        Ok(line) => driver.on_line(&line, epoch.elapsed()),
                        Err(ProcessError::Timeout) => Vec::new(),
                        Err(_) => driver.closed(epoch.elapsed()),
                    }
                }
            }
        };
    }
}

/// Does what the driver asks; `false` when the engine's input is closed
/// (the events are reported all the same).
fn carry_out(engine: &mut EngineProcess, actions: Vec<Action>, report: &dyn Fn(Event)) -> bool {
    let mut open = true;
    for action in actions {
        match action {
            Action::Send(line) => open = open && engine.send(&line).is_ok(),
            // A process reads while it searches: `stop` ends the search,
            // and the driver drops its answer.
            Action::Interrupt => open = open && engine.send("stop").is_ok(),
            Action::Report(event) => report(event),
        }
    }
    open
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
    }
}

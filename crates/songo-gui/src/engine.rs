//! One engine process behind a worker thread. The table sends it jobs (a
//! new game, think about a position, cancel) and hears back events (ready,
//! each output line, the best move, a failure). Every wait has a deadline,
//! so a crashed or stalled engine becomes a [`Failure`] event and never
//! blocks the server; the thread ends, killing the process, when it fails
//! or when its [`EngineWorker`] is dropped.

use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::time::{Duration, Instant};

use songo_client::{BestMove, EngineProcess, EngineSpec, ProcessError};
use songo_core::{Move, Position, Variant};

/// The longest the handshake or `isready` may take.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);
/// How much longer than its move time an engine may think before it is
/// told to stop.
pub const STALL_GRACE: Duration = Duration::from_secs(5);
/// How long an engine has to answer `stop`.
pub const STOP_GRACE: Duration = Duration::from_secs(1);
/// How often a thinking worker looks for a new job.
const POLL: Duration = Duration::from_millis(20);

/// What the worker is asked to do, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Job {
    /// Variant and strength for a new game: `setoption` (`UCI_Variant`,
    /// `Skill Level`), `ucinewgame`, `isready`.
    NewGame { variant: Variant, level: u8 },
    /// `position` and `go movetime`; answered by [`Event::BestMove`] with
    /// the same ticket unless a later job interrupts it.
    Think {
        ticket: u64,
        start: Position,
        moves: Vec<Move>,
        movetime: Duration,
    },
    /// Stop the current search (its move is dropped); nothing if idle.
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A new game was set up.
    Ready,
    /// A line of output while thinking (the `bestmove` line excepted).
    Line(String),
    /// The answer to [`Job::Think`] `ticket`.
    BestMove { ticket: u64, answer: BestMoveLine },
    /// The engine is gone; the worker has ended.
    Failed(Failure),
}

/// A `bestmove` line, read or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMoveLine {
    pub line: String,
    pub parsed: Option<BestMove>,
}

/// Where the table sends jobs; a trait so that the table can be tested
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

fn failure_of(e: ProcessError) -> Failure {
    match e {
        ProcessError::Exited => Failure::Crashed,
        ProcessError::Timeout => Failure::NoAnswer,
        ProcessError::Spawn { .. } => Failure::Start(chain(&e)),
    }
}

fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text = format!("{text}: {c}");
        cause = c.source();
    }
    text
}

fn work(
    spec: &EngineSpec,
    default_cmd: &std::path::Path,
    inbox: Receiver<Job>,
    report: &dyn Fn(Event),
) {
    let started = EngineProcess::start(spec, default_cmd).and_then(|mut p| {
        p.ask("uci", "uciok", ANSWER_TIMEOUT)?;
        Ok(p)
    });
    let mut engine = match started {
        Ok(p) => p,
        Err(e) => return report(Event::Failed(Failure::Start(chain(&e)))),
    };
    let mut pending: Option<Job> = None;
    loop {
        let job = match pending.take() {
            Some(job) => job,
            None => match inbox.recv() {
                Ok(job) => job,
                Err(_) => break,
            },
        };
        let done = match job {
            Job::NewGame { variant, level } => {
                let options = [
                    ("Skill Level".to_string(), level.to_string()),
                    // The options of the engine's description come last.
                ]
                .into_iter()
                .chain(spec.options.iter().cloned())
                .collect::<Vec<_>>();
                engine
                    .new_game(variant, &options, ANSWER_TIMEOUT)
                    .map(|_| report(Event::Ready))
                    .map_err(failure_of)
            }
            Job::Cancel => Ok(()),
            Job::Think {
                ticket,
                start,
                moves,
                movetime,
            } => think(&mut engine, &inbox, report, ticket, start, &moves, movetime).map(
                |interrupted| {
                    pending = interrupted;
                },
            ),
        };
        if let Err(failure) = done {
            report(Event::Failed(failure));
            return;
        }
    }
    engine.quit();
}

/// One search; returns the job that interrupted it, if one did.
fn think(
    engine: &mut EngineProcess,
    inbox: &Receiver<Job>,
    report: &dyn Fn(Event),
    ticket: u64,
    start: Position,
    moves: &[Move],
    movetime: Duration,
) -> Result<Option<Job>, Failure> {
    let start_text = if start == Position::startpos() {
        "startpos".to_string()
    } else {
        format!("fen {start}")
    };
    let mut position = format!("position {start_text}");
    if !moves.is_empty() {
        position.push_str(" moves");
        for m in moves {
            position.push_str(&format!(" {m}"));
        }
    }
    engine.send(&position).map_err(failure_of)?;
    engine
        .send(&format!("go movetime {}", movetime.as_millis()))
        .map_err(failure_of)?;
    let asked = Instant::now();
    let deadline = asked + movetime + STALL_GRACE;
    let is_bestmove = |l: &str| l.split_whitespace().next() == Some("bestmove");
    loop {
        match inbox.try_recv() {
            Ok(job) => {
                // Stop the search and drop its move.
                engine.send("stop").map_err(failure_of)?;
                return match engine.wait_for(Instant::now() + STOP_GRACE, is_bestmove) {
                    Ok(_) => Ok(Some(job)),
                    Err(ProcessError::Timeout) => Err(Failure::Stalled(asked.elapsed())),
                    Err(e) => Err(failure_of(e)),
                };
            }
            Err(TryRecvError::Disconnected) => return Ok(None),
            Err(TryRecvError::Empty) => {}
        }
        let now = Instant::now();
        if now >= deadline {
            engine.send("stop").map_err(failure_of)?;
            return match engine.wait_for(Instant::now() + STOP_GRACE, is_bestmove) {
                Ok(line) => {
                    report(Event::BestMove {
                        ticket,
                        answer: BestMoveLine {
                            parsed: BestMove::parse(&line),
                            line,
                        },
                    });
                    Ok(None)
                }
                Err(ProcessError::Timeout) => Err(Failure::Stalled(asked.elapsed())),
                Err(e) => Err(failure_of(e)),
            };
        }
        match engine.recv_line((now + POLL).min(deadline)) {
            Ok(line) if is_bestmove(&line) => {
                report(Event::BestMove {
                    ticket,
                    answer: BestMoveLine {
                        parsed: BestMove::parse(&line),
                        line,
                    },
                });
                return Ok(None);
            }
            Ok(line) => report(Event::Line(line)),
            Err(ProcessError::Timeout) => {}
            Err(e) => return Err(failure_of(e)),
        }
    }
}

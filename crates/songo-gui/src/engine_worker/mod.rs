//! One engine process behind a worker thread: the [`EngineLink`] of
//! `songo gui`. The room sends it jobs (a new game, a search, a game
//! review, cancel; the types are songo-room's [`link`](songo_room::link),
//! shared with every other engine runner) and hears back events (ready,
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
//! - `search`: one `position` + `go`, its lines and its best move;
//! - `review`: a whole game scored position by position.

mod review;
mod search;

use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::time::Duration;

use songo_client::{EngineProcess, EngineSpec, ProcessError};
use songo_core::Variant;
use songo_room::link::{chain, BestMoveLine, EngineLink, Event, Failure, Job, Search};

/// The longest the handshake or `isready` may take.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long an engine has to answer `stop`.
pub const STOP_GRACE: Duration = Duration::from_secs(1);
/// How often a searching worker looks for a new job.
const POLL: Duration = Duration::from_millis(20);

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

/// What the engine was last told, so that a search sends only the options
/// that change. An option the engine's description sets itself is never
/// sent: the command line wins.
struct Settings {
    variant: Option<Variant>,
    level: Option<u8>,
    /// The protocol's default is one line.
    lines: u8,
    spec_level: bool,
    spec_lines: bool,
}

impl Settings {
    fn new(spec: &EngineSpec) -> Settings {
        let sets = |name: &str| {
            spec.options
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case(name))
        };
        Settings {
            variant: None,
            level: None,
            lines: 1,
            spec_level: sets("Skill Level"),
            spec_lines: sets("MultiPV"),
        }
    }
}

/// The worker's side: the process, its jobs and where its events go.
struct Worker<'a> {
    engine: EngineProcess,
    spec: &'a EngineSpec,
    inbox: Receiver<Job>,
    report: &'a dyn Fn(Event),
    settings: Settings,
}

fn work(
    spec: &EngineSpec,
    default_cmd: &std::path::Path,
    inbox: Receiver<Job>,
    report: &dyn Fn(Event),
) {
    let started = EngineProcess::start(spec, default_cmd).and_then(|mut p| {
        p.ask("uci", "uciok", ANSWER_TIMEOUT)?;
        // Win/draw/loss chances for the analysis; an engine without the
        // option answers with an error line, which nobody reads.
        if !spec
            .options
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case("UCI_ShowWDL"))
        {
            p.send("setoption name UCI_ShowWDL value true")?;
        }
        Ok(p)
    });
    let engine = match started {
        Ok(p) => p,
        Err(e) => return report(Event::Failed(Failure::Start(chain(&e)))),
    };
    let mut worker = Worker {
        engine,
        spec,
        inbox,
        report,
        settings: Settings::new(spec),
    };
    match worker.run() {
        Ok(()) => worker.engine.quit(),
        Err(failure) => report(Event::Failed(failure)),
    }
}

/// How a search ended.
enum Ended {
    /// The engine answered.
    Answer(BestMoveLine),
    /// A new job came first; the search was stopped.
    Interrupted(Job),
    /// The room dropped the worker.
    Orphaned,
}

impl Worker<'_> {
    /// Runs jobs until the room drops the worker; an error is the
    /// engine's failure.
    fn run(&mut self) -> Result<(), Failure> {
        let mut pending: Option<Job> = None;
        loop {
            let job = match pending.take() {
                Some(job) => job,
                None => match self.inbox.recv() {
                    Ok(job) => job,
                    Err(_) => return Ok(()),
                },
            };
            let next = match job {
                Job::NewGame { variant, level } => {
                    self.new_game(variant, level)?;
                    None
                }
                Job::Cancel => None,
                Job::Search { ticket, search } => match self.search(ticket, &search, true)? {
                    Ended::Answer(answer) => {
                        (self.report)(Event::BestMove { ticket, answer });
                        None
                    }
                    Ended::Interrupted(job) => Some(job),
                    Ended::Orphaned => return Ok(()),
                },
                Job::Review {
                    ticket,
                    game,
                    limit,
                } => match self.review(ticket, &game, limit)? {
                    review::Reviewed::Done(review) => {
                        (self.report)(Event::Reviewed { ticket, review });
                        None
                    }
                    review::Reviewed::Failed(message) => {
                        (self.report)(Event::ReviewFailed { ticket, message });
                        None
                    }
                    review::Reviewed::Interrupted(job) => Some(job),
                    review::Reviewed::Orphaned => return Ok(()),
                },
            };
            pending = next;
        }
    }

    fn new_game(&mut self, variant: Variant, level: u8) -> Result<(), Failure> {
        let options = [("Skill Level".to_string(), level.to_string())]
            .into_iter()
            // The options of the engine's description come last.
            .chain(self.spec.options.iter().cloned())
            .collect::<Vec<_>>();
        self.engine
            .new_game(variant, &options, ANSWER_TIMEOUT)
            .map_err(failure_of)?;
        self.settings.variant = Some(variant);
        self.settings.level = Some(level);
        (self.report)(Event::Ready);
        Ok(())
    }

    /// Sends the options `search` needs that the engine does not have yet.
    fn prepare(&mut self, search: &Search) -> Result<(), Failure> {
        let mut changed = false;
        if self.settings.variant != Some(search.variant) {
            self.send(&format!(
                "setoption name UCI_Variant value {}",
                search.variant
            ))?;
            self.settings.variant = Some(search.variant);
            changed = true;
        }
        if !self.settings.spec_level && self.settings.level != Some(search.level) {
            self.send(&format!(
                "setoption name Skill Level value {}",
                search.level
            ))?;
            self.settings.level = Some(search.level);
            changed = true;
        }
        if !self.settings.spec_lines && self.settings.lines != search.lines {
            self.send(&format!("setoption name MultiPV value {}", search.lines))?;
            self.settings.lines = search.lines;
            changed = true;
        }
        if changed {
            // A new variant may take the engine a moment (its tables).
            self.engine
                .ask("isready", "readyok", ANSWER_TIMEOUT)
                .map_err(failure_of)?;
        }
        Ok(())
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        self.engine.send(line).map_err(failure_of)
    }
}

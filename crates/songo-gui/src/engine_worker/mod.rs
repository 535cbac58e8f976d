//! One engine process behind a worker thread: the [`EngineLink`] of
//! `songo gui`. The room sends it jobs (a new game, a search, a game
//! review, cancel; the types are songo-room's [`link`](songo_room::link),
//! shared with every other engine runner) and hears back events (ready,
//! each output line, the best move, review progress, a failure). Every
//! wait has a deadline, so a crashed or stalled engine becomes a
//! [`Failure`] event and never blocks the server; the thread ends, killing
//! the process, when it fails or when its [`EngineWorker`] is dropped.
//!
//! The protocol logic is songo-room's [`Driver`], a state machine without
//! I/O that a transport which cannot block (a Web Worker in a page) drives
//! as well; this thread only carries out what it asks over the process.

use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::time::{Duration, Instant};

use songo_client::{EngineProcess, EngineSpec, ProcessError};
use songo_room::driver::{Action, Driver};
use songo_room::link::{chain, EngineLink, Failure, Job, LinkEvent};

pub use songo_room::link::{ANSWER_TIMEOUT, STOP_GRACE};

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
        report: impl Fn(LinkEvent) + Send + 'static,
    ) -> EngineWorker {
        let (jobs, inbox) = channel();
        std::thread::Builder::new()
            .name(format!("engine {}", spec.name))
            .spawn(move || work(&spec, &default_cmd, inbox, &report))
            .expect("a thread for the engine");
        EngineWorker { jobs }
    }
}

/// The thread's loop: the [`Driver`] decides, this carries it out over
/// the process, reading the engine's lines with a deadline so that a job
/// is looked for every [`POLL`] while the engine works.
fn work(
    spec: &EngineSpec,
    default_cmd: &std::path::Path,
    inbox: Receiver<Job>,
    report: &dyn Fn(LinkEvent),
) {
    let mut engine = match EngineProcess::start(spec, default_cmd) {
        Ok(p) => p,
        Err(e) => return report(LinkEvent::Failed(Failure::Start(chain(&e)))),
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
fn carry_out(engine: &mut EngineProcess, actions: Vec<Action>, report: &dyn Fn(LinkEvent)) -> bool {
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

//! The engine's side of a room as a state machine without I/O: jobs and
//! the engine's output lines go in, lines for the engine and events for
//! the room come out. It owns no thread, no pipe and no clock: the caller
//! (a thread over a child process, or a web page over a Web Worker) reads
//! and writes, and passes the time as a [`Duration`] since an epoch of its
//! own, so that the same logic runs natively and in WebAssembly.
//!
//! The caller feeds the driver every input and carries out every
//! [`Action`] it returns, in order; it calls [`Driver::on_time`] once
//! [`Driver::deadline`] has passed. After [`LinkEvent::Failed`] the driver is
//! over ([`Driver::is_over`]): it ignores everything and the caller ends
//! the engine.
//!
//! Ending a search whose answer is no longer wanted is the transport's
//! choice ([`Action::Interrupt`]): a process transport writes `stop` and
//! the driver drops the `bestmove` that follows; a Web Worker cannot read
//! while it searches, so a web transport replaces it with a fresh engine
//! and calls [`Driver::restarted`], after which the driver greets the new
//! engine and tells it every option again.

use std::collections::VecDeque;
use std::time::Duration;

use songo_client::review::Reviewing;
use songo_client::{Info, ProcessError};
use songo_core::Variant;

use crate::link::{chain, Failure, Job, Limit, LinkEvent, Search};
use crate::link::{ANSWER_TIMEOUT, STOP_GRACE};

mod jobs;
#[cfg(test)]
mod tests;

use jobs::{keep_best_info, to_engine};

/// What the caller must do, in order.
// Actions live a moment in a short list: boxing the event would cost an
// allocation each and a dereference to every caller's match.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Write this line to the engine.
    Send(String),
    /// Give this event to the room.
    Report(LinkEvent),
    /// End the running search now; its answer is not wanted. Either write
    /// `stop` (the driver drops the `bestmove` that follows), or replace
    /// the engine and call [`Driver::restarted`]; either within
    /// [`STOP_GRACE`], after which the engine counts as stalled.
    Interrupt,
}

/// Where the driver is.
#[derive(Debug)]
enum Phase {
    /// Before [`Driver::start`]: jobs wait.
    Unstarted,
    /// `uci` sent, `uciok` awaited.
    Greeting { until: Duration },
    /// Nothing to do.
    Idle,
    /// A new game's `isready` sent, `readyok` awaited: then [`LinkEvent::Ready`].
    NewGame {
        until: Duration,
        variant: Variant,
        level: u8,
    },
    /// Options for the job's next search sent, `readyok` awaited: a new
    /// variant may take the engine a moment (its tables).
    Preparing { until: Duration },
    /// The job's search runs: `go` sent.
    Searching(InFlight),
    /// The search ran past its patience: `stop` sent, its answer still
    /// wanted.
    Stopping { run: InFlight, until: Duration },
    /// [`Action::Interrupt`] given: the stale `bestmove` (or
    /// [`Driver::restarted`]) awaited.
    Interrupted { asked: Duration, until: Duration },
    /// Failed: nothing more happens.
    Over,
}

/// One search under way.
#[derive(Debug)]
struct InFlight {
    /// When `go` was sent.
    asked: Duration,
    /// When to send `stop` ourselves.
    patience: Option<Duration>,
    /// The best `info` of the first line so far (see [`keep_best_info`]).
    last: Option<Info>,
}

/// The job being worked through, between its searches.
#[derive(Debug)]
struct ActiveJob {
    ticket: u64,
    kind: JobKind,
}

#[derive(Debug)]
enum JobKind {
    Search(Search),
    Review {
        reviewing: Reviewing,
        limit: Limit,
        /// Progress events sent: one per position, as `review_game` calls
        /// its `progress`.
        reported: usize,
    },
}

/// What the engine was last told, so that a job sends only the options
/// that change. An option the engine's description sets itself is never
/// overridden: the command line wins.
#[derive(Debug)]
struct SentOptions {
    variant: Option<Variant>,
    level: Option<u8>,
    /// The protocol's default is one line.
    lines: u8,
    /// `OwnBook`: songo's default is off.
    book: bool,
}

impl SentOptions {
    fn nothing() -> SentOptions {
        SentOptions {
            variant: None,
            level: None,
            lines: 1,
            book: false,
        }
    }
}

/// The engine protocol's client logic for one engine: see the module.
#[derive(Debug)]
pub struct Driver {
    /// The options of the engine's description, sent after every
    /// `UCI_Variant` (some, such as `EvalFile`, apply to the current
    /// variant).
    fixed: Vec<(String, String)>,
    sent: SentOptions,
    /// Jobs not started yet, in order.
    queue: VecDeque<Job>,
    active: Option<ActiveJob>,
    phase: Phase,
}

impl Driver {
    /// A driver for an engine whose description sets `options` (name,
    /// value). Nothing is sent before [`start`](Driver::start).
    pub fn new(options: Vec<(String, String)>) -> Driver {
        Driver {
            fixed: options,
            sent: SentOptions::nothing(),
            queue: VecDeque::new(),
            active: None,
            phase: Phase::Unstarted,
        }
    }

    /// The engine is running: greets it. Jobs given before wait for the
    /// greeting.
    pub fn start(&mut self, now: Duration) -> Vec<Action> {
        let mut out = Vec::new();
        if matches!(self.phase, Phase::Unstarted) {
            self.greet(now, &mut out);
        }
        out
    }

    /// A job from the room. A running search is interrupted for it (its
    /// answer dropped); otherwise it waits for the current step.
    pub fn on_job(&mut self, job: Job, now: Duration) -> Vec<Action> {
        let mut out = Vec::new();
        match &self.phase {
            Phase::Over => {}
            Phase::Idle => {
                self.queue.push_back(job);
                self.start_next(now, &mut out);
            }
            Phase::Searching(run) => {
                self.phase = Phase::Interrupted {
                    asked: run.asked,
                    until: now.saturating_add(STOP_GRACE),
                };
                self.active = None;
                self.queue.push_back(job);
                out.push(Action::Interrupt);
            }
            _ => self.queue.push_back(job),
        }
        out
    }

    /// A line of the engine's output (without its line ending).
    pub fn on_line(&mut self, line: &str, now: Duration) -> Vec<Action> {
        let mut out = Vec::new();
        let first = line.split_whitespace().next();
        match &mut self.phase {
            Phase::Greeting { .. } if first == Some("uciok") => {
                // Win/draw/loss chances for the analysis; an engine without
                // the option answers with an error line, which nobody reads.
                if !self.fixes("UCI_ShowWDL") {
                    out.push(to_engine("setoption name UCI_ShowWDL value true"));
                }
                self.start_next(now, &mut out);
            }
            Phase::NewGame { .. } if first == Some("readyok") => {
                out.push(Action::Report(LinkEvent::Ready));
                self.start_next(now, &mut out);
            }
            // The options are told: the search itself now.
            Phase::Preparing { .. } if first == Some("readyok") => self.start_next(now, &mut out),
            Phase::Searching(run) | Phase::Stopping { run, .. } if first == Some("bestmove") => {
                let info = run.last.take();
                self.answered(line, info, now, &mut out);
            }
            Phase::Searching(run) => {
                keep_best_info(&mut run.last, line);
                if let Some(ActiveJob {
                    ticket,
                    kind: JobKind::Search(_),
                }) = self.active
                {
                    out.push(Action::Report(LinkEvent::Line {
                        ticket,
                        line: line.to_string(),
                    }));
                }
            }
            // After our `stop` the lines are kept, no longer shown.
            Phase::Stopping { run, .. } => keep_best_info(&mut run.last, line),
            Phase::Interrupted { .. } if first == Some("bestmove") => {
                self.start_next(now, &mut out)
            }
            // Anything else is noise: a late line, an error message.
            _ => {}
        }
        out
    }

    /// Time passed: past [`deadline`](Driver::deadline), a search is
    /// stopped or the engine has failed.
    pub fn on_time(&mut self, now: Duration) -> Vec<Action> {
        let mut out = Vec::new();
        if self.deadline().is_none_or(|d| now < d) {
            return out;
        }
        match std::mem::replace(&mut self.phase, Phase::Over) {
            Phase::Greeting { .. } => {
                self.fail(Failure::Start(chain(&ProcessError::Timeout)), &mut out)
            }
            Phase::NewGame { .. } | Phase::Preparing { .. } => {
                self.fail(Failure::NoAnswer, &mut out)
            }
            Phase::Searching(run) => {
                // Past its limit: stop it, and take what it has.
                self.phase = Phase::Stopping {
                    run,
                    until: now.saturating_add(STOP_GRACE),
                };
                out.push(to_engine("stop"));
            }
            Phase::Stopping {
                run: InFlight { asked, .. },
                ..
            }
            | Phase::Interrupted { asked, .. } => {
                self.fail(Failure::Stalled(now.saturating_sub(asked)), &mut out)
            }
            // No deadline in these.
            other @ (Phase::Unstarted | Phase::Idle | Phase::Over) => self.phase = other,
        }
        out
    }

    /// The transport replaced the engine with a fresh one (after
    /// [`Action::Interrupt`], or on its own): the driver greets it, tells
    /// it every option again, and goes on with the jobs. A search or a new
    /// game that was under way is done again.
    pub fn restarted(&mut self, now: Duration) -> Vec<Action> {
        let mut out = Vec::new();
        match std::mem::replace(&mut self.phase, Phase::Idle) {
            Phase::Over => self.phase = Phase::Over,
            Phase::NewGame { variant, level, .. } => {
                self.queue.push_front(Job::NewGame { variant, level });
                self.greet(now, &mut out);
            }
            _ => self.greet(now, &mut out),
        }
        out
    }

    /// The engine's output (or input) closed: it exited.
    pub fn closed(&mut self, _now: Duration) -> Vec<Action> {
        let mut out = Vec::new();
        match self.phase {
            Phase::Over => {}
            Phase::Unstarted | Phase::Greeting { .. } => {
                self.fail(Failure::Start(chain(&ProcessError::Exited)), &mut out)
            }
            _ => self.fail(Failure::Crashed, &mut out),
        }
        out
    }

    /// When [`on_time`](Driver::on_time) is due; `None`: nothing to wait
    /// for (idle, or a search without limit).
    pub fn deadline(&self) -> Option<Duration> {
        match &self.phase {
            Phase::Greeting { until }
            | Phase::NewGame { until, .. }
            | Phase::Preparing { until }
            | Phase::Stopping { until, .. }
            | Phase::Interrupted { until, .. } => Some(*until),
            Phase::Searching(run) => run.patience,
            Phase::Unstarted | Phase::Idle | Phase::Over => None,
        }
    }

    /// Whether the driver expects nothing from the engine (no job under
    /// way): a caller may then just wait for the next job.
    pub fn is_idle(&self) -> bool {
        matches!(self.phase, Phase::Idle | Phase::Unstarted)
    }

    /// Whether the engine failed: [`LinkEvent::Failed`] was reported and
    /// every input is ignored from then on.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    fn fixes(&self, option: &str) -> bool {
        self.fixed
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case(option))
    }

    /// A fresh engine knows nothing: `uci`, and every option again later.
    fn greet(&mut self, now: Duration, out: &mut Vec<Action>) {
        self.sent = SentOptions::nothing();
        out.push(to_engine("uci"));
        self.phase = Phase::Greeting {
            until: now.saturating_add(ANSWER_TIMEOUT),
        };
    }

    fn fail(&mut self, failure: Failure, out: &mut Vec<Action>) {
        self.phase = Phase::Over;
        self.active = None;
        self.queue.clear();
        out.push(Action::Report(LinkEvent::Failed(failure)));
    }
}

//! One search: `position`, `go`, the engine's lines as they come, and its
//! `bestmove`; interrupted by the next job, stopped by us when it runs
//! past its limit.

use std::sync::mpsc::TryRecvError;
use std::time::Instant;

use songo_client::{BestMove, Info, ProcessError};

use songo_client::position_command;

use super::driver::keep;
use super::{failure_of, BestMoveLine, Ended, Event, Failure, Search, Worker};
use super::{POLL, STOP_GRACE};

fn is_bestmove(line: &str) -> bool {
    line.split_whitespace().next() == Some("bestmove")
}

impl Worker<'_> {
    /// Runs `search`; `forward` sends its lines to the room as they come.
    pub(super) fn search(
        &mut self,
        ticket: u64,
        search: &Search,
        forward: bool,
    ) -> Result<Ended, Failure> {
        self.prepare(search)?;
        self.send(&position_command(&search.start, &search.moves))?;
        self.send(&search.limit.go())?;
        let asked = Instant::now();
        let deadline = search.limit.patience().map(|p| asked + p);
        let mut last: Option<Info> = None;
        loop {
            match self.inbox.try_recv() {
                Ok(job) => {
                    // Stop the search and drop its answer.
                    self.send("stop")?;
                    return match self
                        .engine
                        .wait_for(Instant::now() + STOP_GRACE, is_bestmove)
                    {
                        Ok(_) => Ok(Ended::Interrupted(job)),
                        Err(ProcessError::Timeout) => Err(Failure::Stalled(asked.elapsed())),
                        Err(e) => Err(failure_of(e)),
                    };
                }
                Err(TryRecvError::Disconnected) => return Ok(Ended::Orphaned),
                Err(TryRecvError::Empty) => {}
            }
            let now = Instant::now();
            if deadline.is_some_and(|d| now >= d) {
                // Past its limit: stop it, and take what it has.
                self.send("stop")?;
                let end = Instant::now() + STOP_GRACE;
                loop {
                    match self.engine.recv_line(end) {
                        Ok(line) if is_bestmove(&line) => return Ok(answer(line, last)),
                        Ok(line) => keep(&mut last, &line),
                        Err(ProcessError::Timeout) => {
                            return Err(Failure::Stalled(asked.elapsed()))
                        }
                        Err(e) => return Err(failure_of(e)),
                    }
                }
            }
            let wake = deadline.map_or(now + POLL, |d| (now + POLL).min(d));
            match self.engine.recv_line(wake) {
                Ok(line) if is_bestmove(&line) => return Ok(answer(line, last)),
                Ok(line) => {
                    keep(&mut last, &line);
                    if forward {
                        (self.report)(Event::Line { ticket, line });
                    }
                }
                Err(ProcessError::Timeout) => {}
                Err(e) => return Err(failure_of(e)),
            }
        }
    }
}

fn answer(line: String, info: Option<Info>) -> Ended {
    Ended::Answer(BestMoveLine {
        parsed: BestMove::parse(&line),
        line,
        info,
    })
}

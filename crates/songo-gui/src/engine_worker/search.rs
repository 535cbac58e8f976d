//! One search: `position`, `go`, the engine's lines as they come, and its
//! `bestmove`; interrupted by the next job, stopped by us when it runs
//! past its limit.

use std::sync::mpsc::TryRecvError;
use std::time::Instant;

use songo_client::info::Bound;
use songo_client::{BestMove, Info, ProcessError};

use songo_client::position_command;
use songo_room::link::{BestMoveLine, Event, Failure, Search};

use super::{failure_of, Ended, Worker};
use super::{POLL, STOP_GRACE};

fn is_bestmove(line: &str) -> bool {
    line.split_whitespace().next() == Some("bestmove")
}

/// The best `info` of the first line seen so far: an exact score beats a
/// bound (an aspiration failure), a later line beats an earlier one.
fn keep(last: &mut Option<Info>, line: &str) {
    let Some(info) = Info::parse(line) else {
        return;
    };
    if info.string.is_some() || info.score.is_none() || info.multipv.is_some_and(|k| k != 1) {
        return;
    }
    let better = match last {
        None => true,
        Some(old) => info.bound == Bound::Exact || old.bound != Bound::Exact,
    };
    if better {
        *last = Some(info);
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use songo_client::InfoScore;

    #[test]
    fn the_last_exact_score_of_the_first_line_is_kept() {
        let mut last = None;
        keep(&mut last, "info string hello");
        assert_eq!(last, None);
        keep(&mut last, "info depth 3 multipv 1 score cp 20 pv A");
        keep(&mut last, "info depth 3 multipv 2 score cp 10 pv B");
        assert_eq!(last.as_ref().unwrap().score, Some(InfoScore::Cp(20)));
        keep(
            &mut last,
            "info depth 4 multipv 1 score cp 90 lowerbound pv C",
        );
        assert_eq!(last.as_ref().unwrap().score, Some(InfoScore::Cp(20)));
        keep(&mut last, "info depth 4 score cp 40 pv D");
        assert_eq!(last.as_ref().unwrap().pv, ["D"]);
        keep(&mut last, "info depth 5 nodes 100");
        assert_eq!(last.as_ref().unwrap().pv, ["D"]);
    }
}

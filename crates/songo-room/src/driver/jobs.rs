//! How the driver works through its jobs: the options, the searches, a
//! review's positions one by one, the answers.

use std::time::Duration;

use songo_client::info::Bound;
use songo_client::review::{Reviewing, Thresholds, Verdict};
use songo_client::{position_command, BestMove, Info};
use songo_core::Variant;

use super::{Action, ActiveJob, Driver, InFlight, JobKind, Phase};
use crate::link::{BestMoveLine, Job, LinkEvent, Search, ANSWER_TIMEOUT};
use crate::say::Say;

/// A review searches at full strength.
const REVIEW_LEVEL: u8 = 10;
/// A review searches, also the positions an opening book has (it would
/// answer them with its own score, not one of the review's depth or time),
/// as `songo review` does.
const REVIEW_BOOK: bool = false;
/// Games and hints search too, as songo does by default: its embedded
/// book loses at longer clocks (docs/book.md). Only an engine whose
/// description sets `OwnBook` plays from its book.
const GAME_BOOK: bool = false;

impl Driver {
    /// Goes on with the job, or the next job; idle when there is none.
    pub(super) fn start_next(&mut self, now: Duration, out: &mut Vec<Action>) {
        loop {
            if self.queue.is_empty() {
                if let Some(search) = self.next_search(out) {
                    return self.prepare(&search, now, out);
                }
            }
            // An active job with another behind it would be interrupted at once.
            self.active = None;
            let Some(job) = self.queue.pop_front() else {
                self.phase = Phase::Idle;
                return;
            };
            match job {
                Job::NewGame { variant, level } => return self.new_game(variant, level, now, out),
                Job::Cancel => {}
                Job::Search { ticket, search } => {
                    self.active = Some(ActiveJob {
                        ticket,
                        kind: JobKind::Search(search),
                    })
                }
                Job::Review {
                    ticket,
                    game,
                    limit,
                } => {
                    let job = ActiveJob {
                        ticket,
                        kind: JobKind::Review {
                            reviewing: Reviewing::new(&game, Thresholds::default()),
                            limit,
                            reported: 0,
                        },
                    };
                    self.active = report_review(job, out);
                }
            }
        }
    }

    /// The next search of the job, if any. A review that has none left
    /// is finished (and reported) here.
    fn next_search(&mut self, out: &mut Vec<Action>) -> Option<Search> {
        let job = self.active.as_mut()?;
        match &mut job.kind {
            JobKind::Search(search) => Some(search.clone()),
            JobKind::Review {
                reviewing, limit, ..
            } => match reviewing.next_position() {
                // One search per position, with the game's moves up to
                // there so that repetitions count.
                Some((ply, _)) => Some(Search {
                    variant: reviewing.game().variant(),
                    level: REVIEW_LEVEL,
                    lines: 1,
                    start: reviewing.game().start(),
                    moves: reviewing.game().moves()[..ply].to_vec(),
                    limit: *limit,
                }),
                None => {
                    let job = self.active.take()?;
                    self.active = report_review(job, out);
                    None
                }
            },
        }
    }

    fn new_game(&mut self, variant: Variant, level: u8, now: Duration, out: &mut Vec<Action>) {
        self.tell(variant, level, None, out);
        out.push(to_engine("ucinewgame"));
        out.push(to_engine("isready"));
        self.phase = Phase::NewGame {
            until: now.saturating_add(ANSWER_TIMEOUT),
            variant,
            level,
        };
    }

    /// Tells the engine the options `search` needs that it does not have
    /// yet (then waits for `readyok`), else starts the search.
    fn prepare(&mut self, search: &Search, now: Duration, out: &mut Vec<Action>) {
        let reviewing = matches!(
            self.active,
            Some(ActiveJob {
                kind: JobKind::Review { .. },
                ..
            })
        );
        let told = self.tell(search.variant, search.level, Some(search.lines), out);
        let told_book = self.tell_book(if reviewing { REVIEW_BOOK } else { GAME_BOOK }, out);
        if told || told_book {
            out.push(to_engine("isready"));
            self.phase = Phase::Preparing {
                until: now.saturating_add(ANSWER_TIMEOUT),
            };
            return;
        }
        out.push(to_engine(&position_command(&search.start, &search.moves)));
        out.push(to_engine(&search.limit.go()));
        self.phase = Phase::Searching(InFlight {
            asked: now,
            patience: search.limit.patience().map(|p| now.saturating_add(p)),
            last: None,
        });
    }

    /// Sends the options that differ from what the engine has; whether
    /// there were any.
    fn tell(
        &mut self,
        variant: Variant,
        level: u8,
        lines: Option<u8>,
        out: &mut Vec<Action>,
    ) -> bool {
        let before = out.len();
        if self.sent.variant != Some(variant) {
            out.push(to_engine(&format!(
                "setoption name UCI_Variant value {variant}"
            )));
            for (name, value) in &self.fixed {
                out.push(to_engine(&format!("setoption name {name} value {value}")));
            }
            self.sent.variant = Some(variant);
        }
        if !self.fixes("Skill Level") && self.sent.level != Some(level) {
            out.push(to_engine(&format!(
                "setoption name Skill Level value {level}"
            )));
            self.sent.level = Some(level);
        }
        if let Some(lines) = lines {
            if !self.fixes("MultiPV") && self.sent.lines != lines {
                out.push(to_engine(&format!("setoption name MultiPV value {lines}")));
                self.sent.lines = lines;
            }
        }
        out.len() > before
    }

    /// Sends `OwnBook` if it differs from what the engine has (and the
    /// engine's description does not set it); whether it did. An engine
    /// without the option answers with an error line, which nobody reads.
    fn tell_book(&mut self, book: bool, out: &mut Vec<Action>) -> bool {
        if self.fixes("OwnBook") || self.sent.book == book {
            return false;
        }
        out.push(to_engine(&format!("setoption name OwnBook value {book}")));
        self.sent.book = book;
        true
    }

    /// The `bestmove` of the job's search.
    pub(super) fn answered(
        &mut self,
        line: &str,
        info: Option<Info>,
        now: Duration,
        out: &mut Vec<Action>,
    ) {
        let answer = BestMoveLine {
            parsed: BestMove::parse(line),
            line: line.to_string(),
            info,
        };
        if let Some(mut job) = self.active.take() {
            match &mut job.kind {
                JobKind::Search(_) => out.push(Action::Report(LinkEvent::BestMove {
                    ticket: job.ticket,
                    answer,
                })),
                JobKind::Review { reviewing, .. } => {
                    let info = answer.info.unwrap_or_default();
                    match info.score {
                        Some(score) => {
                            reviewing.add(Verdict {
                                score,
                                best: answer.parsed.and_then(|b| b.mv),
                                pv: info.pv,
                            });
                            self.active = report_review(job, out);
                        }
                        None => {
                            let (ply, _) = reviewing.progress();
                            out.push(Action::Report(LinkEvent::ReviewFailed {
                                ticket: job.ticket,
                                message: Say::EngineNoScore {
                                    line: answer.line.clone(),
                                    ply,
                                },
                            }));
                        }
                    }
                }
            }
        }
        self.start_next(now, out);
    }
}

/// Reports a review's progress, and its end when every position is
/// scored; the job while it goes on.
fn report_review(mut job: ActiveJob, out: &mut Vec<Action>) -> Option<ActiveJob> {
    let ticket = job.ticket;
    let JobKind::Review {
        reviewing,
        reported,
        ..
    } = &mut job.kind
    else {
        return Some(job);
    };
    // Scores the positions the rules ended, on the way to the next.
    let more = reviewing.next_position().is_some();
    let (done, total) = reviewing.progress();
    for done in *reported + 1..=done {
        out.push(Action::Report(LinkEvent::ReviewProgress {
            ticket,
            done,
            total,
        }));
    }
    *reported = done;
    if more {
        return Some(job);
    }
    let JobKind::Review { reviewing, .. } = job.kind else {
        return None;
    };
    out.push(Action::Report(LinkEvent::Reviewed {
        ticket,
        review: reviewing.finish(),
    }));
    None
}

pub(super) fn to_engine(line: &str) -> Action {
    Action::Send(line.to_string())
}

/// The best `info` of the first line seen so far: an exact score beats a
/// bound (an aspiration failure), a later line beats an earlier one.
pub(super) fn keep_best_info(last: &mut Option<Info>, line: &str) {
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

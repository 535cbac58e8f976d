//! How the driver works through its jobs: the options, the searches, a
//! review's positions one by one, the answers.

use std::time::Duration;

use songo_client::info::Bound;
use songo_client::review::{Reviewing, Thresholds, Verdict};
use songo_client::{position_command, BestMove, Info};
use songo_core::Variant;

use super::{Action, Driver, Phase, Run, Task, Work};
use crate::link::{BestMoveLine, Event, Job, Search, ANSWER_TIMEOUT};
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
    /// Goes on with the task, or the next job; idle when there is none.
    pub(super) fn proceed(&mut self, now: Duration, out: &mut Vec<Action>) {
        loop {
            if self.queue.is_empty() {
                if let Some(search) = self.task_search(out) {
                    return self.prepare(&search, now, out);
                }
            }
            // A task with a job behind it would be interrupted at once.
            self.task = None;
            let Some(job) = self.queue.pop_front() else {
                self.phase = Phase::Idle;
                return;
            };
            match job {
                Job::NewGame { variant, level } => return self.new_game(variant, level, now, out),
                Job::Cancel => {}
                Job::Search { ticket, search } => {
                    self.task = Some(Task {
                        ticket,
                        work: Work::Search(search),
                    })
                }
                Job::Review {
                    ticket,
                    game,
                    limit,
                } => {
                    let task = Task {
                        ticket,
                        work: Work::Review {
                            reviewing: Reviewing::new(&game, Thresholds::default()),
                            limit,
                            reported: 0,
                        },
                    };
                    self.task = advance(task, out);
                }
            }
        }
    }

    /// The next search of the task, if any. A review that has none left
    /// is finished (and reported) here.
    fn task_search(&mut self, out: &mut Vec<Action>) -> Option<Search> {
        let task = self.task.as_mut()?;
        match &mut task.work {
            Work::Search(search) => Some(search.clone()),
            Work::Review {
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
                    let task = self.task.take()?;
                    self.task = advance(task, out);
                    None
                }
            },
        }
    }

    fn new_game(&mut self, variant: Variant, level: u8, now: Duration, out: &mut Vec<Action>) {
        self.tell(variant, level, None, out);
        out.push(send("ucinewgame"));
        out.push(send("isready"));
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
            self.task,
            Some(Task {
                work: Work::Review { .. },
                ..
            })
        );
        let told = self.tell(search.variant, search.level, Some(search.lines), out);
        let told_book = self.tell_book(if reviewing { REVIEW_BOOK } else { GAME_BOOK }, out);
        if told || told_book {
            out.push(send("isready"));
            self.phase = Phase::Preparing {
                until: now.saturating_add(ANSWER_TIMEOUT),
            };
            return;
        }
        out.push(send(&position_command(&search.start, &search.moves)));
        out.push(send(&search.limit.go()));
        self.phase = Phase::Searching(Run {
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
        if self.told.variant != Some(variant) {
            out.push(send(&format!("setoption name UCI_Variant value {variant}")));
            for (name, value) in &self.fixed {
                out.push(send(&format!("setoption name {name} value {value}")));
            }
            self.told.variant = Some(variant);
        }
        if !self.fixes("Skill Level") && self.told.level != Some(level) {
            out.push(send(&format!("setoption name Skill Level value {level}")));
            self.told.level = Some(level);
        }
        if let Some(lines) = lines {
            if !self.fixes("MultiPV") && self.told.lines != lines {
                out.push(send(&format!("setoption name MultiPV value {lines}")));
                self.told.lines = lines;
            }
        }
        out.len() > before
    }

    /// Sends `OwnBook` if it differs from what the engine has (and the
    /// engine's description does not set it); whether it did. An engine
    /// without the option answers with an error line, which nobody reads.
    fn tell_book(&mut self, book: bool, out: &mut Vec<Action>) -> bool {
        if self.fixes("OwnBook") || self.told.book == book {
            return false;
        }
        out.push(send(&format!("setoption name OwnBook value {book}")));
        self.told.book = book;
        true
    }

    /// The `bestmove` of the task's search.
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
        if let Some(mut task) = self.task.take() {
            match &mut task.work {
                Work::Search(_) => out.push(Action::Report(Event::BestMove {
                    ticket: task.ticket,
                    answer,
                })),
                Work::Review { reviewing, .. } => {
                    let info = answer.info.unwrap_or_default();
                    match info.score {
                        Some(score) => {
                            reviewing.add(Verdict {
                                score,
                                best: answer.parsed.and_then(|b| b.mv),
                                pv: info.pv,
                            });
                            self.task = advance(task, out);
                        }
                        None => {
                            let (ply, _) = reviewing.progress();
                            out.push(Action::Report(Event::ReviewFailed {
                                ticket: task.ticket,
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
        self.proceed(now, out);
    }
}

/// Reports a review's progress, and its end when every position is
/// scored; the task while it goes on.
fn advance(mut task: Task, out: &mut Vec<Action>) -> Option<Task> {
    let ticket = task.ticket;
    let Work::Review {
        reviewing,
        reported,
        ..
    } = &mut task.work
    else {
        return Some(task);
    };
    // Scores the positions the rules ended, on the way to the next.
    let more = reviewing.next_position().is_some();
    let (done, total) = reviewing.progress();
    for done in *reported + 1..=done {
        out.push(Action::Report(Event::ReviewProgress {
            ticket,
            done,
            total,
        }));
    }
    *reported = done;
    if more {
        return Some(task);
    }
    let Work::Review { reviewing, .. } = task.work else {
        return None;
    };
    out.push(Action::Report(Event::Reviewed {
        ticket,
        review: reviewing.finish(),
    }));
    None
}

pub(super) fn send(line: &str) -> Action {
    Action::Send(line.to_string())
}

/// The best `info` of the first line seen so far: an exact score beats a
/// bound (an aspiration failure), a later line beats an earlier one.
pub(super) fn keep(last: &mut Option<Info>, line: &str) {
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

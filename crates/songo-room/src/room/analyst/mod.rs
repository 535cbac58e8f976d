//! The analyst: a second process of the chosen engine, at full strength,
//! that analyses the analysis board live (`go infinite`, 1–3 lines) and
//! reviews games. It is started when first needed; a review pauses the
//! live analysis, which resumes after it. Keeping it apart from the play
//! engine means that analysing never delays or weakens the engine's moves.

use songo_client::info::Bound;
use songo_client::Info;
use songo_core::record::move_label;

use super::{refuse, Room, LEVELS};
use crate::link::{EngineLink, Event, Job, Limit, Search};
use crate::messages::{Outgoing, Reply, Topic, Which};
use crate::say::Say;
use crate::score::{self, is_forced};
use crate::view::{side_name, EngineStatus, LineView, ReviewView, ReviewedMove};
use songo_client::review::{bounded, GameReview, Thresholds};

/// The deepest review the page may ask for, and the longest move time.
pub const MAX_REVIEW_DEPTH: u32 = 30;
pub const MAX_REVIEW_MOVETIME_MS: u64 = 60_000;

enum AnalystState {
    Idle,
    /// Analysing the board's position `id`.
    Searching {
        ticket: u64,
        id: u64,
    },
    /// Reviewing (the review's state has the ticket).
    Reviewing,
    Failed(Say),
}

pub(super) struct Analyst {
    link: Option<Box<dyn EngineLink>>,
    generation: u64,
    /// The engine (index) its process runs.
    engine: usize,
    state: AnalystState,
    /// The analysis of this position ended by itself (the engine answered
    /// `go infinite`, e.g. in a finished game): not started again.
    finished: Option<u64>,
}

impl Analyst {
    pub(super) fn new() -> Analyst {
        Analyst {
            link: None,
            generation: 0,
            engine: 0,
            state: AnalystState::Idle,
            finished: None,
        }
    }

    pub(super) fn generation(&self) -> u64 {
        // 0 is never an engine's: no process yet.
        if self.link.is_some() {
            self.generation
        } else {
            u64::MAX
        }
    }

    fn send(&mut self, job: Job) {
        if let Some(link) = self.link.as_mut() {
            link.send(job);
        }
    }
}

/// What the review is doing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ReviewState {
    None,
    Running { ticket: u64 },
    Done,
    Failed,
    Cancelled,
}

pub(super) struct Review {
    state: ReviewState,
    /// The limit as the record's `Annotator` tag writes it (`depth 8`),
    /// and as a person reads it.
    limit: String,
    limit_say: Option<Say>,
    done: usize,
    total: usize,
    result: Option<GameReview>,
    message: Option<Say>,
}

impl Review {
    pub(super) fn new() -> Review {
        Review {
            state: ReviewState::None,
            limit: String::new(),
            limit_say: None,
            done: 0,
            total: 0,
            result: None,
            message: None,
        }
    }
}

impl Room {
    /// Starts the analyst's process, or a fresh one for another engine.
    fn ensure_analyst(&mut self) {
        if self.analyst.link.is_some() && self.analyst.engine == self.engine {
            return;
        }
        let generation = self.generation();
        let link = (self.spawn)(&self.engines[self.engine], generation);
        self.analyst = Analyst {
            link: Some(link),
            generation,
            engine: self.engine,
            state: AnalystState::Idle,
            finished: None,
        };
    }

    /// Sets the analyst to what the board and the review want now: the
    /// review runs undisturbed; otherwise the live analysis follows the
    /// position shown, or stops.
    pub(super) fn kick_analyst(&mut self) {
        match self.analyst.state {
            AnalystState::Failed(_) | AnalystState::Reviewing => return,
            AnalystState::Searching { id, .. }
                if id == self.analysis.id && self.analysis.running =>
            {
                return
            }
            _ => {}
        }
        let game = self.analysis.game_here();
        let wanted = self.analysis.running
            && !game.is_over()
            && self.analyst.finished != Some(self.analysis.id);
        if !wanted {
            if let AnalystState::Searching { .. } = self.analyst.state {
                self.analyst.send(Job::Cancel);
                self.analyst.state = AnalystState::Idle;
            }
            return;
        }
        self.ensure_analyst();
        let ticket = self.ticket();
        let search = Search {
            variant: game.variant(),
            level: *LEVELS.end(),
            lines: self.analysis.lines_wanted,
            start: game.start(),
            moves: game.moves().to_vec(),
            limit: Limit::Infinite,
        };
        self.analyst.send(Job::Search { ticket, search });
        self.analyst.state = AnalystState::Searching {
            ticket,
            id: self.analysis.id,
        };
    }

    /// The board's game (not just its cursor) changed: a review of the old
    /// one goes, stopped if it runs.
    pub(super) fn game_changed(&mut self) {
        if let ReviewState::Running { .. } = self.review.state {
            self.analyst.send(Job::Cancel);
            self.analyst.state = AnalystState::Idle;
        }
        self.review = Review::new();
    }

    pub(super) fn restart_analyst(&mut self) -> Reply {
        self.analyst.link = None;
        self.ensure_analyst();
        if let ReviewState::Running { .. } = self.review.state {
            self.review.state = ReviewState::Cancelled;
        }
        self.kick_analyst();
        Reply::broadcast(vec![self.analysis_message(), self.review_message()])
    }

    pub(super) fn start_review(
        &mut self,
        which: Which,
        depth: Option<u32>,
        movetime: Option<u64>,
    ) -> Reply {
        let (limit, say) = match (depth, movetime) {
            (Some(d), None) if (1..=MAX_REVIEW_DEPTH).contains(&d) => {
                (Limit::Depth(d), Say::LimitDepth { depth: d })
            }
            (None, Some(ms)) if (10..=MAX_REVIEW_MOVETIME_MS).contains(&ms) => (
                Limit::Movetime(std::time::Duration::from_millis(ms)),
                Say::LimitMovetime { ms },
            ),
            _ => {
                return refuse(
                    Topic::Review,
                    Say::BadReviewLimit {
                        max_depth: MAX_REVIEW_DEPTH,
                        min_ms: 10,
                        max_ms: MAX_REVIEW_MOVETIME_MS,
                    },
                )
            }
        };
        if which == Which::Play {
            self.copy_play(None);
        }
        let a = &self.analysis;
        if a.moves.is_empty() {
            return refuse(Topic::Review, Say::NothingToReview);
        }
        let game = a.game();
        let total = game.moves().len() + 1;
        self.game_changed();
        self.ensure_analyst();
        let ticket = self.ticket();
        self.analyst.send(Job::Review {
            ticket,
            game,
            limit,
        });
        self.analyst.state = AnalystState::Reviewing;
        self.review = Review {
            state: ReviewState::Running { ticket },
            limit: match &say {
                Say::LimitDepth { depth } => format!("depth {depth}"),
                _ => format!("{} ms a position", movetime.unwrap_or_default()),
            },
            limit_say: Some(say),
            done: 0,
            total,
            result: None,
            message: None,
        };
        Reply::broadcast(vec![self.analysis_message(), self.review_message()])
    }

    pub(super) fn cancel_review(&mut self) -> Reply {
        let ReviewState::Running { .. } = self.review.state else {
            return refuse(Topic::Review, Say::NoReviewRunning);
        };
        self.analyst.send(Job::Cancel);
        self.analyst.state = AnalystState::Idle;
        self.review.state = ReviewState::Cancelled;
        self.kick_analyst();
        Reply::broadcast(vec![self.analysis_message(), self.review_message()])
    }

    pub(super) fn on_analyst(&mut self, event: Event) -> Vec<Outgoing> {
        match event {
            Event::Ready => Vec::new(),
            Event::Line { ticket, line } => match self.analyst.state {
                AnalystState::Searching { ticket: t, id }
                    if t == ticket && id == self.analysis.id =>
                {
                    if self.take_line(&line) {
                        vec![Outgoing::AnalysisLines {
                            id,
                            lines: self.analysis.lines.clone(),
                        }]
                    } else {
                        Vec::new()
                    }
                }
                _ => Vec::new(),
            },
            Event::BestMove { ticket, .. } => match self.analyst.state {
                AnalystState::Searching { ticket: t, id } if t == ticket => {
                    // `go infinite` answered without `stop`: nothing more
                    // to find in this position.
                    if id == self.analysis.id {
                        let a = &mut self.analysis;
                        a.pending.publish(&mut a.lines);
                    }
                    self.analyst.state = AnalystState::Idle;
                    self.analyst.finished = Some(id);
                    vec![self.analysis_message()]
                }
                _ => Vec::new(),
            },
            Event::ReviewProgress {
                ticket,
                done,
                total,
            } => {
                if self.review.state != (ReviewState::Running { ticket }) {
                    return Vec::new();
                }
                self.review.done = done;
                self.review.total = total;
                vec![self.review_message()]
            }
            Event::Reviewed { ticket, review } => {
                if self.review.state != (ReviewState::Running { ticket }) {
                    return Vec::new();
                }
                self.review.state = ReviewState::Done;
                self.review.done = self.review.total;
                self.review.result = Some(review);
                self.analyst.state = AnalystState::Idle;
                self.kick_analyst();
                vec![self.analysis_message(), self.review_message()]
            }
            Event::ReviewFailed { ticket, message } => {
                if self.review.state != (ReviewState::Running { ticket }) {
                    return Vec::new();
                }
                self.review.state = ReviewState::Failed;
                self.review.message = Some(message);
                self.analyst.state = AnalystState::Idle;
                self.kick_analyst();
                vec![self.analysis_message(), self.review_message()]
            }
            Event::Failed(failure) => {
                let message = failure.say(self.engine_name());
                self.analyst.link = None;
                self.analyst.state = AnalystState::Failed(message.clone());
                // Its last lines were for a search that will not finish.
                self.analysis.lines.clear();
                self.analysis.pending.clear();
                if let ReviewState::Running { .. } = self.review.state {
                    self.review.state = ReviewState::Failed;
                    self.review.message = Some(message);
                }
                vec![self.analysis_message(), self.review_message()]
            }
        }
    }

    /// Reads an `info` line into the board's lines; whether it changed them.
    fn take_line(&mut self, line: &str) -> bool {
        let Some(info) = Info::parse(line) else {
            return false;
        };
        // A bound (the line failed its window) is followed by the line's
        // exact score in the same iteration: only that one is shown.
        if info.string.is_some() || info.pv.is_empty() || info.bound != Bound::Exact {
            return false;
        }
        let k = info.multipv.unwrap_or(1).max(1);
        if k > u32::from(self.analysis.lines_wanted) {
            return false;
        }
        let a = &self.analysis;
        let p = a.game_here().position();
        let view = LineView {
            multipv: k,
            depth: info.depth,
            seldepth: info.seldepth,
            score: score::of_info(&info, p.side_to_move(), a.variant),
            pv: info.pv.clone(),
            nodes: info.nodes,
            nps: info.nps,
            forced: info.depth.is_some_and(is_forced),
        };
        let key = info.score.map_or(i32::MIN, bounded);
        let whole = usize::from(a.lines_wanted).min(p.legal_moves(a.variant).len().max(1));
        let a = &mut self.analysis;
        a.pending.take(&mut a.lines, key, view, whole)
    }

    /// The finished review of the board's game, and its limit.
    pub(super) fn finished_review(&self) -> Option<(&GameReview, &str)> {
        match (&self.review.state, &self.review.result) {
            (ReviewState::Done, Some(r)) => Some((r, &self.review.limit)),
            _ => None,
        }
    }

    pub(super) fn analyst_status(&self) -> (EngineStatus, Option<Say>) {
        match &self.analyst.state {
            AnalystState::Idle => (EngineStatus::Ready, None),
            AnalystState::Searching { .. } => (EngineStatus::Thinking, None),
            AnalystState::Reviewing => (EngineStatus::Reviewing, None),
            AnalystState::Failed(m) => (EngineStatus::Failed, Some(m.clone())),
        }
    }

    /// What the page shows of the review.
    pub fn review_view(&self) -> ReviewView {
        let r = &self.review;
        let t = Thresholds::default();
        let first = r.result.as_ref().and_then(|g| g.moves.first()).map(|m| {
            if m.ply % 2 == 0 {
                m.mover
            } else {
                m.mover.opponent()
            }
        });
        let moves = r
            .result
            .iter()
            .flat_map(|result| &result.moves)
            .map(|m| ReviewedMove {
                // The page counts moves from 1: move N leads to position N.
                ply: m.ply + 1,
                label: move_label(first.unwrap_or(m.mover), m.ply, m.played),
                side: side_name(m.mover),
                played: m.played.to_string(),
                best: m.better().map(|b| b.to_string()),
                before: m.before,
                after: m.after,
                loss: m.loss,
                judgement: m.judgement.to_string(),
                pv: m.pv.clone(),
            })
            .collect();
        ReviewView {
            state: match r.state {
                ReviewState::None => "none",
                ReviewState::Running { .. } => "running",
                ReviewState::Done => "done",
                ReviewState::Failed => "failed",
                ReviewState::Cancelled => "cancelled",
            },
            limit: r.limit_say.clone(),
            done: r.done,
            total: r.total,
            moves,
            curve: r
                .result
                .as_ref()
                .map(|g| g.curve.clone())
                .unwrap_or_default(),
            thresholds: [t.inaccuracy, t.mistake, t.blunder],
            message: r.message.clone(),
        }
    }
}

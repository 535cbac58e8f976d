//! The analyst: a second process of the chosen engine, at full strength,
//! that analyses the analysis board live (`go infinite`, 1–3 lines) and
//! reviews games. It is started when first needed; a review pauses the
//! live analysis, which resumes after it. Keeping it apart from the play
//! engine means that analysing never delays or weakens the engine's moves.
//!
//! It owns its process, the live analysis's lines (`lines`: shown a whole
//! iteration at a time) and the review (`review`). It follows the board
//! through [`Shown`]: the position and its id, which the room hands it.

mod lines;
mod review;

use songo_client::info::Bound;
use songo_client::review::{bounded, GameReview};
use songo_client::Info;
use songo_core::Game;

use super::analysis::{Live, Shown};
use super::engines::Engines;
use super::LEVELS;
use crate::link::{EngineLink, Job, Limit, LinkEvent, Search};
use crate::say::Say;
use crate::score::{self, is_forced};
use crate::view::{EngineStatus, LineView, ReviewView};
use lines::Pending;
pub(super) use review::limit_of;
use review::Review;

/// Lines of analysis the page offers.
pub const MAX_LINES: u8 = 3;

enum AnalystState {
    Idle,
    /// Analysing the board's position `id`.
    Searching {
        ticket: u64,
        id: u64,
    },
    /// Reviewing (the review's state has the ticket).
    Reviewing,
    /// Judging a person's answer to an exercise: a review of that one
    /// move, as search `ticket`.
    Judging {
        ticket: u64,
    },
    Failed(Say),
}

/// What changed for the pages after an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Changed {
    Nothing,
    /// The lines of the position shown.
    Lines,
    /// The board's analysis (its state, its lines).
    Analysis,
    Review,
    /// Both the analysis and the review.
    Both,
    /// A verdict on an answer came ([`Analyst::take_verdict`]); the
    /// analysis's state changed too.
    Verdict,
}

/// The analyst's verdict on one answer: search `ticket`'s review of the
/// answer, or why there is none.
pub(super) type Verdict = (u64, Result<GameReview, Say>);

pub(super) struct Analyst {
    link: Option<Box<dyn EngineLink>>,
    generation: u64,
    /// The engine (index) its process runs.
    engine: usize,
    state: AnalystState,
    /// The analysis of this position ended by itself (the engine answered
    /// `go infinite`, e.g. in a finished game): not started again.
    finished: Option<u64>,
    /// The person wants the engine to analyse.
    running: bool,
    lines_wanted: u8,
    /// The engine's lines on position `lines_id`.
    lines: Vec<LineView>,
    lines_id: u64,
    /// The lines of the engine's iteration under way, until it is whole.
    pending: Pending,
    review: Review,
    /// A verdict come and not taken yet.
    verdict: Option<Verdict>,
}

impl Analyst {
    pub(super) fn new() -> Analyst {
        Analyst {
            link: None,
            generation: 0,
            engine: 0,
            state: AnalystState::Idle,
            finished: None,
            running: false,
            lines_wanted: 1,
            lines: Vec::new(),
            lines_id: 0,
            pending: Pending::default(),
            review: Review::new(),
            verdict: None,
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

    pub(super) fn lines_wanted(&self) -> u8 {
        self.lines_wanted
    }

    /// Sets how many lines the analysis shows: whether that changed.
    pub(super) fn set_lines_wanted(&mut self, lines: u8) -> bool {
        let changed = lines != self.lines_wanted;
        self.lines_wanted = lines;
        changed
    }

    /// Whether the person wants the live analysis.
    pub(super) fn set_running(&mut self, on: bool) {
        self.running = on;
    }

    pub(super) fn running(&self) -> bool {
        self.running
    }

    /// Lines of another position go.
    fn follow(&mut self, id: u64) {
        if self.lines_id != id {
            self.lines_id = id;
            self.lines.clear();
            self.pending.clear();
        }
    }

    /// The lines of position `id`.
    pub(super) fn lines(&self, id: u64) -> Vec<LineView> {
        if self.lines_id == id {
            self.lines.clone()
        } else {
            Vec::new()
        }
    }

    /// Starts the analyst's process, or a fresh one for another engine.
    fn ensure_started(&mut self, engines: &mut Engines, engine: usize) {
        if self.link.is_some() && self.engine == engine {
            return;
        }
        let (link, generation) = engines.start(engine);
        self.link = Some(link);
        self.generation = generation;
        self.engine = engine;
        self.state = AnalystState::Idle;
        self.finished = None;
    }

    /// Sets the analyst to what the board and the review want now: the
    /// review runs undisturbed; otherwise the live analysis follows the
    /// position shown, or stops.
    pub(super) fn kick(&mut self, engines: &mut Engines, engine: usize, shown: &Shown) {
        self.follow(shown.id);
        match self.state {
            AnalystState::Failed(_) | AnalystState::Reviewing | AnalystState::Judging { .. } => {
                return
            }
            AnalystState::Searching { id, .. } if id == shown.id && self.running => return,
            _ => {}
        }
        let game = &shown.game;
        let wanted = self.running && !game.is_over() && self.finished != Some(shown.id);
        if !wanted {
            if let AnalystState::Searching { .. } = self.state {
                self.send(Job::Cancel);
                self.state = AnalystState::Idle;
            }
            return;
        }
        self.ensure_started(engines, engine);
        let ticket = engines.ticket();
        let search = Search {
            variant: game.variant(),
            level: *LEVELS.end(),
            lines: self.lines_wanted,
            start: game.start(),
            moves: game.moves().to_vec(),
            limit: Limit::Infinite,
        };
        self.send(Job::Search { ticket, search });
        self.state = AnalystState::Searching {
            ticket,
            id: shown.id,
        };
    }

    /// The board's game (not just its cursor) changed: a review of the old
    /// one goes, stopped if it runs.
    pub(super) fn game_changed(&mut self) {
        if self.review.is_running() {
            self.send(Job::Cancel);
            self.state = AnalystState::Idle;
        }
        self.review = Review::new();
    }

    /// A fresh process (the person asked); a review under way is
    /// cancelled.
    pub(super) fn restart(&mut self, engines: &mut Engines, engine: usize, shown: &Shown) {
        self.link = None;
        self.ensure_started(engines, engine);
        if self.review.is_running() {
            self.review.cancel();
        }
        self.kick(engines, engine, shown);
    }

    /// Reviews `game` (the board's whole game) within `limit`.
    pub(super) fn review(
        &mut self,
        engines: &mut Engines,
        engine: usize,
        game: Game,
        (limit, say): (Limit, Say),
    ) {
        let total = game.moves().len() + 1;
        self.game_changed();
        self.ensure_started(engines, engine);
        let ticket = engines.ticket();
        self.send(Job::Review {
            ticket,
            game,
            limit,
        });
        self.state = AnalystState::Reviewing;
        self.review = Review::running(ticket, (limit, say), total);
    }

    /// The limit of the review finished last.
    pub(super) fn review_limit(&self) -> Option<Limit> {
        self.review.limit()
    }

    /// Judges the last move of `game` (a position and the person's answer
    /// there) within `limit`: its verdict comes as [`Changed::Verdict`].
    /// The live analysis pauses for it; a review under way is not
    /// disturbed (the answer is refused). Returns the search's ticket, or
    /// why there is none.
    pub(super) fn judge(
        &mut self,
        engines: &mut Engines,
        engine: usize,
        game: Game,
        limit: Limit,
    ) -> Result<u64, Say> {
        match self.state {
            AnalystState::Failed(ref m) => return Err(m.clone()),
            AnalystState::Reviewing => return Err(Say::NoReviewDone),
            AnalystState::Searching { .. } | AnalystState::Judging { .. } => {
                self.send(Job::Cancel);
            }
            AnalystState::Idle => {}
        }
        self.ensure_started(engines, engine);
        let ticket = engines.ticket();
        self.send(Job::Review {
            ticket,
            game,
            limit,
        });
        self.state = AnalystState::Judging { ticket };
        Ok(ticket)
    }

    /// The verdict come last, once.
    pub(super) fn take_verdict(&mut self) -> Option<Verdict> {
        self.verdict.take()
    }

    /// Whether search `ticket` is the verdict under way.
    fn judging(&self, ticket: u64) -> bool {
        matches!(self.state, AnalystState::Judging { ticket: t } if t == ticket)
    }

    /// The verdict of search `ticket` came: the live analysis resumes.
    fn judged(
        &mut self,
        engines: &mut Engines,
        engine: usize,
        shown: &Shown,
        verdict: Verdict,
    ) -> Changed {
        self.verdict = Some(verdict);
        self.state = AnalystState::Idle;
        self.kick(engines, engine, shown);
        Changed::Verdict
    }

    /// Stops the review under way, and goes back to the live analysis.
    pub(super) fn cancel_review(
        &mut self,
        engines: &mut Engines,
        engine: usize,
        shown: &Shown,
    ) -> Result<(), Say> {
        if !self.review.is_running() {
            return Err(Say::NoReviewRunning);
        }
        self.send(Job::Cancel);
        self.state = AnalystState::Idle;
        self.review.cancel();
        self.kick(engines, engine, shown);
        Ok(())
    }

    /// An event of the analyst's process; `shown`: the board now.
    pub(super) fn on_event(
        &mut self,
        engines: &mut Engines,
        engine: usize,
        event: LinkEvent,
        shown: &Shown,
    ) -> Changed {
        match event {
            LinkEvent::Ready => Changed::Nothing,
            LinkEvent::Line { ticket, line } => match self.state {
                AnalystState::Searching { ticket: t, id } if t == ticket && id == shown.id => {
                    if self.take_line(&line, shown) {
                        Changed::Lines
                    } else {
                        Changed::Nothing
                    }
                }
                _ => Changed::Nothing,
            },
            LinkEvent::BestMove { ticket, .. } => match self.state {
                AnalystState::Searching { ticket: t, id } if t == ticket => {
                    // `go infinite` answered without `stop`: nothing more
                    // to find in this position.
                    if id == shown.id {
                        self.follow(id);
                        self.pending.publish(&mut self.lines);
                    }
                    self.state = AnalystState::Idle;
                    self.finished = Some(id);
                    Changed::Analysis
                }
                _ => Changed::Nothing,
            },
            LinkEvent::ReviewProgress {
                ticket,
                done,
                total,
            } => {
                if !self.review.runs(ticket) {
                    return Changed::Nothing;
                }
                self.review.progress(done, total);
                Changed::Review
            }
            LinkEvent::Reviewed { ticket, review } if self.judging(ticket) => {
                self.judged(engines, engine, shown, (ticket, Ok(review)))
            }
            LinkEvent::ReviewFailed { ticket, message } if self.judging(ticket) => {
                self.judged(engines, engine, shown, (ticket, Err(message)))
            }
            LinkEvent::Reviewed { ticket, review } => {
                if !self.review.runs(ticket) {
                    return Changed::Nothing;
                }
                self.review.finish(review);
                self.state = AnalystState::Idle;
                self.kick(engines, engine, shown);
                Changed::Both
            }
            LinkEvent::ReviewFailed { ticket, message } => {
                if !self.review.runs(ticket) {
                    return Changed::Nothing;
                }
                self.review.fail(message);
                self.state = AnalystState::Idle;
                self.kick(engines, engine, shown);
                Changed::Both
            }
            LinkEvent::Failed(failure) => {
                let message = failure.say(engines.name(engine));
                if let AnalystState::Judging { ticket } = self.state {
                    self.verdict = Some((ticket, Err(message.clone())));
                }
                self.link = None;
                self.state = AnalystState::Failed(message.clone());
                // Its last lines were for a search that will not finish.
                self.lines.clear();
                self.pending.clear();
                if self.review.is_running() {
                    self.review.fail(message);
                }
                Changed::Both
            }
        }
    }

    /// Reads an `info` line into the lines of the position shown; whether
    /// it changed them.
    fn take_line(&mut self, line: &str, shown: &Shown) -> bool {
        let Some(info) = Info::parse(line) else {
            return false;
        };
        // A bound (the line failed its window) is followed by the line's
        // exact score in the same iteration: only that one is shown.
        if info.string.is_some() || info.pv.is_empty() || info.bound != Bound::Exact {
            return false;
        }
        let k = info.multipv.unwrap_or(1).max(1);
        if k > u32::from(self.lines_wanted) {
            return false;
        }
        let p = shown.game.position();
        let variant = shown.game.variant();
        let view = LineView {
            multipv: k,
            depth: info.depth,
            seldepth: info.seldepth,
            score: score::of_info(&info, p.side_to_move(), variant),
            pv: info.pv.clone(),
            nodes: info.nodes,
            nps: info.nps,
            forced: info.depth.is_some_and(is_forced),
        };
        let key = info.score.map_or(i32::MIN, bounded);
        let whole = usize::from(self.lines_wanted).min(p.legal_moves(variant).len().max(1));
        self.follow(shown.id);
        self.pending.take(&mut self.lines, key, view, whole)
    }

    /// The finished review of the board's game, and its limit.
    pub(super) fn finished_review(&self) -> Option<(&GameReview, &str)> {
        self.review.finished()
    }

    /// What the board shows beside its position `id`: the live analysis.
    pub(super) fn live(&self, engine_name: &str, id: u64) -> Live {
        let (engine_status, engine_message) = match &self.state {
            AnalystState::Idle => (EngineStatus::Ready, None),
            AnalystState::Searching { .. } => (EngineStatus::Thinking, None),
            AnalystState::Reviewing => (EngineStatus::Reviewing, None),
            AnalystState::Judging { .. } => (EngineStatus::Thinking, None),
            AnalystState::Failed(m) => (EngineStatus::Failed, Some(m.clone())),
        };
        Live {
            running: self.running,
            lines_wanted: self.lines_wanted,
            engine: engine_name.to_string(),
            engine_status,
            engine_message,
            lines: self.lines(id),
        }
    }

    /// What the page shows of the review.
    pub(super) fn review_view(&self) -> ReviewView {
        self.review.view()
    }
}

//! The game's engine process: its moves (asked for on its turn, held for
//! a weak level's natural moment, played when they come), the person's
//! hints, and its failures.

use songo_core::{Move, Side};
use web_time::Instant;

use super::super::engines::Engines;
use super::{Play, LEVELS};
use crate::link::{BestMoveLine, Job, Limit, LinkEvent, Search};
use crate::messages::{LineInfo, Outgoing, Reply};
use crate::say::Say;
use crate::score;
use crate::view::HintView;

/// What the play engine is doing.
pub(super) enum EngineState {
    Ready,
    /// Thinking on its own move.
    Thinking {
        ticket: u64,
    },
    /// Looking for a move for the person.
    Hinting {
        ticket: u64,
    },
    Failed(Say),
}

/// An engine's answer that came before its natural moment, and when it
/// will be played.
pub(super) struct Held {
    answer: BestMoveLine,
    release: Instant,
}

impl Play {
    /// The generation of the engine process's events.
    pub(in crate::room) fn generation(&self) -> u64 {
        self.generation
    }

    fn engine_side(&self) -> Side {
        self.human.opponent()
    }

    pub(super) fn send(&mut self, job: Job) {
        if let Some(link) = self.link.as_mut() {
            link.send(job);
        }
    }

    /// Stops a search under way; its answer will be ignored (a held
    /// answer too).
    pub(super) fn cancel(&mut self) {
        if let EngineState::Thinking { .. } | EngineState::Hinting { .. } = self.state {
            self.send(Job::Cancel);
            self.state = EngineState::Ready;
        }
        self.hint = None;
        self.held = None;
    }

    fn fail(&mut self, message: Say) {
        self.link = None;
        self.held = None;
        self.state = EngineState::Failed(message);
        if self.hint.as_ref().is_some_and(|h| h.state == "thinking") {
            self.hint = None;
        }
    }

    /// Replaces the engine's process by a fresh one set up for this game.
    pub(in crate::room) fn start_engine(&mut self, engines: &mut Engines) {
        self.link = None;
        let (mut link, generation) = engines.start(self.engine);
        link.send(Job::NewGame {
            variant: self.variant,
            level: self.level,
        });
        self.link = Some(link);
        self.generation = generation;
        self.state = EngineState::Ready;
        self.hint = None;
        self.held = None;
    }

    /// Asks the engine for a move when it is its turn: on its clock, or
    /// for its think time. An engine whose time ran out while it was down
    /// has lost.
    pub(in crate::room) fn maybe_think(&mut self, engines: &mut Engines, now: Instant) {
        if self.two_players()
            || self.over()
            || self.game.position().side_to_move() != self.engine_side()
            || !matches!(self.state, EngineState::Ready)
        {
            return;
        }
        let engine = self.engine_side();
        if self.time.out_of_time(engine, now) {
            return self.forfeit(engine, now);
        }
        let ticket = engines.ticket();
        let search = Search {
            variant: self.variant,
            level: self.level,
            lines: 1,
            start: self.game.start(),
            moves: self.game.moves().to_vec(),
            limit: self.time.engine_limit(engine, now),
        };
        self.send(Job::Search { ticket, search });
        self.state = EngineState::Thinking { ticket };
        self.asked = Some(now);
    }

    /// The engine looks for the person's best move, at full strength, for
    /// half the move time; the answer is shown, never played.
    pub(in crate::room) fn hint(&mut self, engines: &mut Engines, now: Instant) -> Reply {
        let p = self.game.position();
        if self.over() || !self.played_here(p.side_to_move()) {
            return Reply::error(Say::HintForYourMove);
        }
        match self.state {
            EngineState::Failed(_) => return Reply::error(Say::HintEngineDown),
            EngineState::Hinting { .. } => return Reply::default(),
            _ => {}
        }
        if self.hint.as_ref().is_some_and(|h| h.state == "ready") {
            // Already there.
            return Reply::broadcast(vec![self.state_message(engines, now)]);
        }
        let ticket = engines.ticket();
        let search = Search {
            variant: self.variant,
            level: *LEVELS.end(),
            lines: 1,
            start: self.game.start(),
            moves: self.game.moves().to_vec(),
            limit: Limit::Movetime(self.time.hint_time()),
        };
        self.send(Job::Search { ticket, search });
        self.state = EngineState::Hinting { ticket };
        self.hint = Some(HintView {
            ply: self.game.moves().len(),
            state: "thinking",
            pit: None,
            score: None,
            depth: None,
            pv: Vec::new(),
        });
        Reply::broadcast(vec![self.state_message(engines, now)])
    }

    /// An event of the engine process, arrived at `now`.
    pub(in crate::room) fn on_event(
        &mut self,
        engines: &Engines,
        event: LinkEvent,
        now: Instant,
    ) -> Vec<Outgoing> {
        match event {
            LinkEvent::Ready
            | LinkEvent::ReviewProgress { .. }
            | LinkEvent::Reviewed { .. }
            | LinkEvent::ReviewFailed { .. } => Vec::new(),
            LinkEvent::Line { ticket, line } => match self.state {
                EngineState::Thinking { ticket: t } | EngineState::Hinting { ticket: t }
                    if t == ticket =>
                {
                    let info = LineInfo::of(&line);
                    vec![Outgoing::EngineLine { line, info }]
                }
                _ => Vec::new(),
            },
            LinkEvent::BestMove { ticket, answer } => match self.state {
                EngineState::Thinking { ticket: t } if t == ticket && self.held.is_none() => {
                    if let Some(answer) = self.judge_answer(answer, now) {
                        self.play_engine_answer(engines, answer, now);
                    }
                    if self.held.is_some() {
                        // Nothing to show until its moment.
                        return Vec::new();
                    }
                    vec![self.state_message(engines, now)]
                }
                EngineState::Hinting { ticket: t } if t == ticket => {
                    self.hint_found(answer);
                    vec![self.state_message(engines, now)]
                }
                _ => Vec::new(),
            },
            LinkEvent::Failed(failure) => {
                let message = failure.say(engines.name(self.engine));
                self.fail(message);
                // A stalled engine on a clock has usually run out of it.
                let engine = self.engine_side();
                if !self.over() && self.time.out_of_time(engine, now) {
                    self.forfeit(engine, now);
                }
                vec![self.state_message(engines, now)]
            }
        }
    }

    /// The engine's answer: judged late (its flag fell), held until its
    /// natural moment, or `None`: to be played now.
    fn judge_answer(&mut self, answer: BestMoveLine, now: Instant) -> Option<BestMoveLine> {
        let engine = self.engine_side();
        if self.time.out_of_time(engine, now) {
            self.forfeit(engine, now);
            return None;
        }
        let moment = (self.game_id, self.game.moves().len());
        let release = self
            .asked
            .and_then(|asked| self.time.release_at(self.level, engine, asked, moment));
        match release {
            Some(release) if now < release => {
                self.held = Some(Held { answer, release });
                None
            }
            _ => Some(answer),
        }
    }

    /// Plays the engine's answer, arrived (or released) at `now`.
    fn play_engine_answer(&mut self, engines: &Engines, answer: BestMoveLine, now: Instant) {
        if matches!(self.state, EngineState::Thinking { .. }) {
            self.state = EngineState::Ready;
        }
        let name = engines.name(self.engine).to_string();
        let Some(text) = answer.parsed.and_then(|b| b.mv) else {
            return self.fail(Say::EngineNoMove {
                engine: name,
                line: answer.line,
            });
        };
        let side = self.engine_side();
        if self.time.out_of_time(side, now) {
            return self.forfeit(side, now);
        }
        let played = Move::parse(&text, side)
            .ok()
            .filter(|m| self.game.play(*m).is_ok());
        if played.is_none() {
            return self.fail(Say::EngineIllegalMove { engine: name, text });
        }
        // In time (just checked, at the same moment): its clock is charged.
        let _ = self.clock_move(now);
        self.clock_after_move(now);
    }

    fn hint_found(&mut self, answer: BestMoveLine) {
        self.state = EngineState::Ready;
        let p = self.game.position();
        let v = self.variant;
        let pit = answer
            .parsed
            .and_then(|b| b.mv)
            .and_then(|m| Move::parse(&m, p.side_to_move()).ok())
            .filter(|m| p.why_illegal(v, *m).is_none());
        let info = answer.info.unwrap_or_default();
        let ply = self.game.moves().len();
        if pit.is_some() && self.two_players() && !self.hinted.contains(&ply) {
            self.hinted.push(ply);
        }
        self.hint = Some(HintView {
            ply,
            state: if pit.is_some() { "ready" } else { "failed" },
            pit: pit.map(|m| m.to_string()),
            score: score::of_info(&info, p.side_to_move(), v),
            depth: info.depth,
            pv: info.pv,
        });
    }

    /// What came due by `now`: a held answer played, the person's flag
    /// fallen. Whether anything changed.
    pub(in crate::room) fn catch_up(&mut self, engines: &Engines, now: Instant) -> bool {
        let mut changed = false;
        if self.held.as_ref().is_some_and(|h| h.release <= now) {
            if let Some(held) = self.held.take() {
                self.play_engine_answer(engines, held.answer, now);
                changed = true;
            }
        }
        // The person's flag; between two people, the side to move's.
        let person = self.offered_side();
        if !self.over() && self.played_here(person) && self.time.out_of_time(person, now) {
            self.forfeit(person, now);
            changed = true;
        }
        changed
    }

    /// When the game next needs the time: a held answer to play, or the
    /// person's flag to fall.
    pub(in crate::room) fn next_deadline(&self) -> Option<Instant> {
        let held = self.held.as_ref().map(|h| h.release);
        let flag = self
            .time
            .flag_at()
            .filter(|_| !self.over())
            .filter(|(side, _)| self.played_here(*side))
            .map(|(_, at)| at);
        held.into_iter().chain(flag).min()
    }
}

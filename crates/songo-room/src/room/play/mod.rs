//! The game between the person and an engine: moves, take back, new
//! games, hints, the engine's answers and failures, and the view of it.

use std::collections::BTreeMap;
use std::time::Duration;

use songo_core::{Game, Move, Position, Side, Variant};
use web_time::Instant;

use super::people::Opponent;
use super::timing::{Held, Pace};
use super::{Room, DEFAULT_LEVEL, LEVELS};
use crate::clock::{Clocks, TimeControl};
use crate::levels;
use crate::link::{BestMoveLine, EngineLink, Event, Job, Limit, Search};
use crate::messages::{LineInfo, Outgoing, Reply};
use crate::say::Say;
use crate::score;
use crate::sowing::sowing;
use crate::view::{side_name, EngineStatus, HintView, PlayState, ResultView, View};

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

/// The game being played and its engine process.
pub(super) struct Play {
    link: Option<Box<dyn EngineLink>>,
    generation: u64,
    pub(super) state: EngineState,
    pub(super) variant: Variant,
    pub(super) human: Side,
    /// The engine, or a second person at the board.
    pub(super) opponent: Opponent,
    pub(super) level: u8,
    pub(super) game: Game,
    game_id: u64,
    /// The hint for the position after this many moves.
    hint: Option<HintView>,
    /// The engine's think time in an untimed game (`None`: the room's).
    pub(super) think: Option<Duration>,
    /// Both sides' clocks, in a timed game.
    pub(super) clocks: Option<Clocks>,
    /// The side that lost on time: the game is over.
    pub(super) forfeit: Option<Side>,
    /// The side that resigned: the game is over.
    pub(super) resigned: Option<Side>,
    /// Between two people: the plies (moves played before) at which a
    /// hint was shown, marked in the record.
    pub(super) hinted: Vec<usize>,
    /// A weak level's answer waiting for its natural moment.
    pub(super) held: Option<Held>,
    /// When the engine's current search was asked.
    pub(super) asked: Option<Instant>,
}

impl Play {
    pub(super) fn new() -> Play {
        let variant = Variant::Songo40;
        Play {
            link: None,
            generation: 0,
            state: EngineState::Ready,
            variant,
            human: Side::South,
            opponent: Opponent::Engine,
            level: DEFAULT_LEVEL,
            game: Game::new(variant, Position::startpos()),
            game_id: 1,
            hint: None,
            think: None,
            clocks: None,
            forfeit: None,
            resigned: None,
            hinted: Vec::new(),
            held: None,
            asked: None,
        }
    }

    /// Why nothing may be taken back: the game was lost on time or by
    /// resignation (a game the rules ended may be taken back).
    pub(super) fn lost_outside_the_rules(&self) -> Option<Say> {
        if let Some(side) = self.forfeit {
            return Some(Say::LostOnTime { side: side.into() });
        }
        self.resigned
            .map(|side| Say::LostByResignation { side: side.into() })
    }

    /// Whether the game is over: by the rules, on time, or resigned.
    pub(super) fn over(&self) -> bool {
        self.forfeit.is_some() || self.resigned.is_some() || self.game.is_over()
    }

    pub(super) fn game_id(&self) -> u64 {
        self.game_id
    }

    /// The time control, in a timed game.
    pub(super) fn time_control(&self) -> Option<TimeControl> {
        self.clocks.as_ref().map(Clocks::time_control)
    }

    pub(super) fn generation(&self) -> u64 {
        self.generation
    }

    fn engine_side(&self) -> Side {
        self.human.opponent()
    }

    fn send(&mut self, job: Job) {
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
}

impl Room {
    /// Replaces the play engine's process by a fresh one set up for this game.
    pub(super) fn start_engine(&mut self) {
        self.play.link = None;
        let generation = self.generation();
        let spec = &self.engines[self.engine];
        let mut link = (self.spawn)(spec, generation);
        link.send(Job::NewGame {
            variant: self.play.variant,
            level: self.play.level,
        });
        self.play.link = Some(link);
        self.play.generation = generation;
        self.play.state = EngineState::Ready;
        self.play.hint = None;
        self.play.held = None;
    }

    /// Asks the engine for a move when it is its turn: on its clock, or
    /// for its think time. An engine whose time ran out while it was down
    /// has lost.
    pub(super) fn maybe_think(&mut self) {
        let two_players = self.two_players();
        let p = &self.play;
        if two_players
            || p.over()
            || p.game.position().side_to_move() != p.engine_side()
            || !matches!(p.state, EngineState::Ready)
        {
            return;
        }
        let now = self.now();
        let engine = self.play.engine_side();
        if self.out_of_time(engine, now) {
            return self.forfeit(engine, now);
        }
        let ticket = self.ticket();
        let search = Search {
            variant: self.play.variant,
            level: self.play.level,
            lines: 1,
            start: self.play.game.start(),
            moves: self.play.game.moves().to_vec(),
            limit: self.engine_limit(now),
        };
        self.play.send(Job::Search { ticket, search });
        self.play.state = EngineState::Thinking { ticket };
        self.play.asked = Some(now);
    }

    #[allow(clippy::too_many_arguments)] // the fields of the page's message
    pub(super) fn new_game(
        &mut self,
        variant: &str,
        side: &str,
        level: u8,
        names: Option<[String; 2]>,
        engine: Option<usize>,
        tc: Option<TimeControl>,
        think_ms: Option<u64>,
    ) -> Reply {
        let Ok(variant) = variant.parse::<Variant>() else {
            return Reply::error(Say::UnknownVariant {
                text: variant.to_string(),
            });
        };
        let (human, opponent) = match side {
            "south" => (Side::South, Opponent::Engine),
            "north" => (Side::North, Opponent::Engine),
            "both" => match Opponent::people(names) {
                Ok(people) => (Side::South, people),
                Err(why) => return Reply::error(why),
            },
            _ => {
                return Reply::error(Say::UnknownSide {
                    text: side.to_string(),
                })
            }
        };
        if !LEVELS.contains(&level) {
            return Reply::error(Say::BadLevel { level });
        }
        let engine = engine.unwrap_or(self.engine);
        if engine >= self.engines.len() {
            return Reply::error(Say::NoEngine { engine });
        }
        let pace = match Pace::asked(tc, think_ms) {
            Ok(pace) => pace,
            Err(why) => return Reply::error(why),
        };
        self.play.opponent = opponent;
        self.begin(
            Game::new(variant, Position::startpos()),
            human,
            level,
            engine,
            pace,
        );
        Reply::broadcast(vec![self.state_message()])
    }

    /// Starts `game` (new, or taken from the analysis board) with the
    /// person playing `human`, at `pace`.
    pub(super) fn begin(&mut self, game: Game, human: Side, level: u8, engine: usize, pace: Pace) {
        self.play.cancel();
        self.play.variant = game.variant();
        self.play.human = human;
        self.play.level = level;
        self.play.game = game;
        self.play.game_id += 1;
        self.play.resigned = None;
        self.play.hinted.clear();
        self.set_pace(pace);
        if engine != self.engine || self.play.link.is_none() {
            self.engine = engine;
            self.start_engine();
        } else {
            let job = Job::NewGame {
                variant: self.play.variant,
                level,
            };
            self.play.send(job);
        }
        self.maybe_think();
    }

    pub(super) fn human_move(&mut self, pit: &str, ply: Option<usize>, game: Option<u64>) -> Reply {
        let mover = self.offered_side();
        let p = self.play.game.position();
        let Ok(m) = Move::parse(pit.trim(), mover) else {
            return Reply::error(Say::NotAPit {
                text: pit.to_string(),
            });
        };
        let stale = game.is_some_and(|g| g != self.play.game_id)
            || ply.is_some_and(|n| n != self.play.game.moves().len());
        if stale {
            return illegal(m, Say::Stale);
        }
        if let Some(loser) = self.play.forfeit {
            return illegal(m, Say::OverOnTime { side: loser.into() });
        }
        if self.play.over() {
            return illegal(m, Say::GameOver);
        }
        if !self.played_here(p.side_to_move()) {
            return illegal(m, Say::EnginesMove);
        }
        if let Some(why) = p.why_illegal(self.play.variant, m) {
            return illegal(m, why.into());
        }
        self.play.cancel();
        let now = self.now();
        if self.clock_move(now).is_err() {
            // Its time ran out before it arrived: lost, not played.
            let mut reply = illegal(m, Say::YourTimeRanOut);
            reply.broadcast.push(self.state_message());
            return reply;
        }
        self.play
            .game
            .play(m)
            .expect("a move the rules core called legal");
        self.clock_after_move(now);
        self.maybe_think();
        Reply::broadcast(vec![self.state_message()])
    }

    pub(super) fn take_back(&mut self, agreed: bool) -> Reply {
        if self.two_players() {
            return self.take_back_agreed(agreed);
        }
        let human = self.play.human;
        if !self.play.game.moves().iter().any(|m| m.side() == human) {
            return Reply::error(Say::NothingToTakeBack);
        }
        if let Some(why) = self.play.lost_outside_the_rules() {
            return Reply::error(why);
        }
        self.play.cancel();
        while let Some(m) = self.play.game.undo() {
            if m.side() == human {
                break;
            }
        }
        // The clocks go on from where they are (time used stays used):
        // the person's runs again.
        let now = self.now();
        if let Some(c) = self.play.clocks.as_mut() {
            c.start(human, now);
        }
        Reply::broadcast(vec![self.state_message()])
    }

    /// The engine looks for the person's best move, at full strength, for
    /// half the move time; the answer is shown, never played.
    pub(super) fn hint(&mut self) -> Reply {
        let p = self.play.game.position();
        if self.play.over() || !self.played_here(p.side_to_move()) {
            return Reply::error(Say::HintForYourMove);
        }
        match self.play.state {
            EngineState::Failed(_) => return Reply::error(Say::HintEngineDown),
            EngineState::Hinting { .. } => return Reply::default(),
            _ => {}
        }
        if self.play.hint.as_ref().is_some_and(|h| h.state == "ready") {
            // Already there.
            return Reply::broadcast(vec![self.state_message()]);
        }
        let ticket = self.ticket();
        let search = Search {
            variant: self.play.variant,
            level: *LEVELS.end(),
            lines: 1,
            start: self.play.game.start(),
            moves: self.play.game.moves().to_vec(),
            limit: Limit::Movetime(self.movetime / 2),
        };
        self.play.send(Job::Search { ticket, search });
        self.play.state = EngineState::Hinting { ticket };
        self.play.hint = Some(HintView {
            ply: self.play.game.moves().len(),
            state: "thinking",
            pit: None,
            score: None,
            depth: None,
            pv: Vec::new(),
        });
        Reply::broadcast(vec![self.state_message()])
    }

    pub(super) fn on_play_engine(&mut self, event: Event) -> Vec<Outgoing> {
        match event {
            Event::Ready
            | Event::ReviewProgress { .. }
            | Event::Reviewed { .. }
            | Event::ReviewFailed { .. } => Vec::new(),
            Event::Line { ticket, line } => match self.play.state {
                EngineState::Thinking { ticket: t } | EngineState::Hinting { ticket: t }
                    if t == ticket =>
                {
                    let info = LineInfo::of(&line);
                    vec![Outgoing::EngineLine { line, info }]
                }
                _ => Vec::new(),
            },
            Event::BestMove { ticket, answer } => match self.play.state {
                EngineState::Thinking { ticket: t } if t == ticket && self.play.held.is_none() => {
                    let now = self.now();
                    if let Some(answer) = self.judge_answer(answer, now) {
                        self.play_engine_answer(answer, now);
                    }
                    if self.play.held.is_some() {
                        // Nothing to show until its moment.
                        return Vec::new();
                    }
                    vec![self.state_message()]
                }
                EngineState::Hinting { ticket: t } if t == ticket => {
                    self.hint_found(answer);
                    vec![self.state_message()]
                }
                _ => Vec::new(),
            },
            Event::Failed(failure) => {
                let message = failure.say(self.engine_name());
                self.play.fail(message);
                // A stalled engine on a clock has usually run out of it.
                let (engine, now) = (self.play.engine_side(), self.now());
                if !self.play.over() && self.out_of_time(engine, now) {
                    self.forfeit(engine, now);
                }
                vec![self.state_message()]
            }
        }
    }

    /// Plays the engine's answer, arrived (or released) at `now`.
    pub(super) fn play_engine_answer(&mut self, answer: BestMoveLine, now: Instant) {
        if matches!(self.play.state, EngineState::Thinking { .. }) {
            self.play.state = EngineState::Ready;
        }
        let name = self.engine_name().to_string();
        let Some(text) = answer.parsed.and_then(|b| b.mv) else {
            return self.play.fail(Say::EngineNoMove {
                engine: name,
                line: answer.line,
            });
        };
        let side = self.play.engine_side();
        if self.out_of_time(side, now) {
            return self.forfeit(side, now);
        }
        let played = Move::parse(&text, side)
            .ok()
            .filter(|m| self.play.game.play(*m).is_ok());
        if played.is_none() {
            return self
                .play
                .fail(Say::EngineIllegalMove { engine: name, text });
        }
        // In time (just checked, at the same moment): its clock is charged.
        let _ = self.clock_move(now);
        self.clock_after_move(now);
    }

    fn hint_found(&mut self, answer: BestMoveLine) {
        self.play.state = EngineState::Ready;
        let p = self.play.game.position();
        let v = self.play.variant;
        let pit = answer
            .parsed
            .and_then(|b| b.mv)
            .and_then(|m| Move::parse(&m, p.side_to_move()).ok())
            .filter(|m| p.why_illegal(v, *m).is_none());
        let info = answer.info.unwrap_or_default();
        let ply = self.play.game.moves().len();
        if pit.is_some() && self.two_players() && !self.play.hinted.contains(&ply) {
            self.play.hinted.push(ply);
        }
        self.play.hint = Some(HintView {
            ply: self.play.game.moves().len(),
            state: if pit.is_some() { "ready" } else { "failed" },
            pit: pit.map(|m| m.to_string()),
            score: score::of_info(&info, p.side_to_move(), v),
            depth: info.depth,
            pv: info.pv,
        });
    }

    /// What the page shows of the game being played.
    pub fn view(&self) -> View {
        let now = self.now();
        let play = &self.play;
        let game = &play.game;
        let p = game.position();
        let v = play.variant;
        let over = play.over();
        let your_move = !over && self.played_here(p.side_to_move());
        let offered = self.offered_side();
        let state = if over {
            PlayState::Over
        } else if your_move {
            PlayState::YourMove
        } else {
            PlayState::Thinking
        };
        let mut legal = Vec::new();
        let mut why = BTreeMap::new();
        for i in 0..7 {
            let m = Move::from_pit(offered.first_pit() + i);
            let reason = if let Some(loser) = play.forfeit {
                Some(Say::OverOnTime { side: loser.into() })
            } else if let Some(side) = play.resigned {
                Some(Say::EndResigned { side: side.into() })
            } else if over {
                Some(Say::GameOver)
            } else if !your_move {
                Some(Say::EnginesMove)
            } else {
                p.why_illegal(v, m).map(Say::from)
            };
            match reason {
                None => legal.push(m.to_string()),
                Some(r) => {
                    why.insert(m.to_string(), r);
                }
            }
        }
        let (engine_status, engine_message) = match &play.state {
            EngineState::Ready => (EngineStatus::Ready, None),
            EngineState::Thinking { .. } | EngineState::Hinting { .. } => {
                (EngineStatus::Thinking, None)
            }
            EngineState::Failed(m) => (EngineStatus::Failed, Some(m.clone())),
        };
        let moves = game.moves();
        let positions = game.positions();
        let sowing = moves
            .last()
            .map(|&m| sowing(v, &positions[positions.len() - 2], m));
        View {
            game_id: play.game_id,
            variant: v.to_string(),
            variants: Variant::ALL.iter().map(|v| v.to_string()).collect(),
            human: if self.two_players() {
                "both".to_string()
            } else {
                side_name(play.human)
            },
            names: play.opponent.names().cloned(),
            hinted: play.hinted.clone(),
            level: play.level,
            levels: levels::views(),
            clock: self.clock_view(now),
            think_ms: play
                .think
                .unwrap_or(self.movetime)
                .as_millis()
                .try_into()
                .unwrap_or(u64::MAX),
            engine: self.engine,
            engines: self.engines.iter().map(|e| e.name.clone()).collect(),
            start: game.start().to_string(),
            position: p.to_string(),
            pits: p.pits().to_vec(),
            captured: [p.captured(Side::South), p.captured(Side::North)],
            to_move: side_name(p.side_to_move()),
            state,
            legal,
            why,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            last: moves.last().map(|m| m.to_string()),
            sowing,
            result: match (play.forfeit, play.resigned) {
                (Some(loser), _) if !game.is_over() => Some(ResultView::on_time(game, loser)),
                (_, Some(loser)) if !game.is_over() => Some(ResultView::resigned(game, loser)),
                _ => ResultView::of(game),
            },
            engine_status,
            engine_message,
            hint: play
                .hint
                .clone()
                .filter(|h| h.ply == moves.len() && your_move),
        }
    }
}

fn illegal(m: Move, why: Say) -> Reply {
    Reply::to_sender(Outgoing::Illegal {
        pit: m.to_string(),
        why,
    })
}

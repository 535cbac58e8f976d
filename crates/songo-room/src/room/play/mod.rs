//! The game played here: between the person and an engine, or between
//! two people at one board. It owns the game, its engine process
//! (`engine`: moves, hints, answers and failures), its time (`timing`:
//! clocks, think time, the weak levels' pause, losses on time) and who
//! plays it (`people`). The room reaches it only through these methods.

mod engine;
mod people;
mod saved;
mod timing;
mod view;

use songo_core::{Game, Move, Position, Side, Variant};
use web_time::Instant;

use super::engines::Engines;
use super::{DEFAULT_LEVEL, LEVELS};
use crate::clock::TimeControl;
use crate::messages::{Outgoing, Reply};
use crate::records;
use crate::say::Say;
use crate::view::HintView;
use engine::{EngineState, Held};
pub(super) use people::Opponent;
pub(super) use saved::restored;
pub(super) use timing::Pace;
use timing::Timing;
pub use timing::{
    PAUSED_LEVELS, PAUSE_CLOCK_SHARE, PAUSE_MIN, PAUSE_SPREAD, PAUSE_THINK_SHARE, THINK_MS,
};

/// What a new game is to be: the page's `new-game` message, or a game
/// played on from the analysis board, or a saved one.
pub(super) struct Start {
    pub(super) game: Game,
    pub(super) human: Side,
    pub(super) opponent: Opponent,
    pub(super) level: u8,
    /// The engine (index) to play it, or to hint.
    pub(super) engine: usize,
    pub(super) pace: Pace,
}

/// The game being played and its engine process.
pub(super) struct Play {
    /// The engine chosen for games (and used by the analysis).
    engine: usize,
    link: Option<Box<dyn crate::link::EngineLink>>,
    generation: u64,
    state: EngineState,
    variant: Variant,
    human: Side,
    /// The engine, or a second person at the board.
    opponent: Opponent,
    level: u8,
    game: Game,
    game_id: u64,
    /// The hint for the position after this many moves.
    hint: Option<HintView>,
    time: Timing,
    /// The side that resigned: the game is over.
    resigned: Option<Side>,
    /// Between two people: the plies (moves played before) at which a
    /// hint was shown, marked in the record.
    hinted: Vec<usize>,
    /// A weak level's answer waiting for its natural moment.
    held: Option<Held>,
    /// When the engine's current search was asked.
    asked: Option<Instant>,
}

impl Play {
    /// A first game (songo40, the person South) with no engine process
    /// yet ([`Play::start_engine`] starts it).
    pub(super) fn new(movetime: std::time::Duration, pause: bool) -> Play {
        let variant = Variant::Songo40;
        Play {
            engine: 0,
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
            time: Timing::new(movetime, pause),
            resigned: None,
            hinted: Vec::new(),
            held: None,
            asked: None,
        }
    }

    /// The game as played so far.
    pub(super) fn game(&self) -> &Game {
        &self.game
    }

    pub(super) fn game_id(&self) -> u64 {
        self.game_id
    }

    pub(super) fn level(&self) -> u8 {
        self.level
    }

    /// The engine chosen for games.
    pub(super) fn engine(&self) -> usize {
        self.engine
    }

    /// Whether levels 1–4 hold an early answer until a natural moment.
    pub(super) fn set_pause(&mut self, on: bool) {
        self.time.set_pause(on);
    }

    /// Why nothing may be taken back: the game is over (on time, by
    /// resignation, or by the rules). A finished game is recorded as it
    /// ended; taking back a move of it would change a game already listed
    /// and archived (issue 43), so a new game starts instead.
    pub(super) fn why_no_take_back(&self) -> Option<Say> {
        if let Some(side) = self.time.forfeit() {
            return Some(Say::LostOnTime { side: side.into() });
        }
        if let Some(side) = self.resigned {
            return Some(Say::LostByResignation { side: side.into() });
        }
        self.game.is_over().then_some(Say::GameOver)
    }

    /// Whether the game is over: by the rules, on time, or resigned.
    pub(super) fn over(&self) -> bool {
        self.time.forfeit().is_some() || self.resigned.is_some() || self.game.is_over()
    }

    /// How the game is being played, for its record.
    pub(super) fn played<'a>(&'a self, engines: &'a Engines) -> records::Played<'a> {
        records::Played {
            human: self.human,
            engine: engines.name(self.engine),
            level: self.level,
            names: self.opponent.names(),
            tc: self.time.time_control(),
            forfeit: self.time.forfeit(),
            resigned: self.resigned,
            hinted: &self.hinted,
        }
    }

    /// The game's record as it stands, dated `now`.
    pub(super) fn record(
        &self,
        engines: &Engines,
        now: web_time::SystemTime,
    ) -> songo_core::record::GameRecord {
        records::of_play(&self.game, &self.played(engines), now)
    }

    /// The state of the game, for every page.
    pub(super) fn state_message(&self, engines: &Engines, now: Instant) -> Outgoing {
        Outgoing::State(Box::new(self.view(engines, now)))
    }

    /// A new game (or one played on, or restored): any search stops, the
    /// engine learns of it (a fresh process when another engine plays),
    /// and thinks if it is its move.
    pub(super) fn begin(&mut self, engines: &mut Engines, start: Start, now: Instant) {
        self.cancel();
        self.variant = start.game.variant();
        self.human = start.human;
        self.opponent = start.opponent;
        self.level = start.level;
        self.game = start.game;
        self.game_id += 1;
        self.resigned = None;
        self.hinted.clear();
        self.held = None;
        self.time.set(start.pace, &self.game, now);
        if start.engine != self.engine || self.link.is_none() {
            self.engine = start.engine;
            self.start_engine(engines);
        } else {
            self.send(crate::link::Job::NewGame {
                variant: self.variant,
                level: self.level,
            });
        }
        self.maybe_think(engines, now);
    }

    /// The page's `new-game`: checked, then begun.
    #[allow(clippy::too_many_arguments)] // the fields of the page's message
    pub(super) fn new_game(
        &mut self,
        engines: &mut Engines,
        variant: &str,
        side: &str,
        level: u8,
        names: Option<[String; 2]>,
        engine: Option<usize>,
        (tc, think_ms): (Option<TimeControl>, Option<u64>),
        now: Instant,
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
        if let Err(why) = check_level(level) {
            return Reply::error(why);
        }
        let engine = engine.unwrap_or(self.engine);
        if engine >= engines.len() {
            return Reply::error(Say::NoEngine { engine });
        }
        let pace = match Pace::asked(tc, think_ms) {
            Ok(pace) => pace,
            Err(why) => return Reply::error(why),
        };
        let start = Start {
            game: Game::new(variant, Position::startpos()),
            human,
            opponent,
            level,
            engine,
            pace,
        };
        self.begin(engines, start, now);
        Reply::broadcast(vec![self.state_message(engines, now)])
    }

    /// A restored game's resignation and hints (checked by the caller).
    pub(super) fn restore_marks(&mut self, resigned: Option<Side>, hinted: Vec<usize>) {
        self.resigned = resigned;
        self.hinted = hinted;
    }

    /// The person's move (between two people, the side to move's).
    pub(super) fn human_move(
        &mut self,
        engines: &mut Engines,
        pit: &str,
        (ply, game): (Option<usize>, Option<u64>),
        now: Instant,
    ) -> Reply {
        let mover = self.offered_side();
        let p = self.game.position();
        let Ok(m) = Move::parse(pit.trim(), mover) else {
            return Reply::error(Say::NotAPit {
                text: pit.to_string(),
            });
        };
        let stale = game.is_some_and(|g| g != self.game_id)
            || ply.is_some_and(|n| n != self.game.moves().len());
        if stale {
            return illegal(m, Say::Stale);
        }
        if let Some(loser) = self.time.forfeit() {
            return illegal(m, Say::OverOnTime { side: loser.into() });
        }
        if self.over() {
            return illegal(m, Say::GameOver);
        }
        if !self.played_here(p.side_to_move()) {
            return illegal(m, Say::EnginesMove);
        }
        if let Some(why) = p.why_illegal(self.variant, m) {
            return illegal(m, why.into());
        }
        self.cancel();
        if self.clock_move(now).is_err() {
            // Its time ran out before it arrived: lost, not played.
            let mut reply = illegal(m, Say::YourTimeRanOut);
            reply.broadcast.push(self.state_message(engines, now));
            return reply;
        }
        self.game
            .play(m)
            .expect("a move the rules core called legal");
        self.clock_after_move(now);
        self.maybe_think(engines, now);
        Reply::broadcast(vec![self.state_message(engines, now)])
    }

    /// Takes back the person's last move and the engine's answer (between
    /// two people: the last move, once both agreed).
    pub(super) fn take_back(&mut self, engines: &Engines, agreed: bool, now: Instant) -> Reply {
        if self.two_players() {
            return self.take_back_agreed(engines, agreed, now);
        }
        let human = self.human;
        if !self.game.moves().iter().any(|m| m.side() == human) {
            return Reply::error(Say::NothingToTakeBack);
        }
        if let Some(why) = self.why_no_take_back() {
            return Reply::error(why);
        }
        self.cancel();
        while let Some(m) = self.game.undo() {
            if m.side() == human {
                break;
            }
        }
        // The clocks go on from where they are (time used stays used):
        // the person's runs again.
        self.time.start(human, now);
        Reply::broadcast(vec![self.state_message(engines, now)])
    }

    /// A move of the side whose clock runs arrived at `now`: its time is
    /// taken off and its increment added; `Err` with that side when its
    /// time had run out (it has lost then).
    fn clock_move(&mut self, now: Instant) -> Result<(), Side> {
        let moved = self.time.moved(now);
        if let Err(side) = moved {
            self.forfeit(side, now);
        }
        moved
    }

    /// After a move: a game the rules ended stops the clocks.
    fn clock_after_move(&mut self, now: Instant) {
        if self.game.is_over() {
            self.time.stop(now);
        }
    }

    /// `side` lost on time: the engine stops thinking, the clocks stop,
    /// and no pit is playable any more.
    fn forfeit(&mut self, side: Side, now: Instant) {
        self.cancel();
        self.time.lose(side, now);
    }
}

fn illegal(m: Move, why: Say) -> Reply {
    Reply::to_sender(Outgoing::Illegal {
        pit: m.to_string(),
        why,
    })
}

/// Checks the level a page asked for.
pub(super) fn check_level(level: u8) -> Result<u8, Say> {
    if LEVELS.contains(&level) {
        Ok(level)
    } else {
        Err(Say::BadLevel { level })
    }
}

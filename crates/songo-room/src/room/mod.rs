//! The room: everything the pages share, judged by the rules core: the
//! game played, the analysis board, the analyst and its reviews. One owner
//! holds the [`Room`] (an actor: in `songo gui`, one task of songo-gui's
//! server); every page and every engine runner talks to it by message. The
//! page only shows views and sends [`PageMessage`]s.
//!
//! - `play`: the game between the person and an engine, and hints;
//! - `timing`: its clocks, the weak levels' pause, losses on time, and
//!   the deadline a host wakes the room at;
//! - `analysis`: the analysis board: a game (copied, loaded or set up)
//!   stepped through, its moves, records in and out;
//! - `analyst`: the second engine process that analyses the board live
//!   and reviews games, so that analysis never disturbs a game in play.
//!
//! Engines are reached through [`EngineLink`]s, so the room runs with
//! any engine runner (a process, the engine in WebAssembly) and is tested
//! without one. An engine that crashes or stalls only marks that
//! engine as failed: the games stay as they were, and a restart starts a
//! fresh process that carries on.

mod analysis;
mod analyst;
#[cfg(test)]
mod book_tests;
mod history;
#[cfg(test)]
mod history_tests;
#[cfg(test)]
mod input_tests;
mod lines;
mod people;
#[cfg(test)]
mod people_tests;
mod play;
mod saved;
#[cfg(test)]
mod saved_tests;
#[cfg(test)]
mod tests;
mod timing;
#[cfg(test)]
mod timing_tests;

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use songo_book::Book;
use songo_client::EngineSpec;
use songo_tb::Tablebases;
// web-time's clock: std's `SystemTime::now` and `Instant::now` panic on
// wasm32-unknown-unknown (on native web-time is std's).
use web_time::{Instant, SystemTime};

use crate::link::{EngineLink, Event};
use crate::messages::{Outgoing, PageMessage, Reply, Topic};
use crate::say::Say;
use analysis::Analysis;
use analyst::{Analyst, Review};
use history::History;
pub use history::YOUR_GAMES;
use play::Play;
pub use saved::{
    RestoreError, SavedBoard, SavedClock, SavedOrigin, SavedPlay, SavedRoom, SAVED_FORMAT,
};
pub use timing::{
    PAUSED_LEVELS, PAUSE_CLOCK_SHARE, PAUSE_MIN, PAUSE_SPREAD, PAUSE_THINK_SHARE, THINK_MS,
};

pub use crate::levels::LEVELS;
/// The level of the first game.
pub const DEFAULT_LEVEL: u8 = 3;
/// How long the engine thinks on a move at full strength (level 10), in
/// `songo gui` and in the static site alike.
pub const MOVETIME: Duration = Duration::from_millis(2000);

/// Starts an engine process: the engine's description and the generation
/// that its events will carry.
pub type Spawner = Box<dyn FnMut(&EngineSpec, u64) -> Box<dyn EngineLink> + Send>;

/// Where the room reads the time: its clocks, the weak levels' pause and
/// its deadline all come from it. A host that counts time its own way
/// ([`HostedRoom`](crate::hosted::HostedRoom)) or a test gives its own.
pub type TimeSource = Box<dyn Fn() -> Instant + Send>;

/// How the room is set up.
pub struct RoomConfig {
    /// The engines of the command line; never empty.
    pub engines: Vec<EngineSpec>,
    /// How long the engine thinks on a move at full strength (lower
    /// levels stop earlier); a hint takes half of it.
    pub movetime: Duration,
    /// The endgame tables for the analysis, if any.
    pub tablebases: Option<Arc<Tablebases>>,
    /// The opening book the analysis board's explorer shows; `None`: the
    /// one compiled in ([`songo_book::embedded()`]).
    pub book: Option<Arc<Book>>,
    /// Where the room reads the time; `None`: web-time's `Instant::now`.
    pub time: Option<TimeSource>,
    /// Whether levels 1–4 hold an early answer until a natural moment has
    /// passed (see [`PAUSE_MIN`]): on for people, off for tests of
    /// everything else.
    pub pause: bool,
}

/// The answer to an upload: what the page that sent it reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UploadAnswer {
    pub ok: bool,
    /// How many games the file holds (the first is shown).
    pub games: usize,
    /// Why the file was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<Say>,
}

/// Everything the pages share.
pub struct Room {
    engines: Vec<EngineSpec>,
    spawn: Spawner,
    movetime: Duration,
    tablebases: Option<Arc<Tablebases>>,
    /// `None`: the embedded book (kept by songo-book, not copied here).
    book: Option<Arc<Book>>,
    time: TimeSource,
    pause: bool,
    /// Every engine process gets its own generation: the events of a
    /// replaced one are recognised and dropped.
    next_generation: u64,
    next_ticket: u64,
    /// The engine chosen for games (and used by the analysis).
    engine: usize,
    play: Play,
    analysis: Analysis,
    analyst: Analyst,
    review: Review,
    history: History,
}

impl Room {
    /// A room with a first game (songo40, the person South) and its
    /// engine started.
    pub fn new(config: RoomConfig, spawn: Spawner) -> Room {
        assert!(!config.engines.is_empty(), "a room needs an engine");
        let mut room = Room {
            engines: config.engines,
            spawn,
            movetime: config.movetime,
            tablebases: config.tablebases,
            book: config.book,
            time: config.time.unwrap_or_else(|| Box::new(Instant::now)),
            pause: config.pause,
            next_generation: 0,
            next_ticket: 0,
            engine: 0,
            play: Play::new(),
            analysis: Analysis::new(),
            analyst: Analyst::new(),
            review: Review::new(),
            history: History::default(),
        };
        room.start_engine();
        room
    }

    fn generation(&mut self) -> u64 {
        self.next_generation += 1;
        self.next_generation
    }

    fn ticket(&mut self) -> u64 {
        self.next_ticket += 1;
        self.next_ticket
    }

    /// The book the explorer probes.
    fn book(&self) -> &Book {
        match &self.book {
            Some(book) => book,
            None => songo_book::embedded(),
        }
    }

    fn engine_name(&self) -> &str {
        &self.engines[self.engine].name
    }

    /// Everything a page needs when it connects.
    pub fn welcome(&self) -> Vec<Outgoing> {
        vec![
            self.state_message(),
            self.analysis_message(),
            self.review_message(),
            self.games_message(),
        ]
    }

    /// Now, by the room's time source.
    fn now(&self) -> Instant {
        (self.time)()
    }

    /// Handles one message of a page. What came due before it (a clock
    /// that ran out, an answer held back) is judged first: a move that
    /// arrives after its player's time is up is not played.
    pub fn on_page(&mut self, text: &str) -> Reply {
        let caught_up = self.catch_up();
        let mut reply = match serde_json::from_str(text) {
            Ok(message) => self.handle(message),
            Err(e) => Reply::error(Say::BadMessage {
                detail: e.to_string(),
            }),
        };
        if caught_up {
            self.add_state(&mut reply.broadcast);
        }
        if self.note_finished(SystemTime::now()) {
            reply.broadcast.push(self.games_message());
        }
        reply
    }

    /// Adds the state to `messages` unless they have it.
    fn add_state(&self, messages: &mut Vec<Outgoing>) {
        if !messages.iter().any(|m| matches!(m, Outgoing::State(_))) {
            messages.insert(0, self.state_message());
        }
    }

    fn handle(&mut self, message: PageMessage) -> Reply {
        match message {
            PageMessage::State {} => Reply {
                to_sender: self.welcome(),
                broadcast: Vec::new(),
            },
            PageMessage::NewGame {
                variant,
                side,
                level,
                names,
                engine,
                tc,
                think_ms,
            } => self.new_game(&variant, &side, level, names, engine, tc, think_ms),
            PageMessage::Move { pit, ply, game } => self.human_move(&pit, ply, game),
            PageMessage::TakeBack { agreed } => self.take_back(agreed),
            PageMessage::Resign {} => self.resign(),
            PageMessage::ShowMove {
                variant,
                position,
                pit,
                tag,
            } => show_move(&variant, &position, &pit, tag),
            PageMessage::RestartEngine {} => {
                self.start_engine();
                self.maybe_think();
                Reply::broadcast(vec![self.state_message()])
            }
            PageMessage::Hint {} => self.hint(),
            PageMessage::SetUp { variant, position } => self.set_up(&variant, &position),
            PageMessage::AnalyseGame { ply } => self.analyse_game(ply),
            PageMessage::Goto { ply } => self.goto(ply),
            PageMessage::AnalysisMove { pit, ply, id } => self.analysis_move(&pit, ply, id),
            PageMessage::Analyse { on, lines } => self.analyse(on, lines),
            PageMessage::PlayFromHere {
                side,
                level,
                tc,
                think_ms,
            } => self.play_from_here(side, level, tc, think_ms),
            PageMessage::RestartAnalyst {} => self.restart_analyst(),
            PageMessage::LoadGame { index } => self.load_game(index),
            PageMessage::Save { game } => self.save(game, SystemTime::now()),
            PageMessage::Review {
                game,
                depth,
                movetime,
            } => self.start_review(game, depth, movetime),
            PageMessage::CancelReview {} => self.cancel_review(),
            PageMessage::OpenGame { index } => self.open_game(index),
            PageMessage::ExportGames {} => self.export_games(SystemTime::now()),
        }
    }

    /// Handles an event of the engine process of `generation`; returns
    /// what to tell the pages.
    pub fn on_engine(&mut self, generation: u64, event: Event) -> Vec<Outgoing> {
        let caught_up = self.catch_up();
        let mut out = if generation == self.play.generation() {
            self.on_play_engine(event)
        } else if generation == self.analyst.generation() {
            self.on_analyst(event)
        } else {
            Vec::new()
        };
        if caught_up {
            self.add_state(&mut out);
        }
        if self.note_finished(SystemTime::now()) {
            out.push(self.games_message());
        }
        out
    }

    /// No page is connected any more: the live analysis stops (a page that
    /// connects again asks for it again), so that an engine does not
    /// think for nobody.
    pub fn on_no_pages(&mut self) {
        if self.analysis.running {
            self.analysis.running = false;
            self.kick_analyst();
        }
    }

    /// A record file uploaded by a page: its games are read (every move
    /// checked) and the first goes to the analysis board. `variant` is for
    /// records without a `Variant` tag; `name` is only shown.
    pub fn on_upload(
        &mut self,
        bytes: &[u8],
        variant: Option<&str>,
        name: &str,
    ) -> (UploadAnswer, Vec<Outgoing>) {
        let refuse = |problem: Say| {
            let message = Say::FileRefused {
                file: name.to_string(),
                problem: Box::new(problem),
            };
            (
                UploadAnswer {
                    ok: false,
                    games: 0,
                    message: Some(message),
                },
                Vec::new(),
            )
        };
        let variant = match variant.map(str::parse::<songo_core::Variant>) {
            None => None,
            Some(Ok(v)) => Some(v),
            Some(Err(_)) => {
                return refuse(Say::UnknownVariant {
                    text: variant.unwrap_or_default().to_string(),
                })
            }
        };
        match crate::records::read(bytes, variant) {
            Err(why) => refuse(why),
            Ok(games) => {
                let count = games.len();
                self.analysis.loaded = Some(analysis::Loaded {
                    name: name.to_string(),
                    games,
                    own: false,
                });
                let broadcast = self.load_game(1).broadcast;
                (
                    UploadAnswer {
                        ok: true,
                        games: count,
                        message: None,
                    },
                    broadcast,
                )
            }
        }
    }

    /// The state of the game being played, for every page.
    pub fn state_message(&self) -> Outgoing {
        Outgoing::State(Box::new(self.view()))
    }

    pub fn analysis_message(&self) -> Outgoing {
        Outgoing::Analysis(Box::new(self.analysis_view()))
    }

    pub fn review_message(&self) -> Outgoing {
        Outgoing::Review(Box::new(self.review_view()))
    }
}

/// An error about `topic`.
/// A move on a fixed position, as the rules panel shows it: the rules
/// core's sowing and the position after it, or why not.
fn show_move(variant: &str, position: &str, pit: &str, tag: String) -> Reply {
    let Ok(v) = variant.parse::<songo_core::Variant>() else {
        return Reply::error(Say::UnknownVariant {
            text: variant.to_string(),
        });
    };
    let p: songo_core::Position = match position.parse() {
        Ok(p) => p,
        Err(e) => return Reply::error(Say::bad_position(&e)),
    };
    let Ok(m) = songo_core::Move::parse(pit.trim(), p.side_to_move()) else {
        return Reply::error(Say::NotAPit {
            text: pit.to_string(),
        });
    };
    if let Some(why) = p.why_illegal(v, m) {
        return Reply::to_sender(Outgoing::ShownMove {
            tag,
            sowing: None,
            after: None,
            pits: p.pits().to_vec(),
            why: Some(Say::PitRefused {
                pit: m.to_string(),
                why: Box::new(why.into()),
            }),
        });
    }
    let after = p.play(v, m).expect("a move the rules core called legal");
    Reply::to_sender(Outgoing::ShownMove {
        tag,
        sowing: Some(Box::new(crate::sowing::sowing(v, &p, m))),
        after: Some(after.to_string()),
        pits: after.pits().to_vec(),
        why: None,
    })
}

fn refuse(topic: Topic, message: Say) -> Reply {
    Reply::error_on(topic, message)
}

//! The room: everything the pages share, judged by the rules core: the
//! game played, the analysis board, the analyst and its reviews. One owner
//! holds the [`Room`] (an actor: in `songo gui`, one task of songo-gui's
//! server); every page and every engine runner talks to it by message. The
//! page only shows views and sends [`PageMessage`](crate::messages::PageMessage)s.
//!
//! The room is made of parts that each own their state; the room only
//! passes what one part needs from another (a game, a position, a
//! record) through their methods, in `handle`:
//! - `play`: the game played here, between the person and an engine or
//!   between two people, with its engine process, hints, and its time
//!   (clocks, think time, the weak levels' pause, losses on time, the
//!   deadline a host wakes the room at);
//! - `analysis`: the analysis board: a game (copied, loaded or set up)
//!   stepped through, its moves, records out;
//! - `analyst`: the second engine process that analyses the board live
//!   and reviews games, so that analysis never disturbs a game in play;
//! - `history`: the finished games;
//! - `engines`: the engines the room may start, shared by `play` and
//!   `analyst`;
//! - `lessons`: Learn, the lessons shown, the person's answers, progress;
//! - `saved`: the room's state kept between runs, each part's own.
//!
//! Engines are reached through [`EngineLink`]s, so the room runs with
//! any engine runner (a process, the engine in WebAssembly) and is tested
//! without one. An engine that crashes or stalls only marks that
//! engine as failed: the games stay as they were, and a restart starts a
//! fresh process that carries on.

mod analysis;
mod analyst;
#[cfg(test)]
mod archive_tests;
#[cfg(test)]
mod book_tests;
#[cfg(test)]
mod delete_tests;
mod engines;
mod handle;
mod history;
#[cfg(test)]
mod history_tests;
#[cfg(test)]
mod input_tests;
mod lessons;
#[cfg(test)]
mod lessons_tests;
mod mistakes;
#[cfg(test)]
mod mistakes_tests;
#[cfg(test)]
mod people_tests;
mod play;
mod puzzles;
#[cfg(test)]
mod puzzles_tests;
#[cfg(test)]
mod review_tests;
mod saved;
mod saved_form;
#[cfg(test)]
mod saved_tests;
#[cfg(test)]
mod tests;
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

use crate::archive::ArchivedGame;
use crate::link::{EngineLink, LinkEvent};
use crate::messages::{Outgoing, Reply};
use crate::say::Say;
use crate::view::{AnalysisView, ReviewView, View};
use crate::{book, tablebase};
use analysis::Analysis;
use analyst::Analyst;
use engines::Engines;
use history::History;
pub use history::YOUR_GAMES;
use lessons::Lessons;
use mistakes::Mistakes;
use play::Play;
pub use play::{
    PAUSED_LEVELS, PAUSE_CLOCK_SHARE, PAUSE_MIN, PAUSE_SPREAD, PAUSE_THINK_SHARE, THINK_MS,
};
use puzzles::Puzzles;
pub use saved_form::{
    RestoreError, SavedBoard, SavedClock, SavedLessons, SavedOrigin, SavedPlay, SavedPuzzle,
    SavedPuzzles, SavedRoom, SAVED_FORMAT,
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
    /// Whether the host keeps the finished games in an archive of its own
    /// ([`crate::archive`]: it takes them with [`Room::take_unarchived`]
    /// and gives them back with [`Room::add_archived`]); otherwise they
    /// are part of the saved state.
    pub archive: bool,
}

/// The answer to an upload: what the page that sent it reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UploadAnswer {
    /// Whether the file was taken; when not, `message` says why.
    pub ok: bool,
    /// How many games the file holds (the first is shown).
    pub games: usize,
    /// Why the file was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<Say>,
}

/// Everything the pages share.
pub struct Room {
    engines: Engines,
    tablebases: Option<Arc<Tablebases>>,
    /// `None`: the embedded book (kept by songo-book, not copied here).
    book: Option<Arc<Book>>,
    time: TimeSource,
    play: Play,
    analysis: Analysis,
    analyst: Analyst,
    history: History,
    lessons: Lessons,
    puzzles: Puzzles,
    mistakes: Mistakes,
}

impl Room {
    /// A room with a first game (songo40, the person South) and its
    /// engine started.
    pub fn new(config: RoomConfig, spawn: Spawner) -> Room {
        assert!(!config.engines.is_empty(), "a room needs an engine");
        let mut room = Room {
            engines: Engines::new(config.engines, spawn),
            tablebases: config.tablebases,
            book: config.book,
            time: config.time.unwrap_or_else(|| Box::new(Instant::now)),
            play: Play::new(config.movetime, config.pause),
            analysis: Analysis::new(),
            analyst: Analyst::new(),
            history: History::new(config.archive),
            lessons: Lessons::new(),
            puzzles: Puzzles::new(),
            mistakes: Mistakes::new(),
        };
        room.play.start_engine(&mut room.engines);
        room
    }

    /// The book the explorer probes.
    fn book(&self) -> &Book {
        match &self.book {
            Some(book) => book,
            None => songo_book::embedded(),
        }
    }

    fn engine_name(&self) -> &str {
        self.engines.name(self.play.engine())
    }

    /// Everything a page needs when it connects.
    pub fn welcome(&self) -> Vec<Outgoing> {
        vec![
            self.state_message(),
            self.analysis_message(),
            self.review_message(),
            self.games_message(),
            self.lessons_message(),
            self.puzzles_message(),
            self.mistakes_message(),
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

    /// Handles an event of the engine process of `generation`; returns
    /// what to tell the pages.
    pub fn on_engine(&mut self, generation: u64, event: LinkEvent) -> Vec<Outgoing> {
        let caught_up = self.catch_up();
        let mut out = if generation == self.play.generation() {
            let now = self.now();
            self.play.on_event(&self.engines, event, now)
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
        if self.analyst.running() {
            self.analyst.set_running(false);
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
        let games = match read_file(bytes, variant, name) {
            Ok(games) => games,
            Err(refused) => return (refused, Vec::new()),
        };
        let count = games.len();
        self.analysis.load(analysis::Loaded {
            name: name.to_string(),
            games,
            own: false,
        });
        let broadcast = self.load_game(1).broadcast;
        let answer = UploadAnswer {
            ok: true,
            games: count,
            message: None,
        };
        (answer, broadcast)
    }

    /// A record file imported into the finished games (a backup, or the
    /// other host's export; the history's import): each game checked
    /// by the reader, duplicates and unfinished games skipped and counted,
    /// the rest archived. The answer says how many, for the page that
    /// sent it; the list goes to every page.
    pub fn on_import(
        &mut self,
        bytes: &[u8],
        variant: Option<&str>,
        name: &str,
    ) -> (UploadAnswer, Vec<Outgoing>) {
        let games = match read_file(bytes, variant, name) {
            Ok(games) => games,
            Err(refused) => return (refused, Vec::new()),
        };
        let (imported, duplicates, unfinished) = self.history.import(games, SystemTime::now());
        let answer = UploadAnswer {
            ok: true,
            games: imported,
            message: Some(Say::GamesImported {
                imported,
                duplicates,
                unfinished,
            }),
        };
        (answer, vec![self.games_message()])
    }

    /// The state of the game being played, for every page.
    pub fn state_message(&self) -> Outgoing {
        Outgoing::State(Box::new(self.view()))
    }

    /// The analysis board, its engine lines and explorer, for every page.
    pub fn analysis_message(&self) -> Outgoing {
        Outgoing::Analysis(Box::new(self.analysis_view()))
    }

    /// The analyst's review of the game under review, for every page.
    pub fn review_message(&self) -> Outgoing {
        Outgoing::Review(Box::new(self.review_view()))
    }

    /// Learn's lessons and the lesson shown, for every page.
    pub fn lessons_message(&self) -> Outgoing {
        Outgoing::Lessons(Box::new(self.lessons.view()))
    }

    /// Learn's puzzle trainer and the puzzle shown, for every page.
    pub fn puzzles_message(&self) -> Outgoing {
        Outgoing::Puzzles(Box::new(self.puzzles.view()))
    }

    /// The practice of the person's mistakes, for every page.
    pub fn mistakes_message(&self) -> Outgoing {
        Outgoing::Mistakes(Box::new(self.mistakes.view()))
    }

    /// The finished games, for every page.
    pub fn games_message(&self) -> Outgoing {
        self.history.message()
    }

    /// What the page shows of the game being played.
    pub fn view(&self) -> View {
        self.play.view(&self.engines, self.now())
    }

    /// What the page shows of the analysis board.
    pub fn analysis_view(&self) -> AnalysisView {
        let shown = self.analysis.shown();
        let live = self.analyst.live(self.engine_name(), shown.id);
        let tablebase = self
            .tablebases
            .as_ref()
            .map(|tb| tablebase::probe(tb, &shown.game));
        let book = book::explore(self.book(), &shown.game);
        self.analysis.view(live, tablebase, book)
    }

    /// What the page shows of the review.
    pub fn review_view(&self) -> ReviewView {
        self.analyst.review_view()
    }

    /// Whether levels 1–4 hold an early answer until a natural moment
    /// (see [`PAUSE_MIN`]): for people; a test of something else may do
    /// without the wait. An answer held already is still played at its
    /// moment.
    pub fn set_pause(&mut self, on: bool) {
        self.play.set_pause(on);
    }

    /// What came due by now: a held answer played, the person's flag
    /// fallen. Whether anything changed.
    fn catch_up(&mut self) -> bool {
        let now = self.now();
        self.play.catch_up(&self.engines, now)
    }

    /// When the room next needs [`on_time`](Room::on_time): a held answer
    /// to play, or the person's flag to fall.
    pub fn next_deadline(&self) -> Option<Instant> {
        self.play.next_deadline()
    }

    /// Time passed: plays a held answer, or ends the game on the person's
    /// time, when due; the state for every page if anything changed.
    pub fn on_time(&mut self) -> Vec<Outgoing> {
        let mut out = if self.catch_up() {
            vec![self.state_message()]
        } else {
            Vec::new()
        };
        // A game lost on time is a finished game too.
        if self.note_finished(SystemTime::now()) {
            out.push(self.games_message());
        }
        out
    }

    /// Records the game played if it has just ended: whether it did.
    fn note_finished(&mut self, now: SystemTime) -> bool {
        let (play, engines) = (&self.play, &self.engines);
        self.history.note(
            play.game_id(),
            play.over(),
            || play.record(engines, now),
            now,
        )
    }

    /// The finished games the host's archive does not hold yet (see
    /// [`RoomConfig::archive`]); from now on they are the host's to keep.
    pub fn take_unarchived(&mut self) -> Vec<ArchivedGame> {
        self.history.take_unarchived()
    }

    /// The host could not archive `games`: the room offers them again at
    /// the next [`take_unarchived`](Room::take_unarchived), and keeps them
    /// in its saved state meanwhile.
    pub fn archive_failed(&mut self, games: &[ArchivedGame]) {
        self.history.archive_failed(games);
    }

    /// The archive ids of the games the person deleted since the host last
    /// asked; from now on the host's to remove from its archive.
    pub fn take_deleted(&mut self) -> Vec<String> {
        self.history.take_deleted()
    }

    /// The host could not remove `ids` from its archive: the room offers
    /// them again at the next [`take_deleted`](Room::take_deleted).
    pub fn delete_failed(&mut self, ids: &[String]) {
        self.history.delete_failed(ids);
    }

    /// The archive's games, read by the host when it starts (after
    /// [`restore`](Room::restore)): listed with the room's own, each once.
    pub fn add_archived(&mut self, games: Vec<songo_core::record::GameRecord>) {
        self.history.add_archived(games);
    }
}

/// The games of a record file a page sent (`variant` for records without
/// a `Variant` tag, `name` only shown), or the answer that refuses it.
fn read_file(
    bytes: &[u8],
    variant: Option<&str>,
    name: &str,
) -> Result<Vec<songo_core::record::GameRecord>, UploadAnswer> {
    let refused = |problem: Say| UploadAnswer {
        ok: false,
        games: 0,
        message: Some(Say::FileRefused {
            file: name.to_string(),
            problem: Box::new(problem),
        }),
    };
    let variant = match variant.map(str::parse::<songo_core::Variant>) {
        None => None,
        Some(Ok(v)) => Some(v),
        Some(Err(_)) => {
            return Err(refused(Say::UnknownVariant {
                text: variant.unwrap_or_default().to_string(),
            }))
        }
    };
    crate::records::read(bytes, variant).map_err(refused)
}

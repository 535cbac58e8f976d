//! A room whose engines run wherever its host runs them, without threads:
//! the room's jobs go through one [`Driver`] per engine, and the host only
//! starts engines, carries lines both ways, and ends them. This is how the
//! static site runs the room in the page with each engine in a Web Worker
//! (songo-wasm); `songo gui` instead gives each engine a thread of its own
//! (songo-gui's engine worker), over the same driver.
//!
//! Every input returns the messages for the page, and the host calls
//! [`HostedRoom::wake`] once [`HostedRoom::deadline`] has passed. Time is
//! the host's, as a [`Duration`] since an epoch of its own: the drivers'
//! and the room's alike (the room's clocks read the host's last `now`, as
//! an [`Instant`] that many after the room's epoch), so that one deadline
//! covers both.
//!
//! The finished games go to the host's archive (the static site: one
//! IndexedDB record each; see [`crate::archive`]): the host takes them with
//! [`HostedRoom::take_unarchived`] and says how the writing went with
//! [`HostedRoom::archived`] or [`HostedRoom::archive_failed`]. Until then
//! they stay in [`HostedRoom::saved`], so that a page closed while its
//! archive writes loses nothing.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use songo_client::EngineSpec;
use songo_core::record::GameRecord;
use web_time::Instant;

use crate::archive::ArchivedGame;
use crate::driver::{Action, Driver};
use crate::link::{EngineLink, Job};
use crate::messages::Outgoing;
use crate::room::{RestoreError, Room, RoomConfig, SavedRoom, UploadAnswer};

/// What the host does with engines, each known by its generation.
pub trait EngineHost {
    /// Start an engine (of the room's one description) for `generation`;
    /// its lines come back through [`HostedRoom::engine_line`].
    fn start(&mut self, generation: u64);
    /// Write one protocol line to the engine.
    fn send(&mut self, generation: u64, line: &str);
    /// End the engine's search at once, its answer unwanted: a host whose
    /// engine cannot read while it searches replaces it with a fresh one
    /// and then calls [`HostedRoom::engine_restarted`]; one that can writes
    /// `stop`.
    fn interrupt(&mut self, generation: u64);
    /// The engine is no longer needed (replaced, or failed): end it.
    fn end(&mut self, generation: u64);
}

/// What the room's links leave for the drivers, in order.
enum Mail {
    Job(u64, Job),
    /// The room dropped the link: that engine's time is over.
    Dropped(u64),
}

type Mailbox = Arc<Mutex<Vec<Mail>>>;

/// The room's end of an engine: jobs are posted, and the room never waits.
struct Link {
    generation: u64,
    mailbox: Mailbox,
}

impl EngineLink for Link {
    fn send(&mut self, job: Job) {
        post(&self.mailbox, Mail::Job(self.generation, job));
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        post(&self.mailbox, Mail::Dropped(self.generation));
    }
}

fn post(mailbox: &Mailbox, mail: Mail) {
    // A poisoned lock only means a panic elsewhere; the mail is still good.
    mailbox
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .push(mail);
}

/// A room and its engines' drivers: see the module.
pub struct HostedRoom<H: EngineHost> {
    room: Room,
    host: H,
    mailbox: Mailbox,
    drivers: BTreeMap<u64, Driver>,
    /// The options of the one engine description, for each new driver.
    options: Vec<(String, String)>,
    /// The host's time at its last call, which the room reads as
    /// `epoch + now`.
    now: Arc<Mutex<Duration>>,
    epoch: Instant,
    /// Finished games the host is archiving: taken, neither confirmed nor
    /// failed yet; the saved state keeps them meanwhile.
    archiving: Vec<ArchivedGame>,
}

/// Reads a shared time; a poisoned lock only means a panic elsewhere.
fn read(now: &Mutex<Duration>) -> Duration {
    *now.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl<H: EngineHost> HostedRoom<H> {
    /// A room with one engine, `engine`, started at `now`, and the
    /// messages a page needs first.
    pub fn new(
        engine: EngineSpec,
        movetime: Duration,
        host: H,
        now: Duration,
    ) -> (HostedRoom<H>, Vec<Outgoing>) {
        let mailbox: Mailbox = Arc::default();
        let posted = Arc::clone(&mailbox);
        let options = engine.options.clone();
        let shared = Arc::new(Mutex::new(now));
        let epoch = Instant::now();
        let time = Arc::clone(&shared);
        let room = Room::new(
            RoomConfig {
                engines: vec![engine],
                movetime,
                tablebases: None,
                book: None,
                time: Some(Box::new(move || {
                    epoch.checked_add(read(&time)).unwrap_or(epoch)
                })),
                pause: true,
                // The host archives the finished games (issue 43: the
                // static site in IndexedDB), so that another tab's saved
                // state cannot erase them.
                archive: true,
            },
            Box::new(move |_, generation| {
                Box::new(Link {
                    generation,
                    mailbox: Arc::clone(&posted),
                })
            }),
        );
        let mut hosted = HostedRoom {
            room,
            host,
            mailbox,
            drivers: BTreeMap::new(),
            options,
            now: shared,
            epoch,
            archiving: Vec::new(),
        };
        let mut out = hosted.pump(now);
        out.splice(0..0, hosted.room.welcome());
        (hosted, out)
    }

    /// Whether levels 1–4 wait a natural moment before their answer (on
    /// by default; see [`Room::set_pause`]).
    pub fn set_pause(&mut self, on: bool) {
        self.room.set_pause(on);
    }

    /// Everything a page needs when it (re)connects.
    pub fn welcome(&self) -> Vec<Outgoing> {
        self.room.welcome()
    }

    /// The host's time now: what the room reads until the next call.
    fn at(&self, now: Duration) {
        let mut shared = self.now.lock().unwrap_or_else(|p| p.into_inner());
        // The host's clock only goes forward; a stale `now` keeps the last.
        *shared = (*shared).max(now);
    }

    /// One message of the page (JSON, as over the websocket).
    pub fn on_page(&mut self, text: &str, now: Duration) -> Vec<Outgoing> {
        self.at(now);
        let reply = self.room.on_page(text);
        let mut out = reply.to_sender;
        out.extend(reply.broadcast);
        out.extend(self.pump(now));
        out
    }

    /// A record file imported into the finished games (see
    /// [`Room::on_import`]).
    pub fn import(
        &mut self,
        bytes: &[u8],
        variant: Option<&str>,
        name: &str,
        now: Duration,
    ) -> (UploadAnswer, Vec<Outgoing>) {
        self.read_file(now, |room| room.on_import(bytes, variant, name))
    }

    /// A record file the person chose: read like an upload to the server.
    pub fn upload(
        &mut self,
        bytes: &[u8],
        variant: Option<&str>,
        name: &str,
        now: Duration,
    ) -> (UploadAnswer, Vec<Outgoing>) {
        self.read_file(now, |room| room.on_upload(bytes, variant, name))
    }

    /// A record file given to the room at `now` by `read`; what the
    /// engines have to do after it, done.
    fn read_file(
        &mut self,
        now: Duration,
        read: impl FnOnce(&mut Room) -> (UploadAnswer, Vec<Outgoing>),
    ) -> (UploadAnswer, Vec<Outgoing>) {
        self.at(now);
        let (answer, mut out) = read(&mut self.room);
        out.extend(self.pump(now));
        (answer, out)
    }

    /// A line the engine of `generation` wrote.
    pub fn engine_line(&mut self, generation: u64, line: &str, now: Duration) -> Vec<Outgoing> {
        self.drive(generation, now, |d| d.on_line(line, now))
    }

    /// The host replaced the engine of `generation` with a fresh one.
    pub fn engine_restarted(&mut self, generation: u64, now: Duration) -> Vec<Outgoing> {
        self.drive(generation, now, |d| d.restarted(now))
    }

    /// The engine of `generation` is gone (it crashed, or could not load).
    pub fn engine_closed(&mut self, generation: u64, now: Duration) -> Vec<Outgoing> {
        self.drive(generation, now, |d| d.closed(now))
    }

    /// Time passed: deadlines that are due, the drivers' and the room's.
    pub fn wake(&mut self, now: Duration) -> Vec<Outgoing> {
        self.at(now);
        let due: Vec<u64> = self
            .drivers
            .iter()
            .filter(|(_, d)| d.deadline().is_some_and(|at| at <= now))
            .map(|(g, _)| *g)
            .collect();
        let mut out = Vec::new();
        for generation in due {
            out.extend(self.drive(generation, now, |d| d.on_time(now)));
        }
        if self.room_deadline().is_some_and(|at| at <= now) {
            out.extend(self.room.on_time());
            out.extend(self.pump(now));
        }
        out
    }

    /// The next time [`wake`](HostedRoom::wake) is due, if any.
    pub fn deadline(&self) -> Option<Duration> {
        self.drivers
            .values()
            .filter_map(Driver::deadline)
            .chain(self.room_deadline())
            .min()
    }

    /// The room's deadline, in the host's time.
    fn room_deadline(&self) -> Option<Duration> {
        let at = self.room.next_deadline()?;
        Some(at.saturating_duration_since(self.epoch))
    }

    /// The state to keep (see [`Room::saved`]), with the finished games
    /// the host's archive does not hold for sure yet: those it has not
    /// taken, and those it is writing.
    pub fn saved(&self) -> SavedRoom {
        let mut saved = self.room.saved();
        for game in &self.archiving {
            if !saved.games.contains(&game.text) {
                saved.games.push(game.text.clone());
            }
        }
        saved
    }

    /// The finished games for the host to archive (see
    /// [`Room::take_unarchived`]); each stays in [`saved`](HostedRoom::saved)
    /// until the host says it is [`archived`](HostedRoom::archived) (or
    /// [failed](HostedRoom::archive_failed)).
    pub fn take_unarchived(&mut self) -> Vec<ArchivedGame> {
        let games = self.room.take_unarchived();
        self.archiving.extend(games.iter().cloned());
        games
    }

    /// The games of ids `ids` are in the host's archive: the saved state
    /// leaves them out from now on.
    pub fn archived(&mut self, ids: &[String]) {
        self.archiving.retain(|g| !ids.contains(&g.id));
    }

    /// The host could not archive `games`: the room offers them again at
    /// the next [`take_unarchived`](HostedRoom::take_unarchived), and its
    /// saved state keeps them meanwhile (see [`Room::archive_failed`]).
    pub fn archive_failed(&mut self, games: &[ArchivedGame]) {
        self.archiving
            .retain(|g| !games.iter().any(|failed| failed.id == g.id));
        self.room.archive_failed(games);
    }

    /// The archive ids of the games the person deleted, for the host to
    /// remove from its archive (see [`Room::take_deleted`]). A game whose
    /// write is still going leaves the saved state now: the host's removal
    /// comes after its write.
    pub fn take_deleted(&mut self) -> Vec<String> {
        let ids = self.room.take_deleted();
        self.archiving.retain(|g| !ids.contains(&g.id));
        ids
    }

    /// The host could not remove `ids` (see [`Room::delete_failed`]).
    pub fn delete_failed(&mut self, ids: &[String]) {
        self.room.delete_failed(ids);
    }

    /// The archive's games, read by the host after [`restore`](HostedRoom::restore)
    /// (see [`Room::add_archived`]): the games list that shows them with
    /// the room's own, each once.
    pub fn add_archived(&mut self, games: Vec<GameRecord>, now: Duration) -> Vec<Outgoing> {
        self.at(now);
        self.room.add_archived(games);
        let mut out = vec![self.room.games_message()];
        out.extend(self.pump(now));
        out
    }

    /// Puts a saved state back (see [`Room::restore`]); the messages show
    /// it.
    pub fn restore(
        &mut self,
        saved: &SavedRoom,
        now: Duration,
    ) -> Result<Vec<Outgoing>, RestoreError> {
        self.at(now);
        self.room.restore(saved)?;
        // The restored games are all the room's to offer again.
        self.archiving.clear();
        let mut out = self.room.welcome();
        out.extend(self.pump(now));
        Ok(out)
    }

    /// The host the engines run in.
    pub fn host(&self) -> &H {
        &self.host
    }

    /// The host, to change (a test's host hands over what the engines
    /// were sent).
    pub fn host_mut(&mut self) -> &mut H {
        &mut self.host
    }

    /// Gives one driver an input, then carries out what follows.
    fn drive(
        &mut self,
        generation: u64,
        now: Duration,
        input: impl FnOnce(&mut Driver) -> Vec<Action>,
    ) -> Vec<Outgoing> {
        self.at(now);
        let Some(driver) = self.drivers.get_mut(&generation) else {
            // A late line of an engine already ended.
            return Vec::new();
        };
        let actions = input(driver);
        let mut out = self.act(generation, actions);
        out.extend(self.pump(now));
        out
    }

    /// Hands the room's posted jobs to the drivers until none is left: an
    /// event may make the room post more.
    fn pump(&mut self, now: Duration) -> Vec<Outgoing> {
        let mut out = Vec::new();
        loop {
            let mail = std::mem::take(
                &mut *self
                    .mailbox
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner()),
            );
            if mail.is_empty() {
                return out;
            }
            for m in mail {
                match m {
                    Mail::Job(generation, job) => {
                        if !self.drivers.contains_key(&generation) {
                            let mut driver = Driver::new(self.options.clone());
                            self.host.start(generation);
                            let actions = driver.start(now);
                            self.drivers.insert(generation, driver);
                            out.extend(self.act(generation, actions));
                        }
                        if let Some(driver) = self.drivers.get_mut(&generation) {
                            let actions = driver.on_job(job, now);
                            out.extend(self.act(generation, actions));
                        }
                    }
                    Mail::Dropped(generation) => {
                        if self.drivers.remove(&generation).is_some() {
                            self.host.end(generation);
                        }
                    }
                }
            }
        }
    }

    /// Carries out a driver's actions; the room hears the events.
    fn act(&mut self, generation: u64, actions: Vec<Action>) -> Vec<Outgoing> {
        let mut out = Vec::new();
        for action in actions {
            match action {
                Action::Send(line) => self.host.send(generation, &line),
                Action::Interrupt => self.host.interrupt(generation),
                Action::Report(event) => out.extend(self.room.on_engine(generation, event)),
            }
        }
        if self.drivers.get(&generation).is_some_and(Driver::is_over) {
            // Failed: the room was told (its event came last); the engine
            // goes, and a restart asked by the page makes a new one.
            self.drivers.remove(&generation);
            self.host.end(generation);
        }
        out
    }
}

//! The web server: the page's files, the WebSocket the page talks
//! through, `/api/state`, and `/api/record` where the page uploads a
//! record file; every request passes the [`Guard`] first.
//!
//! One task, the room's actor, owns the [`Room`]: the WebSockets hand it
//! the pages' messages, the engine workers hand it the engines' events,
//! and it sends the answers and the new state to the pages. The pages only
//! ever send JSON messages that the room reads into typed commands, and
//! record files that are read in memory as data; none of them names a
//! program, a file or a shell command.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use songo_book::Book;
use songo_client::EngineSpec;
use songo_core::record::GameRecord;
use songo_room::link::{EngineLink, LinkEvent};
use songo_room::messages::{Outgoing, Topic};
use songo_room::records::MAX_RECORD_BYTES;
use songo_room::room::{Room, RoomConfig, SavedRoom, Spawner, UploadAnswer};
use songo_room::say::Say;
use songo_tb::Tablebases;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio::sync::oneshot;

use crate::assets;
use crate::engine_worker::EngineWorker;
use crate::security::Guard;
use crate::store::Store;
use crate::tabs::{Tabs, Take};

/// The largest message a page may send; a longer one is answered with an
/// error, and the connection stays.
const MAX_MESSAGE: usize = 64 * 1024;
/// The largest message the socket reads at all: past it the connection
/// closes (no page of ours sends that much). Well above [`MAX_MESSAGE`],
/// so that a long paste is refused in words, not by a dropped socket.
const MAX_READ: usize = 4 * 1024 * 1024;

/// What the room's actor hears.
enum Input {
    Connect {
        id: u64,
        tx: UnboundedSender<String>,
    },
    Disconnect {
        id: u64,
    },
    Page {
        id: u64,
        text: String,
    },
    Engine {
        generation: u64,
        event: LinkEvent,
    },
    Snapshot {
        reply: oneshot::Sender<String>,
    },
    /// A record file from a page; the answer is for its HTTP reply.
    Upload {
        bytes: Bytes,
        variant: Option<String>,
        name: String,
        /// Into the finished games, not onto the analysis board.
        import: bool,
        reply: oneshot::Sender<UploadAnswer>,
    },
}

fn json(o: &Outgoing) -> String {
    serde_json::to_string(o).expect("views serialize")
}

/// What the actor sends once the room's state is kept: to one page, or
/// to all.
enum Send {
    To(u64, Outgoing),
    All(Outgoing),
}

async fn actor(mut room: Room, mut store: Option<Store>, mut inbox: UnboundedReceiver<Input>) {
    let mut pages = Tabs::default();
    loop {
        // The room's own deadline (a player's clock, an answer held back)
        // wakes it even when no page or engine says anything.
        let deadline = room.next_deadline();
        let input = tokio::select! {
            input = inbox.recv() => match input {
                Some(input) => Some(input),
                None => return,
            },
            () = sleep_until(deadline) => None,
        };
        let connected = match &input {
            Some(Input::Connect { id, .. }) => Some(*id),
            _ => None,
        };
        let mut out = match input {
            None => room.on_time().into_iter().map(Send::All).collect(),
            Some(input) => step(&mut room, &mut pages, input),
        };
        // Kept before any page hears of it (issue 43): a page that has
        // seen a game end may be closed, and the server killed, at once.
        let said = keep(&mut room, &mut store);
        // A failure is said once, to the pages there then: a page that
        // connects later (a reload, or the first page after a failure at
        // the start) would never hear it.
        if let (Some(id), Some(s)) = (connected, &store) {
            for message in s.failing() {
                let heard = said
                    .iter()
                    .any(|o| matches!(o, Outgoing::Error { message: m, .. } if *m == message));
                if !heard {
                    out.push(Send::To(
                        id,
                        Outgoing::Error {
                            message,
                            topic: Some(Topic::Games),
                        },
                    ));
                }
            }
        }
        out.extend(said.into_iter().map(Send::All));
        for send in out {
            match send {
                Send::To(id, o) => pages.send(id, &json(&o)),
                Send::All(o) => pages.broadcast(&json(&o)),
            }
        }
    }
}

/// One input handed to the room: what to send once the state is kept.
fn step(room: &mut Room, pages: &mut Tabs, input: Input) -> Vec<Send> {
    let all = |messages: Vec<Outgoing>| messages.into_iter().map(Send::All).collect();
    match input {
        Input::Connect { id, tx } => {
            if room.welcome().iter().all(|o| tx.send(json(o)).is_ok()) {
                pages.connect(id, tx);
            }
            Vec::new()
        }
        Input::Disconnect { id } => {
            if pages.disconnect(id) {
                room.on_no_pages();
            }
            Vec::new()
        }
        Input::Page { id, text } => {
            let reply = match pages.take(id, &text) {
                Take::Room => room.on_page(&text),
                // Its view may be stale: all of it again.
                Take::Claimed => room.on_page(r#"{"type":"state"}"#),
                Take::Paused => return Vec::new(),
            };
            let to_sender = reply.to_sender.into_iter().map(|o| Send::To(id, o));
            to_sender
                .chain(reply.broadcast.into_iter().map(Send::All))
                .collect()
        }
        Input::Upload {
            bytes,
            variant,
            name,
            import,
            reply,
        } => {
            let (answer, messages) = if import {
                room.on_import(&bytes, variant.as_deref(), &name)
            } else {
                room.on_upload(&bytes, variant.as_deref(), &name)
            };
            let _ = reply.send(answer);
            all(messages)
        }
        Input::Engine { generation, event } => all(room.on_engine(generation, event)),
        Input::Snapshot { reply } => {
            let _ = reply.send(json(&room.state_message()));
            Vec::new()
        }
    }
}

/// Sleeps until `deadline` (the room's clock is std's on native); for
/// ever without one.
async fn sleep_until(deadline: Option<std::time::Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(tokio::time::Instant::from_std(at)).await,
        None => std::future::pending().await,
    }
}

/// Archives the games that ended, takes those the person deleted out of
/// the archive, then writes the room's state when it differs from the
/// file's. What fails is tried again at every step of the actor (any
/// page's message, engine output or deadline), so that the disk's first
/// chance keeps it: a game that cannot be archived stays in the state, a
/// state that cannot be written stays in memory, and the game goes on.
/// Each failure is said once, on standard error and to the pages (what to
/// tell them), until a try succeeds.
fn keep(room: &mut Room, store: &mut Option<Store>) -> Vec<Outgoing> {
    let Some(s) = store else {
        return Vec::new();
    };
    let mut said = Vec::new();
    let ended = room.take_unarchived();
    let mut failed = Vec::new();
    let mut why = None;
    for game in ended {
        match s.archive(&game) {
            Ok(()) => {}
            Err(e) => {
                why = Some((game.id.clone(), e.to_string()));
                failed.push(game);
            }
        }
    }
    if !failed.is_empty() {
        room.archive_failed(&failed);
    }
    if s.archive_failing(why.as_ref().map(|(_, detail)| detail.clone())) {
        if let Some((id, detail)) = why {
            crate::warn(format_args!(
                "warning: cannot archive the game {id} in {}: {detail}; it stays in {} meanwhile",
                s.games_dir().display(),
                s.path().display()
            ));
            said.push(Outgoing::Error {
                message: Say::ArchiveFailed { detail },
                topic: Some(Topic::Games),
            });
        }
    }
    let mut not_deleted = Vec::new();
    let mut why = None;
    for id in room.take_deleted() {
        if let Err(e) = s.delete(&id) {
            why = Some((id.clone(), e.to_string()));
            not_deleted.push(id);
        }
    }
    if s.delete_failing(why.as_ref().map(|(_, detail)| detail.clone())) {
        if let Some((id, detail)) = why {
            crate::warn(format_args!(
                "warning: cannot delete the game {id} from {}: {detail}; it is tried again at each change",
                s.games_dir().display()
            ));
            said.push(Outgoing::Error {
                message: Say::DeleteFailed { detail },
                topic: Some(Topic::Games),
            });
        }
    }
    room.delete_failed(&not_deleted);
    let why = s.save(&room.saved()).err().map(|e| e.to_string());
    if s.state_failing(why.clone()) {
        if let Some(detail) = why {
            crate::warn(format_args!(
                "warning: cannot keep the game in {}: {detail}; it is tried again at each change, \
                 and until a write succeeds the game would not survive a restart",
                s.path().display()
            ));
            said.push(Outgoing::Error {
                message: Say::StateNotKept { detail },
                topic: Some(Topic::Games),
            });
        }
    }
    said
}

/// What the handlers share.
#[derive(Clone)]
struct App {
    inbox: UnboundedSender<Input>,
    next_id: Arc<AtomicU64>,
}

/// How the server is set up.
#[derive(Debug)]
pub struct ServerConfig {
    /// The engines the page offers, the first by default; never empty.
    pub engines: Vec<EngineSpec>,
    /// The program of an engine without a command (this songo).
    pub default_cmd: PathBuf,
    /// How long the engine thinks on a move at full strength.
    pub movetime: Duration,
    /// The endgame tables for the analysis.
    pub tablebases: Option<Arc<Tablebases>>,
    /// The explorer's opening book; `None`: the embedded one.
    pub book: Option<Arc<Book>>,
    /// Whether the weak levels wait a natural moment before answering.
    pub pause: bool,
    /// Where the room's state is kept; `None`: nowhere.
    pub store: Option<Store>,
    /// What the store held at the start, to restore.
    pub saved: Option<SavedRoom>,
    /// The finished games' archive as read at the start.
    pub archive: Vec<GameRecord>,
}

/// Builds the application for a server on `addr`: starts the room (and
/// its engine) on the current Tokio runtime.
pub fn router(config: ServerConfig, addr: SocketAddr) -> Router {
    let (tx, rx) = unbounded_channel();
    let events = tx.clone();
    let default_cmd = config.default_cmd.clone();
    let spawn: Spawner = Box::new(move |spec: &EngineSpec, generation| {
        let events = events.clone();
        let worker = EngineWorker::start(spec.clone(), default_cmd.clone(), move |event| {
            let _ = events.send(Input::Engine { generation, event });
        });
        Box::new(worker) as Box<dyn EngineLink>
    });
    let mut room = Room::new(
        RoomConfig {
            engines: config.engines,
            movetime: config.movetime,
            tablebases: config.tablebases,
            book: config.book,
            time: None,
            pause: config.pause,
            // With a data directory, the finished games go to its archive.
            archive: config.store.is_some(),
        },
        spawn,
    );
    let mut store = config.store;
    if let (Some(saved), Some(s)) = (&config.saved, store.as_mut()) {
        if let Err(why) = room.restore(saved) {
            let aside = s.refused().map_or_else(
                |e| format!("it stays in {} ({e})", s.path().display()),
                |a| format!("it was moved to {}", a.display()),
            );
            crate::warn(format_args!(
                "warning: the saved game cannot be restored ({why}); {aside}, and a new game starts"
            ));
        }
    }
    room.add_archived(config.archive);
    // Games saved before the archive move to it now (a failure is said
    // on standard error, and to each page that connects while it lasts).
    let _ = keep(&mut room, &mut store);
    tokio::spawn(actor(room, store, rx));
    let app = App {
        inbox: tx,
        next_id: Arc::default(),
    };
    let guard = Arc::new(Guard::new(addr.ip(), addr.port()));
    let mut router = Router::new();
    for &(path, kind, body) in assets::FILES {
        router = router.route(path, get(move || async move { page(body, kind) }));
    }
    router
        .route("/ws", get(websocket))
        .route("/api/state", get(api_state))
        .route("/api/record", post(upload))
        .fallback(|| async { (StatusCode::NOT_FOUND, "not found\n") })
        .with_state(app)
        .layer(middleware::from_fn_with_state(guard, check))
}

fn page(body: &'static str, kind: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// The [`Guard`] on every request, and the security headers on every answer.
async fn check(State(guard): State<Arc<Guard>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("")
        .to_string();
    let mut response = if !guard.host_ok(&host) {
        (
            StatusCode::FORBIDDEN,
            "forbidden: this server answers only to its own address\n",
        )
            .into_response()
    } else if (request.uri().path() == "/ws" || request.uri().path().starts_with("/api/"))
        && !guard.origin_ok(
            headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()),
            &host,
        )
    {
        (
            StatusCode::FORBIDDEN,
            "forbidden: only the server's own page may use this\n",
        )
            .into_response()
    } else {
        next.run(request).await
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        ),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn api_state(State(app): State<App>) -> Response {
    let (reply, answer) = oneshot::channel();
    if app.inbox.send(Input::Snapshot { reply }).is_err() {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    match answer.await {
        Ok(body) => ([(header::CONTENT_TYPE, "application/json")], body).into_response(),
        Err(_) => StatusCode::SERVICE_UNAVAILABLE.into_response(),
    }
}

/// The value of `key` in a query string, percent-decoded; a bad escape
/// or bad UTF-8 is kept as it is or replaced: the values are only shown
/// or parsed.
fn query_value(query: &str, key: &str) -> Option<String> {
    let raw = query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| *k == key)?
        .1
        .as_bytes();
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let escaped = (raw[i] == b'%' && i + 2 < raw.len())
            .then(|| Some(hex(raw[i + 1])? * 16 + hex(raw[i + 2])?))
            .flatten();
        match (escaped, raw[i]) {
            (Some(byte), _) => {
                out.push(byte as u8);
                i += 3;
                continue;
            }
            (None, b'+') => out.push(b' '),
            (None, b) => out.push(b),
        }
        i += 1;
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// `POST /api/record?variant=V&name=N`: a record file's bytes, read in
/// memory; the first game goes to the analysis board (with `import=1`,
/// its finished games join the games list instead). `variant` serves
/// records without a `Variant` tag, `name` is only shown.
async fn upload(State(app): State<App>, request: Request) -> Response {
    let query = request.uri().query().unwrap_or("").to_string();
    let bytes = match axum::body::to_bytes(request.into_body(), MAX_RECORD_BYTES).await {
        Ok(b) => b,
        Err(_) => {
            let answer = UploadAnswer {
                ok: false,
                games: 0,
                message: Some(Say::FileTooLarge {
                    mib: (MAX_RECORD_BYTES >> 20) as u64,
                }),
            };
            return (StatusCode::PAYLOAD_TOO_LARGE, axum::Json(answer)).into_response();
        }
    };
    let name: String = query_value(&query, "name")
        .unwrap_or_else(|| "the file".to_string())
        .chars()
        .filter(|c| !c.is_control())
        .take(120)
        .collect();
    let variant = query_value(&query, "variant").filter(|v| !v.is_empty());
    let (reply, answer) = oneshot::channel();
    let import = query_value(&query, "import").is_some_and(|v| v == "1");
    let input = Input::Upload {
        bytes,
        variant,
        name,
        import,
        reply,
    };
    if app.inbox.send(input).is_err() {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    match answer.await {
        Ok(answer) => {
            let status = if answer.ok {
                StatusCode::OK
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            };
            (status, axum::Json(answer)).into_response()
        }
        Err(_) => StatusCode::SERVICE_UNAVAILABLE.into_response(),
    }
}

async fn websocket(State(app): State<App>, upgrade: WebSocketUpgrade) -> Response {
    upgrade
        .max_message_size(MAX_READ)
        .max_frame_size(MAX_READ)
        .on_upgrade(move |socket| talk(app, socket))
}

/// One page's WebSocket: its messages to the actor, the actor's to it.
async fn talk(app: App, mut socket: WebSocket) {
    let id = app.next_id.fetch_add(1, Ordering::Relaxed);
    let (tx, mut outbox) = unbounded_channel();
    if app
        .inbox
        .send(Input::Connect { id, tx: tx.clone() })
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            out = outbox.recv() => match out {
                Some(text) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                None => break,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) if text.len() > MAX_MESSAGE => {
                    let error = Outgoing::Error {
                        message: Say::MessageTooLong {
                            bytes: text.len(),
                            max: MAX_MESSAGE,
                        },
                        topic: None,
                    };
                    let _ = tx.send(json(&error));
                }
                Some(Ok(Message::Text(text))) => {
                    let _ = app.inbox.send(Input::Page { id, text: text.to_string() });
                }
                Some(Ok(Message::Binary(_))) => {
                    let error = Outgoing::Error {
                        message: Say::BadMessage {
                            detail: "binary, expected JSON text".into(),
                        },
                        topic: None,
                    };
                    let _ = tx.send(json(&error));
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
            },
        }
    }
    let _ = app.inbox.send(Input::Disconnect { id });
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use serde_json::Value;
    use songo_room::link::Job;

    use super::*;

    /// An engine that never answers: these tests are about the disk.
    struct Idle;

    impl EngineLink for Idle {
        fn send(&mut self, _: Job) {}
    }

    /// A room as `router` makes it with a data directory (its games go to
    /// the archive), on an engine that never answers.
    fn room() -> Room {
        let config = RoomConfig {
            engines: vec![EngineSpec::from_named_command("songo=/bin/songo").unwrap()],
            movetime: Duration::from_millis(100),
            tablebases: None,
            book: None,
            time: None,
            pause: false,
            archive: true,
        };
        Room::new(config, Box::new(|_: &EngineSpec, _| Box::new(Idle)))
    }

    fn data_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("songo-server-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        let _ = std::fs::remove_file(&d);
        d
    }

    /// The data directory becomes a file: nothing can be written in it,
    /// even by root (for whom a read-only mode would change nothing).
    fn break_dir(d: &Path) {
        std::fs::remove_dir_all(d).unwrap();
        std::fs::write(d, "not a directory").unwrap();
    }

    fn mend_dir(d: &Path) {
        std::fs::remove_file(d).unwrap();
        std::fs::create_dir(d).unwrap();
    }

    /// Whether `o`, as the page reads it, is the room saying that its
    /// state is not kept, in the games panel.
    fn says_not_kept(o: &str) -> bool {
        let v: Value = serde_json::from_str(o).unwrap();
        v["type"] == "error" && v["topic"] == "games" && v["message"]["id"] == "state-not-kept"
    }

    /// A songo36-beginner position that South's F ends.
    const LAST_MOVE: &str = "1,1,1,2,2,3,0/0,1,0,0,0,0,0 s 31 28 -";

    fn kept_on_disk(d: &Path) -> Option<SavedRoom> {
        let text = std::fs::read_to_string(d.join(crate::store::FILE)).ok()?;
        SavedRoom::from_json(&text).ok()
    }

    /// Issue 44: a state that cannot be written is said once, on the page's
    /// games panel, and written as soon as the disk takes it again; the
    /// game goes on meanwhile.
    #[test]
    fn a_failed_save_is_said_once_and_tried_again_until_the_disk_takes_it() {
        let d = data_dir("save-fails");
        let (store, _) = Store::open(&d).unwrap();
        let mut store = Some(store);
        let mut room = room();
        assert!(keep(&mut room, &mut store).is_empty());
        assert_eq!(kept_on_disk(&d), Some(room.saved()));

        break_dir(&d);
        // A change (the first game is songo40 at level 3).
        room.on_page(r#"{"type":"new-game","variant":"songo40","side":"south","level":4}"#);
        let said: Vec<String> = keep(&mut room, &mut store).iter().map(json).collect();
        assert!(
            matches!(&said[..], [one] if says_not_kept(one)),
            "the failure is not said on the games panel: {said:?}"
        );
        // Said once, not at every change.
        room.on_page(r#"{"type":"move","pit":"C"}"#);
        let said: Vec<String> = keep(&mut room, &mut store).iter().map(json).collect();
        assert!(said.is_empty(), "said again: {said:?}");
        // A game that ends meanwhile cannot be archived either (said as
        // such), and is not lost.
        room.on_page(&format!(
            r#"{{"type":"set-up","variant":"songo36-beginner","position":"{LAST_MOVE}"}}"#
        ));
        room.on_page(r#"{"type":"play-from-here","side":"south","level":1}"#);
        room.on_page(r#"{"type":"move","pit":"F"}"#);
        let said: Vec<String> = keep(&mut room, &mut store).iter().map(json).collect();
        assert!(
            matches!(&said[..], [one] if one.contains(r#""id":"archive-failed""#)),
            "a game that ends while the disk fails is neither archived nor said: {said:?}"
        );

        // The disk takes it again: the next step archives the game and
        // keeps the state as it is now.
        mend_dir(&d);
        room.on_page(r#"{"type":"state"}"#);
        assert!(keep(&mut room, &mut store).is_empty());
        assert_eq!(
            kept_on_disk(&d),
            Some(room.saved()),
            "the state is not kept once the disk takes it again"
        );
        let archive = store
            .as_ref()
            .map(|s| s.read_archive().unwrap().games.len());
        assert_eq!(archive, Some(1), "the game that ended meanwhile");
        assert!(room.saved().games.is_empty());

        // A new failure, after a success, is news again.
        break_dir(&d);
        room.on_page(r#"{"type":"new-game","variant":"songo40","side":"north","level":2}"#);
        let said: Vec<String> = keep(&mut room, &mut store).iter().map(json).collect();
        assert!(
            matches!(&said[..], [one] if says_not_kept(one)),
            "a second failure is not said: {said:?}"
        );
        let _ = std::fs::remove_file(&d);
    }

    /// Issue 44: a state that cannot be written from the start (said when
    /// no page is there to hear it) is told to the page that connects,
    /// and to each one that connects while it lasts (a reload).
    #[tokio::test]
    async fn a_page_that_connects_while_the_state_is_not_kept_is_told() {
        let d = data_dir("save-fails-at-start");
        let (store, _) = Store::open(&d).unwrap();
        break_dir(&d);
        let mut store = Some(store);
        let mut room = room();
        // What `router` does before it serves: a first write, said to no
        // page.
        let _ = keep(&mut room, &mut store);
        let (inbox, rx) = unbounded_channel();
        tokio::spawn(actor(room, store, rx));
        // Until the page is told all of `wanted`: whether it is.
        let told = |id: u64, wanted: &'static [&'static str]| {
            let (tx, mut page) = unbounded_channel();
            inbox.send(Input::Connect { id, tx }).unwrap();
            tokio::time::timeout(Duration::from_secs(10), async move {
                let mut heard = Vec::new();
                while let Some(o) = page.recv().await {
                    let v: Value = serde_json::from_str(&o).unwrap();
                    if v["type"] == "error" && v["topic"] == "games" {
                        heard.push(v["message"]["id"].as_str().unwrap_or("").to_string());
                    }
                    if wanted.iter().all(|w| heard.iter().any(|h| h == w)) {
                        return true;
                    }
                }
                false
            })
        };
        for id in 0..2 {
            assert_eq!(
                told(id, &["state-not-kept"]).await,
                Ok(true),
                "page {id} is never told that the game is not kept"
            );
        }
        // A game that ends now cannot be archived either: the next page
        // hears both.
        for text in [
            format!(r#"{{"type":"set-up","variant":"songo36-beginner","position":"{LAST_MOVE}"}}"#),
            r#"{"type":"play-from-here","side":"south","level":1}"#.to_string(),
            r#"{"type":"move","pit":"F"}"#.to_string(),
        ] {
            inbox.send(Input::Page { id: 1, text }).unwrap();
        }
        assert_eq!(
            told(2, &["archive-failed", "state-not-kept"]).await,
            Ok(true),
            "the page that connects is not told all that fails"
        );
        let _ = std::fs::remove_file(&d);
    }

    #[test]
    fn query_values_are_decoded() {
        let q = "variant=songo40&name=my%20game%C3%A9.pgn&x=a+b&bad=%zz%4";
        assert_eq!(query_value(q, "variant").as_deref(), Some("songo40"));
        assert_eq!(query_value(q, "name").as_deref(), Some("my gameé.pgn"));
        assert_eq!(query_value(q, "x").as_deref(), Some("a b"));
        assert_eq!(query_value(q, "bad").as_deref(), Some("%zz%4"));
        assert_eq!(query_value(q, "none"), None);
    }
}

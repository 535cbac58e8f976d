//! The web server: the page's three files, the WebSocket the page talks
//! through, and `/api/state`; every request passes the [`Guard`] first.
//!
//! One task, the table's actor, owns the [`Table`]: the WebSockets hand it
//! the pages' messages, the engine worker hands it the engine's events,
//! and it sends the answers and the new state to the pages. The pages only
//! ever send JSON messages that the table reads into typed commands; none
//! of them names a program, a file or a shell command.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use songo_client::EngineSpec;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio::sync::oneshot;

use crate::assets;
use crate::engine::{EngineLink, EngineWorker, Event};
use crate::security::Guard;
use crate::table::{Outgoing, Spawner, Table};

/// The largest message a page may send.
const MAX_MESSAGE: usize = 64 * 1024;

/// What the table's actor hears.
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
        event: Event,
    },
    Snapshot {
        reply: oneshot::Sender<String>,
    },
}

fn json(o: &Outgoing) -> String {
    serde_json::to_string(o).expect("views serialize")
}

async fn actor(mut table: Table, mut inbox: UnboundedReceiver<Input>) {
    let mut pages: HashMap<u64, UnboundedSender<String>> = HashMap::new();
    let broadcast = |pages: &mut HashMap<u64, UnboundedSender<String>>, text: String| {
        pages.retain(|_, tx| tx.send(text.clone()).is_ok());
    };
    while let Some(input) = inbox.recv().await {
        match input {
            Input::Connect { id, tx } => {
                if tx.send(json(&table.state_message())).is_ok() {
                    pages.insert(id, tx);
                }
            }
            Input::Disconnect { id } => {
                pages.remove(&id);
            }
            Input::Page { id, text } => {
                let reply = table.on_page(&text);
                if let (Some(o), Some(tx)) = (reply.to_sender, pages.get(&id)) {
                    let _ = tx.send(json(&o));
                }
                if reply.changed {
                    broadcast(&mut pages, json(&table.state_message()));
                }
            }
            Input::Engine { generation, event } => {
                for o in table.on_engine(generation, event) {
                    broadcast(&mut pages, json(&o));
                }
            }
            Input::Snapshot { reply } => {
                let _ = reply.send(json(&table.state_message()));
            }
        }
    }
}

/// What the handlers share.
#[derive(Clone)]
struct App {
    inbox: UnboundedSender<Input>,
    next_id: Arc<AtomicU64>,
}

/// How the server is set up.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub engines: Vec<EngineSpec>,
    /// The program of an engine without a command (this songo).
    pub default_cmd: PathBuf,
    /// How long the engine thinks on a move at full strength.
    pub movetime: Duration,
}

/// Builds the application for a server on `addr`: starts the table (and
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
    let table = Table::new(config.engines, spawn, config.movetime);
    tokio::spawn(actor(table, rx));
    let app = App {
        inbox: tx,
        next_id: Arc::default(),
    };
    let guard = Arc::new(Guard::new(addr.ip(), addr.port()));
    Router::new()
        .route(
            "/",
            get(|| async { page(assets::INDEX_HTML, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { page(assets::APP_JS, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/style.css",
            get(|| async { page(assets::STYLE_CSS, "text/css; charset=utf-8") }),
        )
        .route("/ws", get(websocket))
        .route("/api/state", get(api_state))
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

async fn websocket(State(app): State<App>, upgrade: WebSocketUpgrade) -> Response {
    upgrade
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
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
                Some(Ok(Message::Text(text))) => {
                    let _ = app.inbox.send(Input::Page { id, text: text.to_string() });
                }
                Some(Ok(Message::Binary(_))) => {
                    let error = Outgoing::Error { message: "bad message: binary, expected JSON text".into() };
                    let _ = tx.send(json(&error));
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
            },
        }
    }
    let _ = app.inbox.send(Input::Disconnect { id });
}

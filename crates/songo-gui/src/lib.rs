//! songo-gui: Songo in the browser, served. `songo gui` runs a local web
//! server whose page plays a game against an engine: songo itself, or any
//! engine that speaks the protocol (protocol.md), started as a child
//! process through [`songo_client`]. The game is kept and judged on the
//! server by [`songo_room`]'s `Room` (the room has no I/O, so that a web
//! page can run it too); this crate is its native home: the web server,
//! the engine processes, the page's files.
//!
//! - [`server`]: the routes, the WebSocket, the upload, the room's actor
//!   (the one task that owns the `Room`);
//! - [`security`]: the `Host` and `Origin` checks;
//! - [`engine_worker`]: an engine process behind a worker thread, the
//!   room's `EngineLink`;
//! - [`assets`]: the page (HTML, CSS, JavaScript) embedded in the binary.
//!
//! The page's automation hooks (`data-testid`, `data-pit`, `data-state`…)
//! are a stable contract, documented in docs/gui.md.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod assets;
pub mod engine_worker;
pub mod lock;
pub mod security;
pub mod server;
pub mod store;
pub mod tabs;

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use songo_book::{Book, BookError, ReadBookError};
use songo_client::EngineSpec;
use songo_room::link::chain;
use songo_tb::{Tablebases, TbError};

pub use server::ServerConfig;

pub use songo_room::room::MOVETIME;

/// Why the GUI could not run.
#[derive(Debug, thiserror::Error)]
pub enum GuiError {
    /// This program (the default engine) or an engine of the command line
    /// could not start.
    #[error(transparent)]
    Start(#[from] songo_client::StartError),
    /// The address could not be listened on (in use, not this machine's…).
    #[error("cannot listen on {addr}")]
    Bind {
        /// The address and port asked for.
        addr: SocketAddr,
        /// The system's refusal.
        #[source]
        source: std::io::Error,
    },
    /// The server stopped on an error.
    #[error("the web server failed")]
    Serve(#[source] std::io::Error),
    /// The data directory (`--data-dir`) cannot be used.
    #[error(transparent)]
    Data(#[from] store::StoreError),
    /// The data directory is another `songo gui`'s, or cannot be locked.
    #[error(transparent)]
    Lock(#[from] lock::LockError),
    /// The `--tablebases` directory cannot be used.
    #[error("cannot open the tablebases in {}", dir.display())]
    Tablebases {
        /// The directory given.
        dir: PathBuf,
        /// What the tables' loader found wrong.
        #[source]
        source: TbError,
    },
    /// The `--book` file cannot be read.
    #[error("cannot read the opening book {}", path.display())]
    BookRead {
        /// The file given.
        path: PathBuf,
        /// The read's error.
        #[source]
        source: std::io::Error,
    },
    /// The `--book` file was read but is not a book, or a damaged one.
    #[error("{} is not a usable opening book", path.display())]
    Book {
        /// The file given.
        path: PathBuf,
        /// What in it is not a book.
        #[source]
        source: BookError,
    },
}

/// `songo gui`'s settings.
#[derive(Clone, Debug)]
pub struct GuiConfig {
    /// Where to listen: 127.0.0.1 unless the person asked otherwise.
    pub listen: IpAddr,
    /// 0 picks a free port.
    pub port: u16,
    /// Open the default browser on the page.
    pub open_browser: bool,
    /// The engines the page offers, the first by default; never empty.
    pub engines: Vec<EngineSpec>,
    /// The program of an engine without a command (this songo).
    pub default_cmd: PathBuf,
    /// How long the engine thinks on a move at full strength (level 10);
    /// the weaker levels think less. [`MOVETIME`] by default.
    pub movetime: Duration,
    /// The directory of endgame tables for the analysis (`--tablebases`).
    pub tablebases: Option<PathBuf>,
    /// The opening book the analysis board's explorer shows (`--book`);
    /// `None`: the one compiled in.
    pub book: Option<PathBuf>,
    /// Where the game in progress is kept across restarts (`--data-dir`);
    /// `None`: nowhere (no home directory is known).
    pub data_dir: Option<PathBuf>,
    /// The weak levels wait a short, natural moment before answering
    /// (`--no-pause` turns it off, for automation).
    pub pause: bool,
}

impl GuiConfig {
    /// The defaults: 127.0.0.1, any free port, the browser opened, songo
    /// itself (`default_cmd`) as the engine.
    pub fn new(default_cmd: PathBuf) -> GuiConfig {
        GuiConfig {
            listen: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 0,
            open_browser: true,
            engines: vec![EngineSpec::this_program()],
            default_cmd,
            movetime: MOVETIME,
            tablebases: None,
            book: None,
            data_dir: store::default_dir(),
            pause: true,
        }
    }
}

/// Starts every engine once and shakes hands with it, so that a wrong
/// engine command stops `songo gui` at once rather than on the page.
fn check_engines(config: &GuiConfig) -> Result<(), GuiError> {
    songo_client::check_all(&config.engines, &config.default_cmd, &|p, _| {
        p.ask("uci", "uciok", engine_worker::ANSWER_TIMEOUT)
            .map(|_| ())
    })
    .map_err(GuiError::from)
}

/// Reads a book file whole (songo-book's one reader), checking all of
/// it: a bad file stops `songo gui` at once.
fn open_book(path: &std::path::Path) -> Result<Arc<Book>, GuiError> {
    let path_buf = path.to_path_buf();
    match songo_book::read_file(path) {
        Ok(book) => Ok(Arc::new(book)),
        Err(ReadBookError::Read(source)) => Err(GuiError::BookRead {
            path: path_buf,
            source,
        }),
        Err(ReadBookError::Book(source)) => Err(GuiError::Book {
            path: path_buf,
            source,
        }),
    }
}

/// Opens `url` in the default browser, if the system has a way to; never
/// fails (the address is printed anyway).
fn open_browser(url: &str) {
    let (program, args): (&str, &[&str]) = if cfg!(target_os = "macos") {
        ("open", &[])
    } else if cfg!(windows) {
        ("cmd", &["/C", "start", ""])
    } else {
        ("xdg-open", &[])
    };
    let opened = std::process::Command::new(program)
        .args(args)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    match opened {
        // Reaped on its own thread: the opener may live as long as the browser.
        Ok(mut child) => {
            std::thread::spawn(move || child.wait());
        }
        Err(_) => warn(format_args!(
            "No browser could be opened: open {url} yourself."
        )),
    }
}

/// A line on standard error. A closed standard error must not stop the
/// server (`eprintln!` would panic).
fn warn(line: std::fmt::Arguments) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Runs `songo gui`: checks the engines, listens, prints
/// `Listening on http://ADDR:PORT/`, opens the browser, and serves until
/// interrupted (Ctrl-C).
pub fn run(config: GuiConfig) -> Result<(), GuiError> {
    assert!(!config.engines.is_empty(), "the GUI needs an engine");
    let tablebases = match &config.tablebases {
        None => None,
        Some(dir) => {
            let tb = Tablebases::open(dir).map_err(|source| GuiError::Tablebases {
                dir: dir.clone(),
                source,
            })?;
            for problem in tb.problems() {
                // A broken file ends its variant's range; the rest serve.
                warn(format_args!("warning: {}", chain(problem)));
            }
            Some(Arc::new(tb))
        }
    };
    let book = config.book.as_deref().map(open_book).transpose()?;
    // Held until the server stops: the data directory is this server's.
    let mut lock = None;
    let (store, saved, archive) = match &config.data_dir {
        None => {
            warn(format_args!(
                "warning: no home directory is known: the game will not survive a restart \
                 (give one with --data-dir)"
            ));
            (None, None, Vec::new())
        }
        Some(dir) => {
            lock = Some(lock::DirLock::acquire(dir)?);
            let (store, found) = store::Store::open(dir)?;
            let saved = match found {
                store::Found::Nothing => None,
                store::Found::Saved(saved) => Some(*saved),
                store::Found::SetAside { aside, why } => {
                    warn(format_args!(
                        "warning: the saved game could not be read ({why}); it was moved to {} \
                         and a new game starts",
                        aside.display()
                    ));
                    None
                }
            };
            // An archive that cannot be read costs its list, not the
            // server: new games that cannot be archived stay in room.json.
            let archive = store.read_archive().unwrap_or_else(|e| {
                warn(format_args!(
                    "warning: {}; the finished games there are not listed",
                    chain(&e)
                ));
                store::Archive::default()
            });
            for (aside, why) in &archive.set_aside {
                warn(format_args!(
                    "warning: a finished game could not be read ({why}); it was moved to {}",
                    aside.display()
                ));
            }
            (Some(store), saved, archive.games)
        }
    };
    check_engines(&config)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(GuiError::Serve)?;
    runtime.block_on(async {
        let addr = SocketAddr::new(config.listen, config.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|source| GuiError::Bind { addr, source })?;
        let local = listener.local_addr().map_err(GuiError::Serve)?;
        if !config.listen.is_loopback() {
            warn(format_args!(
                "warning: listening on {}: every machine that can reach this address can use the GUI \
                 and make this one run its engines; there is no password",
                config.listen
            ));
        }
        // The room is ready (its saved game restored, its finished games
        // archived) before the address is said.
        let app = server::router(
            ServerConfig {
                engines: config.engines.clone(),
                default_cmd: config.default_cmd.clone(),
                movetime: config.movetime,
                tablebases,
                book,
                store,
                saved,
                archive,
                pause: config.pause,
            },
            local,
        );
        let url = format!("http://{local}/");
        if let Some(lock) = lock.as_mut() {
            // Only said in a refused server's message: a failure here
            // costs nothing else.
            let _ = lock.note_address(&url);
        }
        // A closed standard output must not stop the server.
        let mut out = std::io::stdout();
        let _ = writeln!(out, "Listening on {url}").and_then(|_| out.flush());
        if config.open_browser {
            let open = if local.ip().is_unspecified() {
                format!("http://127.0.0.1:{}/", local.port())
            } else {
                url.clone()
            };
            open_browser(&open);
        }
        tokio::select! {
            served = axum::serve(listener, app) => served.map_err(GuiError::Serve),
            _ = tokio::signal::ctrl_c() => Ok(()),
        }
    })
}

//! songo-room: the room of songo's GUI, with no I/O. The
//! [`Room`](room::Room) holds everything the pages share (the game played
//! against an engine, the analysis board, the analyst and its reviews),
//! takes a page's messages as JSON and answers with
//! [`Outgoing`](messages::Outgoing) messages, and reaches engines through
//! an [`EngineLink`](link::EngineLink): jobs out, events in. The rules are
//! [`songo_core`]'s, the tables' verdicts [`songo_tb`]'s, the engine's
//! lines and reviews [`songo_client`]'s.
//!
//! It is a crate of its own so that the same room runs in two places:
//! behind `songo gui`'s local web server (songo-gui: axum, tokio, engines
//! as child processes), and in a web page compiled to WebAssembly, with
//! no server (issue 27). So it has no server, no thread, no process and no
//! file, and builds for `wasm32-unknown-unknown` (`.ci/run` checks it);
//! its clock is web-time's, as std's has none there.
//!
//! - [`room`]: the [`Room`](room::Room): the game played, the analysis
//!   board, the analyst, reviews;
//! - [`link`]: the engine link: [`Job`](link::Job)s,
//!   [`LinkEvent`](link::LinkEvent)s, limits and failures;
//! - [`driver`]: the protocol's client logic for one engine, without I/O
//!   (jobs and lines in; lines, events and interrupts out), which
//!   songo-gui's engine thread and the page's host both drive;
//! - [`hosted`]: a room whose engines a host without threads runs (the
//!   page's Web Workers), each through a driver;
//! - [`messages`]: the page's messages and the room's, typed;
//! - [`say`]: what the room says to a person, as catalogue ids and
//!   arguments that the page words in its language;
//! - [`view`]: what the page shows, as data;
//! - [`records`]: game records saved and loaded (bytes, not files);
//! - [`clock`]: time controls and the two clocks of a timed game;
//! - [`levels`]: the levels' measured strength (docs/strength.md);
//! - [`sowing`], [`score`], [`tablebase`]: a move's path for the
//!   animation, scores as a person reads them, the tables' verdicts;
//! - [`book`]: the opening book's moves for the analysis board's
//!   explorer.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod archive;
pub mod book;
pub mod clock;
pub mod driver;
pub mod hosted;
pub mod learn_view;
pub mod levels;
pub mod link;
pub mod messages;
pub mod records;
pub mod room;
pub mod say;
pub mod score;
pub mod sowing;
pub mod tablebase;
pub mod view;

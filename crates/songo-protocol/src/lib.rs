//! songo-protocol: the engine side of the text protocol (protocol.md),
//! apart from any input or output. A [`Session`] takes one line at a time
//! and writes its answers, whole lines, to a [`Sink`] the front end gives
//! it: the native `songo` command writes them to standard output, the web
//! engine hands them to JavaScript. The engine's events arrive through
//! the façade's listener ([`songo_engine::Engine`]); this crate is the one
//! place that turns them into protocol text.
//!
//! - [`command`]: lines parsed into typed commands;
//! - [`session`]: commands run on the engine façade;
//! - [`format`](mod@format): the façade's events and state as protocol lines;
//! - [`line`](mod@line): what makes a line of outside text a line to parse;
//! - [`board`], [`score_text`], [`chain`]: the board drawing, scores and
//!   errors as text, which the command's other tools share;
//! - [`bench`](mod@bench): the fixed bench through the façade, as `songo bench` and
//!   the web engine run it.
//!
//! Everything here builds for `wasm32-unknown-unknown`: with the engine's
//! `threads` feature off, a job runs inside the call that starts it, so a
//! `go` line returns after its `bestmove`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bench;
pub mod board;
pub mod chain;
pub mod command;
pub mod format;
pub mod line;
pub mod score_text;
pub mod session;

pub use command::{Command, Dialect, ProtocolError};
pub use line::{text_of, LineError};
pub use session::{Session, Sink};

/// An `info string error: …` line: the protocol's way to say that a
/// command was refused, without ending the session.
pub fn error_line(text: &dyn std::fmt::Display) -> String {
    format!("info string error: {text}")
}

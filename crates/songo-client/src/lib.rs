//! songo-client: the client side of the engine protocol (protocol.md).
//!
//! An engine is a child process spoken to in lines: [`process`] starts it,
//! sends commands and reads its answers with a deadline on every wait;
//! [`spec`] describes engines (how to start and set one up) and time
//! controls (the `go` parameters); [`info`] reads the engine's `info` and
//! `bestmove` lines. The match runner (`songo match`) and the browser GUI
//! (`songo gui`) both drive engines through this crate, so any engine that
//! speaks the protocol plugs into either.

pub mod info;
pub mod process;
pub mod spec;

pub use info::{BestMove, Info, InfoScore};
pub use process::{check_all, EngineProcess, ProcessError};
pub use spec::{split_words, EngineSpec, SpecError, TimeControl};

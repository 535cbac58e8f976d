//! songo-client: the client side of the engine protocol (protocol.md).
//!
//! An engine is a child process spoken to in lines: [`process`] starts it,
//! sends commands and reads its answers with a deadline on every wait;
//! [`spec`] describes engines (how to start and set one up) and time
//! controls (the `go` parameters); [`info`] reads the engine's `info` and
//! `bestmove` lines; [`analysis`] asks an engine about one position of a
//! game; [`review`] scores every move of a game and marks the ones that
//! lost seeds. The match runner (`songo match`), `songo review` and the
//! browser GUI (`songo gui`) all drive engines through this crate, so any
//! engine that speaks the protocol plugs into each.

pub mod analysis;
pub mod info;
pub mod process;
pub mod review;
pub mod spec;

pub use analysis::{analyse, position_command, AnalysisError, SearchLimit};
pub use info::{BestMove, Info, InfoScore};
pub use process::{check_all, EngineProcess, ProcessError};
pub use review::{review_game, GameReview, Judgement, MoveReview, Thresholds, Verdict};
pub use spec::{split_words, EngineSpec, SpecError, TimeControl};

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
//!
//! # Example
//!
//! Describe an engine and a time control, and read an engine's answers
//! (starting the process is [`EngineProcess::start`]):
//!
//! ```
//! use std::time::Duration;
//! use songo_client::{BestMove, EngineSpec, Info, InfoScore, MoveLimit};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let spec: EngineSpec = "name=fast cmd=/usr/bin/songo option.Hash=64".parse()?;
//! assert_eq!(spec.name, "fast");
//! assert_eq!(spec.options, [("Hash".to_string(), "64".to_string())]);
//!
//! let tc: MoveLimit = "10+0.1".parse()?;
//! let clocks = [Duration::from_secs(10), Duration::from_millis(9500)];
//! assert_eq!(tc.go_args(clocks), "wtime 10000 btime 9500 winc 100 binc 100");
//!
//! let info = Info::parse("info depth 12 score cp 159 nodes 399223 pv d E f").unwrap();
//! assert_eq!((info.depth, info.score), (Some(12), Some(InfoScore::Cp(159))));
//! assert_eq!(info.pv, ["d", "E", "f"]);
//! let best = BestMove::parse("bestmove d ponder E").unwrap();
//! assert_eq!(best.mv.as_deref(), Some("d"));
//! # Ok(())
//! # }
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod info;
pub mod process;
pub mod review;
pub mod spec;

pub use analysis::{analyse, position_command, AnalysisError, SearchLimit};
pub use info::{BestMove, Info, InfoScore};
pub use process::{check_all, this_program, EngineProcess, ProcessError, StartError};
pub use review::{review_game, GameReview, Judgement, MoveReview, Reviewing, Thresholds, Verdict};
pub use spec::{split_words, EngineSpec, MoveLimit, SpecError};

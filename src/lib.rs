//! songo: the `songo` command over the rules ([`songo_core`]) and the
//! engine library ([`songo_engine`]): the protocol session, the command-line
//! tools (analyze, play, replay, match, tune, tablebases) and progress bars.

pub mod analyze;
pub mod cli;
pub mod engine;
pub mod error;
pub mod matches;
pub mod play;
pub mod progress;
pub mod protocol;
pub mod replay;
pub mod sparring;
pub mod stats;
pub mod tb_cli;
pub mod tune;

//! What the songo command-line tools share, the player's command (`songo`)
//! and the lab's tools (`songo-lab`) alike: standard output that survives a
//! closed pipe ([`output`]), progress bars ([`progress`]), lines of outside
//! text ([`input`]), the arguments that name a position and its moves
//! ([`args`]), moves in JSON ([`json`]),
//! game-record files ([`records`]), and the one table of exit codes
//! ([`exit`]).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod args;
pub mod exit;
pub mod input;
pub mod json;
pub mod output;
pub mod progress;
pub mod records;

/// An error with its causes, written on one line: the protocol crate's,
/// which its session writes too.
pub mod chain {
    pub use songo_protocol::chain::Chain;
}

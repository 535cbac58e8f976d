//! An error with its causes, written on one line: the protocol crate's
//! [`Chain`], which its session writes too, re-exported for the command's
//! tools.

pub use songo_protocol::chain::Chain;

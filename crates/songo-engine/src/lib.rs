//! songo-engine: the songo engine as a library.
//!
//! Search ([`search`]), scores and what they mean ([`score`]), evaluation
//! ([`eval`]), the transposition table ([`tt`]), time management
//! ([`timeman`]), playing strength ([`skill`]) and endgame tablebases
//! (probed through the `songo-tb` crate). The [`engine::Engine`] façade drives them all; [`options`]
//! declares the options once. It never prints and knows no protocol text:
//! front ends receive lines and answers through callbacks.

pub use songo_tb::score;

pub mod abdada;
pub mod bench;
pub mod engine;
pub mod eval;
pub mod nn;
pub mod options;
pub mod search;
pub mod skill;
pub mod speed;
pub mod timeman;
pub mod tt;
mod tt_os;
pub mod turns;

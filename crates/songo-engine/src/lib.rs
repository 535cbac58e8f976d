//! songo-engine: the songo engine as a library.
//!
//! Search ([`search`]), evaluation ([`eval`]), the transposition table
//! ([`tt`]), time management ([`timeman`]) and endgame tablebases ([`tb`]).
//! The [`engine::Engine`] façade drives them all; [`options`] declares the
//! options once. It never prints and knows no protocol text: front ends receive lines and
//! answers through callbacks.

pub mod abdada;
pub mod bench;
pub mod engine;
pub mod eval;
pub mod options;
pub mod search;
pub mod speed;
pub mod tb;
pub mod timeman;
pub mod tt;
pub mod turns;

//! songo-engine: the songo engine as a library.
//!
//! Search ([`search`]), scores and what they mean ([`score`]), evaluation
//! ([`eval`]), the transposition table ([`tt`]), time management
//! ([`timeman`]) and endgame tablebases ([`tb`]).
//! It never prints and knows no protocol text: front ends receive lines and
//! answers through callbacks.

pub mod abdada;
pub mod bench;
pub mod eval;
pub mod score;
pub mod search;
pub mod tb;
pub mod timeman;
pub mod tt;
pub mod turns;

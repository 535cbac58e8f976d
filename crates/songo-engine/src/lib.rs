//! songo-engine: the songo engine as a library.
//!
//! Search ([`search`]), scores and what they mean ([`score`]), evaluation
//! ([`eval`], and the learned net, [`nn`]), the transposition table
//! ([`tt`]), time management ([`timeman`]), playing strength ([`skill`])
//! and endgame tablebases (probed through the `songo-tb` crate, whose
//! [`score`] scale the engine shares). The [`Engine`] façade drives them all;
//! [`options`] declares the options once. It never prints and knows no
//! protocol text: front ends receive lines and answers through callbacks.
//! A tool that wants one search without the façade asks it with a
//! [`SearchRequest`].
//!
//! The types most users need are re-exported here; the modules that only
//! the search itself uses (the busy subtrees of its threads, their turns
//! on the cores, the table's memory) are private.

pub use songo_tb::score;

pub(crate) mod abdada;
pub mod bench;
pub mod clock;
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
pub(crate) mod turns;

pub use engine::{Engine, EngineError, Event, JobKind, Listener, SetGameError};
pub use eval::EvalKind;
pub use nn::{NetError, Network};
pub use options::{OptionError, Options, Setting};
pub use score::{classify, Score, ScoreKind, WinDrawLoss};
pub use search::{Info, ScoreBound, SearchControl, SearchOptions, SearchRequest, SearchResult};
pub use timeman::{Clock, Limits};
pub use tt::{AllocError, TranspositionTable};

//! songo-engine: the songo engine as a library.
//!
//! Search ([`search`]), evaluation ([`eval`], and the learned net,
//! [`nn`]), the transposition table ([`tt`]), time management
//! ([`Limits`]), playing strength ([`SkillLevel`]), the opening book
//! ([`BookAnswer`], over the `songo-book` crate) and endgame tablebases
//! (probed through the `songo-tb` crate); scores are on songo-core's
//! scale ([`Score`], [`classify`]). The [`Engine`] façade drives them all;
//! [`options`] declares the options once. It never prints and knows no
//! protocol text: front ends receive lines and answers through callbacks.
//! A tool that wants one search without the façade asks it with a
//! [`SearchRequest`].
//!
//! The types most users need are re-exported here; the modules that only
//! the search itself uses (the busy subtrees of its threads, their turns
//! on the cores, the table's memory) are private.
//!
//! Features (all on by default): `threads` (a job thread, so `go` returns
//! at once and `stop` is answered; Lazy SMP), `huge-pages` (the table on
//! transparent huge pages), `tablebase-files` (mapped and compressed table
//! files), `os-rng` (the system's random source), `embedded-book` (the
//! opening book compiled in; without it, only a `BookFile`'s). Without
//! them the crate builds for `wasm32-unknown-unknown`, and a job runs to
//! its end inside the call that starts it.
//!
//! # What is public
//!
//! The root holds what a user of the library needs: the façade, limits and
//! time, options, scores, a search's request and answer, the evaluations,
//! the transposition table, skill levels and the book's answer. Six modules
//! are public for a user with a reason to reach in: [`search`] (a search
//! without the façade, and the parameters SPSA tunes), [`eval`] (the
//! features and weights `songo tune` fits), [`nn`] (net files and the float
//! net `songo train` trains), [`tt`](mod@tt), [`options`] (the table the protocol
//! lists) and [`bench`](mod@bench). The score scale is `songo_core::score`.
//!
//! # Example
//!
//! Set a variant and a position, search to a depth, and read the lines and
//! the best move from the channel:
//!
//! ```
//! use songo_core::{Move, Position, Side};
//! use songo_engine::{Engine, Event, Limits};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let (mut engine, events) = Engine::with_channel();
//! engine.set_option("UCI_Variant", Some("songo36-amateur"))?;
//! engine.set_option("MultiPV", Some("2"))?;
//! // A search, even of a position the opening book has.
//! engine.set_option("OwnBook", Some("false"))?;
//! let c = Move::parse("C", Side::South)?;
//! engine.set_position(Position::startpos(), &[c])?;
//! engine.go(Limits::depth(8));
//! engine.wait(); // the search ends by itself at depth 8
//!
//! let mut best = None;
//! for event in events.try_iter() {
//!     match event {
//!         Event::Info(info) if info.depth == 8 => {
//!             println!("line {}: {} {:?}", info.multipv, info.score, info.pv)
//!         }
//!         Event::BestMove { best: b, .. } => best = b,
//!         _ => {}
//!     }
//! }
//! let best = best.expect("the game is not over");
//! assert_eq!(best.side(), Side::North);
//! println!("bestmove {best}");
//! # Ok(())
//! # }
//! ```

#![warn(missing_docs)]

// The score scale is songo-core's (the tables add their results' score);
// a user reads it there, or through the root's `Score` and `classify`.
pub(crate) use songo_tb::score;

pub(crate) mod abdada;
pub mod bench;
mod book;
mod engine;
pub mod eval;
pub mod nn;
pub mod options;
pub mod search;
mod skill;
mod speed;
mod time;
mod timeman;
pub mod tt;
mod tt_os;
pub(crate) mod turns;

pub use book::{embedded_book, BookAnswer, BOOK_VARIETY_DEFAULT, BOOK_VARIETY_MAX};
pub use engine::{
    Engine, EngineError, Event, JobKind, Listener, SetGameError, ENGINE_AUTHOR, ENGINE_NAME,
    READY_WAIT_LIMIT,
};
pub use eval::EvalKind;
pub use nn::{NetError, Network};
pub use options::{OptionError, Options, Setting};
pub use score::{classify, Score, ScoreKind, WinDrawLoss};
pub use search::{Info, ScoreBound, SearchControl, SearchOptions, SearchRequest, SearchResult};
pub use skill::SkillLevel;
pub use songo_book::ReadBookError;
pub use speed::nps;
pub use time::Instant;
pub use timeman::{budget, Clock, Limits, TimeBudget};
pub use tt::{AllocError, TranspositionTable};

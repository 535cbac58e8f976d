//! songo: the `songo` command over the rules ([`songo_core`]), the engine
//! library ([`songo_engine`]) and the protocol ([`songo_protocol`]): the
//! protocol session on standard input and output, the command-line tools
//! (analyze, play, replay, match, tune, tablebases, opening books, puzzles
//! and lessons) and progress bars.

#![forbid(unsafe_code)]

pub mod analyze;
pub mod args;
pub mod book;
pub mod chain;
pub mod cli;
pub mod datagen;
pub mod error;
pub mod input;
pub mod lessons;
pub mod matches;
pub mod output;
pub mod play;
pub mod progress;
pub mod puzzles;
pub mod replay;
pub mod results;
pub mod review;
pub mod rounds;
pub mod score_text;
pub mod session;
pub mod sparring;
pub mod spsa;
pub mod stats;
pub mod tb_cli;
pub mod tb_mpi;
pub mod train;
pub mod tune;

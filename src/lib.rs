//! songo: the `songo` command over the rules ([`songo_core`]), the engine
//! library ([`songo_engine`]) and the protocol ([`songo_protocol`]): the
//! protocol session on standard input and output, and the tools a player
//! or a GUI runs (analyze, play, replay, review, the browser's GUI,
//! perft, bench, tb probe). The tools that make and measure the engine
//! (matches, tuning, datagen and training, books, table generation,
//! puzzles and lessons) are songo-lab's ([`songo_lab`]); the command
//! offers them as subcommands too.

#![forbid(unsafe_code)]

pub mod analyze;
pub mod cli;
pub mod error;
pub mod play;
pub mod replay;
pub mod review;
pub mod score_text;
pub mod session;
pub mod tb_cli;

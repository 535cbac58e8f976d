//! songo-lab: how the songo engine and its content are made and measured.
//! The `songo` command offers each tool as a subcommand, with the same
//! flags and output as before the lab had a crate of its own.
//!
//! - measuring: [`matches`](mod@matches) (engines against each other, with SPRT),
//!   [`stats`] (Elo, intervals, pentanomial pairs), [`results`] (match
//!   records joined), [`rounds`] and [`sparring`] (a small engine for
//!   tests);
//! - tuning and training: [`tune`] (the evaluation's weights), [`spsa`]
//!   (the search's parameters), [`datagen`] (self-play positions),
//!   [`train`] (the network);
//! - content: [`book`] (opening books), [`tb`] (tablebase generation,
//!   over [`mpi`] ranks too), [`puzzles`], [`lessons`].
//!
//! Each tool returns its own error; [`error::LabError`] gathers them and
//! gives each an exit code from the one table (`songo_cli::exit`).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod book;
pub mod datagen;
pub mod error;
pub mod job;
pub mod lessons;
pub mod matches;
pub mod mpi;
pub mod puzzles;
pub mod results;
pub mod rounds;
pub mod sparring;
pub mod spsa;
pub mod stats;
pub mod tb;
pub mod train;
pub mod tune;

pub use error::LabError;

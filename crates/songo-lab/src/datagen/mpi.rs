//! `songo datagen --mpi`: the games split between the ranks of an MPI job
//! by [`crate::rounds`] (a job is a game, its result the game's records as
//! words; rank 0 writes each round as one batch). Game `i` depends only on
//! the seed and `i`, so the file holds the bytes one process writes,
//! whatever the ranks; only rank 0 opens it, so its directory need not be
//! shared (the tables, when given, must be readable by every rank).
//!
//! A failing rank stops every rank (see [`crate::rounds::together`]); the
//! file keeps its whole batches, so the same command continues it.

use std::ops::Range;
use std::time::Instant;

use indicatif::ProgressBar;
use songo_tb::generate::Exchange;

use super::format::{Record, Writer, RECORD_BYTES};
use super::{summary, DatagenArgs, DatagenError, PlayConfig, Setup, BATCH_GAMES};
use crate::rounds::{bytes_of, together, words_of, RankError, Rounds};

/// A record travels as the little-endian words of its file bytes.
const RECORD_WORDS: usize = RECORD_BYTES / 8;
const _: () = assert!(RECORD_BYTES.is_multiple_of(8), "a record is whole words");

impl RankError for DatagenError {
    const ITEMS: &'static str = "games";
}

/// Runs `songo datagen --mpi` in the MPI job this process was started in.
pub fn run(a: &DatagenArgs) -> Result<(), DatagenError> {
    let mut ex = crate::mpi::join()?;
    run_on(a, ex.as_mut())
}

/// A rank's part of the run: its games played, and on rank 0 the writer.
struct Games<'a> {
    a: &'a DatagenArgs,
    setup: &'a Setup,
    cfg: PlayConfig<'a>,
    writer: Option<Writer>,
    bar: ProgressBar,
    first: u64,
}

impl Rounds for Games<'_> {
    type Error = DatagenError;

    fn play(&mut self, games: &[u64]) -> Result<Vec<Vec<u64>>, DatagenError> {
        let bar = &self.bar;
        let played = self
            .setup
            .play(&self.cfg, self.a.seed, games, &|| bar.inc(1))?;
        Ok(played.iter().map(|records| to_words(records)).collect())
    }

    fn write(&mut self, games: Range<u64>, results: Vec<Vec<u64>>) -> Result<bool, DatagenError> {
        let Some(w) = self.writer.as_mut() else {
            return Ok(false);
        };
        let mut records = Vec::new();
        for (index, words) in games.clone().zip(&results) {
            records.extend(from_words(index, words)?);
        }
        w.append(games.end - games.start, &records)?;
        self.bar.set_position(games.end - self.first);
        self.bar
            .set_message(format!("{} positions", w.header().records));
        Ok(false)
    }
}

/// [`run`] over any exchange, so that a test can drive the same code
/// through `songo_tb::generate::Alone` without mpirun.
pub fn run_on(a: &DatagenArgs, ex: &mut dyn Exchange) -> Result<(), DatagenError> {
    let (rank, ranks) = (ex.process(), ex.processes());
    let root = rank == 0;
    let threads = match a.threads {
        0 => crate::mpi::default_threads(true),
        n => n,
    };
    let ready = Setup::new(a, threads).and_then(|setup| {
        let writer = if root {
            Some(Writer::open(&a.out, setup.wanted)?)
        } else {
            None
        };
        Ok((setup, writer))
    });
    let Some((setup, writer)) = together(ex, ready)? else {
        return Ok(());
    };
    // Rank 0 read the file: every rank starts after its last counted game.
    let first = ex.sum(writer.as_ref().map_or(0, |w| w.header().games));
    let bar = if root {
        songo_cli::progress::bar(a.games.saturating_sub(first), "datagen")
    } else {
        ProgressBar::hidden()
    };
    let started = Instant::now();
    let mut games = Games {
        a,
        setup: &setup,
        cfg: setup.config(a),
        writer,
        bar,
        first,
    };
    if !crate::rounds::run(ex, first, a.games, BATCH_GAMES, &mut games)? {
        return Ok(());
    }
    games.bar.finish_and_clear();
    if let Some(w) = &games.writer {
        summary(a, w.header(), first, started, ranks);
    }
    Ok(())
}

/// A game's records as words.
fn to_words(records: &[Record]) -> Vec<u64> {
    records
        .iter()
        .flat_map(|r| words_of(&r.to_bytes()).collect::<Vec<_>>())
        .collect()
}

/// Game `index`'s records from its words, each checked to be the game's.
fn from_words(index: u64, words: &[u64]) -> Result<Vec<Record>, DatagenError> {
    let garbled = DatagenError::garbled;
    if !words.len().is_multiple_of(RECORD_WORDS) {
        return Err(garbled("a game cut short"));
    }
    words
        .chunks_exact(RECORD_WORDS)
        .map(|w| {
            Record::from_bytes(&bytes_of(w), 0)
                .ok()
                // The index as `play_game` stores it.
                .filter(|r| r.game == index as u32)
                .ok_or(garbled("a record that is not its game's"))
        })
        .collect()
}

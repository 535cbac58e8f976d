//! The fixed bench through the engine's façade, as any front end drives
//! it: for each bench position a new game (a cleared table, as fresh as a
//! new one), the position, `go` to the depth, and the nodes of its
//! `SearchDone`, in the engine's one bench loop
//! ([`songo_engine::bench::drive`]). Its node count is the one of
//! [`songo_engine::bench::run`], the search's signature; `songo bench` and
//! the web engine run it, so their counts are comparable by construction
//! and their speeds by measurement.

use std::sync::mpsc::Receiver;

use songo_core::{Position, Variant};
pub use songo_engine::bench::BenchError;
use songo_engine::bench::{drive, BenchResult, BENCH_HASH_MB};
use songo_engine::options::Setting;
use songo_engine::Instant;
use songo_engine::Limits;
use songo_engine::{Engine, EngineError, Event};

/// What the bench tells its front end as it goes.
#[derive(Debug)]
pub enum BenchStep<'a> {
    /// One position searched (`index` counts from 0 over every bench
    /// position, those skipped included).
    Searched {
        /// The position's place among the bench positions.
        index: usize,
        /// The position.
        position: &'a Position,
        /// The nodes its search counted.
        nodes: u64,
    },
    /// A problem the engine reported on the way; the bench goes on.
    Problem(EngineError),
}

/// Sets the bench's own options: its fixed table size, one thread, and
/// no opening book (the bench positions include each variant's start,
/// which a book answers without a search). The evaluation is the caller's
/// choice, and stays as set.
pub fn prepare(engine: &mut Engine) -> Result<(), BenchError> {
    engine.apply(Setting::Hash(BENCH_HASH_MB))?;
    engine.apply(Setting::Threads(1))?;
    engine.apply(Setting::OwnBook(false))?;
    Ok(())
}

/// Searches the bench positions (those of `only`, if given) to `depth` on
/// an engine that [`prepare`] set up and whose events arrive on `events`
/// (see [`Engine::with_channel`]). The time is the searches' only:
/// clearing the table between them takes a while, as a fresh table did
/// not (its pages were zeroed on another thread), and would lower the nps
/// every speed measurement compares.
pub fn run(
    engine: &mut Engine,
    events: &Receiver<Event>,
    depth: u32,
    only: Option<Variant>,
    step: &mut dyn FnMut(BenchStep),
) -> Result<BenchResult, BenchError> {
    drive(only, |index, v, position| {
        engine.apply(Setting::Variant(v))?;
        engine.new_game();
        engine
            .set_position(*position, &[])
            .expect("the engine plays the position's variant");
        let searching = Instant::now();
        engine.go(Limits::depth(depth));
        engine.wait();
        let time = searching.elapsed();
        let mut searched = None;
        for event in events.try_iter() {
            match event {
                Event::SearchDone(r) => searched = Some(r.nodes),
                Event::Problem(e) => step(BenchStep::Problem(e)),
                _ => {}
            }
        }
        let nodes = searched.ok_or(BenchError::Stopped)?;
        step(BenchStep::Searched {
            index,
            position,
            nodes,
        });
        Ok((nodes, time))
    })
}

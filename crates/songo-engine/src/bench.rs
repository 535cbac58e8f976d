//! `bench`: a fixed search over fixed positions whose node count is the
//! search's signature. It changes only when search behaviour changes.

use std::time::Duration;

use crate::time::Instant;

use crate::options::OptionError;
use crate::search::{search, SearchControl, SearchRequest};
use crate::timeman::Limits;
use crate::tt::{AllocError, TranspositionTable};
use songo_core::game::Game;
use songo_core::position::Position;
use songo_core::variant::Variant;

/// Depth of the default bench.
pub const BENCH_DEPTH: u32 = 14;
/// Hash size of the bench, in MB: fixed so the count is reproducible.
pub const BENCH_HASH_MB: usize = 16;

/// The bench positions: openings, middlegames, endgames of every variant.
pub const BENCH_POSITIONS: &[(Variant, &str)] = &[
    (
        Variant::Songo36Beginner,
        "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg",
    ),
    (
        Variant::Songo36Beginner,
        "2,10,0,6,11,0,0/10,9,8,1,0,1,3 s 0 9 -",
    ),
    (
        Variant::Songo36Beginner,
        "25,1,10,1,5,1,2/1,0,0,1,5,4,0 s 5 9 -",
    ),
    (
        Variant::Songo36Beginner,
        "0,2,6,11,2,2,0/3,9,0,0,0,1,5 n 17 12 -",
    ),
    (
        Variant::Songo36Amateur,
        "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg",
    ),
    (
        Variant::Songo36Amateur,
        "0,7,7,2,7,7,7/6,6,5,5,5,0,6 n 0 0 Gg",
    ),
    (
        Variant::Songo36Amateur,
        "10,0,3,11,3,2,1/1,2,10,0,10,2,11 n 4 0 g",
    ),
    (
        Variant::Songo36Amateur,
        "0,0,4,4,8,0,0/2,13,1,0,0,3,2 s 22 11 -",
    ),
    (Variant::Songo40, "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg"),
    (Variant::Songo40, "13,1,14,3,5,0,2/10,3,0,2,1,1,9 s 0 6 -"),
    (Variant::Songo40, "11,0,20,6,5,1,2/2,4,9,1,0,0,5 s 4 0 -"),
    (Variant::Songo40, "4,2,2,0,1,8,0/1,3,2,1,0,0,4 s 21 21 -"),
];

/// What a bench run measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// The nodes of every position's search, added up: the bench's
    /// signature (`Bench: N`).
    pub nodes: u64,
    /// The time of the searches, added up.
    pub time: Duration,
}

impl BenchResult {
    /// Nodes per second over the whole run.
    pub fn nps(&self) -> u64 {
        crate::speed::nps(self.nodes, self.time)
    }
}

/// Why a bench run has no result.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// The control was stopped before the last position was searched (or,
    /// through the façade, a search ended without reporting what it
    /// searched).
    #[error("the bench was stopped")]
    Stopped,
    /// The hash table of a position could not be allocated.
    #[error(transparent)]
    Hash(#[from] AllocError),
    /// A setting the bench needs was refused, through the façade (the
    /// table could not be allocated, the network file not read).
    #[error(transparent)]
    Setting(#[from] OptionError),
}

/// The one bench loop: each bench position (of variant `only`, if given)
/// searched by `search_one`, which answers the nodes searched and the
/// time spent searching them (not the time to set up the search, such as
/// clearing a table, which would lower the nps every speed measurement
/// compares). The bench through the search ([`try_run`]) and through the
/// façade (songo-protocol's, which `songo bench`, the protocol's `bench`
/// and the web engine run) differ only in that function.
pub fn drive<E>(
    only: Option<Variant>,
    mut search_one: impl FnMut(usize, Variant, &Position) -> Result<(u64, Duration), E>,
) -> Result<BenchResult, E> {
    let mut result = BenchResult {
        nodes: 0,
        time: Duration::ZERO,
    };
    for (index, &(v, text)) in BENCH_POSITIONS.iter().enumerate() {
        if only.is_some_and(|only| only != v) {
            continue;
        }
        let position: Position = text.parse().expect("bench positions are valid");
        let (nodes, time) = search_one(index, v, &position)?;
        result.nodes += nodes;
        result.time += time;
    }
    Ok(result)
}

/// Runs the bench at `depth`, one thread, a fresh table per position;
/// `progress` hears of each position as it is done.
///
/// # Panics
///
/// When the bench's 16 MB hash table cannot be allocated; [`try_run`]
/// returns that as an error instead.
pub fn run(depth: u32, progress: &mut dyn FnMut(usize, &Position, u64)) -> BenchResult {
    try_run(depth, &SearchControl::default(), progress).unwrap_or_else(|e| panic!("bench: {e}"))
}

/// [`run`], abandoned (`None`) as soon as `control` is stopped.
///
/// # Panics
///
/// When the hash table cannot be allocated, like [`run`]; [`try_run`]
/// tells the two apart without panicking.
pub fn run_with(
    depth: u32,
    control: &SearchControl,
    progress: &mut dyn FnMut(usize, &Position, u64),
) -> Option<BenchResult> {
    match try_run(depth, control, progress) {
        Ok(r) => Some(r),
        Err(BenchError::Stopped) => None,
        Err(e) => panic!("bench: {e}"),
    }
}

/// The bench at `depth` under `control`, straight through the search: its
/// result, or why there is none.
pub fn try_run(
    depth: u32,
    control: &SearchControl,
    progress: &mut dyn FnMut(usize, &Position, u64),
) -> Result<BenchResult, BenchError> {
    drive(None, |index, v, p| {
        let tt = TranspositionTable::new(BENCH_HASH_MB)?;
        let game = Game::new(v, *p);
        let searching = Instant::now();
        // Depth-limited, so the control's clock plays no part: it is only
        // looked at for a stop.
        let r = search(
            SearchRequest::new(&game, &tt)
                .limits(Limits::depth(depth))
                .control(control),
        );
        let time = searching.elapsed();
        if control.is_stopped() {
            return Err(BenchError::Stopped);
        }
        progress(index, p, r.nodes);
        Ok((r.nodes, time))
    })
}

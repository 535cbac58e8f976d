//! Scoring a new book position's moves with the engine: one search of the
//! position after each move, on worker threads that each own a
//! transposition table.
//!
//! A score must not depend on which thread searched it, nor on what it
//! searched before: each search runs on one thread, on a cleared table of a
//! fixed size, to a fixed depth or node count, with the default
//! evaluation (the embedded net). So `--threads` changes only the speed.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use songo_book::BookMove;
use songo_core::{Game, Move, Position, Variant};
use songo_engine::search::{search, SearchOptions, SearchRequest};
use songo_engine::tt::{AllocError, TranspositionTable};
use songo_engine::Limits;

use super::graph::{book_move, from_child, known_score, Graph};

/// Transposition table of each worker, in MB: the searches of a book
/// (a few hundred thousand nodes) fit, and its size is part of what makes
/// a score reproducible, so it is fixed.
pub const SEARCH_HASH_MB: usize = 16;
/// No position has more moves than this: more workers would idle.
pub const MAX_WORKERS: usize = songo_core::position::PITS_PER_ROW;

/// What bounds each search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Each search stops at this depth.
    Depth(u32),
    /// Each search stops after this many nodes.
    Nodes(u64),
}

impl Limit {
    fn limits(self) -> Limits {
        match self {
            Limit::Depth(d) => Limits::depth(d),
            Limit::Nodes(n) => Limits::nodes(n),
        }
    }
}

/// Why the searches could not run.
#[derive(Debug, thiserror::Error)]
pub enum ScorerError {
    /// A worker's transposition table could not be allocated.
    #[error(transparent)]
    Hash(#[from] AllocError),
    /// The system refused a new thread.
    #[error("cannot start a search thread")]
    Thread(#[source] std::io::Error),
}

/// The engine's side of a build: a table per worker.
pub struct Scorer {
    limit: Limit,
    tables: Vec<TranspositionTable>,
}

impl Scorer {
    /// `workers` searching threads (at least one, at most [`MAX_WORKERS`]).
    pub fn new(limit: Limit, workers: usize) -> Result<Scorer, ScorerError> {
        let tables = (0..workers.clamp(1, MAX_WORKERS))
            .map(|_| TranspositionTable::new(SEARCH_HASH_MB))
            .collect::<Result<_, _>>()?;
        Ok(Scorer { limit, tables })
    }

    /// Every legal move of `position` scored for its mover: a game end
    /// exactly, a move to a book position by a stand-in the graph backs
    /// up, the others by a search of the position after them.
    pub fn score_moves(
        &mut self,
        graph: &Graph,
        variant: Variant,
        position: &Position,
    ) -> Result<Vec<BookMove>, ScorerError> {
        let mut scored: Vec<Option<BookMove>> = Vec::new();
        let mut jobs: Vec<(usize, Move, Position)> = Vec::new();
        for m in position.legal_moves(variant) {
            let after = position.make_move(variant, m);
            match known_score(graph, variant, &after) {
                Some((score, depth)) => scored.push(Some(book_move(m, score, depth))),
                None => {
                    jobs.push((scored.len(), m, after));
                    scored.push(None);
                }
            }
        }
        let results = self.search_all(variant, &jobs)?;
        for ((slot, m, _), (score, depth)) in jobs.iter().zip(results) {
            scored[*slot] = Some(book_move(*m, score, depth));
        }
        Ok(scored.into_iter().flatten().collect())
    }

    /// The jobs' (score, depth), in their order, searched by the workers.
    fn search_all(
        &mut self,
        variant: Variant,
        jobs: &[(usize, Move, Position)],
    ) -> Result<Vec<(i16, u8)>, ScorerError> {
        let limit = self.limit;
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<Option<(i16, u8)>>> = Mutex::new(vec![None; jobs.len()]);
        let workers = self.tables.len().min(jobs.len());
        std::thread::scope(|scope| {
            let mut handles = Vec::new();
            for tt in self.tables.iter_mut().take(workers) {
                let (next, results) = (&next, &results);
                let work = move || loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((_, _, after)) = jobs.get(i) else {
                        break;
                    };
                    let r = search_one(tt, limit, variant, after);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
                };
                let handle = std::thread::Builder::new()
                    .name("book search".into())
                    .spawn_scoped(scope, work)
                    .map_err(ScorerError::Thread)?;
                handles.push(handle);
            }
            for h in handles {
                if let Err(panic) = h.join() {
                    std::panic::resume_unwind(panic);
                }
            }
            Ok::<(), ScorerError>(())
        })?;
        let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
        Ok(results
            .into_iter()
            .map(|r| r.expect("every job searched"))
            .collect())
    }
}

/// The score, for the mover before it, of the position `after` a move,
/// and the depth searched.
fn search_one(
    tt: &mut TranspositionTable,
    limit: Limit,
    variant: Variant,
    after: &Position,
) -> (i16, u8) {
    tt.clear();
    let game = Game::new(variant, *after);
    let r = search(
        SearchRequest::new(&game, tt)
            .limits(limit.limits())
            .options(SearchOptions {
                threads: 1,
                ..SearchOptions::default()
            }),
    );
    (
        BookMove::clamp_score(from_child(r.score)),
        r.depth.min(u8::MAX as u32) as u8,
    )
}

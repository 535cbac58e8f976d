//! `songo.Engine`: the songo-engine façade behind a Python class. A search
//! runs on the engine's own threads while the calling thread waits without
//! the GIL, so several engines search at once from Python threads; the
//! `info` callback is called on the calling thread, between waits.

use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::PyList;

use songo_core::score::MAX_PLY;
use songo_core::Game;
use songo_engine::{Engine, Event, Info, Limits, OptionError, ScoreBound, SearchResult};

use crate::analysis::{PyAnalysis, PyLine, PyScore};
use crate::errors::{chain, EngineError, GameOverError, LimitError};
use crate::game::{move_list, PyGame};

/// How often a waiting search looks at Python's signals (Ctrl-C).
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// The strongest `level` (`Skill Level` 10): no cap on the search.
const FULL_STRENGTH: i64 = 10;

/// An option the engine refused: out of its range (the caller's value),
/// or a resource it could not have.
fn option_error(e: OptionError) -> PyErr {
    match e {
        OptionError::Hash(_)
        | OptionError::Tablebases(_)
        | OptionError::EvalFile { .. }
        | OptionError::BookFile { .. } => EngineError::new_err(chain(&e)),
        _ => LimitError::new_err(chain(&e)),
    }
}

/// The engine and the channel its events arrive on.
struct Inner {
    engine: Engine,
    events: Receiver<Event>,
}

/// What one search reported.
struct Searched {
    result: Option<SearchResult>,
    /// The last exact line of each MultiPV index.
    lines: Vec<Info>,
    book: bool,
    /// An exception from the callback (or a signal) that stopped the search.
    error: Option<PyErr>,
}

/// The songo engine: searches a `Game` within limits and reports typed
/// results.
///
/// `threads` search threads (Lazy SMP), a transposition table of
/// `hash_mb` megabytes, and a playing strength `level` from 1 to 10
/// (`None`: full strength, 10; levels 1-8 stop at a fixed depth and the
/// weaker ones choose at random among moves close to the best; see
/// `Engine.seed`). Each engine is independent; one engine serves one
/// search at a time (a second caller waits).
#[pyclass(module = "songo", name = "Engine", frozen)]
pub struct PyEngine {
    inner: Mutex<Inner>,
    /// The search threads.
    #[pyo3(get)]
    threads: u32,
    /// The transposition table's size in megabytes.
    #[pyo3(get)]
    hash_mb: u32,
    /// The playing strength, 1-10.
    #[pyo3(get)]
    level: i64,
}

impl PyEngine {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while another call held the lock leaves the engine as it
        // was; the next search sets everything it needs.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn limits(
        &self,
        depth: Option<i64>,
        movetime: Option<f64>,
        nodes: Option<i64>,
    ) -> PyResult<Limits> {
        let mut limits = Limits::default();
        if let Some(d) = depth {
            let max = MAX_PLY as i64 - 1;
            if !(1..=max).contains(&d) {
                return Err(LimitError::new_err(format!(
                    "depth takes a whole number from 1 to {max}, not {d}"
                )));
            }
            limits.depth = Some(d as u32);
        }
        if let Some(n) = nodes {
            if n < 1 {
                return Err(LimitError::new_err(format!(
                    "nodes takes a whole number of at least 1, not {n}"
                )));
            }
            limits.nodes = Some(n as u64);
        }
        if let Some(t) = movetime {
            let time = Duration::try_from_secs_f64(t)
                .ok()
                .filter(|t| !t.is_zero())
                .ok_or_else(|| {
                    LimitError::new_err(format!(
                        "movetime takes a number of seconds above 0, not {t}"
                    ))
                })?;
            limits.movetime = Some(time);
        }
        let capped = self.level < FULL_STRENGTH;
        if limits == Limits::default() && !capped {
            return Err(LimitError::new_err(
                "a search needs a limit: depth, movetime or nodes (or a level below 10)",
            ));
        }
        Ok(limits)
    }

    /// Runs one search of `game` without the GIL; `info` hears each line.
    fn search(
        &self,
        py: Python<'_>,
        game: Game,
        limits: Limits,
        multipv: i64,
        info: Option<&Py<PyAny>>,
    ) -> PyResult<Searched> {
        let variant = game.variant().name();
        let multipv = multipv.to_string();
        py.detach(|| {
            let mut inner = self.lock();
            let Inner { engine, events } = &mut *inner;
            // Left over from a search whose caller went away early.
            while events.try_recv().is_ok() {}
            if engine.options().variant != game.variant() {
                engine
                    .set_option("UCI_Variant", Some(variant))
                    .map_err(option_error)?;
            }
            engine
                .set_option("MultiPV", Some(&multipv))
                .map_err(option_error)?;
            engine
                .set_game(game)
                .map_err(|e| EngineError::new_err(e.to_string()))?;
            engine.go(limits);
            let mut searched = Searched {
                result: None,
                lines: Vec::new(),
                book: false,
                error: None,
            };
            loop {
                let event = match events.recv_timeout(SIGNAL_POLL) {
                    Ok(event) => event,
                    Err(RecvTimeoutError::Timeout) => {
                        if searched.error.is_none() {
                            if let Err(e) = Python::attach(|py| py.check_signals()) {
                                searched.error = Some(e);
                                engine.stop();
                            }
                        }
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => {
                        return Err(EngineError::new_err("the engine stopped reporting"));
                    }
                };
                match event {
                    Event::Info(line) => {
                        if let (Some(callback), None) = (info, &searched.error) {
                            let called = Python::attach(|py| {
                                let line = Bound::new(py, PyLine::new(py, &line)?)?;
                                callback.call1(py, (line,)).map(drop)
                            });
                            if let Err(e) = called {
                                searched.error = Some(e);
                                engine.stop();
                            }
                        }
                        if line.bound == ScoreBound::Exact {
                            keep_line(&mut searched.lines, line);
                        }
                    }
                    Event::BookMove { .. } => searched.book = true,
                    Event::SearchDone(result) => {
                        searched.result = Some(result);
                        break;
                    }
                    Event::Problem(e) => {
                        if matches!(e, songo_engine::EngineError::ThreadFailed) {
                            searched.error = Some(EngineError::new_err(chain(&e)));
                        }
                    }
                    _ => {}
                }
            }
            engine.wait();
            Ok(searched)
        })
    }
}

/// Keeps the newest exact line of each MultiPV index.
fn keep_line(lines: &mut Vec<Info>, line: Info) {
    match lines.iter_mut().find(|l| l.multipv == line.multipv) {
        Some(kept) => *kept = line,
        None => lines.push(line),
    }
}

#[pymethods]
impl PyEngine {
    #[new]
    #[pyo3(signature = (threads = 1, hash_mb = 16, level = None))]
    fn new(py: Python<'_>, threads: i64, hash_mb: i64, level: Option<i64>) -> PyResult<PyEngine> {
        let level = level.unwrap_or(FULL_STRENGTH);
        let (threads_text, hash_text, level_text) =
            (threads.to_string(), hash_mb.to_string(), level.to_string());
        // Allocating and zeroing a large table takes a while: without the GIL.
        let inner = py.detach(|| -> PyResult<Inner> {
            let (mut engine, events) = Engine::with_channel();
            engine
                .set_option("Threads", Some(&threads_text))
                .map_err(option_error)?;
            engine
                .set_option("Hash", Some(&hash_text))
                .map_err(option_error)?;
            engine
                .set_option("Skill Level", Some(&level_text))
                .map_err(option_error)?;
            engine.wait_ready();
            Ok(Inner { engine, events })
        })?;
        Ok(PyEngine {
            inner: Mutex::new(inner),
            // The engine accepted them, so they are in range.
            threads: threads as u32,
            hash_mb: hash_mb as u32,
            level,
        })
    }

    /// Searches `game`'s position and returns an `Analysis`.
    ///
    /// Limits: `depth` (plies, 1-127), `movetime` (seconds), `nodes`; at
    /// least one unless `level` is below 10 (which caps the search). With
    /// one thread a depth or node limit gives the same answer every time
    /// after `new_game()`. `multipv` lines (1-7) are searched. `info`, if
    /// given, is called with each `Line` as the search deepens (on this
    /// thread); an exception it raises stops the search and is raised
    /// here. The GIL is released while the engine searches.
    #[pyo3(signature = (game, depth = None, movetime = None, nodes = None, multipv = 1, info = None))]
    #[allow(clippy::too_many_arguments)]
    fn analyse(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyGame>,
        depth: Option<i64>,
        movetime: Option<f64>,
        nodes: Option<i64>,
        multipv: i64,
        info: Option<Py<PyAny>>,
    ) -> PyResult<PyAnalysis> {
        let limits = self.limits(depth, movetime, nodes)?;
        // A copy, so that the caller's game is not borrowed while the
        // search runs (another thread may play on in it meanwhile).
        let game = game.borrow().game.clone();
        if game.is_over() {
            return Err(GameOverError::new_err(
                "the game is over: there is nothing to search",
            ));
        }
        let searched = self.search(py, game, limits, multipv, info.as_ref())?;
        if let Some(e) = searched.error {
            return Err(e);
        }
        let result = searched
            .result
            .ok_or_else(|| EngineError::new_err("the search gave no result"))?;
        let best = result
            .best
            .ok_or_else(|| EngineError::new_err("the search found no move"))?;
        let pv = match searched.lines.iter().find(|l| l.pv.first() == Some(&best)) {
            Some(line) => line.pv.clone(),
            None => std::iter::once(best).chain(result.ponder).collect(),
        };
        let mut lines = searched.lines;
        lines.sort_by_key(|l| l.multipv);
        let lines: Vec<PyLine> = lines
            .iter()
            .map(|l| PyLine::new(py, l))
            .collect::<PyResult<_>>()?;
        Ok(PyAnalysis {
            best: best.to_string(),
            ponder: result.ponder.map(|m| m.to_string()),
            score: PyScore::new(result.score),
            depth: result.depth,
            nodes: result.nodes,
            pv: move_list(py, pv)?.unbind(),
            lines: PyList::new(py, lines)?.unbind(),
            book: searched.book,
        })
    }

    /// The move the engine plays in `game`, by name (`analyse(...).move`).
    #[pyo3(signature = (game, depth = None, movetime = None, nodes = None))]
    fn play(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyGame>,
        depth: Option<i64>,
        movetime: Option<f64>,
        nodes: Option<i64>,
    ) -> PyResult<String> {
        Ok(self
            .analyse(py, game, depth, movetime, nodes, 1, None)?
            .best)
    }

    /// Seeds the random choices of the weaker levels, so that games can be
    /// replayed (by default they come from the system's random source).
    fn seed(&self, py: Python<'_>, seed: u64) {
        py.detach(|| self.lock().engine.seed_skill(seed));
    }

    /// Forgets what earlier searches learnt (clears the transposition
    /// table): the next search is as from a fresh engine.
    fn new_game(&self, py: Python<'_>) {
        py.detach(|| self.lock().engine.new_game());
    }

    fn __repr__(&self) -> String {
        format!(
            "Engine(threads={}, hash_mb={}, level={})",
            self.threads, self.hash_mb, self.level
        )
    }
}

//! `songo.Tablebases`: the endgame tables of a directory, probed for a
//! game's position (songo-tb; protocol.md, "Endgame tablebases").

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyList;

use songo_tb::{Tablebases, TbValue, Verdict};

use crate::errors::{chain, TablebaseError};
use crate::game::{move_list, move_name, PyGame};

/// What the tables prove about a position, for the side to move.
#[pyclass(module = "songo", name = "Probe", frozen)]
pub struct PyProbe {
    /// The worst result the side to move can get: `"loss"`, `"draw"` or `"win"`.
    #[pyo3(get)]
    worst: &'static str,
    /// The best result it can get (equal to `worst` when the result is exact).
    #[pyo3(get)]
    best: &'static str,
    /// The result when the tables know it exactly, else `None` (songo36
    /// tables can leave a range open: protocol.md, "Repetitions").
    #[pyo3(get)]
    exact: Option<&'static str>,
    /// The verdict as `songo tb probe` words it.
    #[pyo3(get)]
    text: String,
    /// Seeds on the board.
    #[pyo3(get)]
    seeds: u8,
    /// Each legal move with the result `(worst, best)` it leads to for the
    /// side to move, or `None` when the tables do not cover it.
    #[pyo3(get)]
    moves: Py<PyList>,
    /// The moves the tables prove best: none is proven worse than another.
    #[pyo3(get)]
    best_moves: Py<PyList>,
}

#[pymethods]
impl PyProbe {
    fn __repr__(&self) -> String {
        format!("Probe('{}')", self.text)
    }
}

/// Endgame tablebases: the tables found in directory `path` (files
/// `VARIANT-NN.sgtb` or `.sgtbz`, as `songo tb generate` writes them),
/// opened lazily. A path that does not exist raises `TablebaseError`.
#[pyclass(module = "songo", name = "Tablebases", frozen)]
pub struct PyTablebases {
    tb: Tablebases,
}

#[pymethods]
impl PyTablebases {
    #[new]
    fn new(path: PathBuf) -> PyResult<PyTablebases> {
        let tb = Tablebases::open(&path).map_err(|e| TablebaseError::new_err(chain(&e)))?;
        Ok(PyTablebases { tb })
    }

    /// The largest seed count with a table for `variant` (0: none).
    fn max_seeds(&self, variant: &str) -> PyResult<u8> {
        Ok(self.tb.max_seeds(crate::game::parse_variant(variant)?))
    }

    /// Problems found among the files (damaged or unreadable tables), as text.
    #[getter]
    fn problems(&self) -> Vec<String> {
        self.tb.problems().iter().map(|e| chain(e)).collect()
    }

    /// What the tables say about `game`'s position: a `Probe`, or `None`
    /// when no table covers it (too many seeds, a pit-7 flag in songo40,
    /// the game over, or a history that voids the tables' guarantee: a
    /// position with as many seeds already seen twice).
    fn probe(&self, py: Python<'_>, game: &Bound<'_, PyGame>) -> PyResult<Option<PyProbe>> {
        // A copy: the caller's game is not borrowed while the tables are read.
        let g = &game.borrow().game.clone();
        let verdict = py.detach(|| self.tb.probe_game(g));
        let Some(verdict) = verdict else {
            return Ok(None);
        };
        let (p, v) = (g.position(), g.variant());
        let after = py.detach(|| self.tb.probe_moves(&p, v));
        probe_result(py, &verdict, &after).map(Some)
    }
}

type MoveVerdicts = [(songo_core::Move, Option<(TbValue, TbValue)>)];

fn probe_result(py: Python<'_>, verdict: &Verdict, after: &MoveVerdicts) -> PyResult<PyProbe> {
    let moves = PyList::empty(py);
    for &(m, range) in after {
        let range = range.map(|(worst, best)| (worst.name(), best.name()));
        moves.append((move_name(py, m), range))?;
    }
    // A move is best when no other move's worst result beats its best.
    let floor = after
        .iter()
        .filter_map(|(_, r)| r.map(|(worst, _)| worst))
        .max();
    let best = after
        .iter()
        .filter(|(_, r)| matches!((r, floor), (Some((_, best)), Some(f)) if *best >= f))
        .map(|&(m, _)| m);
    Ok(PyProbe {
        worst: verdict.worst.name(),
        best: verdict.best.name(),
        exact: verdict.exact().map(TbValue::name),
        text: verdict.to_string(),
        seeds: verdict.seeds,
        moves: moves.unbind(),
        best_moves: move_list(py, best)?.unbind(),
    })
}

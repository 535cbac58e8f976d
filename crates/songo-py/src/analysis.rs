//! What a search gives back to Python, typed: `Score` (seeds, or a forced
//! result), `Line` (one principal variation, as each info line reports
//! it) and `Analysis` (the answer of a search).

use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::PyList;

use songo_core::score::{kind_text, CENTISEEDS};
use songo_engine::{classify, Info, Score, ScoreBound, ScoreKind};

use crate::game::move_list;

/// A score for the side to move.
///
/// `kind` says what it is: `"seeds"` (an evaluation: `seeds` is the margin
/// of final seeds expected, `centiseeds` the same in hundredths), `"mate"`
/// (a forced end: `mate` moves of the mover's own, won when positive, lost
/// when negative), `"tb_win"` or `"tb_loss"` (a result the tablebases
/// prove, `plies` plies ahead). `str()` is the text a person reads
/// (`+2.35`, `win in 3`, `tb win`).
#[pyclass(module = "songo", name = "Score", frozen)]
#[derive(Clone)]
pub struct PyScore {
    /// The engine's own number (centiseeds, or the mate and table ranges
    /// of docs: compare these to order scores).
    #[pyo3(get)]
    pub raw: i32,
    kind: ScoreKind,
}

impl PyScore {
    /// The score of the engine's scale, classified once.
    pub fn new(score: Score) -> PyScore {
        PyScore {
            raw: score,
            kind: classify(score),
        }
    }
}

#[pymethods]
impl PyScore {
    /// `"seeds"`, `"mate"`, `"tb_win"` or `"tb_loss"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.kind {
            ScoreKind::Seeds(_) => "seeds",
            ScoreKind::Mate(_) => "mate",
            ScoreKind::TablebaseWin { .. } => "tb_win",
            ScoreKind::TablebaseLoss { .. } => "tb_loss",
        }
    }

    /// An evaluation in hundredths of a seed, else `None`.
    #[getter]
    fn centiseeds(&self) -> Option<i32> {
        match self.kind {
            ScoreKind::Seeds(cs) => Some(cs),
            _ => None,
        }
    }

    /// An evaluation in seeds, else `None`.
    #[getter]
    fn seeds(&self) -> Option<f64> {
        self.centiseeds()
            .map(|cs| f64::from(cs) / f64::from(CENTISEEDS))
    }

    /// A forced end in this many of the mover's moves (negative: lost), else `None`.
    #[getter]
    fn mate(&self) -> Option<i32> {
        match self.kind {
            ScoreKind::Mate(n) => Some(n),
            _ => None,
        }
    }

    /// For a tablebase result, the plies to the position the tables decided.
    #[getter]
    fn plies(&self) -> Option<u32> {
        match self.kind {
            ScoreKind::TablebaseWin { plies } | ScoreKind::TablebaseLoss { plies } => Some(plies),
            _ => None,
        }
    }

    fn __str__(&self) -> String {
        kind_text(self.kind)
    }

    fn __repr__(&self) -> String {
        format!("Score('{}')", kind_text(self.kind))
    }

    /// Scores compare as the engine orders them (a win above every
    /// evaluation, a nearer win above a farther one).
    fn __richcmp__(&self, other: &PyScore, op: CompareOp) -> bool {
        op.matches(self.raw.cmp(&other.raw))
    }

    fn __hash__(&self) -> u64 {
        // The raw score is unique to each score; a negative one must not
        // hash to -1 (Python's error value), hence the cast.
        self.raw as u32 as u64
    }
}

/// One line of a search: what an `info` line of the protocol says.
#[pyclass(module = "songo", name = "Line", frozen)]
pub struct PyLine {
    /// 1 for the best line, 2 for the second (`multipv`)...
    #[pyo3(get)]
    pub multipv: usize,
    /// The depth searched, in plies.
    #[pyo3(get)]
    pub depth: u32,
    /// The deepest ply reached.
    #[pyo3(get)]
    pub seldepth: u32,
    /// The line's score, for the side to move.
    #[pyo3(get)]
    pub score: PyScore,
    /// `"exact"`, or `"lower"`/`"upper"` for a line that failed high/low.
    #[pyo3(get)]
    pub bound: &'static str,
    /// Nodes searched so far, all threads together.
    #[pyo3(get)]
    pub nodes: u64,
    /// Seconds since the search began.
    #[pyo3(get)]
    pub time: f64,
    /// Tablebase probes that gave a verdict.
    #[pyo3(get)]
    pub tbhits: u64,
    /// The principal variation, by move name.
    #[pyo3(get)]
    pub pv: Py<PyList>,
}

impl PyLine {
    /// The line of an engine's `Info`, its moves named for Python.
    pub fn new(py: Python<'_>, info: &Info) -> PyResult<PyLine> {
        Ok(PyLine {
            multipv: info.multipv,
            depth: info.depth,
            seldepth: info.seldepth,
            score: PyScore::new(info.score),
            bound: match info.bound {
                ScoreBound::Exact => "exact",
                ScoreBound::Lower => "lower",
                ScoreBound::Upper => "upper",
            },
            nodes: info.nodes,
            time: info.time.as_secs_f64(),
            tbhits: info.tbhits,
            pv: move_list(py, info.pv.iter().copied())?.unbind(),
        })
    }
}

#[pymethods]
impl PyLine {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Line(multipv={}, depth={}, score={}, nodes={}, pv={})",
            self.multipv,
            self.depth,
            self.score.__repr__(),
            self.nodes,
            self.pv
                .bind(py)
                .repr()
                .map_or_else(|_| "?".into(), |r| r.to_string())
        )
    }
}

/// The answer of `Engine.analyse`.
#[pyclass(module = "songo", name = "Analysis", frozen)]
pub struct PyAnalysis {
    /// The move to play, by name.
    #[pyo3(get, name = "move")]
    pub best: String,
    /// The expected reply, if known.
    #[pyo3(get)]
    pub ponder: Option<String>,
    /// The best move's score for the side to move.
    #[pyo3(get)]
    pub score: PyScore,
    /// The depth of the deepest iteration completed.
    #[pyo3(get)]
    pub depth: u32,
    /// Nodes searched, over all threads.
    #[pyo3(get)]
    pub nodes: u64,
    /// The principal variation of the best line (starting with `move`).
    #[pyo3(get)]
    pub pv: Py<PyList>,
    /// The last exact line of each `multipv` index, best first.
    #[pyo3(get)]
    pub lines: Py<PyList>,
    /// Whether the opening book answered (then `nodes` is 0).
    #[pyo3(get)]
    pub book: bool,
}

#[pymethods]
impl PyAnalysis {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Analysis(move='{}', score={}, depth={}, nodes={}, pv={})",
            self.best,
            self.score.__repr__(),
            self.depth,
            self.nodes,
            self.pv
                .bind(py)
                .repr()
                .map_or_else(|_| "?".into(), |r| r.to_string())
        )
    }
}

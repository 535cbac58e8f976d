//! Game records (protocol.md, "Game records"), read and written by
//! songo-core: `songo.read_records(text)` gives each game of a file as a
//! `Record`, and `Game.record(...)` writes one.

use std::collections::BTreeMap;

use pyo3::prelude::*;

use songo_core::record::{read_records as core_read, GameRecord, ReadOptions};

use crate::errors::RecordError;
use crate::game::{parse_variant, PyGame};

/// One game of a record file, replayed and checked when it was read.
#[pyclass(module = "songo", name = "Record", frozen)]
pub struct PyRecord {
    record: GameRecord,
    /// The game, its moves replayed (`Record.game` copies it).
    game: PyGame,
    /// The line of its first tag in the file, from 1.
    #[pyo3(get)]
    line: usize,
}

#[pymethods]
impl PyRecord {
    /// The game, replayed: a new copy on each access.
    #[getter]
    fn game(&self) -> PyGame {
        self.game.clone()
    }

    /// Every tag, in the order a record writes them.
    #[getter]
    fn tags(&self) -> Vec<(String, String)> {
        self.record.tags()
    }

    /// The value of tag `name` (any tag, `FEN` and `Result` included), or `None`.
    fn tag(&self, name: &str) -> Option<String> {
        self.record
            .tags()
            .into_iter()
            .find(|(n, _)| n == name)
            .map(|(_, value)| value)
    }

    /// The result token: `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`.
    #[getter]
    fn result(&self) -> &'static str {
        self.record.result.token()
    }

    /// The `Termination` tag's text.
    #[getter]
    fn termination(&self) -> String {
        self.record.termination.text().to_string()
    }

    /// The `{...}` comments, by the number of moves before them.
    #[getter]
    fn comments(&self) -> BTreeMap<usize, String> {
        self.record.comments.clone()
    }

    /// The record written back, as songo writes records.
    fn text(&self) -> String {
        self.record.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Record(variant='{}', moves={}, result='{}')",
            self.record.variant,
            self.record.moves.len(),
            self.record.result.token()
        )
    }
}

/// Reads every game of a record file's text. Each move is replayed and
/// checked; the first problem raises `RecordError` naming its line.
/// `variant` is the variant of games without a `Variant` tag (other
/// tools' PGN); without it such a game is an error.
#[pyfunction]
#[pyo3(signature = (text, variant = None))]
pub fn read_records(text: &str, variant: Option<&str>) -> PyResult<Vec<PyRecord>> {
    let variant = variant.map(parse_variant).transpose()?;
    let games = core_read(text.as_bytes(), &ReadOptions { variant })
        .map_err(|e| RecordError::new_err(e.to_string()))?;
    games
        .into_iter()
        .map(|read| {
            let game = read
                .record
                .replay()
                .map_err(|e| RecordError::new_err(e.to_string()))?;
            Ok(PyRecord {
                record: read.record,
                game: PyGame::new_from(game),
                line: read.line,
            })
        })
        .collect()
}

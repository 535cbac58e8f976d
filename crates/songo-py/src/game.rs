//! `songo.Game`: a game of one variant, its moves and positions, played in
//! place (no copy of the state per move), with the rules of songo-core.
//!
//! Moves are named as in protocol.md: pit letters `A`–`G` (South's pits 1–7)
//! and `a`–`g` (North's); `play` also takes `"1"`–`"7"`, the pit number of
//! the side to move, and `play_pit` that number as an int (for programs
//! that index actions).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyTuple};

use songo_core::position::{PITS, PITS_PER_ROW};
use songo_core::record::GameRecord;
use songo_core::{EndReason, Game, GameStatus, Move, Outcome, Position, Side, Variant};

use crate::errors::{self, IllegalMoveError, RecordError};

/// The fourteen move names as Python strings, made once: a list of legal
/// moves then costs no string allocation.
static MOVE_NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

pub(crate) fn move_name<'py>(py: Python<'py>, m: Move) -> &'py Bound<'py, PyString> {
    let names = MOVE_NAMES.get_or_init(py, || {
        (0..PITS)
            .map(|pit| PyString::new(py, &Move::from_pit(pit).to_string()).unbind())
            .collect()
    });
    names[m.pit()].bind(py)
}

/// A list of move names.
pub(crate) fn move_list<'py>(
    py: Python<'py>,
    moves: impl IntoIterator<Item = Move>,
) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, moves.into_iter().map(|m| move_name(py, m)))
}

pub(crate) fn side_name(side: Side) -> &'static str {
    match side {
        Side::South => "south",
        Side::North => "north",
    }
}

pub(crate) fn variant_names() -> Vec<&'static str> {
    Variant::ALL.iter().map(|v| v.name()).collect()
}

pub(crate) fn parse_variant(name: &str) -> PyResult<Variant> {
    name.parse().map_err(errors::variant)
}

pub(crate) fn parse_position(fen: &str) -> PyResult<Position> {
    fen.parse().map_err(|e| errors::position(fen, e))
}

/// The termination text of a record (protocol.md, "Termination").
pub(crate) fn reason_name(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Threshold => "capture threshold",
        EndReason::FewSeeds => "few seeds",
        EndReason::EmptyRow => "no seeds",
        EndReason::CannotFeed => "cannot feed",
        EndReason::Repetition => "repetition",
    }
}

/// How a finished game ended: `Game.result()`.
#[pyclass(module = "songo", name = "Outcome", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyOutcome {
    /// `"south"` or `"north"`, or `None` for a draw.
    #[pyo3(get)]
    pub winner: Option<&'static str>,
    /// Why the game ended, as a record's `Termination` tag says it:
    /// `"capture threshold"`, `"few seeds"`, `"no seeds"`, `"cannot feed"`
    /// or `"repetition"`.
    #[pyo3(get)]
    pub reason: &'static str,
    /// The final scores `(south, north)` the variant counts (songo36: the
    /// seeds captured plus those left in one's row; songo40: captured).
    #[pyo3(get)]
    pub scores: (u8, u8),
    /// The result token: `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    #[pyo3(get)]
    pub token: &'static str,
}

#[pymethods]
impl PyOutcome {
    /// Whether the game is a draw.
    #[getter]
    fn is_draw(&self) -> bool {
        self.winner.is_none()
    }

    /// The reward of `side` (`"south"` or `"north"`): 1 for a win, -1 for a
    /// loss, 0 for a draw.
    fn reward(&self, side: &str) -> PyResult<i32> {
        let side = parse_side(side)?;
        Ok(match self.winner {
            None => 0,
            Some(w) if w == side_name(side) => 1,
            Some(_) => -1,
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(token='{}', winner={}, reason='{}', scores={:?})",
            self.token,
            self.winner.map_or("None".to_string(), |w| format!("'{w}'")),
            self.reason,
            self.scores
        )
    }

    fn __str__(&self) -> &'static str {
        self.token
    }
}

pub(crate) fn parse_side(side: &str) -> PyResult<Side> {
    match side {
        "south" => Ok(Side::South),
        "north" => Ok(Side::North),
        _ => Err(errors::SongoError::new_err(format!(
            "side '{side}' is not 'south' or 'north'"
        ))),
    }
}

/// A game of Songo: the variant, the start, the moves played and the
/// positions they led to (the third repetition ends a game, so the history
/// is part of the game).
///
/// Two games are equal when variant, start and moves are; the hash follows
/// them, so it changes as moves are played (do not mutate a game used as a
/// dict key).
#[pyclass(module = "songo", name = "Game")]
#[derive(Clone)]
pub struct PyGame {
    pub(crate) game: Game,
}

impl PyGame {
    pub(crate) fn new_from(game: Game) -> PyGame {
        PyGame { game }
    }

    fn parse_move(&self, text: &str) -> PyResult<Move> {
        Move::parse(text, self.game.position().side_to_move())
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }

    fn play_move(&mut self, m: Move) -> PyResult<()> {
        let before = self.game.position();
        let v = self.game.variant();
        self.game.play(m).map_err(|e| {
            let why = before.why_illegal(v, m).map(|r| r.to_string());
            errors::play(e, why)
        })
    }
}

#[pymethods]
impl PyGame {
    /// A new game of `variant` (one of `songo.VARIANTS`) from the start
    /// position, or from the position string `fen` if given.
    #[new]
    #[pyo3(signature = (variant = "songo40", fen = None))]
    fn new(variant: &str, fen: Option<&str>) -> PyResult<PyGame> {
        let v = parse_variant(variant)?;
        let start = match fen {
            Some(fen) => parse_position(fen)?,
            None => Position::startpos(),
        };
        Ok(PyGame::new_from(Game::new(v, start)))
    }

    /// A new game from the position string `fen` (docs/rules.md: pits
    /// `A..G/a..g`, side to move `s` or `n`, South's and North's captured
    /// seeds, pit-7 flags), e.g. `"5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg"`.
    #[staticmethod]
    #[pyo3(signature = (fen, variant = "songo40"))]
    fn from_fen(fen: &str, variant: &str) -> PyResult<PyGame> {
        PyGame::new(variant, Some(fen))
    }

    /// The one game of a record's text (protocol.md, "Game records"),
    /// replayed and checked move by move.
    #[staticmethod]
    fn from_record(text: &str) -> PyResult<PyGame> {
        let record: GameRecord =
            text.parse()
                .map_err(|e: songo_core::record::ParseRecordError| {
                    RecordError::new_err(e.to_string())
                })?;
        let game = record
            .replay()
            .map_err(|e| RecordError::new_err(e.to_string()))?;
        Ok(PyGame::new_from(game))
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.game.variant().name()
    }

    /// Seeds in the fourteen pits, South's `A`–`G` then North's `a`–`g`.
    #[getter]
    fn pits<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.game.position().pits())
    }

    /// Seeds captured, `(south, north)`.
    #[getter]
    fn captured(&self) -> (u8, u8) {
        let p = self.game.position();
        (p.captured(Side::South), p.captured(Side::North))
    }

    /// Whether each side's pit 7 was never played, `(south, north)` (the
    /// position string's flags).
    #[getter]
    fn pit7_unplayed(&self) -> (bool, bool) {
        let p = self.game.position();
        (p.pit7_unplayed(Side::South), p.pit7_unplayed(Side::North))
    }

    /// The side to move: `"south"` or `"north"`.
    #[getter]
    fn to_move(&self) -> &'static str {
        side_name(self.game.position().side_to_move())
    }

    /// The moves played, by name.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, self.game.moves().iter().copied())
    }

    /// The number of moves played.
    #[getter]
    fn ply(&self) -> usize {
        self.game.moves().len()
    }

    /// The start position's string.
    #[getter]
    fn start_fen(&self) -> String {
        self.game.start().to_string()
    }

    /// The current position's string.
    fn fen(&self) -> String {
        self.game.position().to_string()
    }

    /// The legal moves, by name, in pit order (empty when the game is over).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if self.game.is_over() {
            return Ok(PyList::empty(py));
        }
        let p = self.game.position();
        move_list(py, p.legal_moves(self.game.variant()))
    }

    /// The legal moves as a bit mask of the mover's pit numbers: bit `i`
    /// is pit `i + 1` (0 when the game is over).
    fn legal_mask(&self) -> u8 {
        if self.game.is_over() {
            return 0;
        }
        let p = self.game.position();
        let first = p.side_to_move().first_pit();
        p.legal_moves(self.game.variant())
            .iter()
            .fold(0, |mask, m| mask | 1 << (m.pit() - first))
    }

    /// Plays a move: a pit letter, or the mover's pit number `"1"`–`"7"`.
    /// Raises `IllegalMoveError` (with the rule that forbids it) or
    /// `GameOverError`.
    fn play(&mut self, r#move: &str) -> PyResult<()> {
        let m = self.parse_move(r#move)?;
        self.play_move(m)
    }

    /// Plays the mover's pit `pit` (1–7).
    fn play_pit(&mut self, pit: i64) -> PyResult<()> {
        let number = usize::try_from(pit)
            .ok()
            .filter(|n| (1..=PITS_PER_ROW).contains(n))
            .ok_or_else(|| {
                IllegalMoveError::new_err(format!("pit {pit} is not a pit number from 1 to 7"))
            })?;
        let side = self.game.position().side_to_move();
        self.play_move(Move::from_pit_number(side, number))
    }

    /// Takes back the last move and returns its name (`None` at the start).
    fn undo<'py>(&mut self, py: Python<'py>) -> Option<&Bound<'py, PyString>> {
        self.game.undo().map(|m| move_name(py, m))
    }

    /// Whether the game is over (by the rules, or the third repetition).
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// How the game ended, or `None` while it goes on.
    fn result(&self) -> Option<PyOutcome> {
        match self.game.status() {
            GameStatus::Ongoing => None,
            GameStatus::Over {
                outcome,
                reason,
                scores,
            } => Some(PyOutcome {
                winner: match outcome {
                    Outcome::Win(side) => Some(side_name(side)),
                    Outcome::Draw => None,
                },
                reason: reason_name(reason),
                scores: (scores[0], scores[1]),
                token: outcome.score_text(),
            }),
        }
    }

    /// The game as a record (protocol.md, "Game records"): its tags and
    /// movetext, with the rules' result when it is over and `*` if not.
    #[pyo3(signature = (event = "?", south = "?", north = "?", time_control = "-"))]
    fn record(
        &self,
        event: &str,
        south: &str,
        north: &str,
        time_control: &str,
    ) -> PyResult<String> {
        let mut record = GameRecord::from_game(&self.game, south, north, time_control, None)
            .map_err(|e| RecordError::new_err(e.to_string()))?;
        event.clone_into(&mut record.event);
        Ok(record.to_string())
    }

    /// An independent copy.
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGame>()
            .is_ok_and(|o| o.borrow().game == self.game)
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.game.variant().hash(&mut h);
        self.game.start().hash(&mut h);
        self.game.moves().hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(variant='{}', fen='{}', ply={})",
            self.game.variant(),
            self.game.position(),
            self.game.moves().len()
        )
    }
}

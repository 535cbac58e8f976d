//! Many random games in one call: the rules' speed without a Python call
//! per move (`songo.random_playouts`), for benchmarks and Monte Carlo
//! methods.

use pyo3::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use songo_core::{Game, GameStatus, Outcome, Position, Side};

use crate::errors::LimitError;
use crate::game::{parse_position, parse_variant};

/// What `random_playouts` played.
#[pyclass(module = "songo", name = "Playouts", frozen, get_all)]
pub struct PyPlayouts {
    /// Games played to their end.
    pub games: u64,
    /// Moves played in all.
    pub moves: u64,
    /// Games South won.
    pub south_wins: u64,
    /// Games North won.
    pub north_wins: u64,
    /// Games drawn.
    pub draws: u64,
}

#[pymethods]
impl PyPlayouts {
    fn __repr__(&self) -> String {
        format!(
            "Playouts(games={}, moves={}, south_wins={}, north_wins={}, draws={})",
            self.games, self.moves, self.south_wins, self.north_wins, self.draws
        )
    }
}

/// Plays `games` games from `fen` (the start position if `None`) to their
/// end, each move chosen uniformly among the legal ones by a generator
/// seeded with `seed`; the same arguments play the same games. The GIL is
/// released meanwhile.
#[pyfunction]
#[pyo3(signature = (games, variant = "songo40", seed = 0, fen = None))]
pub fn random_playouts(
    py: Python<'_>,
    games: i64,
    variant: &str,
    seed: u64,
    fen: Option<&str>,
) -> PyResult<PyPlayouts> {
    let v = parse_variant(variant)?;
    let start = fen
        .map(parse_position)
        .transpose()?
        .unwrap_or(Position::startpos());
    let games = u64::try_from(games).map_err(|_| {
        LimitError::new_err(format!("games takes a count of 0 or more, not {games}"))
    })?;
    Ok(py.detach(|| {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut totals = PyPlayouts {
            games,
            moves: 0,
            south_wins: 0,
            north_wins: 0,
            draws: 0,
        };
        for _ in 0..games {
            let mut game = Game::new(v, start);
            while !game.is_over() {
                let legal = game.position().legal_moves(v);
                let m = legal
                    .iter()
                    .nth(rng.random_range(0..legal.len()))
                    .expect("a game that goes on has a legal move");
                game.play(m).expect("a legal move plays");
            }
            totals.moves += game.moves().len() as u64;
            match game.status() {
                GameStatus::Over {
                    outcome: Outcome::Win(Side::South),
                    ..
                } => totals.south_wins += 1,
                GameStatus::Over {
                    outcome: Outcome::Win(Side::North),
                    ..
                } => totals.north_wins += 1,
                _ => totals.draws += 1,
            }
        }
        totals
    }))
}

//! One position analysed by a protocol engine: the `position` command
//! for a game, `go` with a depth or a move time, and the engine's final
//! score and move read back as a [`Verdict`].

use std::fmt;
use std::time::{Duration, Instant};

use songo_core::{Move, Position};

use crate::review::Verdict;
use crate::{BestMove, EngineProcess, Info, ProcessError};

/// The `position` command for a game from `start` with `moves` played:
/// `position startpos moves C d` or `position fen … moves …`.
pub fn position_command(start: &Position, moves: &[Move]) -> String {
    let mut command = if *start == Position::startpos() {
        "position startpos".to_string()
    } else {
        format!("position fen {start}")
    };
    if !moves.is_empty() {
        command.push_str(" moves");
        for m in moves {
            command.push(' ');
            command.push_str(&m.to_string());
        }
    }
    command
}

/// How long an analysis searches each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchLimit {
    /// `go depth N`: search N plies.
    Depth(u32),
    /// `go movetime T`: search for this long (sent in whole milliseconds).
    MoveTime(Duration),
}

impl SearchLimit {
    /// The `go` command.
    pub fn go(&self) -> String {
        match self {
            SearchLimit::Depth(d) => format!("go depth {d}"),
            SearchLimit::MoveTime(t) => format!("go movetime {}", t.as_millis()),
        }
    }

    /// How long to wait for `bestmove`: the move time plus `grace`, or
    /// `grace` alone for a depth (which has no time of its own).
    pub fn deadline(&self, grace: Duration) -> Instant {
        let own = match self {
            SearchLimit::Depth(_) => Duration::ZERO,
            SearchLimit::MoveTime(t) => *t,
        };
        Instant::now() + own + grace
    }
}

impl fmt::Display for SearchLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchLimit::Depth(d) => write!(f, "depth {d}"),
            SearchLimit::MoveTime(t) => write!(f, "{} ms a position", t.as_millis()),
        }
    }
}

/// Why an analysis gave no verdict.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// The engine exited, or sent no `bestmove` before the deadline.
    #[error(transparent)]
    Process(#[from] ProcessError),
    /// `bestmove` came without any scored `info` line before it.
    #[error("the engine answered '{line}' without a score")]
    NoScore {
        /// The `bestmove` line.
        line: String,
    },
}

/// Analyses the position after `moves` from `start`: the score of the
/// last exact first line (`multipv 1` or none) before `bestmove`, or of
/// the last scored line when none was exact, and the best move.
pub fn analyse(
    engine: &mut EngineProcess,
    start: &Position,
    moves: &[Move],
    limit: SearchLimit,
    grace: Duration,
) -> Result<Verdict, AnalysisError> {
    engine.send(&position_command(start, moves))?;
    engine.send(&limit.go())?;
    let deadline = limit.deadline(grace);
    let mut exact: Option<Info> = None;
    let mut any: Option<Info> = None;
    loop {
        let line = engine.recv_line(deadline)?;
        if let Some(best) = BestMove::parse(&line) {
            let info = exact.or(any).ok_or(AnalysisError::NoScore { line })?;
            let score = info.score.expect("only scored lines are kept");
            return Ok(Verdict {
                score,
                best: best.mv,
                pv: info.pv,
            });
        }
        let Some(info) = Info::parse(&line) else {
            continue;
        };
        if info.score.is_none() || info.multipv.is_some_and(|k| k != 1) {
            continue;
        }
        if info.bound == crate::info::Bound::Exact {
            exact = Some(info.clone());
        }
        any = Some(info);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_commands() {
        let start = Position::startpos();
        assert_eq!(position_command(&start, &[]), "position startpos");
        let moves: Vec<Move> = ["C", "d"].iter().map(|m| m.parse().unwrap()).collect();
        assert_eq!(
            position_command(&start, &moves),
            "position startpos moves C d"
        );
        let mut game = songo_core::Game::new(songo_core::Variant::Songo40, start);
        game.play(moves[0]).unwrap();
        let after = game.position();
        assert_eq!(
            position_command(&after, &moves[1..]),
            format!("position fen {after} moves d")
        );
    }

    #[test]
    fn limits() {
        assert_eq!(SearchLimit::Depth(8).go(), "go depth 8");
        assert_eq!(
            SearchLimit::MoveTime(Duration::from_millis(250)).go(),
            "go movetime 250"
        );
    }
}

//! One game between two engine processes, refereed by the rules core: the
//! runner keeps the clocks, checks every move, and ends the game by the
//! rules, by the ply limit, or against an engine that misbehaves.

use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use songo_client::{EngineProcess, EngineSpec, MoveLimit, ProcessError};
use songo_core::game::{Game, GameStatus};
use songo_core::movegen::{EndReason, Outcome};
use songo_core::moves::Move;
use songo_core::position::{Position, Side};
use songo_core::variant::Variant;

/// After a flag falls the engine still gets this long to answer `stop`;
/// answering tells a time loss from a stall.
const STOP_GRACE: Duration = Duration::from_secs(1);

/// Where a game starts: a position, then moves both engines are given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The position the game starts from.
    pub start: Position,
    /// Moves played from it before the engines think: both engines are
    /// given them, and they count as the opening's, not the engines'.
    pub moves: Vec<Move>,
}

/// How every game of a match is run.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// The rule variant of every game.
    pub variant: Variant,
    /// The game is stopped and counted (5.2) after this many plies.
    pub max_plies: usize,
    /// A move may overrun the clock by this much before it is a time loss.
    pub time_margin: Duration,
    /// Longest wait for any answer outside a clock: handshake, `readyok`,
    /// and moves under `depth`/`nodes` (added to `movetime`).
    pub stall_timeout: Duration,
    /// The program behind an engine spec without `cmd`.
    pub default_cmd: PathBuf,
}

/// How an engine lost a game by misbehaving.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It could not be started, or did not finish the handshake.
    Start(String),
    /// Its process ended during the game.
    Crash,
    /// It did not answer in time, not even to `stop`.
    Stall,
    /// It answered, but after its clock ran out.
    TimeLoss {
        /// How long after its clock ran out it answered.
        overrun: Duration,
    },
    /// `bestmove` named a move that is not legal here.
    Illegal(String),
    /// Its answer was not `bestmove <move>`.
    Malformed(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Start(e) => write!(f, "failed to start: {e}"),
            Fault::Crash => f.write_str("crashed"),
            Fault::Stall => f.write_str("stalled"),
            Fault::TimeLoss { overrun } => {
                write!(f, "lost on time (over by {} ms)", overrun.as_millis())
            }
            Fault::Illegal(m) => write!(f, "illegal move '{m}'"),
            Fault::Malformed(l) => write!(f, "malformed answer '{l}'"),
        }
    }
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules (5.1).
    Rules(EndReason),
    /// The ply limit was reached; the position is counted as if the game
    /// ended there (5.2).
    MaxPlies,
    /// `side` misbehaved and loses.
    Fault {
        /// The side that misbehaved.
        side: Side,
        /// What it did.
        fault: Fault,
    },
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Rules(r) => f.write_str(r.describe()),
            Ending::MaxPlies => f.write_str("ply limit reached"),
            Ending::Fault { side, fault } => write!(f, "{side} {fault}"),
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The whole game, opening moves included.
    pub game: Game,
    /// Who won, or a draw, whatever the way the game ended.
    pub outcome: Outcome,
    /// How it ended.
    pub ending: Ending,
    /// How many of the moves came from the opening.
    pub opening_plies: usize,
    /// The smallest clock left after a move, per side, when timed.
    pub min_clock: [Option<Duration>; 2],
}

/// Plays one game: `engines[0]` is South, `engines[1]` North, each with its
/// own time control.
pub fn play_game(
    engines: [&EngineSpec; 2],
    tcs: [MoveLimit; 2],
    opening: &Opening,
    settings: &GameSettings,
) -> GameReport {
    let v = settings.variant;
    let mut game = Game::with_moves(v, opening.start, opening.moves.iter().copied())
        .unwrap_or_else(|_| Game::new(v, opening.start));
    let opening_plies = game.moves().len();
    let mut report = GameReport {
        outcome: Outcome::Draw,
        ending: Ending::MaxPlies,
        opening_plies,
        min_clock: [None, None],
        game: game.clone(),
    };
    let faulted = |side: Side, fault: Fault| Ending::Fault { side, fault };

    let mut procs: Vec<EngineProcess> = Vec::with_capacity(2);
    for side in Side::BOTH {
        let spec = engines[side.index()];
        let started = EngineProcess::start(spec, &settings.default_cmd).and_then(|mut p| {
            p.prepare(spec, v, settings.stall_timeout)?;
            Ok(p)
        });
        match started {
            Ok(p) => procs.push(p),
            Err(e) => {
                let why = songo_cli::chain::Chain(&e).to_string();
                return finish(report, game, faulted(side, Fault::Start(why)));
            }
        }
    }

    let mut clocks = tcs.map(|tc| tc.base());
    loop {
        if let GameStatus::Over { reason, .. } = game.status() {
            return finish(report, game, Ending::Rules(reason));
        }
        if game.moves().len() - opening_plies >= settings.max_plies {
            return finish(report, game, Ending::MaxPlies);
        }
        let side = game.position().side_to_move();
        let i = side.index();
        let tc = tcs[i];
        let proc = &mut procs[i];
        let position = songo_client::position_command(&opening.start, game.moves());
        let sent = proc
            .send(&position)
            .and_then(|_| proc.send(&format!("go {}", tc.go_args(clocks))));
        if sent.is_err() {
            return finish(report, game, faulted(side, Fault::Crash));
        }
        let asked = Instant::now();
        let allowed = match tc {
            MoveLimit::Clock { .. } => clocks[i] + settings.time_margin,
            MoveLimit::MoveTime(t) => t + settings.stall_timeout,
            MoveLimit::Depth(_) | MoveLimit::Nodes(_) => settings.stall_timeout,
        };
        let is_bestmove = |l: &str| l.split_whitespace().next() == Some("bestmove");
        let answer = match proc.wait_for(asked + allowed, is_bestmove) {
            Ok(line) => line,
            Err(ProcessError::Timeout) => {
                // The flag fell or the wait ran out: a last chance to answer.
                let late = proc
                    .send("stop")
                    .and_then(|_| proc.wait_for(Instant::now() + STOP_GRACE, is_bestmove));
                let fault = match (late, tc) {
                    (Ok(_), MoveLimit::Clock { .. }) => Fault::TimeLoss {
                        overrun: asked.elapsed().saturating_sub(clocks[i]),
                    },
                    (Err(ProcessError::Exited), _) => Fault::Crash,
                    _ => Fault::Stall,
                };
                return finish(report, game, faulted(side, fault));
            }
            Err(_) => return finish(report, game, faulted(side, Fault::Crash)),
        };
        let used = asked.elapsed();
        if let MoveLimit::Clock { inc, .. } = tc {
            if used > clocks[i] + settings.time_margin {
                let overrun = used - clocks[i];
                return finish(report, game, faulted(side, Fault::TimeLoss { overrun }));
            }
            clocks[i] = clocks[i].saturating_sub(used);
            report.min_clock[i] = Some(report.min_clock[i].map_or(clocks[i], |m| m.min(clocks[i])));
            clocks[i] += inc;
        }
        let Some(text) = answer.split_whitespace().nth(1) else {
            return finish(report, game, faulted(side, Fault::Malformed(answer)));
        };
        let Ok(m) = Move::parse(text, side) else {
            return finish(report, game, faulted(side, Fault::Malformed(answer)));
        };
        if game.play(m).is_err() {
            return finish(
                report,
                game,
                faulted(side, Fault::Illegal(text.to_string())),
            );
        }
    }
}

fn finish(mut report: GameReport, game: Game, ending: Ending) -> GameReport {
    let v = game.variant();
    report.outcome = match &ending {
        Ending::Fault { side, .. } => Outcome::Win(side.opponent()),
        Ending::Rules(_) | Ending::MaxPlies => match game.status() {
            GameStatus::Over { outcome, .. } => outcome,
            GameStatus::Ongoing => game.position().outcome(v),
        },
    };
    report.ending = ending;
    report.game = game;
    report
}

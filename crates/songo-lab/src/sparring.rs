//! Sparring partners: small engines that speak the protocol, for measuring
//! the real engine (`random`, `greedy`, `plain`) and for testing the match
//! runner's referee (`illegal`, `garbage`, `crash`, `stall`, `slow`).
//!
//! They run through `songo sparring --kind K`, a hidden subcommand, so a
//! match needs no other program than `songo` itself.

use std::io::BufRead;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;

use songo_cli::input::Lines;
use songo_cli::output::Output;
use songo_core::game::Game;
use songo_core::moves::Move;
use songo_core::position::Position;
use songo_core::score::{game_end_score, MATE, MATE_BOUND, MAX_PLY};
use songo_core::variant::Variant;
use songo_engine::ENGINE_AUTHOR;
use songo_engine::{budget, Limits};
use songo_engine::{eval, Score};
use songo_protocol::command::{game_from, Command, Dialect, GoParams};

/// What a sparring partner does on `go`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A uniformly random legal move.
    Random,
    /// The move that captures most right now; ties broken at random.
    Greedy,
    /// Iterative-deepening alpha-beta with the material evaluation, moves in
    /// pit order, no table, no quiescence: the baseline a search is measured
    /// against at equal time.
    Plain,
    /// A move that is not legal (an opponent's pit).
    Illegal,
    /// A `bestmove` line that is not a move at all.
    Garbage,
    /// Exits without answering after `after` moves.
    Crash,
    /// Never answers `go`, and ignores `stop`.
    Stall,
    /// Answers only after its whole remaining time has passed.
    Slow,
}

impl Kind {
    /// Every kind, in the order of the module's documentation.
    pub const ALL: [Kind; 8] = [
        Kind::Random,
        Kind::Greedy,
        Kind::Plain,
        Kind::Illegal,
        Kind::Garbage,
        Kind::Crash,
        Kind::Stall,
        Kind::Slow,
    ];

    /// The name `--kind` takes.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Random => "random",
            Kind::Greedy => "greedy",
            Kind::Plain => "plain",
            Kind::Illegal => "illegal",
            Kind::Garbage => "garbage",
            Kind::Crash => "crash",
            Kind::Stall => "stall",
            Kind::Slow => "slow",
        }
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A sparring kind's name that is none of [`Kind::ALL`].
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
#[error("unknown sparring kind '{0}' (one of random, greedy, plain, illegal, garbage, crash, stall, slow)")]
pub struct ParseKindError(pub String);

impl FromStr for Kind {
    type Err = ParseKindError;

    fn from_str(s: &str) -> Result<Kind, ParseKindError> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseKindError(s.to_string()))
    }
}

/// A sparring partner's settings.
#[derive(Clone, Copy, Debug)]
pub struct Sparring {
    /// What it does on `go`.
    pub kind: Kind,
    /// Seed of the random choices.
    pub seed: u64,
    /// The faulty kinds play this many good (random) moves first.
    pub after: u32,
}

/// Node count between two looks at the clock in the plain search.
const CLOCK_CHECK_NODES: u64 = 1024;

/// Runs the protocol loop of a sparring partner until `quit` or end of input.
pub fn run(s: Sparring, input: impl BufRead, out: Output) {
    let mut rng = SmallRng::seed_from_u64(s.seed);
    let mut variant = Variant::Songo40;
    let mut game = Game::new(variant, Position::startpos());
    let mut moves_played = 0u32;
    let mut lines = Lines::new(input);
    while let Ok(Some(line)) = lines.next_line() {
        let command = match line.map(str::parse::<Command>) {
            Ok(Ok(c)) => c,
            Ok(Err(e)) => {
                out.error(&e);
                continue;
            }
            Err(e) => {
                out.error(&e);
                continue;
            }
        };
        match command {
            Command::Hello(d) => {
                out.line(&format!("id name songo-sparring-{}", s.kind));
                out.line(&format!("id author {ENGINE_AUTHOR}"));
                out.line(&format!(
                    "option name UCI_Variant type combo default {} {}",
                    Variant::Songo40,
                    Variant::ALL.map(|v| format!("var {v}")).join(" ")
                ));
                out.line(match d {
                    Dialect::Uci => "uciok",
                    Dialect::Ugi => "ugiok",
                });
            }
            Command::IsReady => out.line("readyok"),
            Command::SetOption { name, value } if name.eq_ignore_ascii_case("UCI_Variant") => {
                match value.as_deref().unwrap_or("").parse() {
                    Ok(v) => variant = v,
                    Err(e) => out.error(&format!("setoption: {e}")),
                }
            }
            Command::NewGame => game = Game::new(variant, Position::startpos()),
            Command::Position { start, moves } => match game_from(variant, &start, &moves) {
                Ok(g) => game = g,
                Err(e) => out.error(&format!("position: {e}")),
            },
            Command::Go(g) => {
                let faulty = !matches!(s.kind, Kind::Random | Kind::Greedy | Kind::Plain);
                let kind = if faulty && moves_played < s.after {
                    Kind::Random
                } else {
                    s.kind
                };
                moves_played += 1;
                match answer(kind, &game, &g, &mut rng) {
                    Answer::Move(Some(m)) => out.line(&format!("bestmove {m}")),
                    Answer::Move(None) => out.line("bestmove (none)"),
                    Answer::Text(t) => out.line(&t),
                    Answer::Exit => std::process::exit(3),
                    Answer::Nothing => {}
                }
            }
            Command::Quit => break,
            _ => {}
        }
    }
}

enum Answer {
    Move(Option<Move>),
    Text(String),
    Exit,
    Nothing,
}

fn answer(kind: Kind, game: &Game, g: &GoParams, rng: &mut SmallRng) -> Answer {
    let v = game.variant();
    let p = game.position();
    let legal: Vec<Move> = if game.is_over() {
        Vec::new()
    } else {
        p.legal_moves(v).into_iter().collect()
    };
    match kind {
        Kind::Random => Answer::Move(legal.choose(rng).copied()),
        Kind::Greedy => {
            let us = p.side_to_move();
            let gain = |m: &Move| p.make_move(v, *m).captured(us);
            let best = legal.iter().map(gain).max();
            let top: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| Some(gain(m)) == best)
                .collect();
            Answer::Move(top.choose(rng).copied())
        }
        Kind::Plain => Answer::Move(plain_search(&p, v, g)),
        Kind::Illegal => {
            let them = p.side_to_move().opponent();
            Answer::Move(Some(Move::from_pit_number(them, 1)))
        }
        Kind::Garbage => Answer::Text("bestmove z9".to_string()),
        Kind::Crash => Answer::Exit,
        Kind::Stall => Answer::Nothing,
        Kind::Slow => {
            let side = p.side_to_move().index();
            let wait = g.time[side].unwrap_or(Duration::from_secs(1)) + Duration::from_millis(200);
            std::thread::sleep(wait);
            Answer::Move(legal.first().copied())
        }
    }
}

/// Plain alpha-beta under the same limits the real engine gets.
fn plain_search(root: &Position, v: Variant, g: &GoParams) -> Option<Move> {
    let legal = root.legal_moves(v);
    let mut best = legal.iter().next()?;
    // Plain alpha-beta plays timed or fixed-size searches, never infinite ones.
    let limits = Limits {
        infinite: false,
        ponder: false,
        mate: None,
        ..g.limits()
    };
    let overhead = Duration::from_millis(songo_engine::options::MOVE_OVERHEAD_DEFAULT_MS);
    let deadline = budget(&limits, root.side_to_move(), overhead).map(|b| Instant::now() + b.hard);
    let mut plain = Plain {
        v,
        nodes: 0,
        node_limit: limits.nodes,
        deadline,
        aborted: false,
    };
    let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 1).max(1);
    for depth in 1..=max_depth {
        let mut alpha = -MATE - 1;
        let mut iteration_best = None;
        for m in legal {
            let score = -plain.negamax(&root.make_move(v, m), depth - 1, -MATE - 1, -alpha, 1);
            if plain.aborted {
                break;
            }
            if score > alpha {
                alpha = score;
                iteration_best = Some(m);
            }
        }
        if plain.aborted {
            break;
        }
        best = iteration_best.unwrap_or(best);
        if alpha.abs() >= MATE_BOUND {
            break; // the game's result is known
        }
    }
    Some(best)
}

struct Plain {
    v: Variant,
    nodes: u64,
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    aborted: bool,
}

impl Plain {
    fn negamax(
        &mut self,
        p: &Position,
        depth: u32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        self.nodes += 1;
        if self.node_limit.is_some_and(|n| self.nodes >= n)
            || (self.nodes.is_multiple_of(CLOCK_CHECK_NODES)
                && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let legal = p.legal_moves(self.v);
        if legal.is_empty() {
            return game_end_score(p, self.v, ply);
        }
        if depth == 0 || ply >= MAX_PLY - 1 {
            return eval::evaluate(p, self.v);
        }
        for m in legal {
            let score = -self.negamax(&p.make_move(self.v, m), depth - 1, -beta, -alpha, ply + 1);
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        alpha
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::position::Side;

    #[test]
    fn kinds_parse_by_name() {
        for k in Kind::ALL {
            assert_eq!(k.name().parse::<Kind>(), Ok(k));
        }
        assert!("nope".parse::<Kind>().is_err());
    }

    #[test]
    fn plain_search_returns_a_legal_move() {
        for v in Variant::ALL {
            let p = Position::startpos();
            let g = GoParams {
                depth: Some(3),
                ..GoParams::default()
            };
            let m = plain_search(&p, v, &g).expect("a move");
            assert!(p.legal_moves(v).contains(m));
        }
    }

    #[test]
    fn greedy_prefers_the_biggest_capture() {
        let game = Game::new(Variant::Songo40, Position::startpos());
        let mut rng = SmallRng::seed_from_u64(1);
        let Answer::Move(Some(m)) = answer(Kind::Greedy, &game, &GoParams::default(), &mut rng)
        else {
            panic!("greedy must move");
        };
        let p = game.position();
        let gain = |m: Move| p.make_move(Variant::Songo40, m).captured(Side::South);
        assert!(p
            .legal_moves(Variant::Songo40)
            .iter()
            .all(|o| gain(o) <= gain(m)));
    }
}

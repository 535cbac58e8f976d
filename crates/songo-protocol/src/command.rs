//! The text protocol's commands, parsed into types, and the typed values
//! they stand for (a game, search limits). Parsing only: running them is
//! the session's job, through the engine façade.

use std::fmt;
use std::time::Duration;

use songo_core::position::{ParsePositionError, Position};
use songo_core::{Game, Move, ParseMoveError, PlayError, Variant};
use songo_engine::{Clock, Limits};
use thiserror::Error;

/// The two greetings; they differ only in the final `uciok` / `ugiok`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// `uci`, answered with `uciok`.
    Uci,
    /// `ugi`, answered with `ugiok`.
    Ugi,
}

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartSpec {
    /// `startpos`: the variant's starting position.
    StartPos,
    /// `fen <position>`: the position written out.
    Fen(Position),
}

/// The parameters of `go`, still as the protocol gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `depth D`: at most D plies.
    pub depth: Option<u32>,
    /// `nodes N`: about N nodes.
    pub nodes: Option<u64>,
    /// `movetime MS`: the time to think on this move.
    pub movetime: Option<Duration>,
    /// `[south, north]`: `wtime`/`p1time` and `btime`/`p2time`, the time
    /// left on each clock (a negative time reads as zero).
    pub time: [Option<Duration>; 2],
    /// `[south, north]`: `winc`/`p1inc` and `binc`/`p2inc`, each side's
    /// increment per move.
    pub inc: [Option<Duration>; 2],
    /// `movestogo N`: moves until the next time control.
    pub movestogo: Option<u32>,
    /// `infinite`: search until `stop`, whatever the other limits.
    pub infinite: bool,
    /// `ponder`: think on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `mate N`: stop at a forced win in at most N moves.
    pub mate: Option<u32>,
    /// Move texts; checked against the position when the search starts.
    pub searchmoves: Vec<String>,
    /// `perft N`: not a search but a perft divide to depth N.
    pub perft: Option<u32>,
}

/// What a UGI `query` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `query gameover`: is the game over.
    GameOver,
    /// `query p1turn`: is South (player 1) to move.
    P1Turn,
    /// `query result`: who won, if anyone.
    Result,
}

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci` or `ugi`: the greeting that asks for the engine's id and
    /// options.
    Hello(Dialect),
    /// `isready`, answered `readyok`.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name, its words joined by single spaces.
        name: String,
        /// The value's words joined by single spaces; `None` without
        /// `value` (a button).
        value: Option<String>,
    },
    /// `ucinewgame` or `uginewgame`.
    NewGame,
    /// `position startpos|fen <position> [moves M…]`.
    Position {
        /// Where the game starts.
        start: StartSpec,
        /// The moves played from there, as texts; checked when the
        /// command runs ([`game_from`]).
        moves: Vec<String>,
    },
    /// `go …`: a search (or a perft).
    Go(GoParams),
    /// `stop`: end the search now.
    Stop,
    /// `ponderhit`: the pondered move was played.
    PonderHit,
    /// `quit`, whatever follows it on the line.
    Quit,
    /// `query …` (UGI).
    Query(Query),
    /// `d`: the board drawn, with the position's details.
    Display,
    /// `eval`: the static evaluation, term by term.
    Eval,
    /// `bench [D]`: the fixed benchmark.
    Bench {
        /// The depth of each search; `None`: the bench's own.
        depth: Option<u32>,
    },
    /// An empty line.
    Nothing,
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtocolError {
    /// The line's first word is no command.
    UnknownCommand(String),
    /// A keyword came without the value that must follow it.
    MissingValue {
        /// The command (`go`, `position`).
        command: &'static str,
        /// The keyword, or what was expected.
        what: String,
    },
    /// A value that must be a non-negative whole number (or, for times,
    /// a finite number of milliseconds) is not.
    BadNumber {
        /// The keyword it follows.
        key: String,
        /// The value as written.
        text: String,
    },
    /// A word the command does not take, or extra words after a command
    /// that takes none.
    UnknownToken {
        /// The command, or `command` for one without arguments.
        command: &'static str,
        /// The word (for `query`, all its words).
        token: String,
    },
    /// `position fen` with a position that does not parse.
    BadPosition(ParsePositionError),
    /// `setoption` without `name`, or with an empty name.
    MissingOptionName,
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::UnknownCommand(c) => write!(f, "unknown command '{c}'"),
            ProtocolError::MissingValue { command, what } => {
                write!(f, "{command}: '{what}' needs a value")
            }
            ProtocolError::BadNumber { key, text } => {
                write!(f, "'{key}' takes a non-negative whole number, not '{text}'")
            }
            ProtocolError::UnknownToken { command, token } => {
                write!(f, "{command}: unexpected '{token}'")
            }
            ProtocolError::BadPosition(e) => write!(f, "position: {e}"),
            ProtocolError::MissingOptionName => write!(f, "setoption: expected 'name <option>'"),
        }
    }
}

impl std::error::Error for ProtocolError {}

fn number<T: std::str::FromStr>(key: &str, text: Option<&str>) -> Result<T, ProtocolError> {
    let text = text.ok_or_else(|| ProtocolError::MissingValue {
        command: "go",
        what: key.to_string(),
    })?;
    text.parse().map_err(|_| ProtocolError::BadNumber {
        key: key.to_string(),
        text: text.to_string(),
    })
}

/// A time in milliseconds. Fractions are accepted (some GUIs send them),
/// and a negative clock (a GUI's overdrawn time) reads as zero.
fn millis(key: &str, text: Option<&str>) -> Result<Duration, ProtocolError> {
    let ms: f64 = number(key, text)?;
    if !ms.is_finite() {
        return Err(ProtocolError::BadNumber {
            key: key.to_string(),
            text: text.unwrap_or_default().to_string(),
        });
    }
    Ok(Duration::from_secs_f64(ms.clamp(0.0, 1e12) / 1000.0))
}

const GO_KEYWORDS: &[&str] = &[
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "movestogo",
    "infinite",
    "ponder",
    "mate",
    "searchmoves",
    "perft",
];

fn parse_go(tokens: &[&str]) -> Result<GoParams, ProtocolError> {
    let mut g = GoParams::default();
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i];
        let value = tokens.get(i + 1).copied();
        i += 2;
        match key {
            "depth" => g.depth = Some(number(key, value)?),
            "nodes" => g.nodes = Some(number(key, value)?),
            "movetime" => g.movetime = Some(millis(key, value)?),
            "wtime" | "p1time" => g.time[0] = Some(millis(key, value)?),
            "btime" | "p2time" => g.time[1] = Some(millis(key, value)?),
            "winc" | "p1inc" => g.inc[0] = Some(millis(key, value)?),
            "binc" | "p2inc" => g.inc[1] = Some(millis(key, value)?),
            "movestogo" => g.movestogo = Some(number(key, value)?),
            "mate" => g.mate = Some(number(key, value)?),
            "perft" => g.perft = Some(number(key, value)?),
            "infinite" => {
                g.infinite = true;
                i -= 1;
            }
            "ponder" => {
                g.ponder = true;
                i -= 1;
            }
            "searchmoves" => {
                i -= 1;
                while i < tokens.len() && !GO_KEYWORDS.contains(&tokens[i]) {
                    g.searchmoves.push(tokens[i].to_string());
                    i += 1;
                }
            }
            other => {
                return Err(ProtocolError::UnknownToken {
                    command: "go",
                    token: other.to_string(),
                })
            }
        }
    }
    Ok(g)
}

fn parse_position(tokens: &[&str]) -> Result<Command, ProtocolError> {
    let missing = || ProtocolError::MissingValue {
        command: "position",
        what: "startpos or fen".to_string(),
    };
    let (start, rest) = match tokens.first() {
        Some(&"startpos") => (StartSpec::StartPos, &tokens[1..]),
        Some(&"fen") => {
            let end = tokens
                .iter()
                .position(|t| *t == "moves")
                .unwrap_or(tokens.len());
            let text = tokens[1..end].join(" ");
            let p = text.parse().map_err(ProtocolError::BadPosition)?;
            (StartSpec::Fen(p), &tokens[end..])
        }
        Some(other) => {
            return Err(ProtocolError::UnknownToken {
                command: "position",
                token: other.to_string(),
            })
        }
        None => return Err(missing()),
    };
    let moves = match rest.first() {
        None => Vec::new(),
        Some(&"moves") => rest[1..].iter().map(|m| m.to_string()).collect(),
        Some(other) => {
            return Err(ProtocolError::UnknownToken {
                command: "position",
                token: other.to_string(),
            })
        }
    };
    Ok(Command::Position { start, moves })
}

fn parse_setoption(tokens: &[&str]) -> Result<Command, ProtocolError> {
    if tokens.first() != Some(&"name") {
        return Err(ProtocolError::MissingOptionName);
    }
    let rest = &tokens[1..];
    let split = rest.iter().position(|t| *t == "value");
    let (name, value) = match split {
        Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
        None => (rest.join(" "), None),
    };
    if name.is_empty() {
        return Err(ProtocolError::MissingOptionName);
    }
    Ok(Command::SetOption { name, value })
}

impl std::str::FromStr for Command {
    type Err = ProtocolError;

    fn from_str(line: &str) -> Result<Command, ProtocolError> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&head, args)) = tokens.split_first() else {
            return Ok(Command::Nothing);
        };
        let no_args = |c: Command| {
            if let Some(t) = args.first() {
                Err(ProtocolError::UnknownToken {
                    command: "command",
                    token: t.to_string(),
                })
            } else {
                Ok(c)
            }
        };
        match head {
            "uci" => no_args(Command::Hello(Dialect::Uci)),
            "ugi" => no_args(Command::Hello(Dialect::Ugi)),
            "isready" => no_args(Command::IsReady),
            "ucinewgame" | "uginewgame" => no_args(Command::NewGame),
            "setoption" => parse_setoption(args),
            "position" => parse_position(args),
            "go" => parse_go(args).map(Command::Go),
            "stop" => no_args(Command::Stop),
            "ponderhit" => no_args(Command::PonderHit),
            "quit" => Ok(Command::Quit),
            "query" => match args {
                ["gameover"] => Ok(Command::Query(Query::GameOver)),
                ["p1turn"] => Ok(Command::Query(Query::P1Turn)),
                ["result"] => Ok(Command::Query(Query::Result)),
                _ => Err(ProtocolError::UnknownToken {
                    command: "query",
                    token: args.join(" "),
                }),
            },
            "d" => no_args(Command::Display),
            "eval" => no_args(Command::Eval),
            "bench" => match args {
                [] => Ok(Command::Bench { depth: None }),
                [d] => Ok(Command::Bench {
                    depth: Some(number("bench", Some(d))?),
                }),
                _ => Err(ProtocolError::UnknownToken {
                    command: "bench",
                    token: args[1].to_string(),
                }),
            },
            other => Err(ProtocolError::UnknownCommand(other.to_string())),
        }
    }
}

impl GoParams {
    /// The limits these parameters give, all but `searchmoves` (which need
    /// the position: see [`searchmoves`]).
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime,
            clock: Clock {
                time: self.time,
                inc: self.inc.map(|i| i.unwrap_or(Duration::ZERO)),
                moves_to_go: self.movestogo,
            },
            infinite: self.infinite,
            ponder: self.ponder,
            mate: self.mate,
            searchmoves: Vec::new(),
        }
    }
}

/// `go searchmoves`: the legal moves among `texts`, and the texts that are
/// not legal moves of `game`'s position.
pub fn searchmoves<'a>(game: &Game, texts: &'a [String]) -> (Vec<Move>, Vec<&'a str>) {
    let root = game.position();
    let legal = root.legal_moves(game.variant());
    let mut moves = Vec::new();
    let mut refused = Vec::new();
    for text in texts {
        match Move::parse(text, root.side_to_move()) {
            Ok(m) if legal.contains(m) => moves.push(m),
            _ => refused.push(text.as_str()),
        }
    }
    (moves, refused)
}

/// Why a move of a `position` command was refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MoveTextError {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move is not legal in the position it is played in.
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// Why a `position` command was refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("move {} '{text}': {error}", index + 1)]
pub struct PositionError {
    /// The move's place in the list, from 0 (the message counts from 1).
    pub index: usize,
    /// The move as written.
    pub text: String,
    /// What is wrong with it.
    pub error: MoveTextError,
}

/// The game a `position` command describes, or the first move that is wrong.
pub fn game_from(
    variant: Variant,
    start: &StartSpec,
    moves: &[String],
) -> Result<Game, PositionError> {
    let start = match start {
        StartSpec::StartPos => Position::startpos(),
        StartSpec::Fen(p) => *p,
    };
    let mut game = Game::new(variant, start);
    for (index, text) in moves.iter().enumerate() {
        let side = game.position().side_to_move();
        Move::parse(text, side)
            .map_err(MoveTextError::from)
            .and_then(|m| game.play(m).map_err(MoveTextError::from))
            .map_err(|error| PositionError {
                index,
                text: text.clone(),
                error,
            })?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Command, ProtocolError> {
        s.parse()
    }

    #[test]
    fn go_parameters() {
        let Command::Go(g) =
            parse("go wtime 1000 btime -5 winc 10.7 movestogo 3 searchmoves A B depth 4").unwrap()
        else {
            panic!()
        };
        assert_eq!(g.time, [Some(Duration::from_secs(1)), Some(Duration::ZERO)]);
        assert_eq!(g.inc[0], Some(Duration::from_micros(10_700)));
        assert!(parse("go wtime NaN").is_err());
        assert!(parse("go wtime inf").is_err());
        assert_eq!(g.movestogo, Some(3));
        assert_eq!(g.searchmoves, ["A", "B"]);
        assert_eq!(g.depth, Some(4));
        assert!(parse("go depth x").is_err());
        assert!(parse("go depth").is_err());
        assert!(parse("go fast").is_err());
        let Command::Go(g) = parse("go p1time 5 p2time 6 p1inc 1 p2inc 2 infinite").unwrap() else {
            panic!()
        };
        assert_eq!(g.time[1], Some(Duration::from_millis(6)));
        assert!(g.infinite);
    }

    #[test]
    fn position_and_options() {
        assert_eq!(
            parse("position startpos moves A b").unwrap(),
            Command::Position {
                start: StartSpec::StartPos,
                moves: vec!["A".into(), "b".into()]
            }
        );
        assert!(matches!(
            parse("position fen 5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg moves A"),
            Ok(Command::Position {
                start: StartSpec::Fen(_),
                ..
            })
        ));
        assert!(matches!(
            parse("position fen 5,5 s 0 0 Gg"),
            Err(ProtocolError::BadPosition(_))
        ));
        assert_eq!(
            parse("setoption name Move Overhead value 30").unwrap(),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }
        );
        assert!(parse("setoption value 3").is_err());
        assert_eq!(parse("   ").unwrap(), Command::Nothing);
        assert!(matches!(
            parse("xyzzy"),
            Err(ProtocolError::UnknownCommand(_))
        ));
    }
}

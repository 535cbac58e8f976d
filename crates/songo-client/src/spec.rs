//! Engines and time controls as command lines give them: an engine
//! description (how to start an engine and set it up) and a time control
//! (what `go` says).

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// How long an engine may think on each move: a match's `--tc` (a clock,
/// a time, a depth or a node count). A game's clocks in the GUI are
/// songo-room's `TimeControl`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveLimit {
    /// A clock of `base` for the whole game plus `inc` after each move,
    /// kept by the runner.
    Clock {
        /// Time on each clock at the start.
        base: Duration,
        /// Time added to the mover's clock after each move.
        inc: Duration,
    },
    /// A fixed time per move.
    MoveTime(Duration),
    /// A fixed search depth per move.
    Depth(u32),
    /// A fixed node count per move.
    Nodes(u64),
}

impl MoveLimit {
    /// The `go` parameters for a move, given both clocks `[south, north]`.
    pub fn go_args(&self, clocks: [Duration; 2]) -> String {
        match *self {
            MoveLimit::Clock { inc, .. } => format!(
                "wtime {} btime {} winc {} binc {}",
                clocks[0].as_millis(),
                clocks[1].as_millis(),
                inc.as_millis(),
                inc.as_millis()
            ),
            MoveLimit::MoveTime(t) => format!("movetime {}", t.as_millis()),
            MoveLimit::Depth(d) => format!("depth {d}"),
            MoveLimit::Nodes(n) => format!("nodes {n}"),
        }
    }

    /// The clock at the start of a game (unused without a clock).
    pub fn base(&self) -> Duration {
        match *self {
            MoveLimit::Clock { base, .. } => base,
            _ => Duration::ZERO,
        }
    }

    /// Half the thinking time (or one ply less, or half the nodes): the
    /// handicap for "the engine against itself with half the time".
    pub fn halved(&self) -> MoveLimit {
        match *self {
            MoveLimit::Clock { base, inc } => MoveLimit::Clock {
                base: base / 2,
                inc: inc / 2,
            },
            MoveLimit::MoveTime(t) => MoveLimit::MoveTime(t / 2),
            MoveLimit::Depth(d) => MoveLimit::Depth(d.saturating_sub(1).max(1)),
            MoveLimit::Nodes(n) => MoveLimit::Nodes((n / 2).max(1)),
        }
    }
}

fn seconds_text(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.to_string()
}

impl fmt::Display for MoveLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveLimit::Clock { base, inc } => {
                write!(f, "{}+{}", seconds_text(base), seconds_text(inc))
            }
            MoveLimit::MoveTime(t) => write!(f, "movetime={}", t.as_millis()),
            MoveLimit::Depth(d) => write!(f, "depth={d}"),
            MoveLimit::Nodes(n) => write!(f, "nodes={n}"),
        }
    }
}

/// What is wrong with a time control or an engine description.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// Not a number of seconds (the clock's base or increment).
    #[error(
        "'{text}' is not a number of seconds (time controls: SECONDS+INC, movetime=MS, depth=D, nodes=N)"
    )]
    Seconds {
        /// The base or the increment as given.
        text: String,
    },
    /// `key=` wants a whole number.
    #[error("{key}: '{text}' is not a whole number")]
    WholeNumber {
        /// `movetime`, `depth` or `nodes`.
        key: &'static str,
        /// The value as given.
        text: String,
    },
    /// `key=0`: no thinking at all.
    #[error("{key} must be at least 1")]
    Zero {
        /// `movetime`, `depth` or `nodes`.
        key: &'static str,
    },
    /// A clock with no time on it.
    #[error("time control '{text}' gives no time")]
    NoTime {
        /// The time control as given.
        text: String,
    },
    /// None of `SECONDS+INC`, `movetime=`, `depth=`, `nodes=`.
    #[error("unknown time control '{key}' (SECONDS+INC, movetime=MS, depth=D or nodes=N)")]
    UnknownTimeControl {
        /// The key before `=`, in lower case.
        key: String,
    },
    /// A double quote without its partner.
    #[error("unbalanced quote in '{text}'")]
    UnbalancedQuote {
        /// The whole text split.
        text: String,
    },
    /// An engine description's word without `=`.
    #[error(
        "engine: '{token}' is not KEY=VALUE (keys: name, cmd, arg, option.NAME, tc, movetime, depth, nodes)"
    )]
    NotKeyValue {
        /// The word as given.
        token: String,
    },
    /// An engine description's key that means nothing.
    #[error("engine: unknown key '{key}' (keys: name, cmd, arg, option.NAME, tc, movetime, depth, nodes)")]
    UnknownKey {
        /// The key before `=`.
        key: String,
    },
    /// An engine's own time control is wrong.
    #[error("engine: {0}")]
    EngineTimeControl(Box<SpecError>),
    /// `NAME=COMMAND` without a name or without a command.
    #[error("engine: '{text}' is not NAME=COMMAND (for example \"mine=/usr/bin/myengine --uci\")")]
    NamedCommand {
        /// The text as given.
        text: String,
    },
}

fn seconds(text: &str) -> Result<Duration, SpecError> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| SpecError::Seconds { text: text.into() })
}

fn whole<T: FromStr>(key: &'static str, text: &str) -> Result<T, SpecError> {
    text.trim().parse().map_err(|_| SpecError::WholeNumber {
        key,
        text: text.into(),
    })
}

impl FromStr for MoveLimit {
    type Err = SpecError;

    /// `SECONDS+INCREMENT` (or `tc=…`), `movetime=MS`, `depth=D`, `nodes=N`.
    fn from_str(s: &str) -> Result<MoveLimit, SpecError> {
        let s = s.trim();
        let (key, value) = s.split_once('=').unwrap_or(("tc", s));
        match key.trim().to_ascii_lowercase().as_str() {
            "tc" => {
                let (base, inc) = value.split_once('+').unwrap_or((value, "0"));
                let tc = MoveLimit::Clock {
                    base: seconds(base)?,
                    inc: seconds(inc)?,
                };
                if tc.base().is_zero() {
                    return Err(SpecError::NoTime { text: s.into() });
                }
                Ok(tc)
            }
            "movetime" => {
                let ms: u64 = whole("movetime", value)?;
                if ms == 0 {
                    return Err(SpecError::Zero { key: "movetime" });
                }
                Ok(MoveLimit::MoveTime(Duration::from_millis(ms)))
            }
            "depth" => match whole("depth", value)? {
                0 => Err(SpecError::Zero { key: "depth" }),
                d => Ok(MoveLimit::Depth(d)),
            },
            "nodes" => match whole("nodes", value)? {
                0 => Err(SpecError::Zero { key: "nodes" }),
                n => Ok(MoveLimit::Nodes(n)),
            },
            other => Err(SpecError::UnknownTimeControl { key: other.into() }),
        }
    }
}

/// One engine of a match: how to start it and how to set it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The engine's name in results and reports; when a description gives
    /// none, the program's file name (`songo` for this program, or a
    /// sparring partner's kind).
    pub name: String,
    /// The program; `None` means this `songo` executable.
    pub cmd: Option<PathBuf>,
    /// Arguments given to the program, in order.
    pub args: Vec<String>,
    /// `setoption` pairs, sent in order after the handshake.
    pub options: Vec<(String, String)>,
    /// This engine's own time control, overriding the match's.
    pub tc: Option<MoveLimit>,
}

impl EngineSpec {
    /// songo itself at its defaults, named `songo`: the engine of `songo
    /// gui`, `songo review` and the page when none is named (the program
    /// is the front end's own: `cmd` is `None`).
    pub fn this_program() -> EngineSpec {
        EngineSpec {
            name: "songo".into(),
            cmd: None,
            args: Vec::new(),
            options: Vec::new(),
            tc: None,
        }
    }
}

/// Splits on whitespace, keeping double-quoted runs together (the quotes
/// themselves are dropped): `a "b c" d` is `a`, `b c`, `d`.
pub fn split_words(s: &str) -> Result<Vec<String>, SpecError> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in s.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            c if c.is_whitespace() && !quoted => {
                if started {
                    out.push(std::mem::take(&mut current));
                    started = false;
                }
            }
            c => {
                current.push(c);
                started = true;
            }
        }
    }
    if quoted {
        return Err(SpecError::UnbalancedQuote { text: s.into() });
    }
    if started {
        out.push(current);
    }
    Ok(out)
}

impl FromStr for EngineSpec {
    type Err = SpecError;

    /// `name=N cmd=PROGRAM arg=A … option.NAME=VALUE … [tc=…|movetime=…|depth=…|nodes=…]`,
    /// space-separated; double quotes group, e.g. `"option.Move Overhead=20"`.
    fn from_str(s: &str) -> Result<EngineSpec, SpecError> {
        let mut spec = EngineSpec {
            name: String::new(),
            cmd: None,
            args: Vec::new(),
            options: Vec::new(),
            tc: None,
        };
        for token in split_words(s)? {
            let Some((key, value)) = token.split_once('=') else {
                return Err(SpecError::NotKeyValue { token });
            };
            match key {
                "name" => spec.name = value.to_string(),
                "cmd" => spec.cmd = Some(PathBuf::from(value)),
                "arg" => spec.args.push(value.to_string()),
                "tc" | "movetime" | "depth" | "nodes" => {
                    let tc = token
                        .parse()
                        .map_err(|e| SpecError::EngineTimeControl(Box::new(e)))?;
                    spec.tc = Some(tc);
                }
                _ => match key.strip_prefix("option.") {
                    Some(name) if !name.is_empty() => {
                        spec.options.push((name.to_string(), value.to_string()))
                    }
                    _ => return Err(SpecError::UnknownKey { key: key.into() }),
                },
            }
        }
        if spec.name.is_empty() {
            spec.name = match &spec.cmd {
                Some(cmd) => cmd
                    .file_name()
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_else(|| "engine".into()),
                None => "songo".into(),
            };
            if let Some(i) = spec.args.iter().position(|a| a == "sparring") {
                // A sparring partner is named by its kind.
                let kind = spec.args[i + 1..]
                    .iter()
                    .find_map(|a| a.strip_prefix("--kind="))
                    .unwrap_or("sparring");
                spec.name = kind.to_string();
            }
        }
        Ok(spec)
    }
}

impl EngineSpec {
    /// An engine given as `NAME=COMMAND`, the command a program and its
    /// arguments split as [`split_words`] does:
    /// `crash=/usr/bin/songo sparring --kind crash`.
    pub fn from_named_command(text: &str) -> Result<EngineSpec, SpecError> {
        let bad = || SpecError::NamedCommand { text: text.into() };
        let (name, command) = text.split_once('=').ok_or_else(bad)?;
        let mut words = split_words(command)?.into_iter();
        let name = name.trim();
        let program = words.next().filter(|p| !p.is_empty()).ok_or_else(bad)?;
        if name.is_empty() {
            return Err(bad());
        }
        Ok(EngineSpec {
            name: name.to_string(),
            cmd: Some(PathBuf::from(program)),
            args: words.collect(),
            options: Vec::new(),
            tc: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse_and_print() {
        let ms = Duration::from_millis;
        for (text, tc, shown) in [
            (
                "1+0.01",
                MoveLimit::Clock {
                    base: ms(1000),
                    inc: ms(10),
                },
                "1+0.01",
            ),
            (
                "tc=10",
                MoveLimit::Clock {
                    base: ms(10_000),
                    inc: ms(0),
                },
                "10+0",
            ),
            ("movetime=100", MoveLimit::MoveTime(ms(100)), "movetime=100"),
            ("depth=8", MoveLimit::Depth(8), "depth=8"),
            ("nodes=5000", MoveLimit::Nodes(5000), "nodes=5000"),
        ] {
            assert_eq!(text.parse::<MoveLimit>(), Ok(tc), "{text}");
            assert_eq!(tc.to_string(), shown);
            assert_eq!(shown.parse::<MoveLimit>(), Ok(tc));
        }
        for bad in [
            "",
            "x",
            "0",
            "1+x",
            "-1+0",
            "depth=0",
            "nodes=-3",
            "movetime=0",
            "speed=3",
        ] {
            assert!(bad.parse::<MoveLimit>().is_err(), "{bad}");
        }
    }

    #[test]
    fn go_arguments_follow_the_clocks() {
        let tc: MoveLimit = "2+0.5".parse().unwrap();
        let clocks = [Duration::from_millis(1500), Duration::from_millis(900)];
        assert_eq!(tc.go_args(clocks), "wtime 1500 btime 900 winc 500 binc 500");
        assert_eq!(MoveLimit::Depth(5).go_args(clocks), "depth 5");
        assert_eq!(tc.halved().to_string(), "1+0.25");
    }

    #[test]
    fn engine_specs_parse() {
        let e: EngineSpec =
            r#"name=dev cmd=/bin/songo arg=-x "option.Move Overhead=20" option.Hash=64 tc=2+0.02"#
                .parse()
                .unwrap();
        assert_eq!(e.name, "dev");
        assert_eq!(e.cmd, Some(PathBuf::from("/bin/songo")));
        assert_eq!(e.args, vec!["-x"]);
        assert_eq!(
            e.options,
            vec![
                ("Move Overhead".to_string(), "20".to_string()),
                ("Hash".to_string(), "64".to_string())
            ]
        );
        assert_eq!(e.tc, Some("2+0.02".parse().unwrap()));
        let s: EngineSpec = "arg=sparring arg=--kind=greedy".parse().unwrap();
        assert_eq!((s.name.as_str(), s.cmd.as_ref()), ("greedy", None));
        assert_eq!("".parse::<EngineSpec>().unwrap().name, "songo");
        for bad in ["name", "colour=red", "option.=3", "\"name=x", "depth=zero"] {
            assert!(bad.parse::<EngineSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn named_commands_parse() {
        let e =
            EngineSpec::from_named_command(r#"crash=/bin/songo sparring "--kind" crash"#).unwrap();
        assert_eq!(e.name, "crash");
        assert_eq!(e.cmd, Some(PathBuf::from("/bin/songo")));
        assert_eq!(e.args, vec!["sparring", "--kind", "crash"]);
        let e = EngineSpec::from_named_command(r#"two words="/opt/my engine/run""#).unwrap();
        assert_eq!((e.name.as_str(), e.args.len()), ("two words", 0));
        assert_eq!(e.cmd, Some(PathBuf::from("/opt/my engine/run")));
        for bad in ["songo", "=songo", "name=", "name=  ", "x=\"a"] {
            assert!(EngineSpec::from_named_command(bad).is_err(), "{bad}");
        }
        assert_eq!(
            split_words(r#" a "b c"  d"#).unwrap(),
            vec!["a".to_string(), "b c".into(), "d".into()]
        );
    }
}

//! The state file of `songo tune search`: the run's settings, the pairs
//! played and the values reached, as text, rewritten whole after every
//! batch. Running the same command again reads it and goes on; a file made
//! with other settings is refused, naming the setting.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// First line of a state file.
const MAGIC: &str = "songo-spsa 1";

/// What a run is: the file refuses to be continued with anything else.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// `--variant`, as its name.
    pub variant: String,
    /// `--nodes`: search nodes per move.
    pub nodes: u64,
    /// `--random-plies`: random plies that open each pair's games.
    pub random_plies: u16,
    /// `--balance`: the opening balance bound in centiseeds (0: none).
    pub balance: u16,
    /// `--eval`, as its name.
    pub eval: String,
    /// `--seed`.
    pub seed: u64,
    /// `--pairs`: game pairs in the whole run.
    pub pairs: u64,
    /// `--batch`: pairs played with one perturbation.
    pub batch: u64,
    /// `--r-end`: the learning rate at the end of the run.
    pub r_end: f64,
    /// The tunables' names, in the order of `State::theta`.
    pub params: Vec<String>,
}

/// A run's settings and where it got to.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The run the file belongs to.
    pub settings: Settings,
    /// Game pairs played (a whole number of batches, or all the pairs).
    pub done: u64,
    /// The values reached, one per tunable.
    pub theta: Vec<f64>,
}

/// Why a state file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    /// The state file exists but could not be read.
    #[error("cannot read the state file {}", path.display())]
    Read {
        /// The state file.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
    /// The state file (or its temporary file) could not be written or renamed into place.
    #[error("cannot write the state file {}", path.display())]
    Write {
        /// The state file.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
    /// A line of the state file does not parse.
    #[error("{} is not a songo tune search state file: line {line}: {problem}", path.display())]
    Parse {
        /// The state file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        problem: String,
    },
    /// The state file was made with other settings than the command's.
    #[error(
        "{} was made with {key} {found}, not {wanted}: run the command that made it, or use another --state",
        path.display()
    )]
    Mismatch {
        /// The state file.
        path: PathBuf,
        /// The first setting that differs, as the file names it.
        key: &'static str,
        /// Its value in the file.
        found: String,
        /// Its value on the command line.
        wanted: String,
    },
}

/// A line of the file that does not parse.
#[derive(Debug)]
pub struct ParseError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub problem: String,
}

impl State {
    /// The state in `path`, `None` when there is no file.
    pub fn load(path: &Path) -> Result<Option<State>, StateError> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(StateError::Read {
                    path: path.to_path_buf(),
                    source,
                })
            }
        };
        text.parse()
            .map(Some)
            .map_err(|e: ParseError| StateError::Parse {
                path: path.to_path_buf(),
                line: e.line,
                problem: e.problem,
            })
    }

    /// Writes the state to `path` through a file beside it renamed over it,
    /// so that an interrupted write leaves the previous state whole.
    pub fn save(&self, path: &Path) -> Result<(), StateError> {
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        std::fs::write(&tmp, self.to_string())
            .and_then(|()| std::fs::rename(&tmp, path))
            .map_err(|source| StateError::Write {
                path: path.to_path_buf(),
                source,
            })
    }
}

impl Settings {
    /// The first setting in which `self` (the file's) differs from `wanted`.
    pub fn check(&self, wanted: &Settings, path: &Path) -> Result<(), StateError> {
        let pairs = |s: &Settings| -> Vec<(&'static str, String)> {
            vec![
                ("variant", s.variant.clone()),
                ("nodes", s.nodes.to_string()),
                ("random-plies", s.random_plies.to_string()),
                ("balance", s.balance.to_string()),
                ("eval", s.eval.clone()),
                ("seed", s.seed.to_string()),
                ("pairs", s.pairs.to_string()),
                ("batch", s.batch.to_string()),
                ("r-end", s.r_end.to_string()),
                ("params", s.params.join(" ")),
            ]
        };
        for ((key, found), (_, want)) in pairs(self).into_iter().zip(pairs(wanted)) {
            if found != want {
                return Err(StateError::Mismatch {
                    path: path.to_path_buf(),
                    key,
                    found,
                    wanted: want,
                });
            }
        }
        Ok(())
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.settings;
        writeln!(f, "{MAGIC}")?;
        writeln!(
            f,
            "# songo tune search: run the same command again to continue"
        )?;
        writeln!(f, "variant {}", s.variant)?;
        writeln!(f, "nodes {}", s.nodes)?;
        writeln!(f, "random-plies {}", s.random_plies)?;
        writeln!(f, "balance {}", s.balance)?;
        writeln!(f, "eval {}", s.eval)?;
        writeln!(f, "seed {}", s.seed)?;
        writeln!(f, "pairs {}", s.pairs)?;
        writeln!(f, "batch {}", s.batch)?;
        writeln!(f, "r-end {}", s.r_end)?;
        writeln!(f, "done {}", self.done)?;
        for (name, x) in s.params.iter().zip(&self.theta) {
            // `{}` of an f64 reads back as the same number.
            writeln!(f, "theta {name} {x}")?;
        }
        Ok(())
    }
}

impl FromStr for State {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<State, ParseError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        match lines.next() {
            Some((_, MAGIC)) => {}
            _ => {
                return Err(ParseError {
                    line: 1,
                    problem: format!("the first line is not {MAGIC:?}"),
                })
            }
        }
        let mut fields: Vec<(usize, &str, &str)> = Vec::new();
        let mut params = Vec::new();
        let mut theta = Vec::new();
        for (n, line) in lines.filter(|(_, l)| !l.is_empty() && !l.starts_with('#')) {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            if key == "theta" {
                let bad = || ParseError {
                    line: n,
                    problem: format!("expected 'theta NAME VALUE', found {line:?}"),
                };
                let (name, value) = rest.trim().split_once(' ').ok_or_else(bad)?;
                let value: f64 = value.trim().parse().map_err(|_| bad())?;
                if !value.is_finite() {
                    return Err(bad());
                }
                params.push(name.to_string());
                theta.push(value);
            } else {
                fields.push((n, key, rest.trim()));
            }
        }
        let get = |key: &'static str| -> Result<(usize, &str), ParseError> {
            fields
                .iter()
                .find(|(_, k, _)| *k == key)
                .map(|&(n, _, v)| (n, v))
                .ok_or(ParseError {
                    line: text.lines().count(),
                    problem: format!("no {key:?} line"),
                })
        };
        fn num<T: FromStr>(at: (usize, &str), key: &str) -> Result<T, ParseError> {
            at.1.parse().map_err(|_| ParseError {
                line: at.0,
                problem: format!("{key} {:?} is not a number", at.1),
            })
        }
        let settings = Settings {
            variant: get("variant")?.1.to_string(),
            nodes: num(get("nodes")?, "nodes")?,
            random_plies: num(get("random-plies")?, "random-plies")?,
            balance: num(get("balance")?, "balance")?,
            eval: get("eval")?.1.to_string(),
            seed: num(get("seed")?, "seed")?,
            pairs: num(get("pairs")?, "pairs")?,
            batch: num(get("batch")?, "batch")?,
            r_end: num(get("r-end")?, "r-end")?,
            params,
        };
        Ok(State {
            settings,
            done: num(get("done")?, "done")?,
            theta,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> State {
        State {
            settings: Settings {
                variant: "songo40".into(),
                nodes: 4000,
                random_plies: 8,
                balance: 0,
                eval: "nn".into(),
                seed: 7,
                pairs: 1000,
                batch: 8,
                r_end: 0.002,
                params: vec!["rfp_margin".into(), "lmr_min_depth".into()],
            },
            done: 64,
            theta: vec![101.23456789012345, 2.9999999999999996],
        }
    }

    #[test]
    fn a_state_reads_back_exactly() {
        let s = state();
        assert_eq!(s.to_string().parse::<State>().unwrap(), s);
    }

    #[test]
    fn a_broken_file_is_refused_with_its_line() {
        let text = state().to_string().replace("nodes 4000", "nodes many");
        let e = text.parse::<State>().unwrap_err();
        assert_eq!(e.line, 4);
        assert!("garbage".parse::<State>().is_err());
        let text = state().to_string().replace("done 64\n", "");
        assert!(text.parse::<State>().unwrap_err().problem.contains("done"));
    }

    #[test]
    fn other_settings_are_named() {
        let a = state().settings;
        let mut b = a.clone();
        b.seed = 8;
        let e = a.check(&b, Path::new("x.spsa")).unwrap_err();
        assert!(matches!(e, StateError::Mismatch { key: "seed", .. }), "{e}");
        assert!(a.check(&a.clone(), Path::new("x.spsa")).is_ok());
    }
}

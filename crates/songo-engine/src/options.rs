//! The engine's options, declared once: the table that a front end lists
//! (`uci` / `ugi` print it) is the table that [`Setting::parse`] checks a
//! `setoption` against, so the two cannot drift apart.

use std::path::PathBuf;
use std::time::Duration;

use songo_core::Variant;
use thiserror::Error;

use crate::book::{BOOK_VARIETY_DEFAULT, BOOK_VARIETY_MAX};
use crate::eval::EvalKind;
use crate::nn::NetError;
use crate::search::{ParamError, SearchParams};
use crate::skill::SkillLevel;
use crate::tt::AllocError;
use songo_book::ReadBookError;
use songo_tb::TbError;

/// `Hash`: the default fits any machine and a blitz game; the maximum is
/// what the table's index arithmetic allows, not what a machine has.
pub const HASH_DEFAULT_MB: usize = 16;
/// `Hash`'s largest size, in MB.
pub const HASH_MAX_MB: usize = 1 << 20;
/// `Threads`: beyond the cores, threads take turns (see `turns`); one
/// only without the `threads` feature.
#[cfg(feature = "threads")]
pub const THREADS_MAX: usize = 1024;
/// `Threads`: one only, without the `threads` feature.
#[cfg(not(feature = "threads"))]
pub const THREADS_MAX: usize = 1;
/// `MultiPV`: a position has at most seven legal moves.
pub const MULTIPV_MAX: usize = 7;
/// `Move Overhead`: time kept back per move for the pipe and the GUI.
pub const MOVE_OVERHEAD_DEFAULT_MS: u64 = 10;
/// `Move Overhead`'s largest value, in milliseconds.
pub const MOVE_OVERHEAD_MAX_MS: u64 = 10_000;

/// Which option an entry of the table is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionId {
    /// `UCI_Variant`.
    Variant,
    /// `Hash`.
    Hash,
    /// `Threads`.
    Threads,
    /// `MultiPV`.
    MultiPv,
    /// `Move Overhead`.
    MoveOverhead,
    /// `Ponder`.
    Ponder,
    /// `Clear Hash`.
    ClearHash,
    /// `UCI_ShowWDL`.
    ShowWdl,
    /// `Evaluation`.
    Evaluation,
    /// `EvalFile`.
    EvalFile,
    /// `TablebasePath`.
    TablebasePath,
    /// `Skill Level`.
    SkillLevel,
    /// `OwnBook`.
    OwnBook,
    /// `BookFile`.
    BookFile,
    /// `BookVariety`.
    BookVariety,
    /// `SearchParams`.
    SearchParams,
}

/// An option's type, with its default and range, as the protocols list them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionType {
    /// A whole number in a range.
    Spin {
        /// The value until set.
        default: u64,
        /// The smallest value.
        min: u64,
        /// The largest value.
        max: u64,
    },
    /// `true` or `false`.
    Check {
        /// The value until set.
        default: bool,
    },
    /// One of a list of words.
    Combo {
        /// The value until set.
        default: String,
        /// Every value it takes, as listed.
        choices: Vec<String>,
    },
    /// No value: setting it acts at once (`Clear Hash`).
    Button,
    /// Free text; `<empty>` stands for the empty string.
    Text {
        /// The value until set, as listed.
        default: String,
    },
}

/// One entry of the option table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// Which option it is.
    pub id: OptionId,
    /// The name as listed; `setoption` matches it without regard to case.
    pub name: &'static str,
    /// Its type, default and range.
    pub kind: OptionType,
}

/// Every option, in the order a front end lists them.
pub fn table() -> Vec<OptionSpec> {
    use OptionType::*;
    let spec = |id, name, kind| OptionSpec { id, name, kind };
    vec![
        spec(
            OptionId::Variant,
            "UCI_Variant",
            Combo {
                default: Variant::Songo40.to_string(),
                choices: Variant::ALL.iter().map(Variant::to_string).collect(),
            },
        ),
        spec(
            OptionId::Hash,
            "Hash",
            Spin {
                default: HASH_DEFAULT_MB as u64,
                min: 1,
                max: HASH_MAX_MB as u64,
            },
        ),
        spec(
            OptionId::Threads,
            "Threads",
            Spin {
                default: 1,
                min: 1,
                max: THREADS_MAX as u64,
            },
        ),
        spec(
            OptionId::MultiPv,
            "MultiPV",
            Spin {
                default: 1,
                min: 1,
                max: MULTIPV_MAX as u64,
            },
        ),
        spec(
            OptionId::MoveOverhead,
            "Move Overhead",
            Spin {
                default: MOVE_OVERHEAD_DEFAULT_MS,
                min: 0,
                max: MOVE_OVERHEAD_MAX_MS,
            },
        ),
        spec(OptionId::Ponder, "Ponder", Check { default: false }),
        spec(OptionId::ClearHash, "Clear Hash", Button),
        spec(OptionId::ShowWdl, "UCI_ShowWDL", Check { default: false }),
        spec(
            OptionId::Evaluation,
            "Evaluation",
            Combo {
                default: EvalKind::default().to_string(),
                choices: EvalKind::ALL.iter().map(EvalKind::to_string).collect(),
            },
        ),
        spec(
            OptionId::EvalFile,
            "EvalFile",
            Text {
                default: "<empty>".to_string(),
            },
        ),
        spec(
            OptionId::TablebasePath,
            "TablebasePath",
            Text {
                default: "<empty>".to_string(),
            },
        ),
        spec(
            OptionId::SkillLevel,
            "Skill Level",
            Spin {
                default: SkillLevel::MAX.get() as u64,
                min: SkillLevel::MIN.get() as u64,
                max: SkillLevel::MAX.get() as u64,
            },
        ),
        // Off: the embedded book loses at 10+0.1 and in songo36-beginner
        // (docs/book.md), though it wins at 1+0.01 in the other two.
        spec(OptionId::OwnBook, "OwnBook", Check { default: false }),
        spec(
            OptionId::BookFile,
            "BookFile",
            Text {
                default: "<empty>".to_string(),
            },
        ),
        spec(
            OptionId::BookVariety,
            "BookVariety",
            Spin {
                default: BOOK_VARIETY_DEFAULT as u64,
                min: 0,
                max: BOOK_VARIETY_MAX as u64,
            },
        ),
        // For tuning: `name=value` settings of the search's tunables,
        // separated by spaces or commas (`songo tune search --help` lists
        // them); empty, the engine's own values.
        spec(
            OptionId::SearchParams,
            "SearchParams",
            Text {
                default: "<empty>".to_string(),
            },
        ),
    ]
}

/// The engine's settings, typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `UCI_Variant`: the variant played.
    pub variant: Variant,
    /// `Hash`: the transposition table's size, in MB.
    pub hash_mb: usize,
    /// `Threads`: search threads.
    pub threads: usize,
    /// `MultiPV`: lines searched and reported.
    pub multipv: usize,
    /// `Move Overhead`: time kept back on each move.
    pub move_overhead: Duration,
    /// `Ponder`: the GUI says it may send `go ponder`; kept, it changes
    /// nothing in the search.
    pub ponder: bool,
    /// `UCI_ShowWDL`: lines carry a win/draw/loss estimate.
    pub show_wdl: bool,
    /// `Evaluation`: the evaluation the search uses.
    pub eval: EvalKind,
    /// The net file last loaded by `EvalFile` (it serves its own variant).
    pub eval_file: Option<PathBuf>,
    /// The directory of the tables `TablebasePath` opened (`None`: no
    /// tables).
    pub tablebase_path: Option<PathBuf>,
    /// `Skill Level`.
    pub skill: SkillLevel,
    /// Whether `go` may answer from the book.
    pub own_book: bool,
    /// The book file last read by `BookFile` (`None`: the embedded book).
    pub book_file: Option<PathBuf>,
    /// Book moves within this many centiseeds of the best may be played.
    pub book_variety: u16,
    /// The search's tunables (`SearchParams`; the default is the engine's).
    pub search_params: SearchParams,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: Variant::Songo40,
            hash_mb: HASH_DEFAULT_MB,
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(MOVE_OVERHEAD_DEFAULT_MS),
            ponder: false,
            show_wdl: false,
            eval: EvalKind::default(),
            eval_file: None,
            tablebase_path: None,
            skill: SkillLevel::MAX,
            own_book: false,
            book_file: None,
            book_variety: BOOK_VARIETY_DEFAULT,
            search_params: SearchParams::default(),
        }
    }
}

/// One option set to a checked value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// `UCI_Variant`: a new game of this variant, from its start.
    Variant(Variant),
    /// `Hash`, in MB: a new, empty table (the same size: the table cleared).
    Hash(usize),
    /// `Threads`.
    Threads(usize),
    /// `MultiPV`.
    MultiPv(usize),
    /// `Move Overhead`.
    MoveOverhead(Duration),
    /// `Ponder`.
    Ponder(bool),
    /// `Clear Hash`: the table emptied.
    ClearHash,
    /// `UCI_ShowWDL`.
    ShowWdl(bool),
    /// `Evaluation`.
    Evaluation(EvalKind),
    /// `None`: the embedded net of the current variant again.
    EvalFile(Option<PathBuf>),
    /// `None`: no tables.
    TablebasePath(Option<PathBuf>),
    /// `Skill Level`.
    SkillLevel(SkillLevel),
    /// `OwnBook`.
    OwnBook(bool),
    /// `None`: the embedded book.
    BookFile(Option<PathBuf>),
    /// Centiseeds, at most [`BOOK_VARIETY_MAX`].
    BookVariety(u16),
    /// The defaults with the option's settings applied.
    SearchParams(SearchParams),
}

/// Why a setting was refused. Nothing changes when one is.
#[derive(Debug, Error)]
pub enum OptionError {
    /// No option has this name.
    #[error("unknown option '{0}'")]
    Unknown(String),
    /// An option that takes a value was given none.
    #[error("option '{name}' needs a value")]
    MissingValue {
        /// The option's name, as listed.
        name: &'static str,
    },
    /// A number option's value is not a whole number in its range.
    #[error("{name} takes a whole number from {min} to {max}, not '{text}'")]
    OutOfRange {
        /// The option's name, as listed.
        name: &'static str,
        /// Its smallest value.
        min: u64,
        /// Its largest value.
        max: u64,
        /// The value given.
        text: String,
    },
    /// A check option's value is neither `true` nor `false`.
    #[error("{name} takes true or false, not '{text}'")]
    NotABool {
        /// The option's name, as listed.
        name: &'static str,
        /// The value given.
        text: String,
    },
    /// A combo option's value is not one of its choices.
    #[error("{name}: '{text}' is not one of {expected}")]
    BadChoice {
        /// The option's name, as listed.
        name: &'static str,
        /// The value given.
        text: String,
        /// The choices, as text for the message.
        expected: String,
    },
    /// A `SearchParams` setting was refused.
    #[error("SearchParams: {0}")]
    SearchParams(#[from] ParamError),
    /// The new hash table could not be allocated; the old one is kept.
    #[error(transparent)]
    Hash(#[from] AllocError),
    /// The `TablebasePath` directory could not be opened.
    #[error("TablebasePath")]
    Tablebases(#[from] TbError),
    /// The `EvalFile` net could not be loaded.
    #[error("EvalFile {}", path.display())]
    EvalFile {
        /// The file.
        path: PathBuf,
        /// Why it was refused.
        #[source]
        source: NetError,
    },
    /// The `BookFile` book could not be read.
    #[error("BookFile {}", path.display())]
    BookFile {
        /// The file.
        path: PathBuf,
        /// Why it was refused.
        #[source]
        source: ReadBookError,
    },
}

impl Setting {
    /// The setting a `setoption name NAME [value VALUE]` asks for, checked
    /// against the option table.
    pub fn parse(name: &str, value: Option<&str>) -> Result<Setting, OptionError> {
        let spec = table()
            .into_iter()
            .find(|s| s.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        let name = spec.name;
        let text = || {
            value
                .map(str::trim)
                .ok_or(OptionError::MissingValue { name })
        };
        let spin = || -> Result<u64, OptionError> {
            let OptionType::Spin { min, max, .. } = spec.kind else {
                unreachable!("only spin options are read as numbers")
            };
            let t = text()?;
            t.parse::<u64>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| OptionError::OutOfRange {
                    name,
                    min,
                    max,
                    text: t.to_string(),
                })
        };
        let check = || -> Result<bool, OptionError> {
            let t = text()?;
            match t.to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(OptionError::NotABool {
                    name,
                    text: t.to_string(),
                }),
            }
        };
        Ok(match spec.id {
            OptionId::Variant => {
                let t = text()?;
                Setting::Variant(t.parse().map_err(|_| OptionError::BadChoice {
                    name,
                    text: t.to_string(),
                    expected: choices_text(&spec.kind),
                })?)
            }
            OptionId::Hash => Setting::Hash(spin()? as usize),
            OptionId::Threads => Setting::Threads(spin()? as usize),
            OptionId::MultiPv => Setting::MultiPv(spin()? as usize),
            OptionId::MoveOverhead => Setting::MoveOverhead(Duration::from_millis(spin()?)),
            OptionId::Ponder => Setting::Ponder(check()?),
            OptionId::ClearHash => Setting::ClearHash,
            OptionId::ShowWdl => Setting::ShowWdl(check()?),
            OptionId::Evaluation => {
                let t = text()?;
                Setting::Evaluation(t.parse().map_err(|_| OptionError::BadChoice {
                    name,
                    text: t.to_string(),
                    expected: format!("{}, or 'without <term>'", choices_text(&spec.kind)),
                })?)
            }
            OptionId::SkillLevel => Setting::SkillLevel(
                SkillLevel::new(spin()? as u8).expect("the table's range is the levels'"),
            ),
            OptionId::TablebasePath => Setting::TablebasePath(path_or_empty(value)),
            OptionId::EvalFile => Setting::EvalFile(path_or_empty(value)),
            OptionId::OwnBook => Setting::OwnBook(check()?),
            OptionId::BookFile => Setting::BookFile(path_or_empty(value)),
            OptionId::BookVariety => Setting::BookVariety(spin()? as u16),
            OptionId::SearchParams => Setting::SearchParams(search_params(value)?),
        })
    }
}

/// `SearchParams`' value: `name=value` settings separated by spaces or
/// commas, applied to the defaults (empty or `<empty>`: the defaults).
fn search_params(value: Option<&str>) -> Result<SearchParams, ParamError> {
    let text = value.map(str::trim).unwrap_or("");
    if text == "<empty>" {
        return Ok(SearchParams::default());
    }
    text.split([' ', ','])
        .filter(|s| !s.is_empty())
        .try_fold(SearchParams::default(), |p, s| Ok(p.with(s.parse()?)))
}

/// A path option's value: `None` for the empty string or `<empty>`.
fn path_or_empty(value: Option<&str>) -> Option<PathBuf> {
    match value.map(str::trim).unwrap_or("") {
        "" | "<empty>" => None,
        path => Some(PathBuf::from(path)),
    }
}

fn choices_text(kind: &OptionType) -> String {
    match kind {
        OptionType::Combo { choices, .. } => choices.join(", "),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_option_can_be_set_to_its_default() {
        for spec in table() {
            let value = match &spec.kind {
                OptionType::Spin { default, .. } => Some(default.to_string()),
                OptionType::Check { default } => Some(default.to_string()),
                OptionType::Combo { default, choices } => {
                    assert!(choices.contains(default), "{}", spec.name);
                    Some(default.clone())
                }
                OptionType::Button => None,
                OptionType::Text { default } => Some(default.clone()),
            };
            let upper = spec.name.to_ascii_uppercase();
            assert!(
                Setting::parse(&upper, value.as_deref()).is_ok(),
                "{}",
                spec.name
            );
        }
    }

    #[test]
    fn search_params_are_name_value_settings_on_the_defaults() {
        let d = SearchParams::default();
        assert_eq!(
            Setting::parse("SearchParams", Some("<empty>")).unwrap(),
            Setting::SearchParams(d)
        );
        let Setting::SearchParams(p) =
            Setting::parse("searchparams", Some("rfp_margin=120, lmr_min_depth=4")).unwrap()
        else {
            panic!("not a SearchParams setting");
        };
        assert_eq!((p.rfp_margin, p.lmr_min_depth), (120, 4));
        assert_eq!(p.iir_min_depth, d.iir_min_depth);
        for bad in ["rfp_margin", "nope=1", "rfp_margin=9999"] {
            assert!(matches!(
                Setting::parse("SearchParams", Some(bad)),
                Err(OptionError::SearchParams(_))
            ));
        }
    }

    #[test]
    fn values_outside_the_table_are_refused() {
        assert!(matches!(
            Setting::parse("Hash", Some("0")),
            Err(OptionError::OutOfRange { min: 1, .. })
        ));
        assert!(matches!(
            Setting::parse("MultiPV", Some("8")),
            Err(OptionError::OutOfRange { max: 7, .. })
        ));
        assert!(matches!(
            Setting::parse("Ponder", Some("yes")),
            Err(OptionError::NotABool { .. })
        ));
        assert!(matches!(
            Setting::parse("UCI_Variant", Some("chess")),
            Err(OptionError::BadChoice { .. })
        ));
        assert!(matches!(
            Setting::parse("Threads", None),
            Err(OptionError::MissingValue { .. })
        ));
        assert!(matches!(
            Setting::parse("Contempt", Some("1")),
            Err(OptionError::Unknown(_))
        ));
        assert_eq!(
            Setting::parse("tablebasepath", Some("<empty>")).unwrap(),
            Setting::TablebasePath(None)
        );
        assert_eq!(
            Setting::parse("evalfile", Some(" nets/x.nnue ")).unwrap(),
            Setting::EvalFile(Some(PathBuf::from("nets/x.nnue")))
        );
        assert_eq!(
            Setting::parse("Evaluation", Some("nn")).unwrap(),
            Setting::Evaluation(EvalKind::Nn)
        );
        assert_eq!(
            Setting::parse("ownbook", Some("false")).unwrap(),
            Setting::OwnBook(false)
        );
        assert_eq!(
            Setting::parse("BookFile", Some("")).unwrap(),
            Setting::BookFile(None)
        );
        assert_eq!(
            Setting::parse("bookvariety", Some("1000")).unwrap(),
            Setting::BookVariety(1000)
        );
        assert!(matches!(
            Setting::parse("BookVariety", Some("1001")),
            Err(OptionError::OutOfRange { max: 1000, .. })
        ));
    }
}

//! A puzzle set's file: text, one variant per file, small enough to compile
//! into the page and to read in a diff.
//!
//! ```text
//! songo-puzzles 1
//! variant songo40
//! seed 1
//! depth 12
//! games 812
//! puzzles 2
//! 0,3,7,1,0,12,2/4,1,0,6,2,1,3 s 14 14 -→C d F→capture,chain-capture→2→17
//! 6,0,2,8,1,1,0/2,2,5,1,0,9,4 n 12 17 -→e→quiet,feeding→7→40
//! ```
//!
//! (→ is a tab.)
//!
//! - line 1: the format and its version ([`FORMAT_VERSION`]);
//! - `variant NAME`;
//! - any number of `KEY VALUE` lines: the settings of the command that
//!   made the set (a key of lower-case letters, digits and dashes, a value
//!   without spaces), in its order; the generator refuses to continue a
//!   file made with other settings;
//! - `games N`: the self-play games the set has been made from so far
//!   (the generator continues with game N);
//! - `puzzles N`: the puzzle lines that follow, which must be all the rest;
//! - a puzzle a line, five fields separated by tabs: the position
//!   (docs/rules.md), the solution (moves separated by spaces, the
//!   solver's first and last), the themes (names separated by commas, in
//!   [`Theme::ALL`]'s order), the difficulty (1 to [`HARDEST`]) and the
//!   index of the game it comes from (never decreasing, below `games`).
//!
//! Reading checks every line: a file that is not whole, or whose moves the
//! rules refuse, is an error that names the line, never a panic.

use std::fmt;

use songo_core::{Move, Position, Variant};

use super::{Puzzle, Theme, HARDEST};

/// The first line's word.
pub const MAGIC: &str = "songo-puzzles";
/// Bumped whenever a line changes meaning.
pub const FORMAT_VERSION: u32 = 1;

/// The header: the variant, the settings that made the set, how far it got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The variant every puzzle of the file is of.
    pub variant: Variant,
    /// `(key, value)` in the file's order.
    pub settings: Vec<(String, String)>,
    /// Self-play games done.
    pub games: u64,
}

/// A puzzle file in memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSet {
    /// The lines before the puzzles.
    pub header: Header,
    /// The puzzles, in the file's order (by the game they come from).
    pub puzzles: Vec<Puzzle>,
}

/// Why a puzzle file could not be read: the line (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct PuzzleError {
    /// The line's number, from 1 (one past the last for a file that ends
    /// too soon).
    pub line: usize,
    /// What is wrong with it.
    pub kind: PuzzleErrorKind,
}

/// What is wrong with a line of a puzzle file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleErrorKind {
    /// The first line is not `songo-puzzles N`.
    #[error("not a songo puzzle file (it must start with '{MAGIC} {FORMAT_VERSION}')")]
    Magic,
    /// The file is of another version than [`FORMAT_VERSION`].
    #[error("puzzle file format version {found}; this songo reads version {FORMAT_VERSION}")]
    Version {
        /// The version it says, as written.
        found: String,
    },
    /// The file ends before the header's line that starts with this word.
    #[error("the file ends inside its header (no '{0}' line)")]
    Missing(&'static str),
    /// A header line does not start with the word it must.
    #[error("expected '{expected} …', found '{found}'")]
    Expected {
        /// The word.
        expected: &'static str,
        /// The line's start (up to 40 characters).
        found: String,
    },
    /// The `variant` line names no variant.
    #[error("'{0}' is not a variant")]
    Variant(String),
    /// A count (`games`, `puzzles`, a puzzle's game) is not a whole
    /// number.
    #[error("'{0}' is not a count")]
    Count(String),
    /// A line between `variant` and `games` is not `KEY VALUE`.
    #[error("'{0}' is not a setting line (KEY VALUE, the key of a-z, 0-9 and -)")]
    Setting(String),
    /// A puzzle line has not five tab-separated fields.
    #[error("{found} fields; a puzzle line has 5, separated by tabs")]
    Fields {
        /// How many it has.
        found: usize,
    },
    /// The position does not parse (the parser's message).
    #[error("bad position: {0}")]
    Position(String),
    /// The position is a finished game.
    #[error("the game is already over in this position")]
    Over,
    /// The solution has no move.
    #[error("the solution is empty")]
    NoSolution,
    /// The solution has an even number of moves, so it ends with the
    /// defender's.
    #[error("the solution has {0} moves: it must end with a move of the solver (an odd count)")]
    EvenSolution(usize),
    /// A word of the solution is not a move.
    #[error("'{0}' is not a move")]
    Move(String),
    /// A move of the solution is not legal where it is played.
    #[error("move {index} of the solution, {mv}, is illegal there")]
    Illegal {
        /// The move's place in the solution, from 1.
        index: usize,
        /// The move.
        mv: Move,
    },
    /// A name among the themes is no theme.
    #[error("'{0}' is not a theme")]
    Theme(String),
    /// The themes repeat one, or are not in [`Theme::ALL`]'s order.
    #[error("the themes are not each once in their order")]
    ThemeOrder,
    /// The difficulty is not a number from 1 to [`HARDEST`].
    #[error("difficulty '{0}' is not 1 to {HARDEST}")]
    Difficulty(String),
    /// A puzzle's game is before the previous puzzle's, or not below the
    /// header's `games`.
    #[error("game {game} is before the previous puzzle's or not below the header's {games} games")]
    GameOrder {
        /// The puzzle's game.
        game: u64,
        /// The header's count of games.
        games: u64,
    },
    /// The `puzzles` line's count is not the number of puzzle lines.
    #[error("the header counts {counted} puzzles, the file holds {found}")]
    PuzzleCount {
        /// The header's count.
        counted: u64,
        /// The puzzle lines found.
        found: u64,
    },
}

/// A setting key: lower-case letters, digits and dashes, not a reserved word.
fn is_key(k: &str) -> bool {
    !k.is_empty()
        && k.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !["variant", "games", "puzzles"].contains(&k)
}

impl PuzzleSet {
    /// An empty set with these settings, for a generator's first batch.
    pub fn new(variant: Variant, settings: Vec<(String, String)>) -> PuzzleSet {
        PuzzleSet {
            header: Header {
                variant,
                settings,
                games: 0,
            },
            puzzles: Vec::new(),
        }
    }

    /// Reads a whole file, checking every line.
    pub fn parse(text: &str) -> Result<PuzzleSet, PuzzleError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        let mut next = |what: &'static str| {
            lines.next().ok_or(PuzzleError {
                line: text.lines().count() + 1,
                kind: PuzzleErrorKind::Missing(what),
            })
        };
        let (n, first) = next(MAGIC)?;
        let bad = |kind| PuzzleError { line: n, kind };
        match first.split_once(' ') {
            Some((MAGIC, v)) if v == FORMAT_VERSION.to_string() => {}
            Some((MAGIC, v)) => return Err(bad(PuzzleErrorKind::Version { found: v.into() })),
            _ => return Err(bad(PuzzleErrorKind::Magic)),
        }
        let (n, line) = next("variant")?;
        let name = field(n, line, "variant")?;
        let variant: Variant = name.parse().map_err(|_| PuzzleError {
            line: n,
            kind: PuzzleErrorKind::Variant(name.into()),
        })?;
        let mut settings = Vec::new();
        let (n, games) = loop {
            let (n, line) = next("games")?;
            if line.starts_with("games ") {
                break (n, line);
            }
            match line.split_once(' ') {
                Some((k, v)) if is_key(k) && !v.is_empty() && !v.contains(char::is_whitespace) => {
                    settings.push((k.to_string(), v.to_string()))
                }
                _ => {
                    return Err(PuzzleError {
                        line: n,
                        kind: PuzzleErrorKind::Setting(line.into()),
                    })
                }
            }
        };
        let games = count(n, field(n, games, "games")?)?;
        let (count_line, line) = next("puzzles")?;
        let counted = count(count_line, field(count_line, line, "puzzles")?)?;
        let mut puzzles = Vec::new();
        let mut last_game = 0;
        for (n, line) in lines {
            let p = parse_puzzle(variant, line).map_err(|kind| PuzzleError { line: n, kind })?;
            if p.game < last_game || p.game >= games {
                return Err(PuzzleError {
                    line: n,
                    kind: PuzzleErrorKind::GameOrder {
                        game: p.game,
                        games,
                    },
                });
            }
            last_game = p.game;
            puzzles.push(p);
        }
        if counted != puzzles.len() as u64 {
            return Err(PuzzleError {
                line: count_line,
                kind: PuzzleErrorKind::PuzzleCount {
                    counted,
                    found: puzzles.len() as u64,
                },
            });
        }
        Ok(PuzzleSet {
            header: Header {
                variant,
                settings,
                games,
            },
            puzzles,
        })
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let h = &self.header;
        let mut s = format!("{MAGIC} {FORMAT_VERSION}\nvariant {}\n", h.variant);
        for (k, v) in &h.settings {
            s += &format!("{k} {v}\n");
        }
        s += &format!("games {}\npuzzles {}\n", h.games, self.puzzles.len());
        for p in &self.puzzles {
            s += &format!("{p}\n");
        }
        s
    }

    /// The value of a setting.
    pub fn setting(&self, key: &str) -> Option<&str> {
        self.header
            .settings
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// A puzzle as its line of the file (without the line's end).
impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let solution: Vec<String> = self.solution.iter().map(|m| m.to_string()).collect();
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        write!(
            f,
            "{}\t{}\t{}\t{}\t{}",
            self.position,
            solution.join(" "),
            if themes.is_empty() {
                "-".to_string()
            } else {
                themes.join(",")
            },
            self.difficulty,
            self.game
        )
    }
}

/// The value of a `KEY VALUE` header line whose key must be `key`.
fn field<'a>(n: usize, line: &'a str, key: &'static str) -> Result<&'a str, PuzzleError> {
    match line.split_once(' ') {
        Some((k, v)) if k == key => Ok(v),
        _ => Err(PuzzleError {
            line: n,
            kind: PuzzleErrorKind::Expected {
                expected: key,
                found: line.chars().take(40).collect(),
            },
        }),
    }
}

fn count(n: usize, s: &str) -> Result<u64, PuzzleError> {
    s.parse().map_err(|_| PuzzleError {
        line: n,
        kind: PuzzleErrorKind::Count(s.chars().take(40).collect()),
    })
}

impl Puzzle {
    /// A puzzle from its line of a file of `variant` (without the line's
    /// end), checked as reading a file checks it.
    pub fn from_line(variant: Variant, line: &str) -> Result<Puzzle, PuzzleErrorKind> {
        parse_puzzle(variant, line)
    }
}

fn parse_puzzle(variant: Variant, line: &str) -> Result<Puzzle, PuzzleErrorKind> {
    use PuzzleErrorKind as K;
    let fields: Vec<&str> = line.split('\t').collect();
    let [fen, solution, themes, difficulty, game] = fields[..] else {
        return Err(K::Fields {
            found: fields.len(),
        });
    };
    let position: Position = fen.parse().map_err(|e| K::Position(format!("{e}")))?;
    if position.is_over(variant) {
        return Err(K::Over);
    }
    let solution: Vec<Move> = solution
        .split(' ')
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().map_err(|_| K::Move(s.chars().take(10).collect())))
        .collect::<Result<_, _>>()?;
    if solution.is_empty() {
        return Err(K::NoSolution);
    }
    if solution.len().is_multiple_of(2) {
        return Err(K::EvenSolution(solution.len()));
    }
    let mut at = position;
    for (i, &mv) in solution.iter().enumerate() {
        at = at
            .play(variant, mv)
            .map_err(|_| K::Illegal { index: i + 1, mv })?;
    }
    let themes: Vec<Theme> = if themes == "-" {
        Vec::new()
    } else {
        themes
            .split(',')
            .map(|t| Theme::from_name(t).ok_or_else(|| K::Theme(t.chars().take(20).collect())))
            .collect::<Result<_, _>>()?
    };
    if !themes.windows(2).all(|w| w[0] < w[1]) {
        return Err(K::ThemeOrder);
    }
    let difficulty = difficulty
        .parse::<u8>()
        .ok()
        .filter(|d| (1..=HARDEST).contains(d))
        .ok_or_else(|| K::Difficulty(difficulty.chars().take(10).collect()))?;
    let game = game
        .parse::<u64>()
        .map_err(|_| K::Count(game.chars().take(20).collect()))?;
    Ok(Puzzle {
        variant,
        position,
        solution,
        themes,
        difficulty,
        game,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> PuzzleSet {
        let mut set = PuzzleSet::new(
            Variant::Songo40,
            vec![("seed".into(), "1".into()), ("depth".into(), "12".into())],
        );
        set.header.games = 5;
        let p = Position::startpos();
        set.puzzles.push(Puzzle {
            variant: Variant::Songo40,
            position: p,
            solution: vec![
                "C".parse().unwrap(),
                "d".parse().unwrap(),
                "A".parse().unwrap(),
            ],
            themes: vec![Theme::Quiet, Theme::Feeding],
            difficulty: 3,
            game: 4,
        });
        set
    }

    #[test]
    fn writes_and_reads_back() {
        let set = sample();
        let text = set.to_text();
        assert_eq!(PuzzleSet::parse(&text), Ok(set.clone()));
        assert_eq!(set.setting("depth"), Some("12"));
        assert!(text.contains("\tC d A\tquiet,feeding\t3\t4\n"), "{text}");
    }

    #[test]
    fn damage_is_named_by_line() {
        let good = sample().to_text();
        let cases: Vec<(String, usize)> = vec![
            (good.replacen("songo-puzzles 1", "songo-puzzles 9", 1), 1),
            (good.replacen("songo-puzzles", "songo-puzzlez", 1), 1),
            (good.replacen("variant songo40", "variant songo41", 1), 2),
            (good.replacen("\npuzzles 1", "\npuzzles 2", 1), 6),
            (good.replacen("games 5", "games 4", 1), 7),
            (good.replacen("\tC d A", "\tC d", 1), 7),
            (good.replacen("\tC d A", "\tC D A", 1), 7),
            (good.replacen("quiet,feeding", "feeding,quiet", 1), 7),
            (good.replacen("quiet", "quite", 1), 7),
            (good.replacen("\t3\t", "\t8\t", 1), 7),
            (good.replacen("5,5,5,5,5,5,5/", "5,5,5,5,5,5,6/", 1), 7),
            (good.replacen("\t4\n", "\n", 1), 7),
            (good.replacen("depth 12", "depth twelve words", 1), 4),
            (good[..good.find("games").unwrap()].to_string(), 5),
            (String::new(), 1),
        ];
        for (text, line) in cases {
            let e = PuzzleSet::parse(&text).expect_err(&text);
            assert_eq!(e.line, line, "{e} in {text}");
        }
    }
}

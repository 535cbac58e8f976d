//! `songo results`: the statistics of games recorded by `songo match
//! --record`, over one record or many joined. A long match is run in pieces
//! (a `--seed` each) so that a stop loses at most one piece; this prints
//! the whole as `songo match` would have, had the pieces been one match.
//!
//! Each pair of players gets the match's line (W-D-L, Elo with its 95%
//! interval over the game pairs, pentanomial pairs) from the side of the
//! player that was South in a `Round "k.1"` game, the first engine of its
//! match. The two games of a pair are `Round "k.1"` and `"k.2"` of one
//! record file between the same players; a game without its partner counts
//! in the W-D-L only. Faults come from the adjudications, charged to the
//! side that lost the game.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use clap::Args;
use thiserror::Error;

use crate::matches::report;
use crate::stats::{GameScore, MatchStats};
use songo_cli::output::StdoutError;
use songo_cli::records::{load_games, RecordFileError};
use songo_core::movegen::Outcome;
use songo_core::position::Side;
use songo_core::record::{Adjudication, GameRecord, Termination};
use songo_core::Variant;

/// The text after `songo results --help`: examples, what is printed and
/// the exit codes.
pub const AFTER_HELP: &str = "\
Examples:
  songo results new-vs-old.pgn
  songo results new-vs-old-s1.pgn new-vs-old-s2.pgn new-vs-old-s3.pgn

Prints the variant and time controls, then for each pair of players the line
'songo match' prints at its end (score, Elo with its 95% interval over the
game pairs, LOS, W-D-L, pentanomial pairs), how the games ended, and each
player's faults. The faults are read from the records' adjudications: an
illegal or malformed move counts as an illegal move, an engine that did not
start as a crash, and a fault on a game's last move as the end the rules
gave, as the record has it. Every game is read and replayed. The records
must be of one variant, each player at one time control, the two sides of
a game named apart; a file given twice is refused. Exit code 0; 1 when a
file cannot be read; 2 for files that do not go together (one given twice,
another variant or time control); 3 for a malformed record, a game between
two players of one name, a round played twice in one file, or no finished
game.";

/// `songo results`' arguments.
#[derive(Args, Debug)]
pub struct ResultsArgs {
    /// Record files written by `songo match --record` (each is read whole
    /// and every move checked).
    #[arg(required = true, value_name = "RECORD")]
    pub records: Vec<PathBuf>,
    /// The variant of games without a Variant tag (other tools' PGN):
    /// songo36-beginner, songo36-amateur or songo40.
    #[arg(long, short = 'v', value_name = "VARIANT")]
    pub variant: Option<Variant>,
}

/// Why `songo results` could not join the records.
#[derive(Debug, Error)]
pub enum ResultsError {
    /// A file that cannot be read, or a record that is not well formed.
    #[error(transparent)]
    Load(#[from] RecordFileError),
    /// One file is given twice (by the same path or two paths to it).
    #[error("{} is given twice: its games would count twice", path.display())]
    Twice {
        /// The file, as given the second time.
        path: PathBuf,
    },
    /// A game is of another variant than the games read before it.
    #[error("{}: game {game} is {found}, the games before it are {first}: join the records of one variant", path.display())]
    MixedVariant {
        /// The record file.
        path: PathBuf,
        /// The game's number in its file.
        game: usize,
        /// Its variant.
        found: Variant,
        /// The variant of the games before it.
        first: Variant,
    },
    /// A player plays at another time control than in the games before.
    #[error("{}: game {game}: {player} plays at {found}, in the games before it at {first}: join the records of one time control", path.display())]
    MixedClock {
        /// The record file.
        path: PathBuf,
        /// The game's number in its file.
        game: usize,
        /// The player's name.
        player: String,
        /// Its time control in this game.
        found: String,
        /// Its time control in the games before.
        first: String,
    },
    /// Both sides of a game have one name, so the statistics could not
    /// tell them apart.
    #[error("{}: game {game}: both sides are named {name}: the results tell players apart by name (give each engine its own name= in songo match)", path.display())]
    SameNames {
        /// The record file.
        path: PathBuf,
        /// The game's number in its file.
        game: usize,
        /// The name both sides have.
        name: String,
    },
    /// A file holds one round between the same players twice, which would
    /// make game pairs of games that are not partners.
    #[error("{}: game {game} is round {round} between {south} and {north} a second time (the records of two matches in one file? give each its own file)", path.display())]
    RoundTwice {
        /// The record file.
        path: PathBuf,
        /// The game's number in its file.
        game: usize,
        /// The round, as its `Round` tag has it.
        round: String,
        /// The player of South in the game.
        south: String,
        /// The player of North in the game.
        north: String,
    },
    /// The records hold no game with a result.
    #[error("no finished games in the records")]
    NoGames,
    /// The output could not be written (its reader went away: `| head`).
    #[error(transparent)]
    Stdout(#[from] StdoutError),
}

/// What every joined game must share: the variant, and each player's time
/// control (a record's `A:B` is South's and North's).
#[derive(Clone, Debug)]
pub struct Conditions {
    variant: Variant,
    /// By player, in the order they first appear.
    clocks: Vec<(String, String)>,
}

impl Conditions {
    /// Takes `r`'s conditions in, or says which one differs.
    fn admit(&mut self, path: &Path, game: usize, r: &GameRecord) -> Result<(), ResultsError> {
        if r.variant != self.variant {
            return Err(ResultsError::MixedVariant {
                path: path.to_path_buf(),
                game,
                found: r.variant,
                first: self.variant,
            });
        }
        let tc = r.time_control.as_str();
        let (south, north) = tc.split_once(':').unwrap_or((tc, tc));
        for (player, found) in [(&r.south, south), (&r.north, north)] {
            match self.clocks.iter().find(|(name, _)| name == player) {
                Some((_, first)) if first != found => {
                    return Err(ResultsError::MixedClock {
                        path: path.to_path_buf(),
                        game,
                        player: player.clone(),
                        found: found.to_string(),
                        first: first.clone(),
                    })
                }
                Some(_) => {}
                None => self.clocks.push((player.clone(), found.to_string())),
            }
        }
        Ok(())
    }
}

/// `songo40 at 1+0.01`, or `songo40, full at 1+0.01, half at 0.5+0.005`.
impl std::fmt::Display for Conditions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.variant)?;
        match self.clocks.split_first() {
            Some(((_, tc), rest)) if rest.iter().all(|(_, t)| t == tc) => write!(f, " at {tc}"),
            _ => {
                for (name, tc) in &self.clocks {
                    write!(f, ", {name} at {tc}")?;
                }
                Ok(())
            }
        }
    }
}

/// The games of one pair of players.
#[derive(Debug)]
struct Players {
    /// `names[0]` is the side the statistics are from.
    names: [String; 2],
    stats: MatchStats,
    /// The first game of a round, from `names[0]`'s side, waiting for its
    /// partner: by file and the round's opening number.
    waiting: HashMap<(usize, String), GameScore>,
    /// Every round counted, by file.
    rounds: HashSet<(usize, String)>,
}

/// Everything `songo results` reports.
#[derive(Debug)]
pub struct Joined {
    /// The variant and time controls every game shares.
    pub conditions: Conditions,
    /// Record files read.
    pub files: usize,
    players: Vec<Players>,
    endings: HashMap<&'static str, u32>,
    faults: HashMap<String, HashMap<&'static str, u32>>,
    /// Names in the order they first appear.
    names: Vec<String>,
    /// Games without a result (`*`), left out.
    unfinished: u32,
}

impl Joined {
    /// The players in the order of their match's `-e`: in a round robin
    /// the first engine is the first player of every pair it plays, the
    /// second of all but one, and so on (ties: as they first appear).
    fn ordered_names(&self) -> Vec<&str> {
        let firsts = |name: &String| self.players.iter().filter(|p| p.names[0] == *name).count();
        let mut names: Vec<&String> = self.names.iter().collect();
        names.sort_by_key(|n| std::cmp::Reverse(firsts(n)));
        names.into_iter().map(String::as_str).collect()
    }

    /// The statistics of each pair of players, from its first player's
    /// side, with the games still waiting for their partner; in the order
    /// `songo match` prints them.
    pub fn pairs(&self) -> Vec<(&str, &str, MatchStats)> {
        let order = self.ordered_names();
        let at = |name: &str| order.iter().position(|n| *n == name);
        let mut players: Vec<&Players> = self.players.iter().collect();
        players.sort_by_key(|p| (at(&p.names[0]), at(&p.names[1])));
        players
            .into_iter()
            .map(|p| {
                let mut s = p.stats;
                for score in p.waiting.values() {
                    s.add_game(*score);
                }
                (p.names[0].as_str(), p.names[1].as_str(), s)
            })
            .collect()
    }

    /// The report, as `songo match` ends its own.
    pub fn report(&self) -> String {
        let total: u32 = self.endings.values().sum();
        let mut out = format!(
            "Records: {} file(s), {total} games; {}\n",
            self.files, self.conditions
        );
        for (a, b, stats) in self.pairs() {
            out.push_str(&report::pair_line(a, b, &stats, None));
            out.push('\n');
        }
        out.push_str(&report::endings_line(&self.endings));
        out.push('\n');
        if self.unfinished > 0 {
            out.push_str(&format!(
                "Left out: {} unfinished game(s)\n",
                self.unfinished
            ));
        }
        let none = HashMap::new();
        for name in self.ordered_names() {
            let faults = self.faults.get(name).unwrap_or(&none);
            out.push_str(&format!("{name}: {}\n", report::faults_text(faults)));
        }
        out
    }

    fn add(&mut self, file: usize, r: &GameRecord) -> Option<RoundClash> {
        for name in [&r.south, &r.north] {
            if !self.names.contains(name) {
                self.names.push(name.clone());
            }
        }
        let Some(outcome) = r.result.outcome() else {
            self.unfinished += 1;
            return None;
        };
        let ending = match r.termination {
            Termination::Adjudicated(Adjudication::MaxPlies) => report::AT_THE_PLY_LIMIT,
            Termination::Adjudicated(a) => {
                let loser = match outcome {
                    Outcome::Win(Side::South) => Some(&r.north),
                    Outcome::Win(Side::North) => Some(&r.south),
                    Outcome::Draw => None,
                };
                if let (Some(loser), Some(kind)) = (loser, fault_name(a)) {
                    *self
                        .faults
                        .entry(loser.clone())
                        .or_default()
                        .entry(kind)
                        .or_default() += 1;
                }
                report::BY_A_FAULT
            }
            _ => report::BY_THE_RULES,
        };
        *self.endings.entry(ending).or_default() += 1;
        let round = r.tag("Round");
        let players = self.players_of(r, round);
        let first_side = if players.names[0] == r.south {
            Side::South
        } else {
            Side::North
        };
        let score = GameScore::from_outcome(outcome, first_side);
        let Some((round, (opening, _))) = round.and_then(|t| Some((t, paired_round(t)?))) else {
            players.stats.add_game(score);
            return None;
        };
        if !players.rounds.insert((file, round.to_string())) {
            return Some(RoundClash {
                round: round.to_string(),
            });
        }
        let key = (file, opening.to_string());
        match players.waiting.remove(&key) {
            Some(first) => players.stats.add_pair(first, score),
            None => {
                players.waiting.insert(key, score);
            }
        }
        None
    }

    /// The pair of players of `r`, added the first time with South first
    /// when `r` is the first game of its round (the match's first engine).
    fn players_of(&mut self, r: &GameRecord, round: Option<&str>) -> &mut Players {
        let same = |p: &Players| {
            (p.names[0] == r.south && p.names[1] == r.north)
                || (p.names[0] == r.north && p.names[1] == r.south)
        };
        let at = match self.players.iter().position(same) {
            Some(at) => at,
            None => {
                let south_first = round.and_then(paired_round).is_none_or(|(_, g)| g == 1);
                let names = if south_first {
                    [r.south.clone(), r.north.clone()]
                } else {
                    [r.north.clone(), r.south.clone()]
                };
                self.players.push(Players {
                    names,
                    stats: MatchStats::new(),
                    waiting: HashMap::new(),
                    rounds: HashSet::new(),
                });
                self.players.len() - 1
            }
        };
        &mut self.players[at]
    }
}

/// A round played twice in one file by the same players.
struct RoundClash {
    round: String,
}

/// `k.1` or `k.2`, as `songo match` numbers the games of opening `k`.
fn paired_round(round: &str) -> Option<(&str, u8)> {
    let (opening, game) = round.split_once('.')?;
    let game = match game {
        "1" => 1,
        "2" => 2,
        _ => return None,
    };
    (!opening.is_empty()).then_some((opening, game))
}

/// The fault of `songo match`'s report that a record's adjudication names
/// (none for the ply limit, which is no one's fault).
fn fault_name(a: Adjudication) -> Option<&'static str> {
    match a {
        Adjudication::TimeForfeit => Some(report::TIME_LOSSES),
        Adjudication::IllegalMove => Some(report::ILLEGAL_MOVES),
        Adjudication::Crash => Some(report::CRASHES),
        Adjudication::Stall => Some(report::STALLS),
        Adjudication::MaxPlies | Adjudication::Resignation => None,
    }
}

/// Reads and joins the record files; `variant` is that of games without a
/// `Variant` tag.
pub fn join(paths: &[PathBuf], variant: Option<Variant>) -> Result<Joined, ResultsError> {
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut joined: Option<Joined> = None;
    for (file, path) in paths.iter().enumerate() {
        let same_file = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
        if seen.contains(&same_file) {
            return Err(ResultsError::Twice { path: path.clone() });
        }
        seen.push(same_file);
        for (number, game) in load_games(path, variant, None)? {
            let r = &game.record;
            if r.south == r.north {
                return Err(ResultsError::SameNames {
                    path: path.clone(),
                    game: number,
                    name: r.south.clone(),
                });
            }
            let j = joined.get_or_insert_with(|| Joined {
                conditions: Conditions {
                    variant: r.variant,
                    clocks: Vec::new(),
                },
                files: 0,
                players: Vec::new(),
                endings: HashMap::new(),
                faults: HashMap::new(),
                names: Vec::new(),
                unfinished: 0,
            });
            j.conditions.admit(path, number, r)?;
            if let Some(clash) = j.add(file, r) {
                return Err(ResultsError::RoundTwice {
                    path: path.clone(),
                    game: number,
                    round: clash.round,
                    south: r.south.clone(),
                    north: r.north.clone(),
                });
            }
        }
    }
    let mut joined = joined.ok_or(ResultsError::NoGames)?;
    if joined.endings.is_empty() {
        return Err(ResultsError::NoGames);
    }
    joined.files = paths.len();
    Ok(joined)
}

/// Runs `songo results`: the report on standard output.
pub fn run(args: &ResultsArgs) -> Result<(), ResultsError> {
    let joined = join(&args.records, args.variant)?;
    Ok(songo_cli::out!("{}", joined.report())?)
}

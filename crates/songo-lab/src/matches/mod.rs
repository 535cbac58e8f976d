//! Engine-versus-engine matches: `songo match`.
//!
//! Every pair of engines plays each opening twice, colours swapped. Games
//! run `concurrency` at a time, each with two fresh engine processes, so a
//! crash or a stall cannot leak into another game. The main thread collects
//! results in the order they finish and hands them to an observer (which
//! writes the record and the progress line), and stops handing out games
//! once an SPRT has decided.
//!
//! The engines are child processes driven through the protocol client,
//! [`songo_client`], which the GUI shares.

pub mod command;
pub mod openings;
pub mod referee;
pub mod report;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;

pub use openings::OpeningError;
pub use referee::{play_game, Ending, Fault, GameReport, GameSettings, Opening};
pub use songo_client::{EngineProcess, EngineSpec, MoveLimit, ProcessError, SpecError, StartError};

use songo_core::record::{Adjudication, GameRecord, GameResult};

/// Why a match could not be played. Bad engine descriptions and time
/// controls ([`SpecError`]) are rejected earlier, by the command line.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// Fewer than two `--engine`s.
    #[error("a match needs at least two engines (--engine twice), got {found}")]
    TooFewEngines {
        /// Engines given.
        found: usize,
    },
    /// `--sprt` compares two engines.
    #[error("--sprt needs exactly two engines, got {found}")]
    SprtEngines {
        /// Engines given.
        found: usize,
    },
    /// `--games 0`.
    #[error("--games must be at least 1")]
    NoGames,
    /// The openings could not be made or read.
    #[error(transparent)]
    Openings(#[from] OpeningError),
    /// This program (the default engine) or an engine could not start.
    #[error(transparent)]
    Start(#[from] StartError),
    /// The record file could not be created or written.
    #[error("cannot write the record {}", path.display())]
    Record {
        /// The `--record` file.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
    /// The output could not be written (its reader went away: `| head`).
    #[error(transparent)]
    Stdout(#[from] songo_cli::output::StdoutError),
}

/// One game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// Index of the game in the match, from 0.
    pub index: usize,
    /// Engine indices `[south, north]`.
    pub engines: [usize; 2],
    /// Which opening, and whether this is its second, colour-swapped game.
    pub opening: usize,
    /// Whether this is the opening's second game, its first game's colours
    /// swapped.
    pub swapped: bool,
}

/// All games of a round robin: every pair of engines, every opening, both
/// colour assignments, the two games of an opening next to each other.
pub fn schedule(engines: usize, openings: usize) -> Vec<Job> {
    let mut jobs = Vec::new();
    for a in 0..engines {
        for b in a + 1..engines {
            for opening in 0..openings {
                for swapped in [false, true] {
                    let pair = if swapped { [b, a] } else { [a, b] };
                    jobs.push(Job {
                        index: jobs.len(),
                        engines: pair,
                        opening,
                        swapped,
                    });
                }
            }
        }
    }
    jobs
}

/// The whole description of a match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The engines, in the order of `--engine`.
    pub engines: Vec<EngineSpec>,
    /// The time control of engines without their own.
    pub tc: MoveLimit,
    /// The openings, each played twice by every pair of engines.
    pub openings: Vec<Opening>,
    /// What every game shares: the variant, the rules of adjudication.
    pub settings: GameSettings,
    /// Games played at once.
    pub concurrency: usize,
}

impl MatchConfig {
    /// The time control of engine `engine`: its own, or the match's.
    pub fn tc_of(&self, engine: usize) -> MoveLimit {
        self.engines[engine].tc.unwrap_or(self.tc)
    }
}

/// What the observer says after each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Go on handing out games.
    Continue,
    /// Stop handing out games (an SPRT decided); games under way finish.
    Stop,
}

/// Starts each engine once and shakes hands with it, so an engine that
/// cannot start stops the match before it begins rather than losing every
/// game by a fault. The engines start in parallel.
pub fn check_engines(config: &MatchConfig) -> Result<(), MatchError> {
    let settings = &config.settings;
    songo_client::check_all(&config.engines, &settings.default_cmd, &|p, spec| {
        p.prepare(spec, settings.variant, settings.stall_timeout)
    })
    .map_err(MatchError::from)
}

/// Plays the match; `observe` sees every finished game in the order games
/// finish. Returns how many games were played.
pub fn run(
    config: &MatchConfig,
    jobs: &[Job],
    observe: &mut dyn FnMut(&Job, &GameReport) -> Verdict,
) -> usize {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = channel::<(Job, GameReport)>();
    let mut played = 0;
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.clamp(1, jobs.len().max(1)) {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || loop {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let Some(job) = jobs.get(next.fetch_add(1, Ordering::SeqCst)) else {
                    break;
                };
                let specs = job.engines.map(|e| &config.engines[e]);
                let tcs = job.engines.map(|e| config.tc_of(e));
                let report = play_game(specs, tcs, &config.openings[job.opening], &config.settings);
                if tx.send((*job, report)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (job, report) in rx {
            played += 1;
            if observe(&job, &report) == Verdict::Stop {
                stop.store(true, Ordering::SeqCst);
            }
        }
    });
    played
}

/// The record of one game (see protocol.md, "Game records"), with the
/// tags `Round` (`opening.game`), `OpeningPlies` and, after a fault, `Fault`.
pub fn record_of(config: &MatchConfig, event: &str, job: &Job, r: &GameReport) -> GameRecord {
    let names = job.engines.map(|e| config.engines[e].name.as_str());
    let tcs = job.engines.map(|e| config.tc_of(e).to_string());
    let tc = if tcs[0] == tcs[1] {
        tcs[0].clone()
    } else {
        format!("{}:{}", tcs[0], tcs[1])
    };
    let adjudication = match &r.ending {
        Ending::Rules(_) => None,
        Ending::MaxPlies => Some(Adjudication::MaxPlies),
        Ending::Fault { fault, .. } => Some(match fault {
            Fault::TimeLoss { .. } => Adjudication::TimeForfeit,
            Fault::Illegal(_) | Fault::Malformed(_) => Adjudication::IllegalMove,
            Fault::Crash | Fault::Start(_) => Adjudication::Crash,
            Fault::Stall => Adjudication::Stall,
        }),
    };
    let result = GameResult::from_outcome(r.outcome);
    let mut record = GameRecord::from_game(
        &r.game,
        names[0],
        names[1],
        &tc,
        adjudication.map(|a| (a, result)),
    )
    .unwrap_or_else(|_| {
        // Only a fault on the very move that ended the game could get
        // here; the record then keeps the rules' verdict.
        GameRecord::from_game(&r.game, names[0], names[1], &tc, None).expect("a finished game")
    });
    record.event = event.to_string();
    let round = format!("{}.{}", job.opening + 1, 1 + job.swapped as usize);
    let _ = record.set_tag("Round", round);
    let _ = record.set_tag("OpeningPlies", r.opening_plies.to_string());
    if let Ending::Fault { .. } = r.ending {
        let _ = record.set_tag("Fault", r.ending.to_string());
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_plays_every_pair_both_ways() {
        let jobs = schedule(3, 2);
        assert_eq!(jobs.len(), 3 * 2 * 2);
        for pair in jobs.chunks(2) {
            assert_eq!(pair[0].opening, pair[1].opening);
            assert_eq!(pair[0].engines, [pair[1].engines[1], pair[1].engines[0]]);
            assert!(!pair[0].swapped && pair[1].swapped);
        }
        assert!(jobs.iter().enumerate().all(|(i, j)| j.index == i));
        assert!(schedule(1, 5).is_empty());
    }
}

//! A game review on the worker: the scoring and the judgements are
//! [`review_game`]'s (engine-agnostic, shared with `songo review`); the
//! worker gives it one search per position, at full strength and one
//! line, with the game's moves up to there (so repetitions count), and
//! passes its progress on. A new job interrupts the review like any search.

use songo_client::review::{review_game, GameReview, Thresholds, Verdict};
use songo_core::Game;
use songo_room::link::{Event, Failure, Job, Limit, Search};

use super::{Ended, Worker};

/// How a review ended.
pub(super) enum Reviewed {
    Done(GameReview),
    /// Not finished, the engine still running: why.
    Failed(String),
    Interrupted(Job),
    Orphaned,
}

/// Why the analysis of one position gave up.
enum Stop {
    Interrupted(Job),
    Orphaned,
    NoScore(String),
    Failed(Failure),
}

impl Worker<'_> {
    pub(super) fn review(
        &mut self,
        ticket: u64,
        game: &Game,
        limit: Limit,
    ) -> Result<Reviewed, Failure> {
        let report = self.report;
        let analyse = |ply: usize, _: &songo_core::Position| -> Result<Verdict, Stop> {
            let search = Search {
                variant: game.variant(),
                level: 10,
                lines: 1,
                start: game.start(),
                moves: game.moves()[..ply].to_vec(),
                limit,
            };
            match self.search(ticket, &search, false) {
                Ok(Ended::Answer(answer)) => {
                    let info = answer.info.unwrap_or_default();
                    let Some(score) = info.score else {
                        return Err(Stop::NoScore(format!(
                            "the engine answered '{}' without a score at ply {ply}",
                            answer.line
                        )));
                    };
                    Ok(Verdict {
                        score,
                        best: answer.parsed.and_then(|b| b.mv),
                        pv: info.pv,
                    })
                }
                Ok(Ended::Interrupted(job)) => Err(Stop::Interrupted(job)),
                Ok(Ended::Orphaned) => Err(Stop::Orphaned),
                Err(f) => Err(Stop::Failed(f)),
            }
        };
        let progress = |done, total| {
            report(Event::ReviewProgress {
                ticket,
                done,
                total,
            })
        };
        match review_game(game, analyse, &Thresholds::default(), progress) {
            Ok(review) => Ok(Reviewed::Done(review)),
            Err(Stop::NoScore(why)) => Ok(Reviewed::Failed(why)),
            Err(Stop::Interrupted(job)) => Ok(Reviewed::Interrupted(job)),
            Err(Stop::Orphaned) => Ok(Reviewed::Orphaned),
            Err(Stop::Failed(f)) => Err(f),
        }
    }
}

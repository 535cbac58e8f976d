//! A game review on the worker: the scoring and the judgements are
//! [`review_game`]'s (engine-agnostic); the worker gives it one search per
//! position, at full strength and one line, and passes its progress on. A
//! new job interrupts the review like any search.

use songo_client::InfoScore;
use songo_core::{Move, Position, Variant};

use super::{Ended, Event, Failure, Job, Limit, Search, Worker};
use crate::review_api::{review_game, GameReview, Thresholds, Verdict};

/// How a review ended.
pub(super) enum Reviewed {
    Done(GameReview),
    Interrupted(Job),
    Orphaned,
}

/// Why the analysis of one position gave up.
enum Stop {
    Interrupted(Job),
    Orphaned,
    Failed(Failure),
}

impl Worker<'_> {
    pub(super) fn review(
        &mut self,
        ticket: u64,
        variant: Variant,
        start: Position,
        moves: &[Move],
        limit: Limit,
    ) -> Result<Reviewed, Failure> {
        let report = self.report;
        let analyse = |p: &Position| -> Result<Verdict, Stop> {
            let search = Search {
                variant,
                level: 10,
                lines: 1,
                start: *p,
                moves: Vec::new(),
                limit,
            };
            match self.search(ticket, &search, false) {
                Ok(Ended::Answer(answer)) => {
                    let info = answer.info.unwrap_or_default();
                    Ok(Verdict {
                        // An engine that said nothing about its score
                        // (a position it found over) gets an even one.
                        score: info.score.unwrap_or(InfoScore::Cp(0)),
                        best: answer.parsed.and_then(|b| b.mv),
                        pv: info.pv,
                    })
                }
                Ok(Ended::Interrupted(job)) => Err(Stop::Interrupted(job)),
                Ok(Ended::Orphaned) => Err(Stop::Orphaned),
                Err(f) => Err(Stop::Failed(f)),
            }
        };
        let progress = |done, total| report(Event::ReviewProgress { ticket, done, total });
        match review_game(
            variant,
            &start,
            moves,
            analyse,
            &Thresholds::default(),
            progress,
        ) {
            Ok(review) => Ok(Reviewed::Done(review)),
            Err(Stop::Interrupted(job)) => Ok(Reviewed::Interrupted(job)),
            Err(Stop::Orphaned) => Ok(Reviewed::Orphaned),
            Err(Stop::Failed(f)) => Err(f),
        }
    }
}

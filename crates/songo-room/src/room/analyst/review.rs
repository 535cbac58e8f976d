//! A review of the board's game by the analyst: its limit, its progress,
//! its result, and what the page shows of it.

use songo_client::review::{GameReview, Thresholds};
use songo_core::record::move_label;

use crate::link::Limit;
use crate::say::Say;
use crate::view::{side_name, ReviewView, ReviewedMove};

/// The deepest review the page may ask for, and the longest move time.
pub const MAX_REVIEW_DEPTH: u32 = 30;
pub const MAX_REVIEW_MOVETIME_MS: u64 = 60_000;
/// The shortest move time a review may have.
const MIN_REVIEW_MOVETIME_MS: u64 = 10;

/// What the review is doing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ReviewState {
    None,
    Running { ticket: u64 },
    Done,
    Failed,
    Cancelled,
}

pub(super) struct Review {
    state: ReviewState,
    /// The limit as the record's `Annotator` tag writes it (`depth 8`),
    /// and as a person reads it.
    limit: String,
    limit_say: Option<Say>,
    /// The limit itself, for verdicts on answers to its mistakes.
    limit_value: Option<Limit>,
    done: usize,
    total: usize,
    result: Option<GameReview>,
    message: Option<Say>,
}

/// The limit a page asked a review for: a depth or a move time, checked.
pub(in crate::room) fn limit_of(
    depth: Option<u32>,
    movetime: Option<u64>,
) -> Result<(Limit, Say), Say> {
    match (depth, movetime) {
        (Some(d), None) if (1..=MAX_REVIEW_DEPTH).contains(&d) => {
            Ok((Limit::Depth(d), Say::LimitDepth { depth: d }))
        }
        (None, Some(ms)) if (MIN_REVIEW_MOVETIME_MS..=MAX_REVIEW_MOVETIME_MS).contains(&ms) => {
            Ok((
                Limit::Movetime(std::time::Duration::from_millis(ms)),
                Say::LimitMovetime { ms },
            ))
        }
        _ => Err(Say::BadReviewLimit {
            max_depth: MAX_REVIEW_DEPTH,
            min_ms: MIN_REVIEW_MOVETIME_MS,
            max_ms: MAX_REVIEW_MOVETIME_MS,
        }),
    }
}

impl Review {
    pub(super) fn new() -> Review {
        Review {
            state: ReviewState::None,
            limit: String::new(),
            limit_say: None,
            limit_value: None,
            done: 0,
            total: 0,
            result: None,
            message: None,
        }
    }

    /// A review of `total` positions under way as search `ticket`.
    pub(super) fn running(ticket: u64, (limit, say): (Limit, Say), total: usize) -> Review {
        Review {
            state: ReviewState::Running { ticket },
            limit: match &say {
                Say::LimitDepth { depth } => format!("depth {depth}"),
                Say::LimitMovetime { ms } => format!("{ms} ms a position"),
                _ => String::new(),
            },
            limit_say: Some(say),
            limit_value: Some(limit),
            done: 0,
            total,
            result: None,
            message: None,
        }
    }

    /// The review stops where it is (its process was replaced, or the
    /// person cancelled it).
    pub(super) fn cancel(&mut self) {
        self.state = ReviewState::Cancelled;
    }

    pub(super) fn is_running(&self) -> bool {
        matches!(self.state, ReviewState::Running { .. })
    }

    /// Whether search `ticket` is this review's, under way.
    pub(super) fn runs(&self, ticket: u64) -> bool {
        self.state == ReviewState::Running { ticket }
    }

    pub(super) fn progress(&mut self, done: usize, total: usize) {
        self.done = done;
        self.total = total;
    }

    pub(super) fn finish(&mut self, review: GameReview) {
        self.state = ReviewState::Done;
        self.done = self.total;
        self.result = Some(review);
    }

    pub(super) fn fail(&mut self, message: Say) {
        self.state = ReviewState::Failed;
        self.message = Some(message);
    }

    /// The finished review, and its limit.
    pub(super) fn finished(&self) -> Option<(&GameReview, &str)> {
        match (&self.state, &self.result) {
            (ReviewState::Done, Some(r)) => Some((r, &self.limit)),
            _ => None,
        }
    }

    /// The limit of the finished review.
    pub(super) fn limit(&self) -> Option<Limit> {
        self.finished().and(self.limit_value)
    }

    /// What the page shows of the review.
    pub(super) fn view(&self) -> ReviewView {
        let t = Thresholds::default();
        let first = self.result.as_ref().and_then(|g| g.moves.first()).map(|m| {
            if m.ply % 2 == 0 {
                m.mover
            } else {
                m.mover.opponent()
            }
        });
        let moves = self
            .result
            .iter()
            .flat_map(|result| &result.moves)
            .map(|m| ReviewedMove {
                // The page counts moves from 1: move N leads to position N.
                ply: m.ply + 1,
                label: move_label(first.unwrap_or(m.mover), m.ply, m.played),
                side: side_name(m.mover),
                played: m.played.to_string(),
                best: m.better().map(|b| b.to_string()),
                before: m.before,
                after: m.after,
                loss: m.loss,
                judgement: m.judgement.to_string(),
                pv: m.pv.clone(),
            })
            .collect();
        ReviewView {
            state: match self.state {
                ReviewState::None => "none",
                ReviewState::Running { .. } => "running",
                ReviewState::Done => "done",
                ReviewState::Failed => "failed",
                ReviewState::Cancelled => "cancelled",
            },
            limit: self.limit_say.clone(),
            done: self.done,
            total: self.total,
            moves,
            curve: self
                .result
                .as_ref()
                .map(|g| g.curve.clone())
                .unwrap_or_default(),
            thresholds: [t.inaccuracy, t.mistake, t.blunder],
            message: self.message.clone(),
        }
    }
}

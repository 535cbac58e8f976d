//! What a book knows of one move of a position.

use songo_core::Move;

/// A book move: the move, what the book scores it, and how it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move, a pit of the side to move.
    pub mv: Move,
    /// The move's value for the side to move, in centiseeds: a search's
    /// score of the position after it (negated), or, once the book goes on
    /// below it, the minimax value of the book there. Proven results keep
    /// the sign and are clamped to [`SCORE_LIMIT`].
    pub score: i16,
    /// The depth that score stands for: the search's depth, plus the book
    /// plies above the searched position when the score is backed up.
    pub depth: u8,
    /// How many times the book's expansion went through this move.
    pub visits: u32,
}

/// The largest score a book stores: a forced win. Engine scores beyond it
/// (mates, table wins) are clamped to it, keeping their sign.
pub const SCORE_LIMIT: i16 = 30_000;

impl BookMove {
    /// The score an engine score (`i32`, centiseeds or a proven result)
    /// is kept as.
    pub fn clamp_score(score: i32) -> i16 {
        score.clamp(-(SCORE_LIMIT as i32), SCORE_LIMIT as i32) as i16
    }
}

/// Sorts moves best first (score, then visits, then the pit, so the order
/// never depends on how they were found).
pub fn sort_best_first(moves: &mut [BookMove]) {
    moves.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(b.visits.cmp(&a.visits))
            .then(a.mv.cmp(&b.mv))
    });
}

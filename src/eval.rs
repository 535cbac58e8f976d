//! Static evaluation, in centiseeds (hundredths of a seed of expected final
//! margin) from the side to move's point of view.
//!
//! This is the first, hand-set evaluation: the material the result is
//! counted in, per variant. Tuned terms come with the tuner.

use crate::position::Position;
use crate::variant::Variant;

/// A search or evaluation score.
pub type Score = i32;

/// One seed of final margin.
pub const SEED: Score = 100;
/// Value of a seed still in one's own row in `songo36-*`, where it counts at
/// the end but can still be captured or must be sown away: half a seed.
pub const ROW_SEED_36: Score = SEED / 2;

/// Evaluates `p` for the side to move.
pub fn evaluate(p: &Position, v: Variant) -> Score {
    let us = p.side_to_move();
    let them = us.opponent();
    let captured = p.captured(us) as Score - p.captured(them) as Score;
    let mut score = captured * SEED;
    if v.is_songo36() {
        score += (p.row_seeds(us) as Score - p.row_seeds(them) as Score) * ROW_SEED_36;
    }
    score
}

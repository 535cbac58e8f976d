//! The evaluation weights of each variant, in centiseeds per unit of each
//! feature (see [`super::Feature`] for the order).
//!
//! Fitted by `songo tune` (the command is above each table) from self-play
//! games of the previous, hand-set material evaluation (captured seeds, and
//! half a seed per seed in one's own row in `songo36-*`). Then each term was
//! left out in turn, in play at equal nodes (`scripts/ablation.sh`): the
//! engine without "empty pits", "capture threat" or "big piles" was the
//! stronger or no weaker in every variant, so those weights are zero; they
//! stay as fitted with them (measurements in `docs/tuning-history.md`).

use super::Weights;

/// Tuned by `songo tune --variant songo36-beginner --games 4000 --nodes 2000 --plies 6 --seed 1 --epochs 3000 --learning-rate 1`, then the three terms the ablation dropped set to zero.
pub const SONGO36_BEGINNER: Weights = Weights([
    12,  // captured
    42,  // captured late
    24,  // seeds in row
    266, // weak pits
    0,   // empty pits
    0,   // big piles
    209, // mobility
    0,   // capture threat
    0,   // pit 7 unplayed
]);

/// Tuned by `songo tune --variant songo36-amateur --games 4000 --nodes 2000 --plies 6 --seed 1 --epochs 3000 --learning-rate 1`, then the three terms the ablation dropped set to zero.
pub const SONGO36_AMATEUR: Weights = Weights([
    27,  // captured
    40,  // captured late
    22,  // seeds in row
    246, // weak pits
    0,   // empty pits
    0,   // big piles
    131, // mobility
    0,   // capture threat
    0,   // pit 7 unplayed
]);

/// Tuned by `songo tune --variant songo40 --games 4000 --nodes 2000 --plies 6 --seed 1 --epochs 3000 --learning-rate 1`, then the three terms the ablation dropped set to zero.
pub const SONGO40: Weights = Weights([
    1,   // captured
    28,  // captured late
    16,  // seeds in row
    49,  // weak pits
    0,   // empty pits
    0,   // big piles
    183, // mobility
    0,   // capture threat
    28,  // pit 7 unplayed
]);

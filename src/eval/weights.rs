//! The evaluation weights of each variant, in centiseeds per unit of each
//! feature (see [`super::Feature`] for the order).
//!
//! Fitted by `songo tune` (the command is above each table) from self-play
//! games of the previous, hand-set material evaluation (captured seeds, and
//! half a seed per seed in one's own row in `songo36-*`).

use super::Weights;

/// Tuned by `songo tune --variant songo36-beginner --games 4000 --nodes 2000 --plies 6 --seed 1 --epochs 3000 --learning-rate 1`.
pub const SONGO36_BEGINNER: Weights = Weights([
    12,  // captured
    42,  // captured late
    24,  // seeds in row
    266, // weak pits
    195, // empty pits
    5,   // big piles
    209, // mobility
    111, // capture threat
    0,   // pit 7 unplayed
]);

/// Tuned by `songo tune --variant songo36-amateur --games 4000 --nodes 2000 --plies 6 --seed 1 --epochs 3000 --learning-rate 1`.
pub const SONGO36_AMATEUR: Weights = Weights([
    27,  // captured
    40,  // captured late
    22,  // seeds in row
    246, // weak pits
    102, // empty pits
    5,   // big piles
    131, // mobility
    103, // capture threat
    0,   // pit 7 unplayed
]);

/// Tuned by `songo tune --variant songo40 --games 4000 --nodes 2000 --plies 6 --seed 1 --epochs 3000 --learning-rate 1`.
pub const SONGO40: Weights = Weights([
    1,   // captured
    28,  // captured late
    16,  // seeds in row
    49,  // weak pits
    116, // empty pits
    2,   // big piles
    183, // mobility
    51,  // capture threat
    28,  // pit 7 unplayed
]);

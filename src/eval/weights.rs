//! The evaluation weights of each variant, in centiseeds per unit of each
//! feature (see [`super::Feature`] for the order).
//!
//! Hand-set until the first tuning run: the material the result is
//! counted in, with a seed in one's own row worth half a captured one in
//! `songo36-*`.

use super::Weights;

pub const SONGO36_BEGINNER: Weights = Weights([100, 0, 50, 0, 0, 0, 0, 0, 0]);
pub const SONGO36_AMATEUR: Weights = Weights([100, 0, 50, 0, 0, 0, 0, 0, 0]);
pub const SONGO40: Weights = Weights([100, 0, 0, 0, 0, 0, 0, 0, 0]);

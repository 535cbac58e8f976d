//! The numbers every part of the learned evaluation agrees on (a
//! variant's code is `Variant::index`, as in the table files): the quantization scales and the sizes a net may have.
//! The net file stores them, the inputs and the nets are built on them,
//! and the output bucket of a position. A
//! leaf: the other modules of `nn` import it, and it imports none of them,
//! so that their imports go one way (spec, input, error, network, file,
//! float).

/// The variant byte of a net for every variant (a net for one variant
/// stores its `Variant::index`).
pub const ALL_VARIANTS_CODE: u8 = 255;

/// Scale of the first layer's weights and of the hidden activations:
/// `0..=1` in the float net is `0..=QA` here. 255 keeps the activations
/// within `u8` (as NNUE) and leaves the `i16` accumulator room for
/// `32767 / 255 ≈ 128` of float weight.
pub const QA: i32 = 255;
/// Scale of the second hidden layer's weights: eight bits of fraction
/// (its rounding, summed over H1 inputs, is the largest error of a
/// two-layer net at six bits) and float weights up to `±128` in `i16`.
pub const QB: i32 = 1 << QB_SHIFT;
pub(super) const QB_SHIFT: u32 = 8;
/// Scale of the output layer's weights: finer than [`QB`] because the
/// output's error is multiplied by the net's scale (hundreds of
/// centiseeds per unit), and its weights stay well inside `±64`.
pub const QO: i32 = 512;
/// Largest first hidden layer a file may ask for (the stack buffer).
pub const MAX_H1: usize = 512;
/// Largest second hidden layer.
pub const MAX_H2: usize = 64;
/// The first layer's width must be a multiple of this (whole vectors).
pub const H1_STEP: usize = 16;
/// The second layer's width must be a multiple of this (0: no layer).
pub const H2_STEP: usize = 8;
/// Most output buckets a net may have.
pub const MAX_BUCKETS: usize = 16;

/// The output bucket of a position with `on_board` seeds on the board, of
/// `buckets` (at least 1): equal shares of `0..=TOTAL_SEEDS`, fewest seeds
/// first. The seeds left are the game's phase: a net may weigh its hidden
/// units differently in an opening and in an ending.
#[inline]
pub fn bucket(on_board: u8, buckets: usize) -> usize {
    (on_board as usize * buckets / (songo_core::position::TOTAL_SEEDS as usize + 1))
        .min(buckets - 1)
}

/// Whether a net of these sizes can be stored and evaluated.
pub fn valid_sizes(h1: usize, h2: usize) -> bool {
    h1 > 0
        && h1 <= MAX_H1
        && h1.is_multiple_of(H1_STEP)
        && h2 <= MAX_H2
        && h2.is_multiple_of(H2_STEP)
}

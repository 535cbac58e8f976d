//! The quantized network and its inference.
//!
//! `inputs → H1 → [H2 →] 1`, clipped ReLU after each hidden layer, in
//! integers as NNUE does it:
//!
//! - the first layer's weights and biases are scaled by [`QA`] and stored as
//!   `i16`; the accumulator is `i16` (the loader proves it cannot overflow),
//!   and its clipped ReLU keeps `0..=QA`, the float's `0..=1`;
//! - the second hidden layer's weights are scaled by [`QB`] (`i16`), its
//!   biases by `QA · QB` (`i32`), its sums taken in `i32` and divided by
//!   `QB` (rounded) back to the `0..=QA` scale before its clipped ReLU;
//! - the output layer's weights are scaled by [`QO`] (`i16`), its bias by
//!   `QA · QO`; with output buckets, one row of weights and one bias per
//!   bucket, the position's bucket chosen by its seeds on the board; the output, `QA · QO` times the float net's, times the
//!   net's scale (centiseeds per unit of output) is the evaluation in
//!   centiseeds.
//!
//! Every row, bias and layer is a contiguous slice walked by plain
//! `zip` loops of equal lengths, which the compiler turns into vector adds
//! and multiply-adds; an evaluation allocates nothing (its buffers are on
//! the stack, sized by [`MAX_H1`] and [`MAX_H2`]).

use songo_core::position::Position;
use songo_core::variant::Variant;

use super::error::NetError;
use super::input::{self, ACTIVE, ROWS, VARIANT_INPUTS};
use super::spec::{bucket, MAX_H1, MAX_H2, QA, QB, QB_SHIFT, QO};
use crate::score::Score;

/// The variants a net evaluates: the one it was trained for (input layout
/// 1), or every variant, told apart by a variant input (layout 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NetScope {
    /// One variant (layout 1).
    Variant(Variant),
    /// Every variant, with the variant as an input (layout 2).
    AllVariants,
}

impl NetScope {
    /// Whether the net reads the variant input.
    pub fn has_variant_input(self) -> bool {
        self == NetScope::AllVariants
    }

    /// One-hot rows of the first layer.
    pub fn rows(self) -> usize {
        ROWS + if self.has_variant_input() {
            VARIANT_INPUTS
        } else {
            0
        }
    }
}

impl std::fmt::Display for NetScope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetScope::Variant(v) => write!(f, "{v}"),
            NetScope::AllVariants => f.write_str("every variant"),
        }
    }
}

/// The evaluation is kept inside this many centiseeds (seven tenths of
/// the 70 seeds): far from the mate and tablebase ranges, which only a
/// search may claim.
pub const EVAL_LIMIT: Score = 7000;

/// A quantized network, ready to evaluate. Built by [`super::file`] from a
/// net file's bytes or by [`super::float::FloatNet::quantize`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub(super) scope: NetScope,
    pub(super) h1: usize,
    /// 0: the output reads the first hidden layer.
    pub(super) h2: usize,
    /// Centiseeds per unit of the float net's output.
    pub(super) scale_cp: u16,
    /// `scope.rows()` rows of `h1`.
    pub(super) w1: Box<[i16]>,
    pub(super) b1: Box<[i16]>,
    /// `h2` rows of `h1`.
    pub(super) w2: Box<[i16]>,
    pub(super) b2: Box<[i32]>,
    /// Output buckets (1: none; see [`super::spec::bucket`]).
    pub(super) buckets: usize,
    /// Per bucket, one weight per unit of the last hidden layer.
    pub(super) w3: Box<[i16]>,
    /// One output bias per bucket.
    pub(super) b3: Box<[i32]>,
}

impl Network {
    /// The variants the net was trained for.
    pub fn scope(&self) -> NetScope {
        self.scope
    }

    /// The net that evaluates `v`'s positions: this one if it is `v`'s; a
    /// net for every variant with `v`'s input row added to its biases
    /// once (the same sums, so the same evaluations); refused for another
    /// variant's net.
    pub fn for_variant(&self, v: Variant) -> Result<Network, NetError> {
        match self.scope {
            NetScope::Variant(x) if x == v => Ok(self.clone()),
            NetScope::Variant(x) => Err(NetError::Variant { net: x, wanted: v }),
            NetScope::AllVariants => {
                let h1 = self.h1;
                let start = (ROWS + v.index()) * h1;
                let row = &self.w1[start..start + h1];
                let mut net = self.clone();
                net.scope = NetScope::Variant(v);
                net.w1 = self.w1[..ROWS * h1].into();
                // No overflow: the loader bounded the biases plus a row of
                // every group, the variant's among them.
                net.b1 = self.b1.iter().zip(row).map(|(&b, &w)| b + w).collect();
                Ok(net)
            }
        }
    }

    /// `(H1, H2)`; `H2` is 0 without a second hidden layer.
    pub fn sizes(&self) -> (usize, usize) {
        (self.h1, self.h2)
    }

    /// Output buckets (1: one output for every position).
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// Units of the last hidden layer, which the output reads.
    fn last(&self) -> usize {
        if self.h2 == 0 {
            self.h1
        } else {
            self.h2
        }
    }

    /// Centiseeds per unit of output (the trainer's sigmoid scale).
    pub fn scale_cp(&self) -> u16 {
        self.scale_cp
    }

    /// The evaluation of `p` for the side to move, in centiseeds, within
    /// `±EVAL_LIMIT`, by a net for one variant (a net for every variant
    /// is first specialised with [`Network::for_variant`]: without it, the
    /// variant's row would be missing).
    #[inline]
    pub fn evaluate(&self, p: &Position) -> Score {
        debug_assert!(
            !self.scope.has_variant_input(),
            "evaluate a specialised net"
        );
        let out = self.output(
            &input::active_rows(p),
            bucket(p.seeds_on_board(), self.buckets),
        );
        let cp = out as i64 * self.scale_cp as i64 / (QA * QO) as i64;
        cp.clamp(-EVAL_LIMIT as i64, EVAL_LIMIT as i64) as Score
    }

    /// The raw output (`QA · QO` per unit) for the given one-hot rows and
    /// output bucket (below [`Network::buckets`]).
    #[inline]
    pub fn output(&self, rows: &[u16; ACTIVE], bucket: usize) -> i32 {
        let last = self.last();
        let w3 = &self.w3[bucket * last..(bucket + 1) * last];
        let b3 = self.b3[bucket];
        let h1 = self.h1;
        let mut acc_buf = [0i16; MAX_H1];
        let acc = &mut acc_buf[..h1];
        acc.copy_from_slice(&self.b1);
        for &r in rows {
            let start = r as usize * h1;
            let row = &self.w1[start..start + h1];
            for (a, &w) in acc.iter_mut().zip(row) {
                // No overflow: the loader bounds every sum (see `max_accumulator`).
                *a = a.wrapping_add(w);
            }
        }
        for a in acc.iter_mut() {
            *a = (*a).clamp(0, QA as i16);
        }
        if self.h2 == 0 {
            return dot(acc, w3) + b3;
        }
        let mut hidden_buf = [0i16; MAX_H2];
        let hidden = &mut hidden_buf[..self.h2];
        for ((h, row), &b) in hidden
            .iter_mut()
            .zip(self.w2.chunks_exact(h1))
            .zip(self.b2.iter())
        {
            *h = ((dot(acc, row) + b + QB / 2) >> QB_SHIFT).clamp(0, QA) as i16;
        }
        dot(hidden, w3) + b3
    }

    /// The largest magnitude the first layer's accumulator can reach, over
    /// every unit and every choice of one row per input group: the loader
    /// refuses a net where it exceeds `i16`.
    pub(super) fn max_accumulator(&self) -> i64 {
        let groups = input::row_groups(self.scope.has_variant_input());
        (0..self.h1)
            .map(|j| {
                let mut total = (self.b1[j] as i64).abs();
                for g in &groups {
                    total += g
                        .clone()
                        .map(|r| (self.w1[r * self.h1 + j] as i64).abs())
                        .max()
                        .unwrap_or(0);
                }
                total
            })
            .max()
            .unwrap_or(0)
    }

    /// The largest magnitude a later layer's `i32` sum can reach (inputs
    /// at most `QA`): the loader refuses a net where it exceeds `i32`.
    pub(super) fn max_later_sum(&self) -> i64 {
        let sum = |w: &[i16], b: i64| {
            b.abs() + w.iter().map(|&x| (x as i64).abs() * QA as i64).sum::<i64>()
        };
        let hidden = self
            .w2
            .chunks_exact(self.h1)
            .zip(self.b2.iter())
            .map(|(row, &b)| sum(row, b as i64) + (QB / 2) as i64)
            .max()
            .unwrap_or(0);
        let output = self
            .w3
            .chunks_exact(self.last())
            .zip(self.b3.iter())
            .map(|(row, &b)| sum(row, b as i64))
            .max()
            .unwrap_or(0);
        hidden.max(output)
    }

    /// Rows of the first layer of a net for one variant: [`ROWS`].
    pub const ROWS: usize = ROWS;
}

/// `Σ a·b` in `i32`: the multiply-add the compiler vectorises.
#[inline]
fn dot(a: &[i16], b: &[i16]) -> i32 {
    a.iter().zip(b).map(|(&x, &w)| x as i32 * w as i32).sum()
}

//! The float network: what the trainer learns, the reference the
//! quantized inference is tested against, and what is quantized into a
//! [`Network`].
//!
//! Its first layer has one row per thermometer input
//! ([`super::input::INPUTS`], and the variant inputs of a net for every
//! variant); quantizing sums them into the one-hot rows (see
//! [`super::input`]).

use songo_core::position::Position;
use songo_core::variant::Variant;

use super::error::NetError;
use super::input::{self, INPUTS, VARIANT_INPUTS};
use super::network::{NetScope, Network, EVAL_LIMIT};
use super::spec::{bucket, valid_sizes, MAX_BUCKETS, QA, QB, QO};
use crate::score::Score;

/// A float network: `inputs → h1 → [h2 →] 1`, clipped ReLU (`0..=1`)
/// after each hidden layer, the output layer chosen by the position's
/// bucket; the output times `scale_cp` is centiseeds.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    /// The variants it evaluates.
    pub scope: NetScope,
    /// The first hidden layer's width.
    pub h1: usize,
    /// 0: no second hidden layer.
    pub h2: usize,
    /// Centiseeds per unit of output: the sigmoid scale of the labels.
    pub scale_cp: u16,
    /// [`FloatNet::inputs`] rows of `h1`.
    pub w1: Vec<f32>,
    /// The first hidden layer's `h1` biases.
    pub b1: Vec<f32>,
    /// `h2` rows of `h1`.
    pub w2: Vec<f32>,
    /// The second hidden layer's `h2` biases.
    pub b2: Vec<f32>,
    /// Output buckets (1: none; see [`super::spec::bucket`]).
    pub buckets: usize,
    /// Per bucket, `h2` weights (`h1` without a second layer).
    pub w3: Vec<f32>,
    /// One output bias per bucket.
    pub b3: Vec<f32>,
}

/// Clipped ReLU.
#[inline]
pub fn crelu(x: f32) -> f32 {
    x.clamp(0.0, 1.0)
}

impl FloatNet {
    /// A net of zeros of the given sizes, with one output bucket (the
    /// trainer draws its weights).
    ///
    /// # Panics
    /// If the sizes are not ones a net file can hold.
    pub fn zeros(scope: NetScope, h1: usize, h2: usize, scale_cp: u16) -> FloatNet {
        Self::zeros_with_buckets(scope, h1, h2, 1, scale_cp)
    }

    /// A net of zeros with `buckets` output buckets.
    ///
    /// # Panics
    /// If the sizes or the buckets are not ones a net file can hold.
    pub fn zeros_with_buckets(
        scope: NetScope,
        h1: usize,
        h2: usize,
        buckets: usize,
        scale_cp: u16,
    ) -> FloatNet {
        assert!(valid_sizes(h1, h2), "sizes {h1}, {h2}");
        assert!((1..=MAX_BUCKETS).contains(&buckets), "{buckets} buckets");
        let last = if h2 == 0 { h1 } else { h2 };
        FloatNet {
            scope,
            h1,
            h2,
            scale_cp,
            w1: vec![0.0; Self::inputs_of(scope) * h1],
            b1: vec![0.0; h1],
            w2: vec![0.0; h2 * h1],
            b2: vec![0.0; h2],
            buckets,
            w3: vec![0.0; buckets * last],
            b3: vec![0.0; buckets],
        }
    }

    /// Units of the last hidden layer, which the output reads.
    pub fn last(&self) -> usize {
        if self.h2 == 0 {
            self.h1
        } else {
            self.h2
        }
    }

    /// The output bucket of `p`.
    pub fn bucket_of(&self, p: &Position) -> usize {
        bucket(p.seeds_on_board(), self.buckets)
    }

    /// Inputs of a net of this scope.
    pub fn inputs_of(scope: NetScope) -> usize {
        INPUTS
            + if scope.has_variant_input() {
                VARIANT_INPUTS
            } else {
                0
            }
    }

    /// Inputs of the net: rows of its first layer.
    pub fn inputs(&self) -> usize {
        Self::inputs_of(self.scope)
    }

    /// The inputs that are on for `p`, a position of variant `v` (read
    /// only by a net with the variant input), in `out` (cleared first).
    pub fn active_inputs(&self, p: &Position, v: Variant, out: &mut Vec<u16>) {
        input::thermometer(p, out);
        if self.scope.has_variant_input() {
            out.push(input::variant_input(v));
        }
    }

    /// The output (logit units) for the given inputs and output bucket.
    pub fn output(&self, active: &[u16], bucket: usize) -> f32 {
        let mut a1 = self.b1.clone();
        for &i in active {
            let row = &self.w1[i as usize * self.h1..(i as usize + 1) * self.h1];
            for (a, w) in a1.iter_mut().zip(row) {
                *a += w;
            }
        }
        let a1: Vec<f32> = a1.into_iter().map(crelu).collect();
        let last: Vec<f32> = if self.h2 == 0 {
            a1
        } else {
            self.w2
                .chunks_exact(self.h1)
                .zip(&self.b2)
                .map(|(row, b)| crelu(row.iter().zip(&a1).map(|(w, x)| w * x).sum::<f32>() + b))
                .collect()
        };
        let w3 = &self.w3[bucket * last.len()..(bucket + 1) * last.len()];
        last.iter().zip(w3).map(|(x, w)| x * w).sum::<f32>() + self.b3[bucket]
    }

    /// The evaluation of `p`, a position of variant `v`, in centiseeds
    /// (not rounded nor clamped).
    pub fn evaluate(&self, p: &Position, v: Variant) -> f32 {
        let mut active = Vec::with_capacity(80);
        self.active_inputs(p, v, &mut active);
        self.output(&active, self.bucket_of(p)) * self.scale_cp as f32
    }

    /// The evaluation, rounded and clamped as the quantized one is.
    pub fn evaluate_cp(&self, p: &Position, v: Variant) -> Score {
        (self.evaluate(p, v).round() as Score).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The quantized network (scales in [`super::spec`]); refused when
    /// a weight does not fit its integer or the first layer could overflow.
    pub fn quantize(&self) -> Result<Network, NetError> {
        let h1 = self.h1;
        let q16 = |x: f32, scale: i32| -> Result<i16, NetError> {
            let q = (x * scale as f32).round();
            if q.abs() > i16::MAX as f32 || !q.is_finite() {
                Err(NetError::Overflow(q as i64))
            } else {
                Ok(q as i16)
            }
        };
        let q32 = |x: f32, scale: i32| (x as f64 * scale as f64).round() as i32;
        let rows = self.scope.rows();
        let mut w1 = Vec::with_capacity(rows * h1);
        for row in 0..rows {
            let inputs = input::row_inputs(row);
            for j in 0..h1 {
                let sum: f32 = inputs.clone().map(|i| self.w1[i * h1 + j]).sum();
                w1.push(q16(sum, QA)?);
            }
        }
        let net = Network {
            scope: self.scope,
            h1,
            h2: self.h2,
            scale_cp: self.scale_cp,
            w1: w1.into(),
            b1: self
                .b1
                .iter()
                .map(|&b| q16(b, QA))
                .collect::<Result<_, _>>()?,
            w2: self
                .w2
                .iter()
                .map(|&w| q16(w, QB))
                .collect::<Result<_, _>>()?,
            b2: self.b2.iter().map(|&b| q32(b, QA * QB)).collect(),
            buckets: self.buckets,
            w3: self
                .w3
                .iter()
                .map(|&w| q16(w, QO))
                .collect::<Result<_, _>>()?,
            b3: self.b3.iter().map(|&b| q32(b, QA * QO)).collect(),
        };
        net.check_bounds()?;
        Ok(net)
    }
}

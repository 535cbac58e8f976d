//! Elo and score: the logistic conversion both ways, and an Elo estimate
//! with its confidence interval from the bin counts of a match's results.

use std::fmt;

use super::special::normal_quantile;

/// The confidence of every interval here.
pub const CONFIDENCE: f64 = 0.95;

/// The logistic Elo difference of a score fraction: `-400 log10(1/s - 1)`.
/// A score of 0 (or less) is `-∞`, 1 (or more) is `+∞`.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score fraction of a logistic Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The z value of a two-sided interval at [`CONFIDENCE`].
fn z_value() -> f64 {
    normal_quantile(1.0 - (1.0 - CONFIDENCE) / 2.0)
}

/// Count, mean and variance of a distribution on equally spaced values
/// `0, 1/(k-1), …, 1` with bin counts `counts`.
pub(super) fn moments(counts: &[f64]) -> (f64, f64, f64) {
    let n: f64 = counts.iter().sum();
    if n <= 0.0 {
        return (0.0, 0.0, 0.0);
    }
    let step = 1.0 / (counts.len() - 1) as f64;
    let value = |i: usize| i as f64 * step;
    let mean = counts
        .iter()
        .enumerate()
        .map(|(i, c)| c * value(i))
        .sum::<f64>()
        / n;
    let var = counts
        .iter()
        .enumerate()
        .map(|(i, c)| c * (value(i) - mean).powi(2))
        .sum::<f64>()
        / n;
    // Rounding can leave a tiny negative variance for a one-bin distribution.
    (n, mean, var.max(0.0))
}

/// An Elo difference with its confidence interval at [`CONFIDENCE`].
///
/// The interval is the image of the score's normal interval
/// `s ± z·sqrt(σ²/N)` through [`elo_from_score`], so it is not symmetric
/// around `elo`; [`error`](EloEstimate::error) is its half-width, the
/// figure printed after `±`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The score fraction, 0..=1.
    pub score: f64,
    /// The standard error of the score.
    pub score_error: f64,
    /// The Elo difference.
    pub elo: f64,
    /// Lower end of the interval (may be `-∞`).
    pub lower: f64,
    /// Upper end of the interval (may be `+∞`).
    pub upper: f64,
}

impl EloEstimate {
    /// Estimate from bin counts on equally spaced scores 0..=1.
    pub(super) fn from_counts(counts: &[f64]) -> Option<EloEstimate> {
        let (n, score, var) = moments(counts);
        if n <= 0.0 {
            return None;
        }
        let score_error = (var / n).sqrt();
        let z = z_value();
        Some(EloEstimate {
            score,
            score_error,
            elo: elo_from_score(score),
            lower: elo_from_score(score - z * score_error),
            upper: elo_from_score(score + z * score_error),
        })
    }

    /// Half the width of the interval; `+∞` when either end is infinite.
    pub fn error(&self) -> f64 {
        if self.lower.is_finite() && self.upper.is_finite() {
            (self.upper - self.lower) / 2.0
        } else {
            f64::INFINITY
        }
    }
}

/// `+23.4 ± 15.2`
impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+.1} ± {:.1}", self.elo, self.error())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn elo_and_score_are_inverse() {
        assert!(close(elo_from_score(0.6), 70.437, 1e-3));
        assert!(close(elo_from_score(0.4), -70.437, 1e-3));
        assert_eq!(elo_from_score(0.5), 0.0);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        for elo in [-600.0, -35.0, 0.0, 2.0, 400.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
        // 400 Elo is odds of 10 to 1.
        assert!(close(score_from_elo(400.0), 10.0 / 11.0, 1e-12));
    }
}

//! Match statistics for engine-versus-engine testing: results, Elo with a
//! confidence interval, likelihood of superiority and a sequential
//! probability ratio test (SPRT).
//!
//! Everything is from the **first engine's** point of view: a win is a win
//! of the first engine, a positive Elo means the first engine is stronger.
//!
//! # Two models of a match
//!
//! - **Trinomial** ([`Wdl`]): every game is an independent draw of a score
//!   0, ½ or 1.
//! - **Pentanomial** ([`Pentanomial`]): a match runner plays each opening
//!   twice with colours swapped; the two games of a pair share the
//!   opening's bias, so they are not independent. The pair is the unit:
//!   its score is 0, ½, 1, 1½ or 2 (five bins). Counting pairs removes the
//!   opening's bias from the variance, which makes the intervals tighter
//!   and the SPRT faster than the trinomial model would for the same games.
//!
//! # Scaling
//!
//! All means and variances here are of a score **per game**, between 0 and
//! 1: a game scores 0, ½ or 1; a pair scores its two games' total divided
//! by 2 (0, ¼, ½, ¾ or 1), so the mean of either model is the same score
//! fraction. The variance is that of one observation (a game, or a pair),
//! and `N` counts observations (games, or pairs). With `x̄` and `σ²` the
//! mean and variance of the observations:
//!
//! - standard error of the score: `sqrt(σ² / N)`;
//! - the normal-approximation GSPRT log-likelihood ratio of score `s1`
//!   against `s0`: `LLR = N (s1 - s0) (2 x̄ - s0 - s1) / (2 σ²)`,
//!   which is the log of the ratio of two normal densities of the mean
//!   with the observed variance, `N ((x̄ - s0)² - (x̄ - s1)²) / (2 σ²)`.
//!
//! # Degenerate cases
//!
//! No result here is ever NaN, and nothing panics:
//!
//! - **No games**: [`Wdl::elo`], [`Pentanomial::elo`] and the scores are
//!   `None`; the LOS is ½ (no evidence either way); the LLR is 0, so the
//!   SPRT continues.
//! - **Score 0 or 1** (all losses, all wins): the Elo is `-∞` or `+∞`, and
//!   so is the interval's error ([`EloEstimate::error`]): the data put no
//!   upper (lower) bound on the difference.
//! - **Zero variance** (every observation equal, e.g. all draws): the Elo
//!   interval collapses to a point, which is what the normal approximation
//!   says; it is honest only for large samples.
//! - **The SPRT's variance**: the LLR divides by the sample variance,
//!   which is zero after a run of equal results and far too small while
//!   some bins are still empty. A runner checks the SPRT after every pair,
//!   so those early samples matter: left alone, three balanced pairs in a
//!   row "prove" H0. So the SPRT adds [`SPRT_PRIOR_WEIGHT`] pseudo-
//!   observations spread evenly over the bins (a weak uniform prior, whose
//!   variance is about the largest a real match shows) before taking the
//!   mean and variance. Its weight fades as `1/N`; it keeps the variance
//!   positive, so a run of pure wins accepts H1 after a few pairs (nine
//!   2-0 pairs for `[0, 5]`) instead of dividing by zero.
//!   Fishtest's smaller fix (a pseudo-count of 1e-3 in empty bins only) is
//!   not enough here: it assumes batches of hundreds of games, and checked
//!   after every pair it accepted the wrong hypothesis in 20–40% of
//!   simulated runs; with the uniform prior the simulated error rates are
//!   the nominal alpha and beta (see the tests).
//!
//! # Accuracy of the special functions
//!
//! [`erf`] uses Abramowitz and Stegun's formula 7.1.26, absolute error at
//! most 1.5e-7. [`normal_quantile`] uses Acklam's rational approximation,
//! relative error at most 1.15e-9. Both are far below the statistical
//! noise of any match.

use std::fmt;
use std::str::FromStr;

use songo_core::movegen::Outcome;
use songo_core::position::Side;

/// The confidence of every interval here.
pub const CONFIDENCE: f64 = 0.95;

/// Pseudo-observations (pairs, or games in the trinomial model) spread
/// evenly over the bins before the SPRT's mean and variance are taken (see
/// the module documentation).
pub const SPRT_PRIOR_WEIGHT: f64 = 1.0;

/// Default SPRT error rates when only the Elo bounds are given.
pub const DEFAULT_ALPHA: f64 = 0.05;
pub const DEFAULT_BETA: f64 = 0.05;

// ---------------------------------------------------------------------------
// Special functions
// ---------------------------------------------------------------------------

/// The error function, `erf(x) = 2/√π ∫₀ˣ e^(-t²) dt`.
///
/// Abramowitz and Stegun 7.1.26: absolute error at most 1.5e-7 for every
/// `x`. Odd symmetry extends the formula (stated for `x ≥ 0`) to `x < 0`.
/// Below [`ERF_SERIES_LIMIT`] the Maclaurin series is used instead: 7.1.26
/// is off by 1e-9 at 0, which would make an even match's LOS 50.0000001%.
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.abs() < ERF_SERIES_LIMIT {
        return erf_series(x);
    }
    const P: f64 = 0.327_591_1;
    const A: [f64; 5] = [
        0.254_829_592,
        -0.284_496_736,
        1.421_413_741,
        -1.453_152_027,
        1.061_405_429,
    ];
    let z = x.abs();
    let t = 1.0 / (1.0 + P * z);
    let poly = t * (A[0] + t * (A[1] + t * (A[2] + t * (A[3] + t * A[4]))));
    let y = 1.0 - poly * (-z * z).exp();
    if x < 0.0 {
        -y
    } else {
        y
    }
}

/// Where [`erf`] switches from its series to the rational formula.
const ERF_SERIES_LIMIT: f64 = 0.5;

/// `erf(x) = 2/√π Σ (-1)ⁿ x^(2n+1) / (n! (2n+1))`; for |x| < 0.5 the terms
/// fall by a factor of more than 4 each, so 20 terms reach full precision.
fn erf_series(x: f64) -> f64 {
    const TERMS: i32 = 20;
    let x2 = x * x;
    let mut power = x; // (-1)ⁿ x^(2n+1) / n!
    let mut sum = 0.0;
    for n in 0..TERMS {
        sum += power / f64::from(2 * n + 1);
        power *= -x2 / f64::from(n + 1);
    }
    sum * 2.0 / std::f64::consts::PI.sqrt()
}

/// The standard normal distribution function Φ(x).
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// The standard normal quantile Φ⁻¹(p): `normal_cdf(normal_quantile(p)) = p`.
///
/// Acklam's rational approximation, relative error at most 1.15e-9 on
/// `0 < p < 1`. `p ≤ 0` gives `-∞`, `p ≥ 1` gives `+∞`, NaN gives NaN.
pub fn normal_quantile(p: f64) -> f64 {
    if p.is_nan() {
        return p;
    }
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    // Below P_LOW (and above 1 - P_LOW) the tail formula in sqrt(-2 ln p) is used.
    const P_LOW: f64 = 0.024_25;
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p < P_LOW {
        tail((-2.0 * p.ln()).sqrt())
    } else if p > 1.0 - P_LOW {
        -tail((-2.0 * (1.0 - p).ln()).sqrt())
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

// ---------------------------------------------------------------------------
// Elo and score
// ---------------------------------------------------------------------------

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
fn moments(counts: &[f64]) -> (f64, f64, f64) {
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
    fn from_counts(counts: &[f64]) -> Option<EloEstimate> {
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

// ---------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------

/// The result of one game for the first engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameScore {
    Win,
    Draw,
    Loss,
}

impl GameScore {
    /// The result for the player who played `side`, from the game's outcome.
    pub fn from_outcome(outcome: Outcome, side: Side) -> GameScore {
        match outcome {
            Outcome::Draw => GameScore::Draw,
            Outcome::Win(winner) if winner == side => GameScore::Win,
            Outcome::Win(_) => GameScore::Loss,
        }
    }

    /// Half-points: 2 for a win, 1 for a draw, 0 for a loss.
    pub const fn half_points(self) -> u8 {
        match self {
            GameScore::Win => 2,
            GameScore::Draw => 1,
            GameScore::Loss => 0,
        }
    }

    /// Points: 1, ½ or 0.
    pub fn points(self) -> f64 {
        f64::from(self.half_points()) / 2.0
    }

    /// The same game from the other engine's point of view.
    pub const fn flip(self) -> GameScore {
        match self {
            GameScore::Win => GameScore::Loss,
            GameScore::Draw => GameScore::Draw,
            GameScore::Loss => GameScore::Win,
        }
    }
}

/// Wins, draws and losses of the first engine (the trinomial model).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wdl {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Wdl {
    pub const fn new(wins: u64, draws: u64, losses: u64) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    pub fn add(&mut self, result: GameScore) {
        match result {
            GameScore::Win => self.wins += 1,
            GameScore::Draw => self.draws += 1,
            GameScore::Loss => self.losses += 1,
        }
    }

    pub const fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Bin counts by score 0, ½, 1.
    fn bins(&self) -> [f64; 3] {
        [self.losses as f64, self.draws as f64, self.wins as f64]
    }

    /// Points scored (a draw is ½).
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The score fraction; `None` without games.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / n as f64)
    }

    /// Draws over games; `None` without games.
    pub fn draw_ratio(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.draws as f64 / n as f64)
    }

    /// Likelihood of superiority: the probability that the first engine is
    /// the stronger, `Φ((W - L) / sqrt(W + L))` with the draws excluded
    /// (the normal approximation to the binomial of the decisive games).
    /// ½ when there is no decisive game.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        let diff = self.wins as f64 - self.losses as f64;
        0.5 * (1.0 + erf(diff / (2.0 * decisive).sqrt()))
    }

    /// Elo with its interval from the trinomial variance; `None` without games.
    pub fn elo(&self) -> Option<EloEstimate> {
        EloEstimate::from_counts(&self.bins())
    }

    /// The same results from the other engine's point of view.
    pub const fn flip(&self) -> Wdl {
        Wdl::new(self.losses, self.draws, self.wins)
    }
}

/// `120-300-80` (wins, draws, losses)
impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.wins, self.draws, self.losses)
    }
}

/// Game pairs by pair score (the pentanomial model): `counts[k]` is the
/// number of pairs in which the first engine scored `k` half-points, so
/// `[LL, LD, WL or DD, WD, WW]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pentanomial {
    pub counts: [u64; 5],
}

impl Pentanomial {
    pub const fn new(counts: [u64; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    /// Adds a pair from its two games (in either order).
    pub fn add(&mut self, first: GameScore, second: GameScore) {
        self.counts[usize::from(first.half_points() + second.half_points())] += 1;
    }

    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    fn bins(&self) -> [f64; 5] {
        self.counts.map(|c| c as f64)
    }

    /// The score fraction over the paired games; `None` without pairs.
    pub fn score(&self) -> Option<f64> {
        let (n, mean, _) = moments(&self.bins());
        (n > 0.0).then_some(mean)
    }

    /// Elo with its interval from the pentanomial variance; `None` without pairs.
    pub fn elo(&self) -> Option<EloEstimate> {
        EloEstimate::from_counts(&self.bins())
    }

    /// The same pairs from the other engine's point of view.
    pub fn flip(&self) -> Pentanomial {
        let mut counts = self.counts;
        counts.reverse();
        Pentanomial { counts }
    }
}

/// `[3 20 110 40 7]`
impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.counts;
        write!(f, "[{} {} {} {} {}]", c[0], c[1], c[2], c[3], c[4])
    }
}

// ---------------------------------------------------------------------------
// SPRT
// ---------------------------------------------------------------------------

/// What an SPRT says after the games so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SprtDecision {
    /// The LLR is between the bounds: play on.
    Continue,
    /// The LLR reached the lower bound: the difference is `elo0` (or less).
    AcceptH0,
    /// The LLR reached the upper bound: the difference is `elo1` (or more).
    AcceptH1,
}

impl SprtDecision {
    pub const fn is_final(self) -> bool {
        !matches!(self, SprtDecision::Continue)
    }
}

impl fmt::Display for SprtDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SprtDecision::Continue => "continue",
            SprtDecision::AcceptH0 => "H0 accepted",
            SprtDecision::AcceptH1 => "H1 accepted",
        })
    }
}

/// Invalid SPRT parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum SprtError {
    /// `elo0` must be below `elo1`, both finite.
    EloBounds { elo0: f64, elo1: f64 },
    /// `alpha` and `beta` must lie in (0, 1) with `alpha + beta < 1`.
    ErrorRates { alpha: f64, beta: f64 },
    /// Text that is not `ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA`.
    Syntax(String),
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SprtError::EloBounds { elo0, elo1 } => write!(
                f,
                "SPRT needs finite Elo bounds with elo0 < elo1 (got {elo0} and {elo1})"
            ),
            SprtError::ErrorRates { alpha, beta } => write!(
                f,
                "SPRT needs 0 < alpha, 0 < beta and alpha + beta < 1 (got {alpha} and {beta})"
            ),
            SprtError::Syntax(text) => write!(
                f,
                "'{text}' is not an SPRT (expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA)"
            ),
        }
    }
}

impl std::error::Error for SprtError {}

/// A sequential probability ratio test of `H0: elo = elo0` against
/// `H1: elo = elo1` (logistic Elo), with false-positive rate `alpha` and
/// false-negative rate `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
}

impl Sprt {
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(SprtError::EloBounds { elo0, elo1 });
        }
        if !(alpha > 0.0 && beta > 0.0 && alpha + beta < 1.0) {
            return Err(SprtError::ErrorRates { alpha, beta });
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    pub fn elo0(&self) -> f64 {
        self.elo0
    }
    pub fn elo1(&self) -> f64 {
        self.elo1
    }
    pub fn alpha(&self) -> f64 {
        self.alpha
    }
    pub fn beta(&self) -> f64 {
        self.beta
    }

    /// `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`: the LLR at which
    /// H0, and H1, are accepted.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The LLR of the game pairs (pentanomial model). 0 without pairs.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        self.llr_of_bins(&pairs.bins())
    }

    /// The LLR of unpaired games (trinomial model), for a match without
    /// colour-swapped pairs. 0 without games.
    pub fn llr_trinomial(&self, wdl: &Wdl) -> f64 {
        self.llr_of_bins(&wdl.bins())
    }

    /// The normal-approximation GSPRT over bins of equally spaced scores,
    /// with the uniform prior mixed in (see the module documentation).
    fn llr_of_bins(&self, bins: &[f64]) -> f64 {
        if bins.iter().all(|&c| c == 0.0) {
            return 0.0;
        }
        let prior = SPRT_PRIOR_WEIGHT / bins.len() as f64;
        let regularised: Vec<f64> = bins.iter().map(|&c| c + prior).collect();
        let (_, mean, var) = moments(&regularised);
        // N counts the real observations only: the prior shapes the
        // estimate, it is not evidence.
        let n: f64 = bins.iter().sum();
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// The decision for an LLR.
    pub fn decide(&self, llr: f64) -> SprtDecision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

/// `SPRT [0.0, 5.0] alpha 0.05 beta 0.05`
impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SPRT [{:.1}, {:.1}] alpha {} beta {}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// `ELO0,ELO1` (alpha and beta [`DEFAULT_ALPHA`], [`DEFAULT_BETA`]) or
/// `ELO0,ELO1,ALPHA,BETA`, e.g. `0,5` or `0,5,0.05,0.05`.
impl FromStr for Sprt {
    type Err = SprtError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let numbers: Vec<f64> = s
            .split(',')
            .map(|t| t.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| SprtError::Syntax(s.to_string()))?;
        match numbers[..] {
            [elo0, elo1] => Sprt::new(elo0, elo1, DEFAULT_ALPHA, DEFAULT_BETA),
            [elo0, elo1, alpha, beta] => Sprt::new(elo0, elo1, alpha, beta),
            _ => Err(SprtError::Syntax(s.to_string())),
        }
    }
}

// ---------------------------------------------------------------------------
// A match
// ---------------------------------------------------------------------------

/// The statistics of a match between two engines.
///
/// Every game counts in [`wdl`](MatchStats::wdl); a pair counts in
/// [`pairs`](MatchStats::pairs) only once both its games are known (feed
/// it with [`add_pair`](MatchStats::add_pair); a game whose partner is
/// missing, e.g. when the match stops, goes in with
/// [`add_game`](MatchStats::add_game)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MatchStats {
    pub wdl: Wdl,
    pub pairs: Pentanomial,
}

impl MatchStats {
    pub fn new() -> MatchStats {
        MatchStats::default()
    }

    /// A game that is not (or not yet) part of a complete pair.
    pub fn add_game(&mut self, result: GameScore) {
        self.wdl.add(result);
    }

    /// Both games of a pair (the same opening, colours swapped).
    pub fn add_pair(&mut self, first: GameScore, second: GameScore) {
        self.wdl.add(first);
        self.wdl.add(second);
        self.pairs.add(first, second);
    }

    pub fn games(&self) -> u64 {
        self.wdl.games()
    }

    /// The Elo estimate: from the pairs' (pentanomial) variance when there
    /// are pairs, else from the games' (trinomial) variance. `None`
    /// without games. (With pairs, a trailing unpaired game is left out.)
    pub fn elo(&self) -> Option<EloEstimate> {
        self.pairs.elo().or_else(|| self.wdl.elo())
    }

    /// Likelihood of superiority of the first engine (see [`Wdl::los`]).
    pub fn los(&self) -> f64 {
        self.wdl.los()
    }

    pub fn draw_ratio(&self) -> Option<f64> {
        self.wdl.draw_ratio()
    }

    /// The SPRT's LLR: over the pairs when there are any, else over the games.
    pub fn llr(&self, sprt: &Sprt) -> f64 {
        if self.pairs.pairs() > 0 {
            sprt.llr(&self.pairs)
        } else {
            sprt.llr_trinomial(&self.wdl)
        }
    }

    /// The LLR and what it decides.
    pub fn sprt(&self, sprt: &Sprt) -> (f64, SprtDecision) {
        let llr = self.llr(sprt);
        (llr, sprt.decide(llr))
    }

    /// A one-line summary, with the SPRT's LLR and bounds when given.
    pub fn summary<'a>(&'a self, sprt: Option<&'a Sprt>) -> Summary<'a> {
        Summary { stats: self, sprt }
    }
}

/// The one-line summary without an SPRT.
impl fmt::Display for MatchStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.summary(None).fmt(f)
    }
}

/// One line:
/// `Elo +23.4 ± 15.2, LOS 99.1%, W-D-L 120-300-80, pairs [3 20 110 40 7], LLR 1.23 (-2.94, 2.94)`.
/// Without games the Elo reads `n/a`; the LLR part only with an SPRT.
#[derive(Clone, Copy, Debug)]
pub struct Summary<'a> {
    stats: &'a MatchStats,
    sprt: Option<&'a Sprt>,
}

impl fmt::Display for Summary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.stats;
        match s.elo() {
            Some(e) => write!(f, "Elo {e}")?,
            None => f.write_str("Elo n/a")?,
        }
        write!(
            f,
            ", LOS {:.1}%, W-D-L {}, pairs {}",
            100.0 * s.los(),
            s.wdl,
            s.pairs
        )?;
        if let Some(sprt) = self.sprt {
            let (lower, upper) = sprt.bounds();
            write!(f, ", LLR {:.2} ({lower:.2}, {upper:.2})", s.llr(sprt))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn erf_matches_reference_values() {
        // Reference values from a double-precision libm erf.
        for (x, want) in [
            (0.0, 0.0),
            (1e-3, 0.001_128_378_790_969_236_5),
            (0.1, 0.112_462_916_018_284_9),
            (0.49, 0.511_668_261_188_523),
            (0.5, 0.520_499_877_813_046_5),
            (1.0, 0.842_700_792_949_714_9),
            (1.5, 0.966_105_146_475_310_7),
            (2.0, 0.995_322_265_018_952_7),
            (3.0, 0.999_977_909_503_001_4),
            (6.0, 1.0),
        ] {
            assert!(close(erf(x), want, 1.5e-7), "erf({x}) = {}", erf(x));
            assert!(close(erf(-x), -want, 1.5e-7), "erf(-{x})");
        }
        assert!(erf(f64::INFINITY) == 1.0 && erf(f64::NEG_INFINITY) == -1.0);
        // The series near 0 is exact to rounding.
        for (x, want) in [
            (1e-3, 0.001_128_378_790_969_236_5),
            (0.49, 0.511_668_261_188_523),
        ] {
            assert!(close(erf(x), want, 1e-15), "{x}");
        }
    }

    #[test]
    fn quantile_matches_reference_values() {
        for (p, want) in [
            (0.5, 0.0),
            (0.975, 1.959_963_984_540_054),
            (0.025, -1.959_963_984_540_054),
            (0.95, 1.644_853_626_951_472_2),
            (0.999, 3.090_232_306_167_813_5),
            (0.01, -2.326_347_874_040_841),
            (1e-9, -5.997_807_015_007_686),
        ] {
            let got = normal_quantile(p);
            assert!(
                close(got, want, 1.2e-9 * want.abs().max(1.0)),
                "Φ⁻¹({p}) = {got}"
            );
        }
        assert_eq!(normal_quantile(0.0), f64::NEG_INFINITY);
        assert_eq!(normal_quantile(1.0), f64::INFINITY);
        // The two functions invert each other to the accuracy of erf.
        for i in 1..100 {
            let p = i as f64 / 100.0;
            assert!(close(normal_cdf(normal_quantile(p)), p, 2e-7), "{p}");
        }
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

    #[test]
    fn trinomial_estimate_by_hand() {
        let wdl = Wdl::new(120, 300, 80);
        assert_eq!(wdl.games(), 500);
        assert!(close(wdl.score().unwrap(), 0.54, 1e-12));
        assert!(close(wdl.draw_ratio().unwrap(), 0.6, 1e-12));
        let e = wdl.elo().unwrap();
        // var = (120·0.46² + 300·0.04² + 80·0.54²) / 500 = 0.0984.
        assert!(close(e.score_error, (0.0984f64 / 500.0).sqrt(), 1e-12));
        assert!(close(e.elo, 27.85, 0.01), "{}", e.elo);
        let z = 1.959_963_984_540_054;
        assert!(close(
            e.lower,
            elo_from_score(0.54 - z * e.score_error),
            1e-6
        ));
        assert!(close(
            e.upper,
            elo_from_score(0.54 + z * e.score_error),
            1e-6
        ));
        // 0.54 ± 0.027497: Elo from 8.69 to 47.19.
        assert!(close(e.error(), 19.249, 0.001), "{}", e.error());
        // LOS: Φ(40 / sqrt(200)).
        assert!(close(wdl.los(), 0.997_661, 1e-5), "{}", wdl.los());
    }

    #[test]
    fn pentanomial_estimate_by_hand() {
        let p = Pentanomial::new([3, 20, 110, 40, 7]);
        assert_eq!(p.pairs(), 180);
        // Mean pair score: (20·0.25 + 110·0.5 + 40·0.75 + 7) / 180.
        let mean = (5.0 + 55.0 + 30.0 + 7.0) / 180.0;
        assert!(close(p.score().unwrap(), mean, 1e-12));
        let var = [0.0, 0.25, 0.5, 0.75, 1.0]
            .iter()
            .zip([3.0, 20.0, 110.0, 40.0, 7.0])
            .map(|(x, c)| c * (x - mean) * (x - mean))
            .sum::<f64>()
            / 180.0;
        let e = p.elo().unwrap();
        assert!(close(e.score_error, (var / 180.0).sqrt(), 1e-12));
        assert!(close(e.elo, elo_from_score(mean), 1e-9));
        // The same games counted as independent have a wider interval when
        // the pairs of 1 are win-loss pairs (an opening that favours one
        // colour): the pairing takes the opening's bias out of the variance.
        let wdl = Wdl::new(40 + 110 + 2 * 7, 20 + 40, 2 * 3 + 20 + 110);
        let t = wdl.elo().unwrap();
        assert!(close(t.elo, e.elo, 1e-9));
        assert!(t.error() > e.error());
    }

    #[test]
    fn symmetric_results_give_zero() {
        for wdl in [
            Wdl::new(10, 0, 10),
            Wdl::new(0, 7, 0),
            Wdl::new(33, 100, 33),
        ] {
            let e = wdl.elo().unwrap();
            assert_eq!(e.elo, 0.0);
            assert!(close(e.lower, -e.upper, 1e-9));
            assert_eq!(wdl.los(), 0.5);
        }
        let p = Pentanomial::new([4, 9, 30, 9, 4]);
        assert_eq!(p.elo().unwrap().elo, 0.0);
        let sprt = Sprt::new(-5.0, 5.0, 0.05, 0.05).unwrap();
        assert!(close(sprt.llr(&p), 0.0, 1e-9));
        assert!(close(sprt.llr_trinomial(&Wdl::new(33, 100, 33)), 0.0, 1e-9));
    }

    #[test]
    fn flipping_negates() {
        let wdl = Wdl::new(120, 300, 80);
        assert!(close(
            wdl.flip().elo().unwrap().elo,
            -wdl.elo().unwrap().elo,
            1e-9
        ));
        assert!(close(wdl.flip().los(), 1.0 - wdl.los(), 1e-12));
        let p = Pentanomial::new([3, 20, 110, 40, 7]);
        assert_eq!(p.flip().counts, [7, 40, 110, 20, 3]);
        assert!(close(
            p.flip().elo().unwrap().elo,
            -p.elo().unwrap().elo,
            1e-9
        ));
        for r in [GameScore::Win, GameScore::Draw, GameScore::Loss] {
            assert_eq!(r.half_points() + r.flip().half_points(), 2);
        }
    }

    #[test]
    fn results_from_outcomes() {
        let w = Outcome::Win(Side::North);
        assert_eq!(GameScore::from_outcome(w, Side::North), GameScore::Win);
        assert_eq!(GameScore::from_outcome(w, Side::South), GameScore::Loss);
        assert_eq!(
            GameScore::from_outcome(Outcome::Draw, Side::South),
            GameScore::Draw
        );
        let mut m = MatchStats::new();
        m.add_pair(GameScore::Win, GameScore::Draw);
        m.add_pair(GameScore::Loss, GameScore::Win);
        m.add_game(GameScore::Loss);
        assert_eq!(m.wdl, Wdl::new(2, 1, 2));
        assert_eq!(m.pairs.counts, [0, 0, 1, 1, 0]);
        assert_eq!(m.games(), 5);
    }

    #[test]
    fn sprt_bounds_and_parameters() {
        let s = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let (lo, hi) = s.bounds();
        assert!(close(lo, -2.944_438_979, 1e-9) && close(hi, 2.944_438_979, 1e-9));
        assert_eq!("0,5".parse::<Sprt>().unwrap(), s);
        assert_eq!(" 0 , 5 , 0.05 , 0.05 ".parse::<Sprt>().unwrap(), s);
        let asym = Sprt::new(0.0, 5.0, 0.01, 0.1).unwrap();
        assert!(close(asym.bounds().0, (0.1f64 / 0.99).ln(), 1e-12));
        assert!(close(asym.bounds().1, (0.9f64 / 0.01).ln(), 1e-12));
        assert!(matches!(
            Sprt::new(5.0, 5.0, 0.05, 0.05),
            Err(SprtError::EloBounds { .. })
        ));
        assert!(matches!(
            Sprt::new(0.0, f64::NAN, 0.05, 0.05),
            Err(SprtError::EloBounds { .. })
        ));
        assert!(matches!(
            Sprt::new(0.0, 5.0, 0.0, 0.05),
            Err(SprtError::ErrorRates { .. })
        ));
        assert!(matches!(
            Sprt::new(0.0, 5.0, 0.6, 0.5),
            Err(SprtError::ErrorRates { .. })
        ));
        assert!(matches!(
            Sprt::new(0.0, 5.0, f64::NAN, 0.5),
            Err(SprtError::ErrorRates { .. })
        ));
        for bad in ["", "0", "0,5,0.05", "a,b", "0,5,0.05,0.05,1"] {
            assert!(
                matches!(bad.parse::<Sprt>(), Err(SprtError::Syntax(_))),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn llr_by_hand() {
        // Counts [10 20 30 25 15], elo0 0, elo1 5.
        let s = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let p = Pentanomial::new([10, 20, 30, 25, 15]);
        let n = 100.0;
        let (s0, s1) = (0.5, 1.0 / (1.0 + 10f64.powf(-5.0 / 400.0)));
        let values = [0.0, 0.25, 0.5, 0.75, 1.0];
        let gsprt = |counts: [f64; 5]| {
            let total: f64 = counts.iter().sum();
            let mean = values.iter().zip(counts).map(|(x, c)| c * x).sum::<f64>() / total;
            let var = values
                .iter()
                .zip(counts)
                .map(|(x, c)| c * (x - mean) * (x - mean))
                .sum::<f64>()
                / total;
            n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
        };
        // The textbook formula on the raw counts...
        let raw = gsprt([10.0, 20.0, 30.0, 25.0, 15.0]);
        assert!(close(raw, 0.273_408, 1e-6), "{raw}");
        // ...and with one pseudo-pair spread over the bins, which is what
        // `llr` computes; after 100 pairs the prior moves it by 1.5%.
        let want = gsprt([10.2, 20.2, 30.2, 25.2, 15.2]);
        assert!(close(want, 0.269_303, 1e-6), "{want}");
        assert!(close(s.llr(&p), want, 1e-12));
        // Trinomial: 120-300-80 with a third of a pseudo-game in each bin.
        let t = s.llr_trinomial(&Wdl::new(120, 300, 80));
        assert!(close(t, 1.326_089, 1e-6), "{t}");
    }

    #[test]
    fn llr_sign_follows_the_score() {
        let s = Sprt::new(-2.0, 2.0, 0.05, 0.05).unwrap();
        assert!(s.llr(&Pentanomial::new([5, 20, 50, 30, 8])) > 0.0);
        assert!(s.llr(&Pentanomial::new([8, 30, 50, 20, 5])) < 0.0);
        assert!(s.llr_trinomial(&Wdl::new(60, 20, 40)) > 0.0);
        assert!(s.llr_trinomial(&Wdl::new(40, 20, 60)) < 0.0);
        // The sign is relative to the bounds' midpoint, not to 0 Elo.
        let s = Sprt::new(10.0, 20.0, 0.05, 0.05).unwrap();
        assert!(s.llr_trinomial(&Wdl::new(52, 0, 48)) < 0.0);
    }

    #[test]
    fn large_edge_crosses_the_upper_bound() {
        let s = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let mut p = Pentanomial::default();
        let mut crossed = None;
        // A 100 Elo edge, pairs in a fixed repeating pattern.
        for i in 0..1000 {
            p.add(
                [
                    GameScore::Win,
                    GameScore::Draw,
                    GameScore::Win,
                    GameScore::Loss,
                ][i % 4],
                [
                    GameScore::Draw,
                    GameScore::Win,
                    GameScore::Loss,
                    GameScore::Draw,
                ][i % 4],
            );
            if s.decide(s.llr(&p)) == SprtDecision::AcceptH1 {
                crossed = Some(i);
                break;
            }
        }
        assert!(crossed.is_some(), "LLR {}", s.llr(&p));
        // And a large deficit crosses the lower one.
        assert_eq!(s.decide(s.llr(&p.flip())), SprtDecision::AcceptH0);
    }

    #[test]
    fn degenerate_cases_are_finite() {
        let s = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let empty = MatchStats::new();
        assert_eq!(empty.elo(), None);
        assert_eq!(empty.wdl.score(), None);
        assert_eq!(empty.draw_ratio(), None);
        assert_eq!(empty.los(), 0.5);
        assert_eq!(empty.sprt(&s), (0.0, SprtDecision::Continue));
        assert_eq!(
            empty.summary(Some(&s)).to_string(),
            "Elo n/a, LOS 50.0%, W-D-L 0-0-0, pairs [0 0 0 0 0], LLR 0.00 (-2.94, 2.94)"
        );

        // All wins: infinite Elo and error, LOS near 1, the SPRT accepts H1.
        let mut wins = MatchStats::new();
        for _ in 0..20 {
            wins.add_pair(GameScore::Win, GameScore::Win);
        }
        let e = wins.elo().unwrap();
        assert_eq!((e.elo, e.error()), (f64::INFINITY, f64::INFINITY));
        assert!(wins.los() > 0.999_99);
        let (llr, d) = wins.sprt(&s);
        // Computed independently with the uniform prior.
        assert!(
            close(llr, 3.933_251, 1e-6) && d == SprtDecision::AcceptH1,
            "{llr}"
        );
        assert_eq!(
            wins.summary(None).to_string(),
            "Elo +inf ± inf, LOS 100.0%, W-D-L 40-0-0, pairs [0 0 0 0 20]"
        );
        let (llr, d) = wins.flip_for_test().sprt(&s);
        assert!(llr.is_finite() && d == SprtDecision::AcceptH0);

        // Zero variance away from the edges: a point interval, a finite LLR.
        let mut even = MatchStats::new();
        for _ in 0..200 {
            even.add_pair(GameScore::Win, GameScore::Loss);
        }
        let e = even.elo().unwrap();
        assert_eq!((e.elo, e.error()), (0.0, 0.0));
        let (llr, d) = even.sprt(&s);
        assert!(
            close(llr, -8.324_487, 1e-6) && d == SprtDecision::AcceptH0,
            "{llr}"
        );
        let draws = Wdl::new(0, 9, 0);
        assert!(s.llr_trinomial(&draws).is_finite());
        assert_eq!(draws.elo().unwrap().error(), 0.0);
    }

    impl MatchStats {
        fn flip_for_test(&self) -> MatchStats {
            MatchStats {
                wdl: self.wdl.flip(),
                pairs: self.pairs.flip(),
            }
        }
    }

    #[test]
    fn summary_line() {
        let m = MatchStats {
            wdl: Wdl::new(120, 300, 80),
            pairs: Pentanomial::new([3, 20, 110, 40, 7]),
        };
        let s = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let e = m.elo().unwrap();
        let want = format!(
            "Elo {:+.1} ± {:.1}, LOS 99.8%, W-D-L 120-300-80, pairs [3 20 110 40 7], LLR {:.2} (-2.94, 2.94)",
            e.elo,
            e.error(),
            s.llr(&m.pairs)
        );
        assert_eq!(m.summary(Some(&s)).to_string(), want);
        assert!(m.to_string().starts_with("Elo +"));
        assert!(!m.to_string().contains("LLR"));
        // Unpaired games only: the trinomial estimate and LLR.
        let games = MatchStats {
            wdl: Wdl::new(120, 300, 80),
            pairs: Pentanomial::default(),
        };
        assert_eq!(games.elo(), Wdl::new(120, 300, 80).elo());
        assert_eq!(games.llr(&s), s.llr_trinomial(&games.wdl));
    }

    /// The pentanomial distribution of a model with opening bias: a share
    /// `balanced` of the pairs is split 1-1 (the opening decides), the
    /// others are two independent games with win and draw rates chosen so
    /// that the overall score matches `elo`.
    fn pair_distribution(elo: f64, draw: f64, balanced: f64) -> [f64; 5] {
        let s = score_from_elo(elo);
        let game_score = (s - balanced / 2.0) / (1.0 - balanced);
        let win = game_score - draw / 2.0;
        let loss = 1.0 - win - draw;
        assert!(win > 0.0 && loss > 0.0);
        let g = [loss, draw, win];
        let mut p = [0.0; 5];
        for (i, a) in g.iter().enumerate() {
            for (j, b) in g.iter().enumerate() {
                p[i + j] += (1.0 - balanced) * a * b;
            }
        }
        p[2] += balanced;
        p
    }

    /// Runs SPRTs on simulated pairs; returns how many accepted H1, H0.
    fn simulate(sprt: &Sprt, dist: [f64; 5], runs: usize, seed: u64) -> (usize, usize) {
        const MAX_PAIRS: usize = 100_000;
        let mut rng = StdRng::seed_from_u64(seed);
        let (mut h1, mut h0) = (0, 0);
        for _ in 0..runs {
            let mut p = Pentanomial::default();
            for _ in 0..MAX_PAIRS {
                let mut u: f64 = rng.random();
                let mut k = 0;
                while k < 4 && u >= dist[k] {
                    u -= dist[k];
                    k += 1;
                }
                p.counts[k] += 1;
                // Checking every pair is what a runner does; it costs little here.
                match sprt.decide(sprt.llr(&p)) {
                    SprtDecision::Continue => continue,
                    SprtDecision::AcceptH1 => h1 += 1,
                    SprtDecision::AcceptH0 => h0 += 1,
                }
                break;
            }
        }
        (h1, h0)
    }

    #[test]
    fn pair_distribution_has_the_elo() {
        for elo in [-30.0, 0.0, 12.5, 60.0] {
            let d = pair_distribution(elo, 0.4, 0.2);
            assert!(close(d.iter().sum::<f64>(), 1.0, 1e-12));
            let mean: f64 = d.iter().enumerate().map(|(k, p)| p * k as f64 / 4.0).sum();
            assert!(close(elo_from_score(mean), elo, 1e-9));
        }
    }

    #[test]
    fn simulated_sprt_accepts_the_true_hypothesis() {
        const RUNS: usize = 200;
        let sprt = Sprt::new(0.0, 20.0, 0.05, 0.05).unwrap();
        // Draw ratio and share of balanced (opening-decided) pairs: a
        // typical match, a decisive one and a drawish one.
        for (draw, balanced) in [(0.4, 0.2), (0.1, 0.0), (0.8, 0.1)] {
            let dist = |elo| pair_distribution(elo, draw, balanced);
            let seed = (draw * 10.0) as u64;
            // Well outside the bounds nearly every run is right.
            let (h1, h0) = simulate(&sprt, dist(40.0), RUNS, seed);
            assert!(
                h1 >= RUNS * 97 / 100 && h1 + h0 == RUNS,
                "d {draw}: {h1} {h0}"
            );
            let (h1, h0) = simulate(&sprt, dist(-20.0), RUNS, seed + 1);
            assert!(
                h0 >= RUNS * 97 / 100 && h1 + h0 == RUNS,
                "d {draw}: {h1} {h0}"
            );
            // At the bounds themselves the error rates are alpha and beta
            // (5%); 90% leaves room for the approximation and the sampling.
            let (h1, _) = simulate(&sprt, dist(20.0), RUNS, seed + 2);
            assert!(h1 >= RUNS * 90 / 100, "d {draw}: {h1}");
            let (_, h0) = simulate(&sprt, dist(0.0), RUNS, seed + 3);
            assert!(h0 >= RUNS * 90 / 100, "d {draw}: {h0}");
        }
    }
}

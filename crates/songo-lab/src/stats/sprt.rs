//! The sequential probability ratio test (SPRT) of a match: its
//! parameters, the log-likelihood ratio of the results so far, and the
//! decision.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::elo::{moments, score_from_elo};
use super::results::{Pentanomial, Wdl};

/// Pseudo-observations (pairs, or games in the trinomial model) spread
/// evenly over the bins before the SPRT's mean and variance are taken (see
/// the `stats` module documentation).
pub const SPRT_PRIOR_WEIGHT: f64 = 1.0;

/// Default SPRT error rates when only the Elo bounds are given: `alpha`,
/// the chance of accepting H1 when H0 holds, and [`DEFAULT_BETA`].
pub const DEFAULT_ALPHA: f64 = 0.05;
/// `beta`, the chance of accepting H0 when H1 holds (see [`DEFAULT_ALPHA`]).
pub const DEFAULT_BETA: f64 = 0.05;

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
    /// Whether the test has decided, so that the match can stop.
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
#[derive(Clone, Debug, PartialEq, Error)]
pub enum SprtError {
    /// `elo0` must be below `elo1`, both finite.
    #[error("SPRT needs finite Elo bounds with elo0 < elo1 (got {elo0} and {elo1})")]
    EloBounds {
        /// The Elo difference of H0.
        elo0: f64,
        /// The Elo difference of H1.
        elo1: f64,
    },
    /// `alpha` and `beta` must lie in (0, 1) with `alpha + beta < 1`.
    #[error("SPRT needs 0 < alpha, 0 < beta and alpha + beta < 1 (got {alpha} and {beta})")]
    ErrorRates {
        /// The false-positive rate given.
        alpha: f64,
        /// The false-negative rate given.
        beta: f64,
    },
    /// Text that is not `ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA`.
    #[error("'{0}' is not an SPRT (expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA)")]
    Syntax(String),
}

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
    /// The test of `elo0` against `elo1` at error rates `alpha` and `beta`;
    /// refused unless `elo0 < elo1`, both finite, and `alpha` and `beta`
    /// are positive with `alpha + beta < 1`.
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

    /// The Elo difference of H0.
    pub fn elo0(&self) -> f64 {
        self.elo0
    }
    /// The Elo difference of H1.
    pub fn elo1(&self) -> f64 {
        self.elo1
    }
    /// The false-positive rate: accepting H1 when H0 holds.
    pub fn alpha(&self) -> f64 {
        self.alpha
    }
    /// The false-negative rate: accepting H0 when H1 holds.
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
    /// with the uniform prior mixed in (see the `stats` module documentation).
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

#[cfg(test)]
mod tests {
    use super::super::elo::elo_from_score;
    use super::super::results::GameScore;
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
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

//! SPSA (simultaneous perturbation stochastic approximation), in the form
//! fishtest tunes Stockfish with: each step moves every parameter at once
//! by ±`c_k` (a random sign each), plays the two settings against each
//! other, and moves the parameters toward the side that won, by `a_k / c_k`
//! times the games won minus lost. Both gains shrink as the run goes on, so
//! the values settle.
//!
//! Per parameter, `c_end` is its [`Tunable::step`] (the perturbation the run
//! ends with) and `r_end` the learning rate at the end: there `a_k = r_end ·
//! c_end²`, so a won game moves a value by `r_end · c_end`.

use songo_engine::search::{SearchParams, Tunable};

use songo_core::rng::SplitMix;

/// Decay of the step size, `a_k ∝ 1 / (A + k + 1)^α`: Spall's practical
/// value (the asymptotically optimal 1 shrinks too soon for a short run).
pub const ALPHA: f64 = 0.602;
/// Decay of the perturbation, `c_k ∝ 1 / (k + 1)^γ`: Spall's practical value.
pub const GAMMA: f64 = 0.101;
/// Spall's stability constant `A`, as a share of the pairs the run plans:
/// it keeps the first steps from being the largest by far.
pub const STABILITY_SHARE: f64 = 0.1;

/// The gains of a run of `pairs` game pairs, per parameter.
#[derive(Clone, Debug)]
pub struct Gains {
    c: Vec<f64>,
    a: Vec<f64>,
    stability: f64,
}

impl Gains {
    /// `c_end` of each parameter, the learning rate at the end, and the pairs planned.
    pub fn new(c_end: &[f64], r_end: f64, pairs: u64) -> Gains {
        let n = pairs as f64;
        let stability = STABILITY_SHARE * n;
        Gains {
            c: c_end.iter().map(|c| c * n.powf(GAMMA)).collect(),
            a: c_end
                .iter()
                .map(|c| r_end * c * c * (stability + n).powf(ALPHA))
                .collect(),
            stability,
        }
    }

    /// The perturbation of parameter `i` after `k` pairs.
    pub fn c_k(&self, i: usize, k: u64) -> f64 {
        self.c[i] / (k as f64 + 1.0).powf(GAMMA)
    }

    /// The step size of parameter `i` after `k` pairs.
    pub fn a_k(&self, i: usize, k: u64) -> f64 {
        self.a[i] / (self.stability + k as f64 + 1.0).powf(ALPHA)
    }
}

/// The two settings one step plays against each other.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The sign each parameter was moved by in `plus` (±1).
    pub signs: Vec<f64>,
    pub plus: SearchParams,
    pub minus: SearchParams,
}

/// Parameters `tunables` at `theta`, moved by `±c_k` after `k` pairs. The
/// signs and the rounding come from `rng`: a value between two whole
/// numbers is rounded up with the probability of its fraction, so that the
/// played values average to the real ones.
pub fn perturb(
    tunables: &[&'static Tunable],
    theta: &[f64],
    gains: &Gains,
    k: u64,
    rng: &mut SplitMix,
) -> Perturbation {
    let mut plus = SearchParams::default();
    let mut minus = SearchParams::default();
    let mut signs = Vec::with_capacity(theta.len());
    for (i, (t, &x)) in tunables.iter().zip(theta).enumerate() {
        let sign = if rng.next_u64() & 1 == 1 { 1.0 } else { -1.0 };
        let c = gains.c_k(i, k) * sign;
        t.set(&mut plus, stochastic_round(x + c, rng));
        t.set(&mut minus, stochastic_round(x - c, rng));
        signs.push(sign);
    }
    Perturbation { signs, plus, minus }
}

fn stochastic_round(x: f64, rng: &mut SplitMix) -> i32 {
    // 53 random bits: a uniform draw in [0, 1).
    let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    (x + u).floor().clamp(i32::MIN as f64, i32::MAX as f64) as i32
}

/// Moves `theta` after `plus` scored `result` (games won minus lost against
/// `minus`) in a batch that started after `k` pairs, held inside each
/// parameter's range.
pub fn update(
    tunables: &[&'static Tunable],
    theta: &mut [f64],
    gains: &Gains,
    k: u64,
    signs: &[f64],
    result: i64,
) {
    for (i, (t, x)) in tunables.iter().zip(theta.iter_mut()).enumerate() {
        let step = gains.a_k(i, k) / gains.c_k(i, k) * result as f64 * signs[i];
        *x = (*x + step).clamp(t.min as f64, t.max as f64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rfp_margin() -> &'static Tunable {
        SearchParams::tunable("rfp_margin").unwrap()
    }

    #[test]
    fn gains_end_where_their_definition_says() {
        let g = Gains::new(&[10.0], 0.002, 1000);
        assert!((g.c_k(0, 999) - 10.0).abs() < 1e-9);
        assert!((g.a_k(0, 999) - 0.002 * 100.0 * (1100.0f64 / 1100.0)).abs() < 1e-3);
        assert!(g.c_k(0, 0) > g.c_k(0, 500) && g.a_k(0, 0) > g.a_k(0, 500));
    }

    #[test]
    fn stochastic_rounding_averages_to_the_value() {
        let mut rng = SplitMix::new(5);
        let n = 20_000;
        let sum: i64 = (0..n)
            .map(|_| stochastic_round(3.25, &mut rng) as i64)
            .sum();
        let mean = sum as f64 / n as f64;
        assert!((mean - 3.25).abs() < 0.02, "{mean}");
    }

    /// A noiseless "match": the setting nearer the optimum wins both games
    /// of a pair. SPSA has to walk there from far away and stay.
    #[test]
    fn climbs_to_the_optimum_of_a_known_objective() {
        let tunables = [rfp_margin()];
        let optimum = 230.0;
        let pairs = 2000;
        let gains = Gains::new(&[tunables[0].step], 0.02, pairs);
        let mut theta = vec![100.0];
        let mut rng = SplitMix::new(11);
        for k in 0..pairs {
            let p = perturb(&tunables, &theta, &gains, k, &mut rng);
            let dist = |s: &SearchParams| (s.rfp_margin as f64 - optimum).abs();
            let result = match dist(&p.plus).partial_cmp(&dist(&p.minus)) {
                Some(std::cmp::Ordering::Less) => 2,
                Some(std::cmp::Ordering::Greater) => -2,
                _ => 0,
            };
            update(&tunables, &mut theta, &gains, k, &p.signs, result);
        }
        assert!((theta[0] - optimum).abs() < 10.0, "{theta:?}");
    }

    #[test]
    fn perturbations_stay_in_range_and_straddle_theta() {
        let t = rfp_margin();
        let gains = Gains::new(&[t.step], 0.002, 100);
        let mut rng = SplitMix::new(3);
        for _ in 0..100 {
            let p = perturb(&[t], &[t.min as f64], &gains, 0, &mut rng);
            assert!(p.plus.rfp_margin >= t.min && p.minus.rfp_margin >= t.min);
            let p = perturb(&[t], &[150.0], &gains, 0, &mut rng);
            let (hi, lo) = if p.signs[0] > 0.0 {
                (p.plus.rfp_margin, p.minus.rfp_margin)
            } else {
                (p.minus.rfp_margin, p.plus.rfp_margin)
            };
            assert!(hi > 150 && lo < 150, "{hi} {lo}");
        }
    }
}

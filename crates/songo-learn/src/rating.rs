//! The puzzle trainer's rating: Glicko-2 (Glickman, "Example of the
//! Glicko-2 system", steps 1 to 8), as lichess rates its puzzles: each
//! puzzle is one rating period of one result against the puzzle's fixed
//! rating. docs/learn.md, section "Rating", says why Glicko-2 and how the
//! page counts a puzzle.
//!
//! Every input is accepted: a score outside 0..=1 is clamped into it, a
//! result that cannot be rated (a score or an opponent that is not a
//! finite number) is left out, and a rating that is not finite starts
//! again from the new player's values, so that a damaged saved rating
//! never turns into `NaN` on the page.

use serde::{Deserialize, Serialize};

use crate::puzzle::HARDEST;

/// A new player's rating: the middle of the scale, as in every Glicko
/// system.
const NEW_RATING: f64 = 1500.0;
/// A new player's deviation, and the most a deviation may be: Glickman's
/// for an unrated player. Wide enough that the first results find a
/// newcomer's level in a few puzzles, without the swing of lichess's 500
/// (a newcomer who misses the easiest puzzle would fall 900 points).
const NEW_DEVIATION: f64 = 350.0;
/// A new player's volatility: Glickman's suggested starting value.
const NEW_VOLATILITY: f64 = 0.06;

/// Glickman's system constant, which bounds how fast the volatility may
/// change: lichess's value. Glickman advises 0.3 to 1.2; a larger value
/// lets a player who suddenly improves (a learner) be followed sooner.
const TAU: f64 = 0.75;
/// Where the Illinois algorithm stops (Glickman's step 5).
const TOLERANCE: f64 = 0.000_001;
/// Glicko-2's scale: a rating difference of this many points is 1 on the
/// internal scale (400 / ln 10, Glickman's constant).
const SCALE: f64 = 173.7178;
/// A bound on the volatility's iterations, which converge in a few dozen:
/// only arithmetic gone wrong could need more, and then the volatility
/// found so far is kept rather than looping.
const MAX_ITERATIONS: u32 = 1000;

/// The easiest puzzle's rating: well below a new player's, so that a
/// newcomer who solves a capture in plain sight gains little and one who
/// misses it loses much.
const PUZZLE_BASE: f64 = 1000.0;
/// The rating between two steps of the difficulty ladder: the seven
/// difficulties span 900 points, from well below a new player to well
/// above, so a newcomer's 1500 falls between difficulties 4 and 5.
const PUZZLE_STEP: f64 = 150.0;
/// A puzzle's deviation: its rating is a guess from search depths, not a
/// measure of people solving it, so it is less sure than a settled
/// player's; 100 still lets each result count nearly in full (Glicko's
/// weight g is 0.95 at 100).
const PUZZLE_DEVIATION: f64 = 100.0;
/// A puzzle's volatility: Glickman's usual starting value. A puzzle is
/// never rated, so it only fills the field.
const PUZZLE_VOLATILITY: f64 = 0.06;

/// A player's (or a puzzle's) Glicko-2 rating, on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating itself, in Glicko points (a new player: 1500).
    pub rating: f64,
    /// How unsure the rating is: one standard deviation, in rating points.
    pub deviation: f64,
    /// How erratic the player's results are; it sets how fast the
    /// deviation grows back between results.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::new()
    }
}

impl Rating {
    /// A new player: 1500, deviation 350, volatility 0.06.
    pub fn new() -> Rating {
        Rating {
            rating: NEW_RATING,
            deviation: NEW_DEVIATION,
            volatility: NEW_VOLATILITY,
        }
    }

    /// One result against one opponent, as one Glicko-2 rating period
    /// (lichess rates each puzzle this way). `score`: 1.0 win, 0.0 loss,
    /// 0.5 draw.
    pub fn after(self, opponent: Rating, score: f64) -> Rating {
        self.after_all(&[(opponent, score)])
    }

    /// Several results in one rating period (Glickman's general form).
    /// With none, only the deviation grows, by one period's volatility.
    pub fn after_all(self, results: &[(Rating, f64)]) -> Rating {
        self.after_all_with_tau(results, TAU)
    }

    /// [`Rating::after_all`] with another system constant: Glickman's
    /// worked example uses 0.5.
    fn after_all_with_tau(self, results: &[(Rating, f64)], tau: f64) -> Rating {
        let me = self.sane();
        // Step 2: the Glicko-2 scale.
        let mu = (me.rating - NEW_RATING) / SCALE;
        let phi = me.deviation / SCALE;
        let sigma = me.volatility;
        let games: Vec<(f64, f64, f64)> = results
            .iter()
            .filter(|(o, s)| o.rating.is_finite() && o.deviation.is_finite() && s.is_finite())
            .map(|(o, s)| {
                let mu_j = (o.rating - NEW_RATING) / SCALE;
                let phi_j = o.deviation.clamp(0.0, NEW_DEVIATION) / SCALE;
                (mu_j, g(phi_j), s.clamp(0.0, 1.0))
            })
            .collect();
        // Step 3: the estimated variance of the rating from the results
        // alone; step 4: the estimated improvement, as a sum first.
        let mut information = 0.0;
        let mut improvement = 0.0;
        for &(mu_j, g_j, s) in &games {
            let e = expected(mu, mu_j, g_j);
            information += g_j * g_j * e * (1.0 - e);
            improvement += g_j * (s - e);
        }
        // No result, or only results so lopsided that the expected score
        // is exactly 0 or 1 in floating point: nothing is learnt, and the
        // period only lets the deviation grow (Glickman's rule for a
        // player who did not play).
        if !(information > 0.0 && information.is_finite()) {
            return me.with_deviation(phi.hypot(sigma) * SCALE);
        }
        let v = 1.0 / information;
        let delta = v * improvement;
        // Step 5: the new volatility.
        let sigma_new = volatility(delta, phi, v, sigma, tau);
        // Step 6: the deviation grown by one period; step 7: the new
        // deviation and rating.
        let phi_star = phi.hypot(sigma_new);
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * improvement;
        // Step 8: back to the Glicko scale.
        let new = Rating {
            rating: mu_new * SCALE + NEW_RATING,
            deviation: (phi_new * SCALE).min(NEW_DEVIATION),
            volatility: sigma_new,
        };
        if new.rating.is_finite() && new.deviation.is_finite() && new.volatility.is_finite() {
            new
        } else {
            me
        }
    }

    /// The rating with each field a usable number: a field that is not
    /// finite, or a volatility that is not positive, is the new
    /// player's; the deviation at most the new player's.
    fn sane(self) -> Rating {
        let new = Rating::new();
        let rating = if self.rating.is_finite() {
            self.rating
        } else {
            new.rating
        };
        let deviation = if self.deviation.is_finite() {
            self.deviation.clamp(0.0, NEW_DEVIATION)
        } else {
            new.deviation
        };
        let volatility = if self.volatility.is_finite() && self.volatility > 0.0 {
            self.volatility
        } else {
            new.volatility
        };
        Rating {
            rating,
            deviation,
            volatility,
        }
    }

    fn with_deviation(self, deviation: f64) -> Rating {
        Rating {
            deviation: deviation.min(NEW_DEVIATION),
            ..self
        }
    }
}

/// The fixed rating of a puzzle of difficulty `difficulty`
/// (1..=[`HARDEST`]; others are taken as the nearest): puzzles have no
/// crowd of solvers to rate them, so their difficulty maps to a rating,
/// 1000 + 150 × (difficulty − 1), deviation 100, volatility 0.06.
pub fn puzzle_rating(difficulty: u8) -> Rating {
    let d = difficulty.clamp(1, HARDEST);
    Rating {
        rating: PUZZLE_BASE + PUZZLE_STEP * f64::from(d - 1),
        deviation: PUZZLE_DEVIATION,
        volatility: PUZZLE_VOLATILITY,
    }
}

/// Glickman's g: how much a result counts given the opponent's
/// deviation (1 for an opponent known exactly).
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The expected score against an opponent of `mu_j` whose weight is `g_j`.
fn expected(mu: f64, mu_j: f64, g_j: f64) -> f64 {
    1.0 / (1.0 + (-g_j * (mu - mu_j)).exp())
}

/// Step 5: the new volatility, the root of Glickman's f by the Illinois
/// algorithm (a regula falsi that halves the stale end's value, so that
/// it cannot stall on one side).
fn volatility(delta: f64, phi: f64, v: f64, sigma: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let (delta2, phi2) = (delta * delta, phi * phi);
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi2 + v + ex;
        ex * (delta2 - phi2 - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta2 > phi2 + v {
        (delta2 - phi2 - v).ln()
    } else {
        // f grows without bound as x falls, so a step of tau that makes
        // it positive is found; the bound only guards against NaN.
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < f64::from(MAX_ITERATIONS) {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut steps = 0;
    while (big_b - big_a).abs() > TOLERANCE && steps < MAX_ITERATIONS {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
        steps += 1;
    }
    let found = (big_a / 2.0).exp();
    if found.is_finite() && found > 0.0 {
        found
    } else {
        sigma
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman's worked example: 1500/200/0.06 plays three games, tau 0.5.
    #[test]
    fn glickmans_example() {
        let player = at(1500.0, 200.0);
        let results = [
            (at(1400.0, 30.0), 1.0),
            (at(1550.0, 100.0), 0.0),
            (at(1700.0, 300.0), 0.0),
        ];
        let r = player.after_all_with_tau(&results, 0.5);
        assert!((r.rating - 1464.06).abs() < 0.01, "{r:?}");
        assert!((r.deviation - 151.52).abs() < 0.01, "{r:?}");
        assert!((r.volatility - 0.05999).abs() < 0.00001, "{r:?}");
    }

    #[test]
    fn a_new_player_is_lichesss_puzzle_default() {
        let r = Rating::default();
        assert_eq!(r, Rating::new());
        assert_eq!((r.rating, r.deviation, r.volatility), (1500.0, 350.0, 0.06));
    }

    #[test]
    fn a_win_raises_a_loss_lowers_a_draw_between_equals_stays() {
        let me = Rating::new();
        let them = puzzle_rating(4);
        assert!(me.after(them, 1.0).rating > me.rating);
        assert!(me.after(them, 0.0).rating < me.rating);
        let equal = at(1500.0, 100.0);
        let drawn = me.after(equal, 0.5);
        assert!((drawn.rating - 1500.0).abs() < 1e-9, "{drawn:?}");
    }

    #[test]
    fn an_easy_puzzle_missed_costs_more_than_a_hard_one() {
        let me = Rating::new();
        let easy = me.after(puzzle_rating(1), 0.0);
        let hard = me.after(puzzle_rating(HARDEST), 0.0);
        assert!(easy.rating < hard.rating, "{easy:?} {hard:?}");
        // And solving a hard one gains more than an easy one.
        let easy = me.after(puzzle_rating(1), 1.0);
        let hard = me.after(puzzle_rating(HARDEST), 1.0);
        assert!(hard.rating > easy.rating, "{easy:?} {hard:?}");
    }

    #[test]
    fn the_deviation_shrinks_with_results_and_the_steps_with_it() {
        let mut me = Rating::new();
        let mut last_step = f64::INFINITY;
        for i in 0..20 {
            let next = me.after(puzzle_rating(4), f64::from(i % 2));
            assert!(next.deviation < me.deviation, "{i}: {next:?} after {me:?}");
            let step = (next.rating - me.rating).abs();
            assert!(step < last_step, "{i}: {step} after {last_step}");
            (me, last_step) = (next, step);
        }
        assert!(me.deviation < 150.0, "{me:?}");
    }

    #[test]
    fn puzzle_ratings_follow_the_difficulty() {
        for d in 1..=HARDEST {
            let r = puzzle_rating(d);
            assert_eq!(r.rating, 1000.0 + 150.0 * f64::from(d - 1));
            assert_eq!((r.deviation, r.volatility), (100.0, 0.06));
        }
        assert_eq!(puzzle_rating(0), puzzle_rating(1));
        assert_eq!(puzzle_rating(u8::MAX), puzzle_rating(HARDEST));
    }

    #[test]
    fn no_result_only_widens_the_deviation_up_to_a_new_players() {
        let me = at(1700.0, 60.0);
        let r = me.after_all(&[]);
        assert_eq!((r.rating, r.volatility), (me.rating, me.volatility));
        assert!(r.deviation > me.deviation);
        assert_eq!(Rating::new().after_all(&[]), Rating::new());
    }

    #[test]
    fn bad_numbers_never_make_a_rating_that_is_not_finite() {
        let me = Rating::new();
        let finite = |r: Rating| {
            assert!(
                r.rating.is_finite() && r.deviation.is_finite() && r.volatility.is_finite(),
                "{r:?}"
            );
            assert!(r.deviation <= NEW_DEVIATION && r.volatility > 0.0, "{r:?}");
            r
        };
        // A score out of range is taken as the nearest result.
        assert_eq!(
            finite(me.after(puzzle_rating(3), 7.0)),
            me.after(puzzle_rating(3), 1.0)
        );
        assert_eq!(
            finite(me.after(puzzle_rating(3), -1.0)),
            me.after(puzzle_rating(3), 0.0)
        );
        // A result that is no number is left out.
        assert_eq!(
            finite(me.after(puzzle_rating(3), f64::NAN)),
            me.after_all(&[])
        );
        let nan = Rating {
            rating: f64::NAN,
            deviation: f64::INFINITY,
            volatility: -1.0,
        };
        assert_eq!(finite(me.after(nan, 1.0)), me.after_all(&[]));
        // A damaged rating starts again from a new player's.
        assert_eq!(
            finite(nan.after(puzzle_rating(3), 1.0)),
            me.after(puzzle_rating(3), 1.0)
        );
        // Far beyond any opponent: the expected score is 1 exactly.
        finite(at(1e12, 50.0).after(puzzle_rating(1), 0.0));
        finite(at(1500.0, 0.0).after(at(1500.0, 0.0), 1.0));
        finite(at(1500.0, 1e9).after(at(-1e300, 1e300), 1.0));
        let tiny = Rating {
            volatility: f64::MIN_POSITIVE,
            ..Rating::new()
        };
        finite(tiny.after(puzzle_rating(2), 1.0));
    }

    #[test]
    fn a_rating_reads_back_from_json() {
        let r = Rating::new().after(puzzle_rating(5), 1.0);
        let text = serde_json::to_string(&r).unwrap();
        assert!(text.starts_with("{\"rating\":"), "{text}");
        // serde_json's default float parsing may differ in the last bit.
        let back = serde_json::from_str::<Rating>(&text).unwrap();
        for (x, y) in [
            (back.rating, r.rating),
            (back.deviation, r.deviation),
            (back.volatility, r.volatility),
        ] {
            assert!((x - y).abs() <= 1e-9 * y.abs(), "{back:?} {r:?}");
        }
    }
}

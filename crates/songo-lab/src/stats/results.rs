//! A match's results: one game's score for the first engine
//! ([`GameScore`]), games counted by result (the trinomial model, [`Wdl`],
//! with the likelihood of superiority), and colour-swapped pairs counted by
//! pair score (the pentanomial model, [`Pentanomial`]).

use std::fmt;

use songo_core::movegen::Outcome;
use songo_core::position::Side;

use super::elo::{moments, EloEstimate};
use super::special::erf;

/// The result of one game for the first engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameScore {
    /// The first engine won.
    Win,
    /// A draw.
    Draw,
    /// The first engine lost.
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
    /// Games the first engine won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the first engine lost.
    pub losses: u64,
}

impl Wdl {
    /// The results with these counts.
    pub const fn new(wins: u64, draws: u64, losses: u64) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    /// Counts one more game.
    pub fn add(&mut self, result: GameScore) {
        match result {
            GameScore::Win => self.wins += 1,
            GameScore::Draw => self.draws += 1,
            GameScore::Loss => self.losses += 1,
        }
    }

    /// Games counted.
    pub const fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Bin counts by score 0, ½, 1.
    pub(super) fn bins(&self) -> [f64; 3] {
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
    /// Pairs by the first engine's half-points in them, 0 to 4.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// The pairs with these counts (see [`Pentanomial::counts`]).
    pub const fn new(counts: [u64; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    /// Adds a pair from its two games (in either order).
    pub fn add(&mut self, first: GameScore, second: GameScore) {
        self.counts[usize::from(first.half_points() + second.half_points())] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    pub(super) fn bins(&self) -> [f64; 5] {
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

#[cfg(test)]
mod tests {
    use super::super::elo::elo_from_score;
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
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
}

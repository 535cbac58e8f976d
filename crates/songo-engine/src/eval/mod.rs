//! Static evaluation, in centiseeds (hundredths of a seed of expected final
//! margin) from the side to move's point of view.
//!
//! The evaluation is linear in a few features, each the side to move's
//! value minus the opponent's. The weights are fitted per variant by
//! `songo tune` (logistic regression of self-play results, see `tune`), so
//! each variant's threshold shapes its own weights; they live in
//! [`weights`](mod@weights) with the command that produced them. A term stays only if
//! the engine plays stronger with it than without it (`scripts/ablation.sh`):
//! the terms that failed keep a zero weight, and the evaluation skips the
//! costly ones among them.

pub mod weights;

use std::fmt;
use std::str::FromStr;

use songo_core::position::{Position, Side, NORTH_TO_MOVE, PITS_PER_ROW};
use songo_core::variant::Variant;

pub(crate) use crate::score::Score;

/// One seed of final margin.
pub const SEED: Score = songo_core::score::CENTISEEDS;

/// A pit at least this full sows more than one lap (a "grenier").
pub const BIG_PILE: u8 = 14;

/// The evaluation's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// Seeds captured.
    Captured,
    /// Captured seeds, weighted by how far the game has gone (seeds off the
    /// board / 10): a lead counts more when fewer seeds remain to win back.
    CapturedLate,
    /// Seeds in one's own row (they count at the end in `songo36-*`).
    RowSeeds,
    /// One's pits holding 1 to 3 seeds, which one more seed makes capturable.
    Weak,
    /// One's empty pits.
    Empty,
    /// Seeds in one's piles of [`BIG_PILE`] or more.
    BigPiles,
    /// Legal moves (for the opponent: as if it were his turn).
    Mobility,
    /// The most seeds one could capture with one move (for the side to
    /// move: a threat answered by the quiescence search, so tuning keeps
    /// positions where it is zero; for the opponent: his threat).
    Threat,
    /// `songo40`: pit 7 never played (it may still be played at exactly 5).
    Pit7Unplayed,
}

/// Number of features.
pub const FEATURES: usize = 9;

impl Feature {
    /// Every feature, in the order of their weights.
    pub const ALL: [Feature; FEATURES] = [
        Feature::Captured,
        Feature::CapturedLate,
        Feature::RowSeeds,
        Feature::Weak,
        Feature::Empty,
        Feature::BigPiles,
        Feature::Mobility,
        Feature::Threat,
        Feature::Pit7Unplayed,
    ];

    /// The feature's name as `eval` and `songo tune` print it.
    pub const fn name(self) -> &'static str {
        match self {
            Feature::Captured => "captured",
            Feature::CapturedLate => "captured late",
            Feature::RowSeeds => "seeds in row",
            Feature::Weak => "weak pits",
            Feature::Empty => "empty pits",
            Feature::BigPiles => "big piles",
            Feature::Mobility => "mobility",
            Feature::Threat => "capture threat",
            Feature::Pit7Unplayed => "pit 7 unplayed",
        }
    }
}

/// A name that is no evaluation term or no evaluation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseEvalError {
    /// Not the name of a term (as given).
    #[error("unknown term '{0}' (terms: {names})", names = term_names())]
    UnknownTerm(String),
    /// Not `tuned`, `captures`, `nn` or `without <term>` (trimmed, lowercase).
    #[error("unknown evaluation '{0}' (tuned, captures, nn, or 'without <term>')")]
    UnknownEvaluation(String),
}

/// The names of every term, comma-separated.
fn term_names() -> String {
    let names: Vec<&str> = Feature::ALL.iter().map(|f| f.name()).collect();
    names.join(", ")
}

impl FromStr for Feature {
    type Err = ParseEvalError;

    /// A term by its name, e.g. `mobility` or `capture threat`.
    fn from_str(s: &str) -> Result<Feature, ParseEvalError> {
        let name = s.trim().to_ascii_lowercase();
        Feature::ALL
            .into_iter()
            .find(|f| f.name() == name)
            .ok_or_else(|| ParseEvalError::UnknownTerm(s.to_string()))
    }
}

/// One weight per feature, in centiseeds per unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights(pub [Score; FEATURES]);

/// Which evaluation the search uses. The default is the network: it beat
/// the tuned weights by 200 to 280 Elo at equal time in every variant
/// (docs/nn-eval.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvalKind {
    /// The tuned weights of the variant.
    Tuned,
    /// Captured seeds only: the baseline the tuned evaluation is measured against.
    Captures,
    /// The tuned weights with one term left out, to measure what it is worth.
    Without(Feature),
    /// The learned network of the variant (see [`crate::nn`]): the
    /// embedded one, or the one `EvalFile` loaded.
    #[default]
    Nn,
}

impl EvalKind {
    /// The kinds the `Evaluation` option offers (every one but
    /// [`EvalKind::Without`]).
    pub const ALL: [EvalKind; 3] = [EvalKind::Tuned, EvalKind::Captures, EvalKind::Nn];
}

impl fmt::Display for EvalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalKind::Tuned => f.write_str("tuned"),
            EvalKind::Captures => f.write_str("captures"),
            EvalKind::Nn => f.write_str("nn"),
            EvalKind::Without(feature) => write!(f, "without {}", feature.name()),
        }
    }
}

impl FromStr for EvalKind {
    type Err = ParseEvalError;

    /// `tuned`, `captures`, `nn`, or `without <term>` (a term's name, e.g.
    /// `without mobility`).
    fn from_str(s: &str) -> Result<EvalKind, ParseEvalError> {
        let s = s.trim().to_ascii_lowercase();
        match s.as_str() {
            "tuned" => Ok(EvalKind::Tuned),
            "captures" => Ok(EvalKind::Captures),
            "nn" => Ok(EvalKind::Nn),
            _ => s
                .strip_prefix("without ")
                .and_then(|name| name.parse().ok())
                .map(EvalKind::Without)
                .ok_or(ParseEvalError::UnknownEvaluation(s)),
        }
    }
}

/// The per-side raw values of every feature, `[side to move, opponent]`.
pub fn side_features(p: &Position, v: Variant) -> [[Score; FEATURES]; 2] {
    side_features_with(p, v, true)
}

/// [`side_features`], with the threat left at zero unless `threat`: finding
/// it makes every move of both sides, most of the evaluation's cost.
fn side_features_with(p: &Position, v: Variant, threat: bool) -> [[Score; FEATURES]; 2] {
    let us = p.side_to_move();
    let flipped = Position::from_bits(p.bits() ^ NORTH_TO_MOVE);
    let gone = (70 - p.seeds_on_board() as Score) / 10;
    let mut out = [[0; FEATURES]; 2];
    for (k, (side, mover)) in [(us, p), (us.opponent(), &flipped)].into_iter().enumerate() {
        let first = side.first_pit();
        let row = &p.pits()[first..first + PITS_PER_ROW];
        let legal = mover.legal_moves(v);
        let threat = if threat {
            legal
                .into_iter()
                .map(|m| mover.make_move(v, m).captured(side) - mover.captured(side))
                .max()
                .unwrap_or(0)
        } else {
            0
        };
        let f = &mut out[k];
        f[Feature::Captured as usize] = p.captured(side) as Score;
        f[Feature::CapturedLate as usize] = p.captured(side) as Score * gone;
        f[Feature::RowSeeds as usize] = row.iter().map(|&c| c as Score).sum();
        f[Feature::Weak as usize] = row.iter().filter(|&&c| (1..=3).contains(&c)).count() as Score;
        f[Feature::Empty as usize] = row.iter().filter(|&&c| c == 0).count() as Score;
        f[Feature::BigPiles as usize] = row
            .iter()
            .filter(|&&c| c >= BIG_PILE)
            .map(|&c| c as Score)
            .sum();
        f[Feature::Mobility as usize] = legal.len() as Score;
        f[Feature::Threat as usize] = threat as Score;
        f[Feature::Pit7Unplayed as usize] =
            (v == Variant::Songo40 && p.pit7_unplayed(side)) as Score;
    }
    out
}

/// Every feature as the side to move's value minus the opponent's.
pub fn features(p: &Position, v: Variant) -> [Score; FEATURES] {
    features_with(p, v, true)
}

fn features_with(p: &Position, v: Variant, threat: bool) -> [Score; FEATURES] {
    let [us, them] = side_features_with(p, v, threat);
    std::array::from_fn(|i| us[i] - them[i])
}

/// `w · f(p)`, without finding the features a zero weight ignores.
fn weighted(w: &Weights, p: &Position, v: Variant) -> Score {
    dot(w, &features_with(p, v, w.0[Feature::Threat as usize] != 0))
}

/// The tuned weights of a variant.
pub const fn weights(v: Variant) -> &'static Weights {
    match v {
        Variant::Songo36Beginner => &weights::SONGO36_BEGINNER,
        Variant::Songo36Amateur => &weights::SONGO36_AMATEUR,
        Variant::Songo40 => &weights::SONGO40,
    }
}

/// `w · f`.
pub fn dot(w: &Weights, f: &[Score; FEATURES]) -> Score {
    w.0.iter().zip(f).map(|(w, f)| w * f).sum()
}

/// Evaluates `p` for the side to move with the variant's tuned weights.
pub fn evaluate(p: &Position, v: Variant) -> Score {
    evaluate_with(p, v, EvalKind::Tuned)
}

/// Evaluates `p` for the side to move. `Nn` is the variant's embedded net
/// (the tuned weights where none is embedded); a search evaluates with the
/// net its options give (see `search::SearchOptions::net`).
pub fn evaluate_with(p: &Position, v: Variant, kind: EvalKind) -> Score {
    match kind {
        EvalKind::Nn => match crate::nn::default_net_ref(v) {
            Some(net) => net.evaluate(p),
            None => weighted(weights(v), p, v),
        },
        EvalKind::Tuned => weighted(weights(v), p, v),
        EvalKind::Without(f) => {
            let mut w = *weights(v);
            w.0[f as usize] = 0;
            weighted(&w, p, v)
        }
        EvalKind::Captures => {
            let us: Side = p.side_to_move();
            (p.captured(us) as Score - p.captured(us.opponent()) as Score) * SEED
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_are_antisymmetric() {
        let p = Position::startpos();
        for v in Variant::ALL {
            assert_eq!(features(&p, v), [0; FEATURES], "{v}");
        }
        let p: Position = "0,1,2,3,14,0,5/1,1,1,0,0,0,2 s 30 10 Gg".parse().unwrap();
        let q = Position::from_bits(p.bits() ^ NORTH_TO_MOVE);
        let v = Variant::Songo36Beginner;
        let (fp, fq) = (features(&p, v), features(&q, v));
        for f in Feature::ALL {
            let i = f as usize;
            if f != Feature::Mobility && f != Feature::Threat {
                assert_eq!(fp[i], -fq[i], "{}", f.name());
            }
        }
        assert_eq!(fp[Feature::Captured as usize], 20);
        assert_eq!(fp[Feature::CapturedLate as usize], 20 * 4);
        assert_eq!(fp[Feature::RowSeeds as usize], 25 - 5);
        assert_eq!(fp[Feature::Weak as usize], 3 - 4);
        assert_eq!(fp[Feature::Empty as usize], 2 - 3);
        assert_eq!(fp[Feature::BigPiles as usize], 14);
    }

    /// The evaluation skips the features its weights ignore, and still
    /// equals the full dot product.
    #[test]
    fn skipping_ignored_features_keeps_the_value() {
        let with_threat = Weights([10, 20, 30, 40, 50, 60, 70, 80, 90]);
        for v in Variant::ALL {
            let mut p = Position::startpos();
            for ply in 0..60 {
                let f = features(&p, v);
                assert_eq!(evaluate(&p, v), dot(weights(v), &f), "{v} {p}");
                assert_eq!(
                    weighted(&with_threat, &p, v),
                    dot(&with_threat, &f),
                    "{v} {p}"
                );
                let legal = p.legal_moves(v);
                let Some(m) = legal.into_iter().nth(ply % legal.len().max(1)) else {
                    break;
                };
                p = p.make_move(v, m);
            }
        }
    }

    #[test]
    fn captures_only_counts_captures() {
        let p: Position = "0,1,2,3,14,0,5/1,1,1,0,0,0,2 n 30 10 Gg".parse().unwrap();
        assert_eq!(
            evaluate_with(&p, Variant::Songo40, EvalKind::Captures),
            -2000
        );
        assert_eq!("Captures".parse::<EvalKind>(), Ok(EvalKind::Captures));
        assert_eq!(" NN ".parse::<EvalKind>(), Ok(EvalKind::Nn));
        assert_eq!(EvalKind::Nn.to_string(), "nn");
        for f in Feature::ALL {
            let k = EvalKind::Without(f);
            assert_eq!(k.to_string().parse::<EvalKind>(), Ok(k));
        }
        assert_eq!(
            "Without Nothing "
                .parse::<EvalKind>()
                .unwrap_err()
                .to_string(),
            "unknown evaluation 'without nothing' (tuned, captures, nn, or 'without <term>')"
        );
        assert_eq!(
            " Nothing".parse::<Feature>().unwrap_err().to_string(),
            "unknown term ' Nothing' (terms: captured, captured late, seeds in row, weak pits, \
             empty pits, big piles, mobility, capture threat, pit 7 unplayed)"
        );
    }
}

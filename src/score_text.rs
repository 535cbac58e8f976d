//! Scores as text: the protocol's and a person's forms are the protocol
//! crate's (re-exported here for the command's tools), and this module
//! adds the JSON form of `songo analyze --json`, over the same
//! [`songo_core::score::classify`].

use songo_core::score::{classify, Score, ScoreKind};
use songo_engine::search::ScoreBound;

pub use songo_protocol::score_text::{protocol, seeds};

/// A score for a program, as `songo analyze --json` writes it: `{"cp":N}`
/// (centiseeds, or a tablebase result above every evaluation, as the
/// protocol's `cp`) or `{"mate":N}` (a forced end in N of the mover's own
/// moves, lost if negative).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum JsonScore {
    Cp(Score),
    Mate(i32),
}

/// The JSON form of a score.
pub fn json(score: Score) -> JsonScore {
    match classify(score) {
        ScoreKind::Mate(n) => JsonScore::Mate(n),
        _ => JsonScore::Cp(score),
    }
}

/// A bound as the JSON output names it.
pub fn bound_name(b: ScoreBound) -> &'static str {
    match b {
        ScoreBound::Exact => "exact",
        ScoreBound::Lower => "lower",
        ScoreBound::Upper => "upper",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::score::{MATE, TB_WIN};

    #[test]
    fn every_kind_of_score_in_json() {
        let json = |s| serde_json::to_string(&json(s)).unwrap();
        assert_eq!(json(MATE - 1), "{\"mate\":1}");
        assert_eq!(json(7), "{\"cp\":7}");
        assert_eq!(json(TB_WIN - 3), format!("{{\"cp\":{}}}", TB_WIN - 3));
    }
}

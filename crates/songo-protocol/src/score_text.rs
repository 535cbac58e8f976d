//! Scores as text, for every front end: the one place that writes what
//! [`songo_engine::score::classify`] says a score means, in the protocol's
//! form and in a person's. (The command's JSON form, which needs serde,
//! is the command's own `score_text`, over the same classification.)

use songo_engine::score::{classify, Score, ScoreKind};

/// Centiseeds in a seed.
const CENTISEEDS: f64 = songo_engine::eval::SEED as f64;

/// The protocol's form: `cp X` or `mate N`. A tablebase result is a `cp`
/// score above every evaluation (protocol.md, "info").
pub fn protocol(score: Score) -> String {
    match classify(score) {
        ScoreKind::Mate(n) => format!("mate {n}"),
        ScoreKind::Seeds(_) | ScoreKind::TablebaseWin { .. } | ScoreKind::TablebaseLoss { .. } => {
            format!("cp {score}")
        }
    }
}

/// For a person: seeds of margin with a sign (`+2.35`, `0.00`), `win in N`,
/// `loss in N`, or the tables' `tb win` / `tb loss`.
pub fn seeds(score: Score) -> String {
    match classify(score) {
        ScoreKind::Mate(n) if n > 0 => format!("win in {n}"),
        ScoreKind::Mate(n) => format!("loss in {}", -n),
        ScoreKind::TablebaseWin { .. } => "tb win".to_string(),
        ScoreKind::TablebaseLoss { .. } => "tb loss".to_string(),
        ScoreKind::Seeds(0) => "0.00".to_string(),
        ScoreKind::Seeds(cs) => format!("{:+.2}", cs as f64 / CENTISEEDS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_engine::score::{MATE, TB_WIN};

    #[test]
    fn every_kind_of_score_in_both_forms() {
        assert_eq!(seeds(235), "+2.35");
        assert_eq!(seeds(-50), "-0.50");
        assert_eq!(seeds(0), "0.00");
        assert_eq!(seeds(MATE - 13), "win in 7");
        assert_eq!(seeds(-(MATE - 8)), "loss in 4");
        assert_eq!(seeds(TB_WIN - 3), "tb win");
        assert_eq!(seeds(-(TB_WIN - 3)), "tb loss");
        assert_eq!(protocol(-120), "cp -120");
        assert_eq!(protocol(MATE - 1), "mate 1");
        assert_eq!(protocol(TB_WIN - 3), format!("cp {}", TB_WIN - 3));
    }
}

//! Scores as the protocol writes them, over the one classification of
//! [`songo_core::score`]; a person's form is the rules core's
//! ([`seeds`], re-exported for the front ends). (The command's JSON form,
//! which needs serde, is the command's own `score_text`.)

use songo_core::score::{classify, Score, ScoreKind};

/// A score for a person: [`songo_core::score::text`].
pub use songo_core::score::text as seeds;

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

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::score::{MATE, TB_WIN};

    #[test]
    fn every_kind_of_score_in_the_protocol_s_form() {
        assert_eq!(seeds(MATE - 13), "win in 7");
        assert_eq!(protocol(-120), "cp -120");
        assert_eq!(protocol(MATE - 1), "mate 1");
        assert_eq!(protocol(TB_WIN - 3), format!("cp {}", TB_WIN - 3));
    }
}

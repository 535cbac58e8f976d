//! Scores: the scale is the rules core's ([`songo_core::score`]: what a
//! score means, how the transposition table keeps it, how a person reads
//! it), re-exported here; the tables add the score of their results.

pub use songo_core::score::*;

use crate::TbValue;

/// The search score of a tablebase result, `ply` plies from the root.
pub fn tb_score(w: TbValue, ply: usize) -> Score {
    match w {
        TbValue::Win => TB_WIN - ply as Score,
        TbValue::Draw => 0,
        TbValue::Loss => -(TB_WIN - ply as Score),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_results_classify_as_proven() {
        assert_eq!(classify(tb_score(TbValue::Draw, 3)), ScoreKind::Seeds(0));
        assert_eq!(
            classify(tb_score(TbValue::Win, 3)),
            ScoreKind::TablebaseWin { plies: 3 }
        );
        assert_eq!(
            classify(tb_score(TbValue::Loss, 3)),
            ScoreKind::TablebaseLoss { plies: 3 }
        );
    }
}

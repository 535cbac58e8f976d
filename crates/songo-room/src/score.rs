//! The engine's scores as the page shows them: seeds with a sign, forced
//! ends in words, win/draw/loss chances, and a number for the evaluation
//! bar from South's side. Scores come from `info` lines of any engine
//! (protocol.md: centiseeds, `mate N`, tablebase wins as `cp` near 29871),
//! read with the engine library's one classification of score ranges.

use serde::Serialize;
use songo_client::info::Bound;
use songo_client::{Info, InfoScore};
use songo_core::score::{kind_text, ScoreKind, WinDrawLoss, MATE};
use songo_core::{Side, Variant};

use crate::say::{Say, Seeds};

/// The bar is full at this many centiseeds of margin (a forced end fills it).
pub const BAR_RANGE: i32 = 1500;

/// A score, from the side to move's point of view unless said otherwise.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreView {
    /// `+1.50`, `0.00`, `win in 3`, `loss in 2`, `tb win`, `tb loss`: the
    /// notation of the page's hooks (`data-score`), the same in every
    /// language.
    pub text: String,
    /// The score for a person, in the page's language.
    pub say: Say,
    /// Centiseeds, when the score is one (a tablebase result included).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    /// `mate N` as the engine wrote it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// `exact`, `lower` or `upper` (an aspiration failure: a bound).
    pub bound: &'static str,
    /// The score for the bar: centiseeds from South's side, within
    /// ±[`BAR_RANGE`].
    pub south: i32,
    /// `text` from South's side.
    pub south_text: String,
    /// `say` from South's side.
    pub south_say: Say,
    /// Win, draw and loss chances for the side to move, in permille: the
    /// engine's (`wdl`), or estimated from the score when it gives none.
    pub wdl: [u32; 3],
}

/// A score as a person reads it: the rules core's text
/// ([`songo_core::score::text`]), for another engine's `mate N` too.
pub fn text(score: InfoScore) -> String {
    match score {
        InfoScore::Mate(0) => "game over".to_string(),
        InfoScore::Mate(n) => kind_text(ScoreKind::Mate(n)),
        InfoScore::Cp(cp) => songo_core::score::text(cp),
    }
}

/// A score for a person: what [`text`] writes, as meaning.
pub fn say(score: InfoScore) -> Say {
    let moves = |n: i32| n.unsigned_abs();
    match score {
        InfoScore::Mate(n) if n > 0 => Say::ScoreWinIn { moves: moves(n) },
        InfoScore::Mate(n) if n < 0 => Say::ScoreLossIn { moves: moves(n) },
        InfoScore::Mate(_) => Say::ScoreOver,
        InfoScore::Cp(cp) => match songo_core::score::classify(cp) {
            ScoreKind::TablebaseWin { .. } => Say::ScoreTbWin,
            ScoreKind::TablebaseLoss { .. } => Say::ScoreTbLoss,
            ScoreKind::Mate(n) if n > 0 => Say::ScoreWinIn { moves: moves(n) },
            ScoreKind::Mate(n) => Say::ScoreLossIn { moves: moves(n) },
            ScoreKind::Seeds(cs) => Say::ScoreSeeds { seeds: Seeds(cs) },
        },
    }
}

/// Centiseeds for comparing and drawing: a forced end counts as the
/// largest score, the nearer the larger.
pub fn centiseeds(score: InfoScore) -> i32 {
    match score {
        InfoScore::Cp(cp) => cp,
        InfoScore::Mate(n) if n > 0 => MATE - n,
        InfoScore::Mate(n) => -MATE - n,
    }
}

/// The view of a score of `mover`, the side to move.
pub fn view(
    score: InfoScore,
    bound: Bound,
    wdl: Option<[u32; 3]>,
    mover: Side,
    v: Variant,
) -> ScoreView {
    let cs = centiseeds(score);
    let ours = cs.clamp(-BAR_RANGE, BAR_RANGE);
    let south = if mover == Side::South { ours } else { -ours };
    let for_south = match (mover, score) {
        (Side::South, _) => score,
        (Side::North, InfoScore::Cp(cp)) => InfoScore::Cp(-cp),
        (Side::North, InfoScore::Mate(n)) => InfoScore::Mate(-n),
    };
    let wdl = wdl.unwrap_or_else(|| {
        let (w, d, l) = WinDrawLoss::estimate(cs, v).permille();
        [w, d, l]
    });
    ScoreView {
        text: text(score),
        say: say(score),
        cp: match score {
            InfoScore::Cp(cp) => Some(cp),
            InfoScore::Mate(_) => None,
        },
        mate: match score {
            InfoScore::Mate(n) => Some(n),
            InfoScore::Cp(_) => None,
        },
        bound: match bound {
            Bound::Exact => "exact",
            Bound::Lower => "lower",
            Bound::Upper => "upper",
        },
        south,
        south_text: text(for_south),
        south_say: say(for_south),
        wdl,
    }
}

/// The deepest depth a search reports when it has searched everything
/// there is (the game ends within its horizon on every line): past it a
/// depth is not a measure of effort but of a forced result.
pub const FORCED_DEPTH: u32 = 100;

/// Whether `depth` says the result is forced rather than how deep the
/// search went.
pub fn is_forced(depth: u32) -> bool {
    depth >= FORCED_DEPTH
}

/// The view of an `info` line's score, if it has one.
pub fn of_info(info: &Info, mover: Side, v: Variant) -> Option<ScoreView> {
    info.score.map(|s| view(s, info.bound, info.wdl, mover, v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_a_person_reads_them() {
        assert_eq!(text(InfoScore::Cp(150)), "+1.50");
        assert_eq!(text(InfoScore::Cp(-5)), "-0.05");
        assert_eq!(text(InfoScore::Cp(0)), "0.00");
        assert_eq!(text(InfoScore::Mate(3)), "win in 3");
        assert_eq!(text(InfoScore::Mate(-2)), "loss in 2");
        assert_eq!(text(InfoScore::Cp(29871)), "tb win");
        assert_eq!(text(InfoScore::Cp(-29800)), "tb loss");
    }

    #[test]
    fn the_bar_is_from_south_and_bounded() {
        let v = Variant::Songo40;
        let s = view(InfoScore::Cp(200), Bound::Exact, None, Side::North, v);
        assert_eq!((s.south, s.south_text.as_str()), (-200, "-2.00"));
        let s = view(
            InfoScore::Mate(4),
            Bound::Lower,
            Some([1000, 0, 0]),
            Side::South,
            v,
        );
        assert_eq!(
            (s.south, s.bound, s.wdl),
            (BAR_RANGE, "lower", [1000, 0, 0])
        );
        assert!(centiseeds(InfoScore::Mate(1)) > centiseeds(InfoScore::Mate(5)));
        assert!(centiseeds(InfoScore::Mate(-1)) < centiseeds(InfoScore::Mate(-5)));
        let even = view(InfoScore::Cp(0), Bound::Exact, None, Side::South, v);
        assert_eq!(even.wdl[0], even.wdl[2]);
    }
}

//! What the tables prove about a position: a result, or a range of them.

use std::fmt;

use songo_core::movegen::Outcome;
use songo_core::position::Position;
use songo_core::variant::Variant;

/// A result for the side to move, as the tables prove it (the estimate a
/// search score gives is `score::WinDrawLoss`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TbValue {
    /// The side to move loses.
    Loss,
    /// A draw.
    Draw,
    /// The side to move wins.
    Win,
}

impl TbValue {
    /// The same result seen by the opponent.
    pub fn flip(self) -> TbValue {
        match self {
            TbValue::Loss => TbValue::Win,
            TbValue::Draw => TbValue::Draw,
            TbValue::Win => TbValue::Loss,
        }
    }

    /// `"loss"`, `"draw"` or `"win"`.
    pub fn name(self) -> &'static str {
        match self {
            TbValue::Loss => "loss",
            TbValue::Draw => "draw",
            TbValue::Win => "win",
        }
    }

    /// The result of a finished game, for the side to move at `p`.
    pub fn of_outcome(o: Outcome, p: &Position) -> TbValue {
        match o {
            Outcome::Draw => TbValue::Draw,
            Outcome::Win(s) if s == p.side_to_move() => TbValue::Win,
            Outcome::Win(_) => TbValue::Loss,
        }
    }
}

impl fmt::Display for TbValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the tables say about a position, for the side to move: the result
/// lies between `worst` and `best` (equal when it is exact).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// The worst the result can be, for the side to move.
    pub worst: TbValue,
    /// The best the result can be, for the side to move.
    pub best: TbValue,
    /// Seeds on the board.
    pub seeds: u8,
    /// The low stored bound, in seeds (`songo36-*`: the mover's share;
    /// `songo40`: his margin gain).
    pub lo: i32,
    /// The high stored bound, in seeds; equal to `lo` when the stored value
    /// is exact.
    pub hi: i32,
    /// The variant of the table that gave the verdict.
    pub variant: Variant,
}

impl Verdict {
    /// The verdict for a position whose board has the stored `(lo, hi)`.
    pub fn new(v: Variant, p: &Position, lo: i32, hi: i32) -> Verdict {
        let us = p.side_to_move();
        let wdl = |value: i32| -> TbValue {
            if v.is_songo36() {
                let score = p.captured(us) as i32 + value;
                match score.cmp(&35) {
                    std::cmp::Ordering::Greater => TbValue::Win,
                    std::cmp::Ordering::Equal => TbValue::Draw,
                    std::cmp::Ordering::Less => TbValue::Loss,
                }
            } else {
                let margin = p.captured(us) as i32 - p.captured(us.opponent()) as i32 + value;
                if margin >= songo_core::movegen::FORTY_WIN_MARGIN {
                    TbValue::Win
                } else if margin <= -songo_core::movegen::FORTY_WIN_MARGIN {
                    TbValue::Loss
                } else {
                    TbValue::Draw
                }
            }
        };
        Verdict {
            worst: wdl(lo),
            best: wdl(hi),
            seeds: p.seeds_on_board(),
            lo,
            hi,
            variant: v,
        }
    }

    /// Whether the result is known exactly.
    pub fn is_exact(&self) -> bool {
        self.worst == self.best
    }

    /// The exact result, if known.
    pub fn exact(&self) -> Option<TbValue> {
        self.is_exact().then_some(self.worst)
    }
}

impl fmt::Display for Verdict {
    /// `win`, `draw or win`, `loss, draw or win`…, then the stored value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.worst, self.best) {
            (a, b) if a == b => write!(f, "{a}")?,
            (TbValue::Loss, TbValue::Win) => f.write_str("loss, draw or win")?,
            (a, b) => write!(f, "{a} or {b}")?,
        }
        if self.variant.is_songo36() {
            if self.lo == self.hi {
                write!(f, " (mover's share {} of {} seeds)", self.lo, self.seeds)
            } else {
                write!(
                    f,
                    " (mover's share {}..{} of {} seeds: a repetition decides)",
                    self.lo, self.hi, self.seeds
                )
            }
        } else if self.lo == self.hi {
            write!(
                f,
                " (mover's margin gain {:+} of {} seeds)",
                self.lo, self.seeds
            )
        } else {
            // Only an unreadable block of a compressed file gives a range.
            write!(
                f,
                " (mover's margin gain {:+}..{:+} of {} seeds: unknown)",
                self.lo, self.hi, self.seeds
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(s: &str) -> Position {
        s.parse().unwrap()
    }

    #[test]
    fn verdicts_follow_the_thresholds() {
        // songo36: 25 captured + share 11 = 36 wins, 10 draws, 9 loses.
        let p = pos("1,1,1,1,1,1,1/1,1,1,1,1,1,0 s 25 32 -");
        let v = Variant::Songo36Amateur;
        assert_eq!(Verdict::new(v, &p, 11, 11).exact(), Some(TbValue::Win));
        assert_eq!(Verdict::new(v, &p, 10, 10).exact(), Some(TbValue::Draw));
        assert_eq!(Verdict::new(v, &p, 9, 9).exact(), Some(TbValue::Loss));
        let range = Verdict::new(v, &p, 10, 11);
        assert_eq!((range.worst, range.best), (TbValue::Draw, TbValue::Win));
        assert_eq!(
            range.to_string(),
            "draw or win (mover's share 10..11 of 13 seeds: a repetition decides)"
        );
        // North to move reads North's captured count.
        let n = pos("1,1,1,1,1,1,1/1,1,1,1,1,1,0 n 32 25 -");
        assert_eq!(Verdict::new(v, &n, 11, 11).exact(), Some(TbValue::Win));
        // songo40: margin 30 - 27 = 3; a gain of 2 makes 5 (win), -8 makes -5.
        let p = pos("1,1,1,1,1,1,1/1,1,1,1,1,1,0 s 30 27 -");
        let v = Variant::Songo40;
        assert_eq!(Verdict::new(v, &p, 2, 2).exact(), Some(TbValue::Win));
        assert_eq!(Verdict::new(v, &p, 1, 1).exact(), Some(TbValue::Draw));
        assert_eq!(Verdict::new(v, &p, -7, -7).exact(), Some(TbValue::Draw));
        assert_eq!(Verdict::new(v, &p, -8, -8).exact(), Some(TbValue::Loss));
        assert_eq!(
            Verdict::new(v, &p, 2, 2).to_string(),
            "win (mover's margin gain +2 of 13 seeds)"
        );
    }
}

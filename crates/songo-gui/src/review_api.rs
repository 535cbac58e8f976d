//! TEMPORARY stand-in for `songo_client::review` (being written on main),
//! with the API announced for it, so that the GUI's review plumbing builds
//! and is tested before it lands. Replaced by a re-export on merge.

use songo_client::InfoScore;
use songo_core::{Move, Position, Side, Variant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    pub inaccuracy: i32,
    pub mistake: i32,
    pub blunder: i32,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            inaccuracy: 100,
            mistake: 300,
            blunder: 600,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub score: InfoScore,
    pub best: Option<String>,
    pub pv: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReview {
    pub ply: usize,
    pub played: Move,
    pub best: Option<Move>,
    pub before: i32,
    pub after: i32,
    pub loss: i32,
    pub judgement: Judgement,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReview {
    pub moves: Vec<MoveReview>,
    pub curve: Vec<i32>,
}

fn centi(s: InfoScore) -> i32 {
    match s {
        InfoScore::Cp(c) => c,
        InfoScore::Mate(n) if n > 0 => 10_000 - n,
        InfoScore::Mate(n) => -10_000 - n,
    }
}

pub fn review_game<E>(
    variant: Variant,
    start: &Position,
    moves: &[Move],
    mut analyse: impl FnMut(&Position) -> Result<Verdict, E>,
    thresholds: &Thresholds,
    mut progress: impl FnMut(usize, usize),
) -> Result<GameReview, E> {
    let mut positions = vec![*start];
    for &m in moves {
        let p = positions.last().unwrap().make_move(variant, m);
        positions.push(p);
    }
    let total = positions.len();
    let mut verdicts = Vec::new();
    for (i, p) in positions.iter().enumerate() {
        let v = if p.is_over(variant) {
            let s = p.final_scores(variant);
            let us = p.side_to_move().index();
            Verdict {
                score: InfoScore::Cp((s[us] as i32 - s[1 - us] as i32) * 100),
                best: None,
                pv: Vec::new(),
            }
        } else {
            analyse(p)?
        };
        verdicts.push(v);
        progress(i + 1, total);
    }
    let curve = positions
        .iter()
        .zip(&verdicts)
        .map(|(p, v)| {
            let c = centi(v.score);
            if p.side_to_move() == Side::South {
                c
            } else {
                -c
            }
        })
        .collect();
    let mut reviews = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        let before = centi(verdicts[i].score);
        let after = -centi(verdicts[i + 1].score);
        let loss = (before - after).max(0);
        let judgement = if loss >= thresholds.blunder {
            Judgement::Blunder
        } else if loss >= thresholds.mistake {
            Judgement::Mistake
        } else if loss >= thresholds.inaccuracy {
            Judgement::Inaccuracy
        } else {
            Judgement::Good
        };
        reviews.push(MoveReview {
            ply: i + 1,
            played: m,
            best: verdicts[i]
                .best
                .as_deref()
                .and_then(|b| Move::parse(b, positions[i].side_to_move()).ok()),
            before,
            after,
            loss,
            judgement,
        });
    }
    Ok(GameReview {
        moves: reviews,
        curve,
    })
}

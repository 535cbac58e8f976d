//! The endgame tables' verdicts for the analysis, probed here in the room
//! with the engine library's tables (`songo gui --tablebases DIR`),
//! so that they show whatever engine analyses: the position's verdict and
//! each legal move's, for the side to move, or why the tables do not
//! speak.

use serde::Serialize;
use songo_core::{Game, Variant};
use songo_tb::{history_is_clean, Tablebases, TbValue};

use crate::say::{Say, Value};

/// What the tables say about the analysed position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TbView {
    /// The verdict for the side to move, with what the tables store (a
    /// share of the seeds, or a margin gain); none when the tables do not
    /// speak.
    pub verdict: Option<Say>,
    /// The verdict's range for the side to move, in `win`, `draw`,
    /// `loss`: its lower end.
    pub worst: Option<&'static str>,
    /// Its upper end (the same as `worst` when the tables know the result
    /// exactly).
    pub best: Option<&'static str>,
    /// Why there is no verdict.
    pub note: Option<Say>,
    /// Each legal move's result for the side to move (none: not covered).
    pub moves: Vec<TbMove>,
}

/// One move's result from the tables (or from the game's end it reaches).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TbMove {
    /// The move's pit, as the board names it.
    pub pit: String,
    /// The lower end of the move's result for the side to move (`win`,
    /// `draw`, `loss`); none when the tables do not cover it.
    pub worst: Option<&'static str>,
    /// The upper end, in the same words.
    pub best: Option<&'static str>,
}

fn value(v: TbValue) -> Value {
    match v {
        TbValue::Win => Value::Win,
        TbValue::Draw => Value::Draw,
        TbValue::Loss => Value::Loss,
    }
}

/// The tables' view of the position a game has reached.
pub fn probe(tb: &Tablebases, game: &Game) -> TbView {
    let v: Variant = game.variant();
    let p = game.position();
    let seeds = p.seeds_on_board();
    let max = tb.max_seeds(v);
    let mut view = TbView {
        verdict: None,
        worst: None,
        best: None,
        note: None,
        moves: Vec::new(),
    };
    if game.is_over() {
        view.note = Some(Say::TbGameOver);
        return view;
    }
    if max == 0 {
        view.note = Some(Say::TbNoTables {
            variant: v.to_string(),
        });
        return view;
    }
    if !tb.covers(&p, v) {
        view.note = Some(if seeds > max {
            Say::TbTooManySeeds {
                seeds,
                variant: v.to_string(),
                max,
            }
        } else {
            // songo40 tables hold boards with both pit-7 flags cleared.
            Say::TbPitSevenUnplayed
        });
        return view;
    }
    if !history_is_clean(game.positions()) {
        view.note = Some(Say::TbRepetition);
        return view;
    }
    match tb.probe(&p, v) {
        Some(verdict) => {
            view.verdict = Some(Say::TbVerdict {
                side: p.side_to_move().into(),
                worst: value(verdict.worst),
                best: value(verdict.best),
                seeds: verdict.seeds,
                lo: verdict.lo,
                hi: verdict.hi,
                share: v.is_songo36(),
            });
            view.worst = Some(verdict.worst.name());
            view.best = Some(verdict.best.name());
            view.moves = tb
                .probe_moves(&p, v)
                .into_iter()
                .map(|(m, r)| TbMove {
                    pit: m.to_string(),
                    worst: r.map(|(w, _)| w.name()),
                    best: r.map(|(_, b)| b.name()),
                })
                .collect();
        }
        None => {
            view.note = Some(Say::TbUnreadable {
                seeds,
                variant: v.to_string(),
            })
        }
    }
    view
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::Position;
    use songo_tb::generate::{generate, NoProgress};

    #[test]
    fn verdicts_and_reasons() {
        let v = Variant::Songo40;
        let table = generate(v, 10, &[], &NoProgress);
        let tb = Tablebases::from_tables([table]);
        let p: Position = "2,0,3,1,0,0,0/1,2,0,0,1,0,0 s 31 29 -".parse().unwrap();
        let game = Game::new(v, p);
        let view = probe(&tb, &game);
        let verdict = view.verdict.clone().expect("a verdict");
        assert!(
            matches!(
                verdict,
                Say::TbVerdict {
                    seeds: 10,
                    share: false,
                    ..
                }
            ),
            "{verdict:?}"
        );
        assert_eq!(view.moves.len(), p.legal_moves(v).len());
        assert!(view.moves.iter().all(|m| m.worst.is_some()), "{view:?}");
        // The verdict is the best of the moves' results.
        let best = view
            .moves
            .iter()
            .filter_map(|m| m.best)
            .max_by_key(|r| match *r {
                "win" => 2,
                "draw" => 1,
                _ => 0,
            });
        assert_eq!(best, view.best);
        let start = probe(&tb, &Game::new(v, Position::startpos()));
        assert!(start.verdict.is_none());
        assert!(
            matches!(start.note, Some(Say::TbTooManySeeds { seeds: 70, .. })),
            "{:?}",
            start.note
        );
        let other = probe(&tb, &Game::new(Variant::Songo36Amateur, p));
        assert_eq!(
            other.note,
            Some(Say::TbNoTables {
                variant: "songo36-amateur".to_string()
            })
        );
    }
}

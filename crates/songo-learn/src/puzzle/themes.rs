//! A puzzle's themes, found from its position and solution with the rules
//! alone, so that anyone can recompute them: the file stores them, and
//! reading a file checks that they are what the rules say.
//!
//! The solver's moves are the solution's moves 1, 3, 5…; the defender's
//! positions are the ones right after them.

use songo_core::{IllegalReason, Move, Position, Variant};

use super::sowing::{sow, Sowing};

/// What a puzzle is about. A puzzle has every theme that applies, and
/// always exactly one of [`Theme::Capture`] and [`Theme::Quiet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The first move captures.
    Capture,
    /// The first move captures nothing: its point comes later.
    Quiet,
    /// A move of the solver takes two pits or more in one chain.
    ChainCapture,
    /// A move of the solver sows more than 13 seeds and its last seed,
    /// on a later lap through the opponent's row, captures (or, in
    /// `songo40`, the seed left for a new lap is the direct gain).
    SecondLap,
    /// Feeding decides: the solver must feed an empty row, or the line
    /// ends with the defender left without seeds or unable to be fed.
    Feeding,
    /// The noble pit (pit 7): the solver plays it under its rule's
    /// exception (`songo36-*`: one seed, or two in `songo36-amateur`, that
    /// capture or are forced; `songo40`: any move of it), or, in
    /// `songo36-*`, after a move of the solver Interdit Solo or Duo forbids
    /// the defender's. (`songo40`'s last-pit rule forbids pit 7 in most
    /// positions: that the defender cannot play it is no theme.)
    NoblePit,
    /// The endgame tables decided the puzzle: its line is proven.
    Tablebase,
    /// Interdit Sec: in a position of the solver, a legal move would take
    /// all seven of the opponent's pits and so takes nothing.
    InterditSec,
}

impl Theme {
    /// Every theme, in the order a puzzle lists them.
    pub const ALL: [Theme; 8] = [
        Theme::Capture,
        Theme::Quiet,
        Theme::ChainCapture,
        Theme::SecondLap,
        Theme::Feeding,
        Theme::NoblePit,
        Theme::Tablebase,
        Theme::InterditSec,
    ];

    /// The name in files and JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Capture => "capture",
            Theme::Quiet => "quiet",
            Theme::ChainCapture => "chain-capture",
            Theme::SecondLap => "second-lap",
            Theme::Feeding => "feeding",
            Theme::NoblePit => "noble-pit",
            Theme::Tablebase => "tablebase",
            Theme::InterditSec => "interdit-sec",
        }
    }

    /// The theme of a name, if it is one.
    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// The themes of the puzzle at `p` with `solution` (legal, non-empty),
/// `tables` when the endgame tables decided it; in [`Theme::ALL`]'s order.
pub fn detect(v: Variant, p: &Position, solution: &[Move], tables: bool) -> Vec<Theme> {
    let mut found = [false; Theme::ALL.len()];
    let mut mark = |t: Theme| found[t as usize] = true;
    if tables {
        mark(Theme::Tablebase);
    }
    let mut at = *p;
    for (i, &m) in solution.iter().enumerate() {
        let solver = i % 2 == 0;
        if solver {
            let s = sow(&at, v, m);
            if i == 0 {
                mark(if s.seeds_taken > 0 {
                    Theme::Capture
                } else {
                    Theme::Quiet
                });
            }
            solver_move_themes(v, &at, m, &s, &mut mark);
        }
        at = at.make_move(v, m);
        if solver && defender_bound_by_noble_pit(v, &at) {
            mark(Theme::NoblePit);
        }
    }
    // The line ends with the defender to move: left without seeds, or
    // unable to be fed (5.1 items 3 and 4).
    if at.is_over(v) && at.row_empty(at.side_to_move()) {
        mark(Theme::Feeding);
    }
    Theme::ALL
        .into_iter()
        .filter(|t| found[*t as usize])
        .collect()
}

/// The themes one move of the solver shows, from the position it is played in.
fn solver_move_themes(
    v: Variant,
    at: &Position,
    m: Move,
    s: &Sowing,
    mark: &mut impl FnMut(Theme),
) {
    let us = at.side_to_move();
    if s.pits_taken >= 2 {
        mark(Theme::ChainCapture);
    }
    if (s.last_on_later_lap && s.pits_taken > 0) || s.direct_gain {
        mark(Theme::SecondLap);
    }
    if at.row_empty(us.opponent()) {
        mark(Theme::Feeding);
    }
    if m.pit() == us.pit7() {
        let exception = if v.is_songo36() {
            s.seeds == 1 || (v.is_amateur() && s.seeds == 2)
        } else {
            true
        };
        if exception {
            mark(Theme::NoblePit);
        }
    }
    if at
        .legal_moves(v)
        .into_iter()
        .any(|alt| sow(at, v, alt).grand_slam)
    {
        mark(Theme::InterditSec);
    }
}

/// Whether, at the defender's turn, Interdit Solo or Duo forbids his pit 7.
fn defender_bound_by_noble_pit(v: Variant, at: &Position) -> bool {
    let pit7 = Move::from_pit(at.side_to_move().pit7());
    matches!(
        at.why_illegal(v, pit7),
        Some(IllegalReason::InterditSolo | IllegalReason::InterditDuo)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(s: &str) -> Position {
        s.parse().unwrap()
    }

    fn moves(s: &str) -> Vec<Move> {
        s.split_whitespace().map(|m| m.parse().unwrap()).collect()
    }

    #[test]
    fn names_read_back() {
        for t in Theme::ALL {
            assert_eq!(Theme::from_name(t.name()), Some(t));
        }
        assert_eq!(Theme::from_name("mate"), None);
    }

    #[test]
    fn a_chain_of_two_pits() {
        // South's G (2 seeds) ends in North's b: a 1→2 and b 2→3.
        let p = pos("5,5,5,5,5,5,2/1,2,9,9,9,8,0 s 0 0 -");
        let t = detect(Variant::Songo36Amateur, &p, &moves("G"), false);
        assert!(t.contains(&Theme::ChainCapture), "{t:?}");
        assert!(t.contains(&Theme::Capture));
        assert!(t.contains(&Theme::NoblePit), "Capture Duo");
    }

    #[test]
    fn feeding_an_empty_row() {
        let p = pos("0,0,0,0,0,8,2/0,0,0,0,0,0,0 s 30 30 -");
        let t = detect(Variant::Songo40, &p, &moves("F"), false);
        assert!(t.contains(&Theme::Feeding), "{t:?}");
        assert!(t.contains(&Theme::Quiet));
    }

    #[test]
    fn the_grand_slam_is_seen() {
        // North's row all at 1, South's G (7 seeds) makes every pit 2.
        let p = pos("6,6,6,6,6,6,7/1,1,1,1,1,1,1 s 10 10 -");
        let t = detect(Variant::Songo36Beginner, &p, &moves("G"), false);
        assert!(t.contains(&Theme::InterditSec), "{t:?}");
        assert!(t.contains(&Theme::Quiet), "a grand slam takes nothing");
    }

    #[test]
    fn tables_and_the_second_lap() {
        // A has 20 seeds: 13 on the first lap, then 7 more through North's
        // row, ending in g, which then holds 2.
        let p = pos("20,1,1,1,1,1,1/5,5,5,5,5,5,0 s 7 7 -");
        let t = detect(Variant::Songo36Beginner, &p, &moves("A"), true);
        assert!(t.contains(&Theme::SecondLap), "{t:?}");
        assert!(t.contains(&Theme::Tablebase));
    }
}

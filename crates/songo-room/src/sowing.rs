//! Where the seeds of a move go, one by one, for the page's sowing
//! animation. The rules core makes a move in one addition of precomputed
//! deltas and keeps no path, so the path is traced here, for display only;
//! a test checks it against the core's move on many positions, so the
//! animation cannot drift from the rules.
//!
//! The path (rules 2 and 3): the seeds go counter-clockwise into the 13
//! other pits, skipping the emptied one; seeds beyond a lap go into the
//! opponent's row only; in `songo40` a last seed that would start another
//! lap of the opponent's row goes to the mover's store instead (the direct
//! gain). A noble pit's single seed played under Capture Solo
//! (`songo36-amateur`) goes straight to the store.

use serde::Serialize;
use songo_core::{Move, Position, Variant};

use crate::say::Say;

const PITS: usize = 14;
const ROW: usize = 7;

/// A move as the page animates it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sowing {
    /// The pit played (`C`).
    pub pit: String,
    /// The position before the move (protocol.md's string).
    pub before: String,
    /// The pits of `before`, A–G then a–g.
    pub pits: Vec<u8>,
    /// Where each seed lands, in order: pit indices 0–13 (A–G, a–g).
    pub path: Vec<usize>,
    /// The last seed went to the mover's store, not to a pit.
    pub store: bool,
    /// The opponent's pits the move captured, in order (`c`, `d`).
    pub captured: Vec<String>,
    /// Seeds the move put in the mover's store, captures included.
    pub gained: u8,
    /// What happened, in one line for the person: `E: 4 seeds captured
    /// from c and d.`
    pub summary: Say,
}

/// The sowing of the legal move `m` from `p`.
pub fn sowing(v: Variant, p: &Position, m: Move) -> Sowing {
    let origin = m.pit();
    let mut path = Vec::new();
    let mut store = false;
    if p.is_capture_solo(v, m) {
        store = true;
    } else {
        let opp_first = if origin < ROW { ROW } else { 0 };
        let mut left = p.pit(origin) as usize;
        let mut at = origin;
        for _ in 0..PITS - 1 {
            if left == 0 {
                break;
            }
            at = (at + 1) % PITS;
            path.push(at);
            left -= 1;
        }
        'laps: while left > 0 {
            if v.direct_gain() && left == 1 {
                store = true;
                break;
            }
            for j in 0..ROW {
                if left == 0 {
                    break 'laps;
                }
                path.push(opp_first + j);
                left -= 1;
            }
        }
    }
    // The captures: the pits the sowing filled that the rules core's
    // move left empty (a test checks that nothing else differs).
    let after = p.make_move(v, m);
    let mut sown = p.pits().to_vec();
    sown[origin] = 0;
    for &i in &path {
        sown[i] += 1;
    }
    let captured: Vec<String> = (0..PITS)
        .filter(|&i| i != origin && sown[i] > 0 && after.pit(i) == 0)
        .map(|i| Move::from_pit(i).to_string())
        .collect();
    let mover = p.side_to_move();
    let gained = after.captured(mover) - p.captured(mover);
    Sowing {
        pit: m.to_string(),
        before: p.to_string(),
        pits: p.pits().to_vec(),
        summary: summary(m, &captured, gained, store),
        path,
        store,
        captured,
        gained,
    }
}

/// What the move did: `E: 4 seeds captured from c and d.`, `C: no
/// capture.`, `G: 1 seed to the store.` in English.
fn summary(m: Move, captured: &[String], gained: u8, store: bool) -> Say {
    let pit = m.to_string();
    let pits = captured.to_vec();
    match (captured.is_empty(), store) {
        (true, false) => Say::SownNoCapture { pit },
        (true, true) => Say::SownToStore { pit, seeds: gained },
        (false, false) => Say::SownCaptured {
            pit,
            seeds: gained,
            pits,
        },
        (false, true) => Say::SownCapturedAndStore {
            pit,
            seeds: gained - 1,
            pits,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::Side;

    /// The board the path leaves, before any capture.
    fn sown(s: &Sowing, origin: usize) -> Vec<u8> {
        let mut pits = s.pits.clone();
        pits[origin] = 0;
        for &i in &s.path {
            pits[i] += 1;
        }
        pits
    }

    /// After the path, the core's position differs only by captures: the
    /// opponent's pits it emptied, and the seeds added to the mover's store
    /// (those pits, plus the direct gain or the Capture Solo seed).
    fn agrees(v: Variant, p: &Position, m: Move) {
        let s = sowing(v, p, m);
        let after = p.make_move(v, m);
        let mut board = sown(&s, m.pit());
        let mover = p.side_to_move();
        let mut taken = 0u32;
        for (i, seeds) in board.iter_mut().enumerate() {
            let real = after.pit(i);
            if real != *seeds {
                let opponents = i / ROW != mover.index();
                assert!(
                    opponents && real == 0,
                    "{v} {p} {m}: pit {i} {seeds} vs {real}"
                );
                taken += u32::from(*seeds);
            }
        }
        let gained = u32::from(after.captured(mover)) - u32::from(p.captured(mover));
        assert_eq!(gained, taken + u32::from(s.store), "{v} {p} {m}: {s:?}");
        assert_eq!(u32::from(s.gained), gained);
        assert_eq!(s.captured.is_empty(), taken == 0, "{v} {p} {m}: {s:?}");
        let said = serde_json::to_value(&s.summary).unwrap();
        assert_eq!(said["pit"], m.to_string(), "{said}");
        let total = s.path.len() + usize::from(s.store);
        assert_eq!(total, usize::from(p.pit(m.pit())), "{v} {p} {m}");
    }

    #[test]
    fn the_path_agrees_with_the_rules_on_many_positions() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut checked = 0;
        for v in Variant::ALL {
            for _ in 0..300 {
                let mut p = Position::startpos();
                while !p.is_over(v) {
                    let legal: Vec<Move> = p.legal_moves(v).iter().collect();
                    let m = legal[next(legal.len())];
                    agrees(v, &p, m);
                    checked += 1;
                    p = p.make_move(v, m);
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn a_move_is_told_in_one_line() {
        let m = |t: &str| t.parse::<Move>().unwrap();
        let two = ["c".to_string(), "d".to_string()];
        let s = |t: &str| t.to_string();
        assert_eq!(
            summary(m("E"), &two, 4, false),
            Say::SownCaptured {
                pit: s("E"),
                seeds: 4,
                pits: two.to_vec()
            }
        );
        assert_eq!(
            summary(m("C"), &[], 0, false),
            Say::SownNoCapture { pit: s("C") }
        );
        assert_eq!(
            summary(m("G"), &[], 1, true),
            Say::SownToStore {
                pit: s("G"),
                seeds: 1
            }
        );
        let three = ["a".to_string(), "b".to_string(), "c".to_string()];
        // The store's seed is said apart from the captured ones.
        assert_eq!(
            summary(m("B"), &three, 7, true),
            Say::SownCapturedAndStore {
                pit: s("B"),
                seeds: 6,
                pits: three.to_vec()
            }
        );
    }

    #[test]
    fn long_sowings_lap_the_opponents_row_and_gain_directly() {
        // 21 seeds from A: 13 to the other pits, 7 into a–g, one more in a.
        let p: Position = "21,0,0,0,0,0,0/0,0,0,0,0,0,0 s 25 24 -".parse().unwrap();
        let a = Move::from_pit(Side::South.first_pit());
        let s = sowing(Variant::Songo36Beginner, &p, a);
        assert_eq!(s.path.len(), 21);
        assert_eq!(&s.path[13..], &[7, 8, 9, 10, 11, 12, 13, 7]);
        assert!(!s.store);
        agrees(Variant::Songo36Beginner, &p, a);
        // songo40: the 21st seed would start a new lap: a direct gain.
        let s = sowing(Variant::Songo40, &p, a);
        assert_eq!((s.path.len(), s.store), (20, true));
        agrees(Variant::Songo40, &p, a);
    }
}

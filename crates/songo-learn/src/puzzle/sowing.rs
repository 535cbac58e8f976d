//! What a move does, pit by pit: the rules core makes a move in a few
//! packed operations and keeps no trace of how many pits the chain took,
//! whether the sowing went round a second time, or whether a grand slam
//! was cancelled; the themes need exactly that. The sowing is done again
//! here from the rules text (docs/rules.md, sections 2 and 3), and a test
//! checks it against the rules core on every move of many games.

use songo_core::position::PITS_PER_ROW;
use songo_core::{Move, Position, Variant};

/// Pits on the board.
const PITS: usize = 2 * PITS_PER_ROW;

/// What one legal move does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sowing {
    /// Seeds lifted from the pit.
    pub seeds: u8,
    /// More than 13 seeds: the sowing went on past its first lap, into the
    /// opponent's row only (the *grenier*).
    pub later_lap: bool,
    /// The last seed fell on a later lap (not the direct gain's).
    pub last_on_later_lap: bool,
    /// `songo40`: the seed left for a new lap was captured (direct gain).
    pub direct_gain: bool,
    /// `songo36-amateur`: a forced noble single seed went straight to the
    /// mover's captures.
    pub capture_solo: bool,
    /// Pits the chain took.
    pub pits_taken: u8,
    /// Seeds the move captured, the direct gain and Capture Solo included.
    pub seeds_taken: u8,
    /// The chain would have taken all seven of the opponent's pits, so it
    /// took nothing (*Interdit Sec*, the grand slam).
    pub grand_slam: bool,
    /// Seeds sown into the opponent's row.
    pub fed: u8,
}

/// What the legal move `m` does at `p`.
pub fn sow(p: &Position, v: Variant, m: Move) -> Sowing {
    let mover = p.side_to_move();
    let opp_first = mover.opponent().first_pit();
    let in_opp = |i: usize| (opp_first..opp_first + PITS_PER_ROW).contains(&i);
    let mut pits = p.pits();
    let o = m.pit();
    let n = pits[o];
    let mut s = Sowing {
        seeds: n,
        ..Sowing::default()
    };
    if p.is_capture_solo(v, m) {
        s.capture_solo = true;
        s.seeds_taken = 1;
        return s;
    }
    pits[o] = 0;
    let mut left = n;
    let mut last = o;
    let mut at = o;
    for _ in 0..PITS - 1 {
        if left == 0 {
            break;
        }
        at = (at + 1) % PITS;
        pits[at] += 1;
        last = at;
        s.fed += in_opp(at) as u8;
        left -= 1;
    }
    s.later_lap = left > 0;
    while left > 0 {
        if v.direct_gain() && left == 1 {
            s.direct_gain = true;
            s.seeds_taken = 1;
            return s;
        }
        for j in 0..PITS_PER_ROW {
            if left == 0 {
                break;
            }
            pits[opp_first + j] += 1;
            last = opp_first + j;
            s.fed += 1;
            left -= 1;
            s.last_on_later_lap = true;
        }
    }
    if !in_opp(last) {
        return s;
    }
    let mut chain = Vec::new();
    let mut i = last;
    loop {
        if !(2..=4).contains(&pits[i]) {
            break;
        }
        chain.push(i);
        if i == opp_first {
            break;
        }
        i -= 1;
    }
    if chain.len() == PITS_PER_ROW {
        s.grand_slam = true;
        return s;
    }
    if v.c1_exception() && chain == [opp_first] {
        return s;
    }
    s.pits_taken = chain.len() as u8;
    s.seeds_taken = chain.iter().map(|&i| pits[i]).sum();
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::Side;

    /// Every legal move of 300 random games per variant: the seeds taken
    /// agree with the rules core, and a grand slam takes nothing.
    #[test]
    fn agrees_with_the_rules_core() {
        // The same games each run.
        let mut rng = songo_core::rng::SplitMix::new(7);
        let mut seen = [0u32; 4];
        for v in Variant::ALL {
            for _ in 0..300 {
                let mut p = Position::startpos();
                while !p.is_over(v) {
                    for m in p.legal_moves(v) {
                        let s = sow(&p, v, m);
                        let after = p.make_move(v, m);
                        let us: Side = p.side_to_move();
                        assert_eq!(
                            after.captured(us) - p.captured(us),
                            s.seeds_taken,
                            "{v} {p} {m}: {s:?}"
                        );
                        seen[0] += (s.pits_taken >= 2) as u32;
                        seen[1] += s.grand_slam as u32;
                        seen[2] += (s.last_on_later_lap && s.pits_taken > 0) as u32;
                        seen[3] += (s.direct_gain || s.capture_solo) as u32;
                    }
                    let legal: Vec<Move> = p.legal_moves(v).into_iter().collect();
                    p = p.make_move(v, legal[rng.below(legal.len())]);
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 0), "each case met: {seen:?}");
    }
}

//! Perft: the number of leaf positions of the legal-move tree (rules section 6).

use crate::movegen::{flag_count, legal_flags, legal_mask, make, with_mover, Mover};
use crate::moves::Move;
use crate::position::{Position, LANE_BITS};
use crate::variant::{Rules, Variant};
use crate::with_rules;

/// Leaves at `depth`. The last ply is bulk-counted: the number of legal moves
/// is the number of leaves, so the positions they lead to are never made.
pub fn perft<R: Rules>(p: &Position, depth: u32) -> u64 {
    with_mover!(p, M => perft_bulk::<R, M>(p, depth))
}

/// Perft that makes every move down to depth 0, for comparison with
/// implementations that do not bulk-count.
pub fn perft_full<R: Rules>(p: &Position, depth: u32) -> u64 {
    with_mover!(p, M => perft_every::<R, M>(p, depth))
}

fn perft_bulk<R: Rules, M: Mover>(p: &Position, depth: u32) -> u64 {
    let mut moves = legal_flags::<R, M>(p);
    if depth <= 1 {
        return if depth == 0 { 1 } else { flag_count(moves) };
    }
    let mut nodes = 0;
    while moves != 0 {
        let o = M::SIDE.first_pit() + (moves.trailing_zeros() / LANE_BITS) as usize;
        moves &= moves - 1;
        let child = make::<R, M>(p, o);
        // Most nodes are parents of leaves: count their moves in place
        // rather than pay a call for each.
        nodes += if depth == 2 {
            flag_count(legal_flags::<R, M::Next>(&child))
        } else {
            perft_bulk::<R, M::Next>(&child, depth - 1)
        };
    }
    nodes
}

fn perft_every<R: Rules, M: Mover>(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut mask = legal_mask::<R, M>(p);
    let mut nodes = 0;
    while mask != 0 {
        let o = M::SIDE.first_pit() + mask.trailing_zeros() as usize;
        mask &= mask - 1;
        nodes += perft_every::<R, M::Next>(&make::<R, M>(p, o), depth - 1);
    }
    nodes
}

impl Position {
    /// Perft of this position (see [`perft`]).
    pub fn perft(&self, v: Variant, depth: u32) -> u64 {
        with_rules!(v, R => perft::<R>(self, depth))
    }

    /// Perft split by first move: one count per legal move, in pit order.
    pub fn divide(&self, v: Variant, depth: u32) -> Vec<(Move, u64)> {
        let legal = self.legal_moves(v);
        if depth == 0 {
            return Vec::new();
        }
        legal
            .into_iter()
            .map(|m| (m, self.make_move(v, m).perft(v, depth - 1)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Forty;

    #[test]
    fn start_counts() {
        let p = Position::startpos();
        assert_eq!(p.perft(Variant::Songo40, 4), 1503);
        assert_eq!(perft_full::<Forty>(&p, 4), 1503);
        let d = p.divide(Variant::Songo40, 3);
        assert_eq!(d.len(), 7);
        assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 274);
    }
}

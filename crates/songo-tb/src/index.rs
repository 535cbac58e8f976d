//! Compact indexing of boards: a combinatorial ranking of the ways to put
//! `s` seeds into the 14 pits, one dense index range per seed count.
//!
//! A board is the 14 pit counts of a position seen from the side to move:
//! lanes 0..7 are the mover's pits 1..7, lanes 7..14 the opponent's, in the
//! 8-bit lanes of a `u128` like [`songo_core::Position`] (pit lanes only: no side,
//! captured counts or flags). Boards are ranked in lexicographic order of
//! `(pit 0, pit 1, …, pit 13)`, so the rank of `s` seeds is in
//! `0..boards(s)`, with `boards(s) = C(s + 13, 13)`: no index is wasted.
//!
//! With `r_i` the seeds left for pits `i..14`, the number of boards that
//! agree on pits `0..i` and hold fewer than `a_i` seeds in pit `i` is
//! `P(i, r_i) - P(i, r_i - a_i)` with `P(i, r) = C(r + 13 - i, 13 - i)` (the
//! boards of `r` seeds in the last `14 - i` pits), so the rank is a sum of
//! 13 differences of table entries.

use songo_core::position::{Position, Side, LANE_BITS, PITS, TOTAL_SEEDS};

/// Most seeds a board can hold.
const MAX_SEEDS: usize = TOTAL_SEEDS as usize;

/// `SUFFIX[i][r]`: boards of `r` seeds in pits `i..14`.
static SUFFIX: [[u64; MAX_SEEDS + 1]; PITS] = {
    let mut t = [[0u64; MAX_SEEDS + 1]; PITS];
    // Pascal's rule over (pits left, seeds): one pit holds r seeds one way.
    let mut i = PITS;
    while i > 0 {
        i -= 1;
        let mut r = 0;
        while r <= MAX_SEEDS {
            t[i][r] = if i == PITS - 1 {
                1
            } else {
                // The boards of r seeds in pits i..14: pit i holds 0..=r.
                let mut sum = 0u64;
                let mut a = 0;
                while a <= r {
                    sum += t[i + 1][r - a];
                    a += 1;
                }
                sum
            };
            r += 1;
        }
    }
    t
};

/// Number of boards with exactly `seeds` seeds: `C(seeds + 13, 13)`.
pub const fn boards(seeds: u8) -> u64 {
    SUFFIX[0][seeds as usize]
}

/// Seeds in lane `i` of a board.
#[inline(always)]
pub fn lane(board: u128, i: usize) -> u8 {
    (board >> (i as u32 * LANE_BITS)) as u8
}

/// Total seeds on a board.
pub fn seeds(board: u128) -> u8 {
    (0..PITS).map(|i| lane(board, i)).sum()
}

/// The 14 pit counts of a board.
pub fn to_pits(board: u128) -> [u8; PITS] {
    std::array::from_fn(|i| lane(board, i))
}

/// The rank of a board among the boards of `seeds` seeds (its total).
#[inline]
pub fn rank(board: u128, seeds: u8) -> u64 {
    let bytes = board.to_le_bytes();
    let mut r = seeds as usize;
    let mut index = 0u64;
    for (i, row) in SUFFIX.iter().enumerate().take(PITS - 1) {
        let a = bytes[i] as usize;
        index += row[r] - row[r - a];
        r -= a;
    }
    index
}

/// The board of `seeds` seeds with the given rank (below `boards(seeds)`).
pub fn unrank(mut index: u64, seeds: u8) -> u128 {
    debug_assert!(index < boards(seeds));
    let mut r = seeds as usize;
    let mut board = 0u128;
    for (i, row) in SUFFIX.iter().enumerate().take(PITS - 1) {
        // The largest a whose boards-below count fits in what is left.
        let mut a = 0;
        while a < r && row[r] - row[r - a - 1] <= index {
            a += 1;
        }
        index -= row[r] - row[r - a];
        r -= a;
        board |= (a as u128) << (i as u32 * LANE_BITS);
    }
    board | (r as u128) << ((PITS - 1) as u32 * LANE_BITS)
}

/// The next board in rank order, or `None` after the last one.
#[inline]
pub fn successor(board: u128) -> Option<u128> {
    let mut b = board.to_le_bytes();
    let last = PITS - 1;
    if b[last] > 0 {
        // Move one seed from the last pit to the one before it.
        b[last] -= 1;
        b[last - 1] += 1;
    } else {
        // The last non-empty pit k < 13 (pit 13 is empty): its seeds less one
        // go to the last pit, and one more seed goes to pit k - 1.
        let k = (0..last).rev().find(|&k| b[k] > 0)?;
        if k == 0 {
            return None;
        }
        b[last] = b[k] - 1;
        b[k] = 0;
        b[k - 1] += 1;
    }
    Some(u128::from_le_bytes(b))
}

/// The 7-bit counts of the pit lanes of a packed position (without the
/// side-to-move bit that lane 0 carries).
pub(crate) const BOARD_MASK: u128 = songo_core::position::PIT_ONES * 0x7F;
/// The lanes of one row.
const ROW_MASK: u128 = (1u128 << (7 * LANE_BITS)) - 1;

/// The board of a position, as it stands (not rotated).
pub(crate) fn board_of(p: &Position) -> u128 {
    p.bits() & BOARD_MASK
}

/// The board seen from the other side.
#[inline(always)]
pub(crate) fn swap_rows(b: u128) -> u128 {
    ((b & ROW_MASK) << (7 * LANE_BITS)) | ((b >> (7 * LANE_BITS)) & ROW_MASK)
}

/// A position for the rules core: `board` with South to move, no pit-7
/// flag, and the captured seeds split so that neither reaches a threshold
/// (at most 35 each). The tables solve the game without thresholds (see
/// the module documentation), so the split does not matter.
#[inline(always)]
#[cfg(feature = "generate")]
pub(crate) fn tb_position(board: u128, seeds: u8) -> Position {
    let captured = TOTAL_SEEDS - seeds;
    let south = captured / 2;
    let north = captured - south;
    Position::from_bits(
        board | (south as u128) << (14 * LANE_BITS) | (north as u128) << (15 * LANE_BITS),
    )
}

/// Reads the mover's board from a real position (rotated when North moves).
pub fn normalise(p: &Position) -> u128 {
    let b = board_of(p);
    match p.side_to_move() {
        Side::South => b,
        Side::North => swap_rows(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_binomials() {
        assert_eq!(boards(0), 1);
        assert_eq!(boards(1), 14);
        assert_eq!(boards(10), 1_144_066);
        assert_eq!(boards(20), 573_166_440);
        assert_eq!(boards(24), 3_562_467_300);
    }

    #[test]
    fn rank_unrank_successor_agree() {
        for s in [0u8, 1, 2, 3, 5] {
            let mut b = unrank(0, s);
            for i in 0..boards(s) {
                assert_eq!(rank(b, s), i);
                assert_eq!(unrank(i, s), b);
                assert_eq!(seeds(b), s);
                match successor(b) {
                    Some(n) => b = n,
                    None => assert_eq!(i, boards(s) - 1),
                }
            }
        }
    }

    fn pos(s: &str) -> Position {
        s.parse().unwrap()
    }

    #[test]
    fn normalised_boards_swap_rows_for_north() {
        let p = pos("1,2,3,0,0,0,0/4,0,0,0,0,0,5 n 28 27 -");
        let b = normalise(&p);
        assert_eq!(to_pits(b), [4, 0, 0, 0, 0, 0, 5, 1, 2, 3, 0, 0, 0, 0]);
        assert_eq!(swap_rows(swap_rows(b)), b);
    }
}

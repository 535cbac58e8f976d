//! Choosing the move to play from a position's book moves.

use crate::entry::BookMove;

/// The move to play: one of the moves scored within `variety` centiseeds
/// of the best, picked by `random` (each such move equally likely over
/// uniform random numbers). With `variety` 0 it is the best move (of equal
/// bests, still one picked by `random`). `None` when there is no move.
pub fn choose(moves: &[BookMove], variety: u16, random: u64) -> Option<BookMove> {
    let best = moves.iter().map(|m| m.score as i32).max()?;
    let floor = best - variety as i32;
    let candidates: Vec<&BookMove> = moves.iter().filter(|m| m.score as i32 >= floor).collect();
    Some(*candidates[(random % candidates.len() as u64) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_core::Move;

    fn m(pit: usize, score: i16) -> BookMove {
        BookMove {
            mv: Move::from_pit(pit),
            score,
            depth: 10,
            visits: 1,
        }
    }

    #[test]
    fn variety_widens_the_choice_to_the_margin_only() {
        let moves = [m(0, 30), m(1, 25), m(2, 10), m(3, -50)];
        let picked = |variety| {
            let mut seen: Vec<usize> = (0..64)
                .map(|r| choose(&moves, variety, r).unwrap().mv.pit())
                .collect();
            seen.sort_unstable();
            seen.dedup();
            seen
        };
        assert_eq!(picked(0), [0]);
        assert_eq!(picked(5), [0, 1]);
        assert_eq!(picked(20), [0, 1, 2]);
        assert_eq!(picked(u16::MAX), [0, 1, 2, 3]);
        assert_eq!(choose(&[], 10, 3), None);
    }
}

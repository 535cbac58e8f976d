//! Moves, move lists and their text form.

use std::fmt;
use std::str::FromStr;

use crate::position::{Side, PITS, PITS_PER_ROW};

/// A move: the pit it empties, by absolute index (0..7 South A..G, 7..14 North a..g).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

const LETTERS: &[u8; PITS] = b"ABCDEFGabcdefg";

impl Move {
    /// The move emptying pit `pit` (absolute index, must be below 14).
    #[inline(always)]
    pub const fn from_pit(pit: usize) -> Move {
        assert!(pit < PITS);
        Move(pit as u8)
    }

    /// The move emptying `side`'s pit number `number` (1..=7).
    pub const fn from_pit_number(side: Side, number: usize) -> Move {
        assert!(number >= 1 && number <= PITS_PER_ROW);
        Move::from_pit(side.first_pit() + number - 1)
    }

    /// Absolute pit index.
    #[inline(always)]
    pub const fn pit(self) -> usize {
        self.0 as usize
    }

    /// The owner of the pit.
    #[inline(always)]
    pub const fn side(self) -> Side {
        if (self.0 as usize) < PITS_PER_ROW {
            Side::South
        } else {
            Side::North
        }
    }

    /// The pit's number (1..=7) in its owner's sowing order.
    pub const fn pit_number(self) -> usize {
        self.0 as usize % PITS_PER_ROW + 1
    }

    /// The pit letter, `A`–`G` for South and `a`–`g` for North.
    pub const fn letter(self) -> char {
        LETTERS[self.0 as usize] as char
    }

    /// Parses a pit letter, or a pit number `1`–`7` of the player `mover`.
    pub fn parse(text: &str, mover: Side) -> Result<Move, ParseMoveError> {
        let t = text.trim();
        if let [digit @ b'1'..=b'7'] = t.as_bytes() {
            return Ok(Move::from_pit_number(mover, (digit - b'0') as usize));
        }
        t.parse()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({})", self.letter())
    }
}

/// Text that is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text as given.
    pub text: String,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a move (expected a pit letter A-G or a-g, or a pit number 1-7)",
            self.text
        )
    }
}

impl std::error::Error for ParseMoveError {}

/// Parses an absolute pit letter only (a number needs to know the mover: see [`Move::parse`]).
impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().as_bytes() {
            [c] => LETTERS
                .iter()
                .position(|l| l == c)
                .map(Move::from_pit)
                .ok_or_else(|| ParseMoveError {
                    text: s.to_string(),
                }),
            _ => Err(ParseMoveError {
                text: s.to_string(),
            }),
        }
    }
}

/// The legal moves of a position: a set of the mover's pits, as a bit mask.
///
/// Seven bits are enough for any position, so the list is `Copy`, costs no
/// allocation, and its length is a popcount (which is what makes bulk
/// counting at the last ply of perft almost free).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveList {
    /// Bit `i` set: the mover's pit `i + 1` is legal.
    pub(crate) mask: u8,
    /// Absolute index of the mover's pit 1.
    pub(crate) base: u8,
}

impl MoveList {
    #[inline(always)]
    pub(crate) const fn new(side: Side, mask: u8) -> MoveList {
        MoveList {
            mask,
            base: side.first_pit() as u8,
        }
    }

    /// Number of legal moves.
    #[inline(always)]
    pub const fn len(&self) -> usize {
        self.mask.count_ones() as usize
    }

    /// No legal move: the game is over.
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        self.mask == 0
    }

    /// Whether `m` is in the list.
    #[inline(always)]
    pub fn contains(&self, m: Move) -> bool {
        let i = m.pit().wrapping_sub(self.base as usize);
        i < PITS_PER_ROW && self.mask & (1 << i) != 0
    }

    /// The moves, in pit order.
    pub fn iter(&self) -> MoveIter {
        MoveIter(*self)
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveIter;

    fn into_iter(self) -> MoveIter {
        MoveIter(self)
    }
}

/// Iterator over a [`MoveList`], in pit order.
#[derive(Clone, Copy, Debug)]
pub struct MoveIter(MoveList);

impl Iterator for MoveIter {
    type Item = Move;

    #[inline(always)]
    fn next(&mut self) -> Option<Move> {
        let list = &mut self.0;
        if list.mask == 0 {
            return None;
        }
        let i = list.mask.trailing_zeros() as u8;
        list.mask &= list.mask - 1;
        Some(Move(list.base + i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.0.len(), Some(self.0.len()))
    }
}

impl ExactSizeIterator for MoveIter {}

impl fmt::Display for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MoveList[{self}]")
    }
}

/// A move that is not legal in the position it was given for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move refused.
    pub mv: Move,
    /// The moves that are legal in that position; empty when the game is
    /// over.
    pub legal: MoveList,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.legal.is_empty() {
            write!(f, "move {} is illegal: the game is over", self.mv)
        } else {
            write!(
                f,
                "move {} is illegal here (legal: {})",
                self.mv, self.legal
            )
        }
    }
}

impl std::error::Error for IllegalMoveError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_numbers() {
        for (i, c) in "ABCDEFGabcdefg".chars().enumerate() {
            let m: Move = c.to_string().parse().unwrap();
            assert_eq!(m.pit(), i);
            assert_eq!(m.to_string(), c.to_string());
        }
        assert_eq!(Move::parse("1", Side::South).unwrap().letter(), 'A');
        assert_eq!(Move::parse("7", Side::North).unwrap().letter(), 'g');
        for bad in ["", "H", "8", "0", "Ab", "aa", " "] {
            assert!(Move::parse(bad, Side::South).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn list_iterates_in_pit_order() {
        let l = MoveList::new(Side::North, 0b101_0011);
        let v: Vec<String> = l.iter().map(|m| m.to_string()).collect();
        assert_eq!(v, ["a", "b", "e", "g"]);
        assert_eq!(l.len(), 4);
        assert!(l.contains(Move::from_pit(11)));
        assert!(!l.contains(Move::from_pit(9)));
        assert!(!l.contains(Move::from_pit(0)));
    }
}

//! The bitpacked position, its text form and its hash key.
//!
//! # Packing
//!
//! A position is one `u128` of sixteen 8-bit lanes:
//!
//! | lanes | content |
//! |---|---|
//! | 0..7   | South's pits A..G (pit 1..7) |
//! | 7..14  | North's pits a..g (pit 1..7) |
//! | 14     | South's captured count |
//! | 15     | North's captured count |
//!
//! The lanes follow the sowing cycle A→…→G→a→…→g, so a whole sowing lap is
//! a single add of a precomputed mask of ones (see `movegen`), and a lap
//! never carries from one lane into the next because no count exceeds 70.
//! For the same reason bit 7 of every lane is always free: three of those
//! spare bits hold the side to move (lane 0) and the two "pit 7 never
//! played" flags (lanes 14 and 15). Every count is read through a 7-bit mask.
//!
//! Keeping everything in one integer makes the position 16 bytes, makes
//! equality a single compare and lets the hash key be a mix of the whole
//! value instead of a Zobrist update over up to fourteen changed pits.

use std::fmt;
use std::str::FromStr;

/// The two players. South moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player who moves first; owns pits `A`–`G`.
    South = 0,
    /// The player who moves second; owns pits `a`–`g`.
    North = 1,
}

impl Side {
    /// Both sides, South first, in the order of [`Side::index`].
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[inline(always)]
    pub const fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The absolute index of this player's pit 1.
    #[inline(always)]
    pub const fn first_pit(self) -> usize {
        self as usize * PITS_PER_ROW
    }

    /// The absolute index of this player's pit 7 (the noble pit, C7).
    #[inline(always)]
    pub const fn pit7(self) -> usize {
        self.first_pit() + PITS_PER_ROW - 1
    }

    /// The letter used for this side in position strings.
    pub const fn to_char(self) -> char {
        match self {
            Side::South => 's',
            Side::North => 'n',
        }
    }

    /// `"South"` or `"North"`, as shown to a person.
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Seeds in a full set.
pub const TOTAL_SEEDS: u8 = 70;
/// Pits in one row.
pub const PITS_PER_ROW: usize = 7;
/// Pits on the board.
pub const PITS: usize = 14;
/// Seeds each pit holds at the start.
pub const START_SEEDS: u8 = 5;

/// Bits in one lane of the packed position.
pub const LANE_BITS: u32 = 8;
/// Lane holding a side's captured count.
pub const CAPTURED_LANE: [u32; 2] = [14, 15];
/// One in the low bit of each of the 14 pit lanes.
pub const PIT_ONES: u128 = lane_ones(0, PITS);
/// The 7-bit count field of each lane of a row.
pub const ROW_COUNTS: [u128; 2] = [
    lane_ones(0, PITS_PER_ROW) * 0x7F,
    lane_ones(PITS_PER_ROW, PITS_PER_ROW) * 0x7F,
];
/// The bit of the packed position that is set when North is to move.
pub const NORTH_TO_MOVE: u128 = 0x80;
/// The "pit 7 never played" flag bit of South and of North, in
/// [`Side::index`] order.
pub const UNPLAYED7: [u128; 2] = [0x80 << (14 * 8), 0x80 << (15 * 8)];

/// `count` lanes holding 1, starting at lane `first` (no wrap).
pub const fn lane_ones(first: usize, count: usize) -> u128 {
    let mut mask = 0u128;
    let mut i = 0;
    while i < count {
        mask |= 1u128 << ((first + i) as u32 * LANE_BITS);
        i += 1;
    }
    mask
}

/// A Songo position: pits, side to move, captured counts, pit-7 flags.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) bits: u128,
}

const _: () = assert!(std::mem::size_of::<Position>() == 16);

impl Position {
    /// The packed form: 8-bit lanes, pits `A`–`G` then `a`–`g`, the
    /// captured counts in lanes 14 and 15; the top bit of lane 0 is North to
    /// move, the top bits of lanes 14 and 15 the pit-7 flags.
    pub const fn bits(&self) -> u128 {
        self.bits
    }

    /// A position from its packed form ([`Position::bits`]). Nothing is
    /// checked: this is for code that indexes positions itself (tablebases,
    /// evaluation) and keeps the layout's invariants.
    pub const fn from_bits(bits: u128) -> Position {
        Position { bits }
    }

    /// Five seeds in every pit, South to move, nothing captured, both pit 7s unplayed.
    pub const fn startpos() -> Position {
        Position {
            bits: (PIT_ONES * START_SEEDS as u128) | UNPLAYED7[0] | UNPLAYED7[1],
        }
    }

    /// Builds a position from its parts. Returns `None` unless the seeds total 70.
    pub fn from_parts(
        pits: [u8; PITS],
        side: Side,
        captured: [u8; 2],
        unplayed7: [bool; 2],
    ) -> Option<Position> {
        let total: u32 = pits.iter().chain(&captured).map(|&c| c as u32).sum();
        if total != TOTAL_SEEDS as u32 {
            return None;
        }
        let mut bits = 0u128;
        for (i, &c) in pits.iter().enumerate() {
            bits |= (c as u128) << (i as u32 * LANE_BITS);
        }
        for s in Side::BOTH {
            bits |= (captured[s.index()] as u128) << (CAPTURED_LANE[s.index()] * LANE_BITS);
            if unplayed7[s.index()] {
                bits |= UNPLAYED7[s.index()];
            }
        }
        if side == Side::North {
            bits |= NORTH_TO_MOVE;
        }
        Some(Position { bits })
    }

    /// Seeds in the pit with absolute index `i` (0..7 South A..G, 7..14 North a..g).
    #[inline(always)]
    pub fn pit(&self, i: usize) -> u8 {
        // A byte load from the spilled value beats a variable 128-bit shift.
        self.bits.to_le_bytes()[i] & 0x7F
    }

    /// All fourteen pit counts, by absolute index.
    pub fn pits(&self) -> [u8; PITS] {
        std::array::from_fn(|i| self.pit(i))
    }

    /// The player to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Side {
        if self.bits & NORTH_TO_MOVE != 0 {
            Side::North
        } else {
            Side::South
        }
    }

    /// Seeds a player has captured.
    #[inline(always)]
    pub fn captured(&self, side: Side) -> u8 {
        ((self.bits >> (CAPTURED_LANE[side.index()] * LANE_BITS)) as u8) & 0x7F
    }

    /// Whether a player has never played his pit 7 in this game.
    #[inline(always)]
    pub fn pit7_unplayed(&self, side: Side) -> bool {
        self.bits & UNPLAYED7[side.index()] != 0
    }

    /// Seeds still on the board.
    #[inline(always)]
    pub fn seeds_on_board(&self) -> u8 {
        TOTAL_SEEDS - self.captured(Side::South) - self.captured(Side::North)
    }

    /// Seeds in a player's row.
    pub fn row_seeds(&self, side: Side) -> u8 {
        let first = side.first_pit();
        (first..first + PITS_PER_ROW).map(|i| self.pit(i)).sum()
    }

    /// Whether a player's row is empty.
    #[inline(always)]
    pub fn row_empty(&self, side: Side) -> bool {
        self.bits & ROW_COUNTS[side.index()] == 0
    }

    /// A 64-bit key for the transposition table and repetition detection.
    ///
    /// Computed from scratch rather than updated: the whole position is one
    /// 128-bit value, and two rounds of a 64-bit finaliser over it cost less
    /// than a Zobrist update of the up to fourteen pits a move changes. The
    /// key covers everything, captured counts included, so it also tells
    /// apart positions whose board is equal but whose score is not.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        let lo = self.bits as u64;
        let hi = (self.bits >> 64) as u64;
        mix64(lo ^ mix64(hi ^ 0x9E37_79B9_7F4A_7C15))
    }
}

/// The 64-bit finaliser of MurmurHash3: every input bit reaches every
/// output bit. (Also the opening book's key, whose definition is fixed:
/// songo-book's `key`.)
#[inline(always)]
pub const fn mix64(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    x ^= x >> 33;
    x = x.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    x ^ (x >> 33)
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..PITS {
            let sep = match i {
                0 => "",
                PITS_PER_ROW => "/",
                _ => ",",
            };
            write!(f, "{sep}{}", self.pit(i))?;
        }
        write!(
            f,
            " {} {} {} ",
            self.side_to_move().to_char(),
            self.captured(Side::South),
            self.captured(Side::North)
        )?;
        match (
            self.pit7_unplayed(Side::South),
            self.pit7_unplayed(Side::North),
        ) {
            (true, true) => f.write_str("Gg"),
            (true, false) => f.write_str("G"),
            (false, true) => f.write_str("g"),
            (false, false) => f.write_str("-"),
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}

/// What is wrong with a position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePositionError {
    /// Not five space-separated fields.
    FieldCount {
        /// How many fields the string has.
        found: usize,
    },
    /// The pits field is not two rows of seven counts separated by `/`.
    RowShape {
        /// The pits field as given.
        found: String,
    },
    /// A pit or captured count that is not a whole number from 0 to 70.
    BadCount {
        /// Which count: `"pit count"`, `"south captured count"` or
        /// `"north captured count"`.
        field: &'static str,
        /// The text that is not a count.
        text: String,
    },
    /// Pits and captured counts do not add up to 70.
    SeedTotal {
        /// The seeds the string holds, pits and captured counts together.
        total: u32,
    },
    /// The side to move is not `s` or `n`.
    BadSide {
        /// The side field as given.
        text: String,
    },
    /// The flags field is not `Gg`, `G`, `g` or `-`.
    BadFlags {
        /// The flags field as given.
        text: String,
    },
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::FieldCount { found } => write!(
                f,
                "expected 5 fields (pits, side, south captured, north captured, flags), found {found}"
            ),
            ParsePositionError::RowShape { found } => write!(
                f,
                "pits field '{found}' is not two rows of 7 counts separated by '/'"
            ),
            ParsePositionError::BadCount { field, text } => {
                write!(f, "{field} '{text}' is not a number from 0 to 70")
            }
            ParsePositionError::SeedTotal { total } => {
                write!(f, "pits and captured counts total {total} seeds, not 70")
            }
            ParsePositionError::BadSide { text } => {
                write!(f, "side to move '{text}' is not 's' or 'n'")
            }
            ParsePositionError::BadFlags { text } => {
                write!(f, "flags '{text}' are not one of 'Gg', 'G', 'g', '-'")
            }
        }
    }
}

impl std::error::Error for ParsePositionError {}

fn parse_count(field: &'static str, text: &str) -> Result<u8, ParsePositionError> {
    let bad = || ParsePositionError::BadCount {
        field,
        text: text.to_string(),
    };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    match text.parse::<u32>() {
        Ok(n) if n <= TOTAL_SEEDS as u32 => Ok(n as u8),
        _ => Err(bad()),
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fields: Vec<&str> = s.split_ascii_whitespace().collect();
        let [board, side, south, north, flags] = fields[..] else {
            return Err(ParsePositionError::FieldCount {
                found: fields.len(),
            });
        };
        let shape_error = || ParsePositionError::RowShape {
            found: board.to_string(),
        };
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 2 {
            return Err(shape_error());
        }
        let mut pits = [0u8; PITS];
        for (row, text) in rows.into_iter().enumerate() {
            let counts: Vec<&str> = text.split(',').collect();
            if counts.len() != PITS_PER_ROW {
                return Err(shape_error());
            }
            for (j, c) in counts.into_iter().enumerate() {
                pits[row * PITS_PER_ROW + j] = parse_count("pit count", c)?;
            }
        }
        let side = match side {
            "s" => Side::South,
            "n" => Side::North,
            other => {
                return Err(ParsePositionError::BadSide {
                    text: other.to_string(),
                })
            }
        };
        let captured = [
            parse_count("south captured count", south)?,
            parse_count("north captured count", north)?,
        ];
        let unplayed7 = match flags {
            "Gg" => [true, true],
            "G" => [true, false],
            "g" => [false, true],
            "-" => [false, false],
            other => {
                return Err(ParsePositionError::BadFlags {
                    text: other.to_string(),
                })
            }
        };
        let total: u32 = pits.iter().chain(&captured).map(|&c| c as u32).sum();
        Position::from_parts(pits, side, captured, unplayed7)
            .ok_or(ParsePositionError::SeedTotal { total })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_string() {
        let s = Position::startpos().to_string();
        assert_eq!(s, "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg");
        assert_eq!(s.parse::<Position>().unwrap(), Position::startpos());
    }

    #[test]
    fn accessors_read_the_packing() {
        let p: Position = "0,6,13,1,2,0,9/9,1,1,6,6,3,0 n 0 13 g".parse().unwrap();
        assert_eq!(p.pits(), [0, 6, 13, 1, 2, 0, 9, 9, 1, 1, 6, 6, 3, 0]);
        assert_eq!(p.side_to_move(), Side::North);
        assert_eq!(p.captured(Side::South), 0);
        assert_eq!(p.captured(Side::North), 13);
        assert!(!p.pit7_unplayed(Side::South));
        assert!(p.pit7_unplayed(Side::North));
        assert_eq!(p.seeds_on_board(), 57);
    }

    #[test]
    fn errors_name_the_problem() {
        let err = |s: &str| s.parse::<Position>().unwrap_err();
        assert_eq!(
            err("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0"),
            ParsePositionError::FieldCount { found: 4 }
        );
        assert!(matches!(
            err("5,5,5,5,5,5/5,5,5,5,5,5,5,5 s 0 0 Gg"),
            ParsePositionError::RowShape { .. }
        ));
        assert!(matches!(
            err("5,5,5,5,5,5,x/5,5,5,5,5,5,5 s 0 0 Gg"),
            ParsePositionError::BadCount { .. }
        ));
        assert_eq!(
            err("5,5,5,5,5,5,6/5,5,5,5,5,5,5 s 0 0 Gg"),
            ParsePositionError::SeedTotal { total: 71 }
        );
        assert!(matches!(
            err("5,5,5,5,5,5,5/5,5,5,5,5,5,5 x 0 0 Gg"),
            ParsePositionError::BadSide { .. }
        ));
        assert!(matches!(
            err("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 gG"),
            ParsePositionError::BadFlags { .. }
        ));
    }
}

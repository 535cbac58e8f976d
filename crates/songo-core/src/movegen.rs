//! Legal moves, making moves and the end of the game (rules sections 2–5).
//!
//! Everything is generic over [`Rules`] so the variant tests fold away in the
//! hot paths; the public methods on [`Position`] take a runtime [`Variant`]
//! and dispatch once.

use crate::moves::{IllegalMoveError, Move, MoveList};
use crate::position::{
    Position, Side, CAPTURED_LANE, LANE_BITS, NORTH_TO_MOVE, PITS, PITS_PER_ROW, TOTAL_SEEDS,
    UNPLAYED7,
};
use crate::variant::{Rules, Variant};
use crate::with_rules;

/// More seeds than this are never in one pit.
const MAX_PIT: usize = TOTAL_SEEDS as usize;
/// Rows of the sowing tables: a pit count is read through a 7-bit mask, so
/// 128 rows make every index provably in range (no bounds check), and the
/// rows past 70 are never touched, so they cost address space, not cache.
const SOW_ROWS: usize = 128;
/// Game over when fewer than this many seeds remain on the board (5.1 item 2).
pub const MIN_BOARD_SEEDS: u8 = 10;
/// Amateur feeding asks for at least this many seeds, when some move gives them.
const AMATEUR_FEED: u8 = 7;
/// Bit of pit 7 in a row mask.
const PIT7_BIT: u8 = 1 << (PITS_PER_ROW - 1);
/// All seven pits of a row mask.
const FULL_ROW: u8 = (1 << PITS_PER_ROW) - 1;
/// Low 7 bits of each of the 7 lanes of a row, read as a `u64`.
const ROW_LOW7: u64 = 0x007F_7F7F_7F7F_7F7F;
/// Bit 7 of each of the 7 lanes of a row.
const ROW_HIGH: u64 = 0x0080_8080_8080_8080;
/// One in each of the 7 lanes of a row.
const ROW_ONES: u64 = 0x0001_0101_0101_0101;

/// What sowing `n` seeds from pit `o` does, precomputed for every pit and count.
struct SowTable {
    /// What the move adds to the packed position: one seed per lane sown,
    /// minus the `n` seeds taken from the origin. Stored as a wrapping
    /// difference so that making the move is a single add: the true result
    /// has no negative lane, so the modular sum is exact.
    delta: [[u128; SOW_ROWS]; PITS],
    /// Row mask of the opponent's pits 1..=j when the last seed lands in
    /// his pit j; 0 when it lands in the mover's row or is a direct gain.
    /// The capture chain can only lie inside this prefix.
    reach: [[u8; SOW_ROWS]; PITS],
    /// 1 when the move ends in a direct gain (songo40), else 0.
    gain: [[u8; SOW_ROWS]; PITS],
    /// Seeds that land in the opponent's row (what feeding counts).
    fed: [[u8; SOW_ROWS]; PITS],
}

const fn build_sow_table(direct_gain: bool) -> SowTable {
    let mut t = SowTable {
        delta: [[0; SOW_ROWS]; PITS],
        reach: [[0; SOW_ROWS]; PITS],
        gain: [[0; SOW_ROWS]; PITS],
        fed: [[0; SOW_ROWS]; PITS],
    };
    let mut o = 0;
    while o < PITS {
        let opp_first = if o < PITS_PER_ROW { PITS_PER_ROW } else { 0 };
        let mut n = 1;
        while n <= MAX_PIT {
            let (mut add, mut last, mut fed, mut left, mut gain) = (0u128, o, 0u8, n, false);
            // First lap: the 13 other pits in cycle order.
            let mut p = o;
            let mut k = 0;
            while k < PITS - 1 && left > 0 {
                p = (p + 1) % PITS;
                add += 1 << (p as u32 * LANE_BITS);
                last = p;
                if p >= opp_first && p < opp_first + PITS_PER_ROW {
                    fed += 1;
                }
                left -= 1;
                k += 1;
            }
            // Later laps: the opponent's row only.
            while left > 0 {
                if direct_gain && left == 1 {
                    gain = true;
                    break;
                }
                let mut j = 0;
                while j < PITS_PER_ROW && left > 0 {
                    add += 1 << ((opp_first + j) as u32 * LANE_BITS);
                    last = opp_first + j;
                    fed += 1;
                    left -= 1;
                    j += 1;
                }
            }
            t.delta[o][n] = add.wrapping_sub((n as u128) << (o as u32 * LANE_BITS));
            if gain {
                t.gain[o][n] = 1;
            } else if last >= opp_first && last < opp_first + PITS_PER_ROW {
                t.reach[o][n] = ((2u32 << (last - opp_first)) - 1) as u8;
            }
            t.fed[o][n] = fed;
            n += 1;
        }
        o += 1;
    }
    t
}

static SOW_PLAIN: SowTable = build_sow_table(false);
static SOW_DIRECT_GAIN: SowTable = build_sow_table(true);

#[inline(always)]
fn sow_table<R: Rules>() -> &'static SowTable {
    if R::VARIANT.direct_gain() {
        &SOW_DIRECT_GAIN
    } else {
        &SOW_PLAIN
    }
}

/// Row mask → the 7-bit count field of each selected lane of a row.
static SPREAD: [u64; 128] = {
    let mut t = [0u64; 128];
    let mut m = 0;
    while m < 128 {
        let mut i = 0;
        while i < PITS_PER_ROW {
            if m & (1 << i) != 0 {
                t[m] |= 0x7F << (8 * i);
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// The side to move, known at compile time: perft and search alternate
/// between the two instantiations, so every row offset is a constant.
pub trait Mover {
    const SIDE: Side;
    type Next: Mover;
    /// Bit offset of the mover's row in the packed position.
    const OWN_SHIFT: u32 = Self::SIDE.first_pit() as u32 * LANE_BITS;
    /// Bit offset of the opponent's row.
    const OPP_SHIFT: u32 = Self::SIDE.opponent().first_pit() as u32 * LANE_BITS;
}

pub struct SouthMoves;
pub struct NorthMoves;

impl Mover for SouthMoves {
    const SIDE: Side = Side::South;
    type Next = NorthMoves;
}
impl Mover for NorthMoves {
    const SIDE: Side = Side::North;
    type Next = SouthMoves;
}

/// Runs a generic expression with the compile-time mover of a position.
macro_rules! with_mover {
    ($p:expr, $m:ident => $body:expr) => {
        match $p.side_to_move() {
            $crate::Side::South => {
                type $m = $crate::movegen::SouthMoves;
                $body
            }
            $crate::Side::North => {
                type $m = $crate::movegen::NorthMoves;
                $body
            }
        }
    };
}
pub(crate) use with_mover;

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A player reached the capture threshold (5.1 item 1).
    Threshold,
    /// Fewer than 10 seeds remain on the board (5.1 item 2).
    FewSeeds,
    /// The player to move has no seed in his row (5.1 item 3).
    EmptyRow,
    /// The player to move must feed and cannot (5.1 item 4).
    CannotFeed,
    /// The same position occurred for the third time (5.1 item 5).
    Repetition,
}

impl EndReason {
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::Threshold => "capture threshold reached",
            EndReason::FewSeeds => "fewer than 10 seeds on the board",
            EndReason::EmptyRow => "player to move has no seeds",
            EndReason::CannotFeed => "player to move cannot feed",
            EndReason::Repetition => "third repetition",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Side),
    Draw,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`, South's score first.
    pub const fn score_text(self) -> &'static str {
        match self {
            Outcome::Win(Side::South) => "1-0",
            Outcome::Win(Side::North) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}

/// Gathers bit 7 of each of the 7 lanes of `flags` into a row mask.
#[inline(always)]
fn gather(flags: u64) -> u8 {
    ((flags >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// The 7 lanes of the row at bit offset `shift`, count fields only.
#[inline(always)]
fn row(p: &Position, shift: u32) -> u64 {
    (p.bits >> shift) as u64 & ROW_LOW7
}

/// Row mask of the non-empty lanes of `row`.
#[inline(always)]
fn nonzero_lanes(row: u64) -> u8 {
    // A count of at most 0x7F plus 0x7F sets bit 7 exactly when it is
    // non-zero, and never carries into the next lane.
    gather((row + ROW_LOW7) & ROW_HIGH)
}

/// Row mask of the lanes of `row` holding 2, 3 or 4 seeds.
#[inline(always)]
fn capturable_lanes(row: u64) -> u8 {
    // Counts are at most 70, so adding 126 (or 123) sets bit 7 exactly when
    // the count is at least 2 (or 5), without carrying between lanes.
    let at_least_2 = row + ROW_ONES * (0x80 - 2);
    let at_least_5 = row + ROW_ONES * (0x80 - 5);
    gather(at_least_2 & !at_least_5 & ROW_HIGH)
}

/// Rule 5.1 items 1 and 2: the counts alone end the game.
#[inline(always)]
fn count_end<R: Rules>(p: &Position) -> Option<EndReason> {
    let v = R::VARIANT;
    if v.capture_ends_game(p.captured(Side::South)) || v.capture_ends_game(p.captured(Side::North))
    {
        Some(EndReason::Threshold)
    } else if p.seeds_on_board() < MIN_BOARD_SEEDS {
        Some(EndReason::FewSeeds)
    } else {
        None
    }
}

/// Rule 5.1 items 1–3, which need no move generation.
fn basic_end<R: Rules>(p: &Position) -> Option<EndReason> {
    if let Some(reason) = count_end::<R>(p) {
        Some(reason)
    } else if p.row_empty(p.side_to_move()) {
        Some(EndReason::EmptyRow)
    } else {
        None
    }
}

/// Whether playing a songo36 noble pit holding `n7` (1 or 2) seeds captures.
///
/// Its seeds land in the opponent's pits 1..n7, so the last pit is pit `n7`
/// and it is taken exactly when it held 1 to 3 seeds; a chain of at most two
/// pits is never a grand slam and songo36 has no C1 exception.
#[inline(always)]
fn small_noble_captures(p: &Position, side: Side, n7: u8) -> bool {
    let last = side.opponent().first_pit() + n7 as usize - 1;
    (1..=3).contains(&p.pit(last))
}

/// Legal moves as a row mask (bit `i`: the mover's pit `i + 1`).
#[inline(always)]
pub fn legal_mask<R: Rules, M: Mover>(p: &Position) -> u8 {
    let v = R::VARIANT;
    if count_end::<R>(p).is_some() {
        return 0;
    }
    let own = nonzero_lanes(row(p, M::OWN_SHIFT));
    let opp = row(p, M::OPP_SHIFT);
    if own == 0 {
        return 0;
    }
    if opp == 0 {
        return feeding_mask::<R>(p, M::SIDE, own);
    }
    let n7 = p.pit(M::SIDE.pit7());
    let pit7_allowed = if v.is_songo36() {
        // Interdit Solo / Duo, lifted by a capture, or when nothing else is left.
        let prohibited =
            (n7 == 1 || (v.is_amateur() && n7 == 2)) && !small_noble_captures(p, M::SIDE, n7);
        !prohibited || own == PIT7_BIT
    } else {
        // The songo40 last-pit restriction (4.3).
        n7 > 7 || (n7 == 5 && p.pit7_unplayed(M::SIDE)) || own == PIT7_BIT
    };
    own & !(((!pit7_allowed) as u8) << (PITS_PER_ROW - 1))
}

/// Rule 4.1: only moves that sow into the opponent's empty row.
#[inline(never)]
fn feeding_mask<R: Rules>(p: &Position, side: Side, own: u8) -> u8 {
    let table = sow_table::<R>();
    let (mut any, mut enough, mut most, mut most_fed) = (0u8, 0u8, 0u8, 0u8);
    let mut rest = own;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let o = side.first_pit() + i;
        let fed = table.fed[o][p.pit(o) as usize];
        let bit = 1 << i;
        if fed > 0 {
            any |= bit;
        }
        if fed >= AMATEUR_FEED {
            enough |= bit;
        }
        if fed > most_fed {
            most_fed = fed;
            most = bit;
        } else if fed == most_fed {
            most |= bit;
        }
    }
    if !R::VARIANT.is_amateur() {
        any
    } else if enough != 0 {
        enough
    } else if most_fed > 0 {
        most
    } else {
        0
    }
}

/// Plays the legal move emptying the mover's pit `o` (absolute index):
/// rules 2, 3 and Capture Solo. Branch-free but for the rare Capture Solo:
/// whether a move captures is data the branch predictor cannot guess.
#[inline(always)]
pub fn make<R: Rules, M: Mover>(p: &Position, o: usize) -> Position {
    let side = M::SIDE;
    debug_assert_eq!(o / PITS_PER_ROW, side.index());
    let n = p.pit(o) as usize;
    debug_assert!(n > 0);
    let mut bits = p.bits;
    let is_pit7 = o == side.pit7();
    if R::VARIANT.is_amateur()
        && is_pit7
        && n == 1
        && !p.row_empty(side.opponent())
        && !small_noble_captures(p, side, 1)
    {
        // A legal, non-capturing noble single seed was forced: Capture Solo.
        bits -= 1 << (o as u32 * LANE_BITS);
        bits &= !UNPLAYED7[side.index()];
        bits += 1 << (CAPTURED_LANE[side.index()] * LANE_BITS);
        return Position {
            bits: bits ^ NORTH_TO_MOVE,
        };
    }
    bits &= !(UNPLAYED7[side.index()] * is_pit7 as u128);
    let table = sow_table::<R>();
    bits = bits.wrapping_add(table.delta[o][n]);
    // The chain: the run of capturable pits that ends at the last pit.
    let reach = table.reach[o][n] as u32;
    let opp = (bits >> M::OPP_SHIFT) as u64 & ROW_LOW7;
    let blocked = !(capturable_lanes(opp) as u32) & reach;
    // Lowest pit of the chain: one above the highest blocked pit inside reach.
    let low = 31 - ((blocked << 1) | 1).leading_zeros();
    let mut chain = reach & !((1u32 << low) - 1);
    let void = chain == FULL_ROW as u32 || (R::VARIANT.c1_exception() && chain == 1);
    chain *= !void as u32;
    let taken = SPREAD[chain as usize & FULL_ROW as usize];
    let seeds = ((opp & taken).wrapping_mul(ROW_ONES) >> 48) as u8 as u128;
    bits &= !((taken as u128) << M::OPP_SHIFT);
    bits += (seeds + table.gain[o][n] as u128) << (CAPTURED_LANE[side.index()] * LANE_BITS);
    Position {
        bits: bits ^ NORTH_TO_MOVE,
    }
}

#[inline(always)]
pub fn legal_moves<R: Rules, M: Mover>(p: &Position) -> MoveList {
    MoveList::new(M::SIDE, legal_mask::<R, M>(p))
}

/// Why the game is over at `p` (rule 5.1 items 1–4), if it is.
pub fn end_reason<R: Rules>(p: &Position) -> Option<EndReason> {
    basic_end::<R>(p).or_else(|| {
        let none = with_mover!(p, M => legal_mask::<R, M>(p)) == 0;
        none.then_some(EndReason::CannotFeed)
    })
}

impl Position {
    /// The legal moves; empty exactly when the game is over (5.1 items 1–4).
    #[inline]
    pub fn legal_moves(&self, v: Variant) -> MoveList {
        with_rules!(v, R => with_mover!(self, M => legal_moves::<R, M>(self)))
    }

    /// Plays a move known to be legal. Use [`Position::play`] for untrusted moves.
    #[inline]
    pub fn make_move(&self, v: Variant, m: Move) -> Position {
        debug_assert!(self.legal_moves(v).contains(m), "{m} illegal in {self}");
        with_rules!(v, R => with_mover!(self, M => make::<R, M>(self, m.pit())))
    }

    /// Plays a move after checking that it is legal.
    pub fn play(&self, v: Variant, m: Move) -> Result<Position, IllegalMoveError> {
        let legal = self.legal_moves(v);
        if legal.contains(m) {
            Ok(with_rules!(v, R => with_mover!(self, M => make::<R, M>(self, m.pit()))))
        } else {
            Err(IllegalMoveError { mv: m, legal })
        }
    }

    /// Whether the move would be a Capture Solo (its seed captured, nothing sown).
    pub fn is_capture_solo(&self, v: Variant, m: Move) -> bool {
        let side = self.side_to_move();
        v.is_amateur()
            && m.pit() == side.pit7()
            && self.pit(m.pit()) == 1
            && !self.row_empty(side.opponent())
            && !small_noble_captures(self, side, 1)
            && self.legal_moves(v).contains(m)
    }

    /// Whether the game is over (5.1 items 1–4; repetition needs a [`crate::Game`]).
    pub fn is_over(&self, v: Variant) -> bool {
        self.legal_moves(v).is_empty()
    }

    /// Why the game is over, if it is (5.1 items 1–4).
    pub fn end_reason(&self, v: Variant) -> Option<EndReason> {
        with_rules!(v, R => end_reason::<R>(self))
    }

    /// The final scores `[south, north]` if the game stopped here (5.2).
    pub fn final_scores(&self, v: Variant) -> [u8; 2] {
        Side::BOTH.map(|s| {
            let kept = if v.is_songo36() { self.row_seeds(s) } else { 0 };
            self.captured(s) + kept
        })
    }

    /// The winner if the game stopped here (5.2); `None` is a draw.
    pub fn winner(&self, v: Variant) -> Option<Side> {
        let [south, north] = self.final_scores(v);
        let margin = south as i32 - north as i32;
        let needed = if v.is_songo36() { 1 } else { FORTY_WIN_MARGIN };
        if margin >= needed {
            Some(Side::South)
        } else if -margin >= needed {
            Some(Side::North)
        } else {
            None
        }
    }

    /// The outcome if the game stopped here (5.2).
    pub fn outcome(&self, v: Variant) -> Outcome {
        self.winner(v).map_or(Outcome::Draw, Outcome::Win)
    }
}

/// songo40: a margin of at least this many seeds wins; less is a draw.
pub const FORTY_WIN_MARGIN: i32 = 5;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonzero_lane_gather_is_exact() {
        for mask in 0u8..128 {
            for fill in [1u64, 2, 3, 4, 5, 0x45, 0x46] {
                let row = (0..7)
                    .filter(|i| mask & (1 << i) != 0)
                    .fold(0u64, |r, i| r | fill << (8 * i));
                assert_eq!(nonzero_lanes(row), mask, "{mask:#b} {fill}");
                let capturable = if (2..=4).contains(&fill) { mask } else { 0 };
                assert_eq!(capturable_lanes(row), capturable, "{mask:#b} {fill}");
            }
        }
    }

    #[test]
    fn sow_table_direct_gain() {
        // 14 seeds from A in songo40: 13 sown, the 14th captured.
        assert_eq!(SOW_DIRECT_GAIN.gain[0][14], 1);
        assert_eq!(SOW_DIRECT_GAIN.reach[0][14], 0);
        assert_eq!(SOW_DIRECT_GAIN.fed[0][14], 7);
        assert_eq!(SOW_PLAIN.reach[0][14], 1);
        assert_eq!(SOW_PLAIN.fed[0][14], 8);
        // 21 seeds: a second lap of 7, then the lone seed is captured.
        assert_eq!(SOW_DIRECT_GAIN.gain[6][21], 1);
        assert_eq!(SOW_DIRECT_GAIN.reach[6][20], 0x7F);
        // A sowing that ends in the mover's own row cannot capture.
        assert_eq!(SOW_PLAIN.reach[0][3], 0);
    }

    #[test]
    fn winner_thresholds() {
        let p: Position = "0,0,0,0,0,0,0/0,0,0,0,0,0,0 s 35 35 -".parse().unwrap();
        assert_eq!(p.winner(Variant::Songo36Beginner), None);
        let p: Position = "0,0,0,0,0,0,0/0,0,0,0,0,0,0 s 37 33 -".parse().unwrap();
        assert_eq!(p.winner(Variant::Songo40), None);
        assert_eq!(p.winner(Variant::Songo36Amateur), Some(Side::South));
        let p: Position = "0,0,0,0,0,0,0/0,0,0,0,0,0,0 s 32 38 -".parse().unwrap();
        assert_eq!(p.winner(Variant::Songo40), Some(Side::North));
    }
}

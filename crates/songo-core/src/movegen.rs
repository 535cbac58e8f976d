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
/// Low 7 bits of each of the 7 lanes of a row, read as a `u64`.
const ROW_LOW7: u64 = 0x007F_7F7F_7F7F_7F7F;
/// Bit 7 of each of the 7 lanes of a row.
const ROW_HIGH: u64 = 0x0080_8080_8080_8080;
/// One in each of the 7 lanes of a row.
const ROW_ONES: u64 = 0x0001_0101_0101_0101;
/// The lane flag (bit 7) of pit 1 of a row.
const FIRST_FLAG: u64 = 0x80;
/// The lane flag of pit 7 of a row.
const PIT7_FLAG: u64 = FIRST_FLAG << ((PITS_PER_ROW - 1) * LANE_BITS as usize);

/// What sowing `n` seeds from pit `o` does, precomputed for every pit and
/// count. One record per move, so that making a move reads one cache line.
#[derive(Clone, Copy)]
struct Sow {
    /// What the move adds to the packed position: one seed per lane sown,
    /// minus the `n` seeds taken from the origin, plus the direct gain in
    /// the mover's captured lane, and the turn passed to the other side
    /// (the side bit is known from the origin: South's moves set it,
    /// North's clear it). Stored as a wrapping difference so that making
    /// the move is a single add: the true result has no negative lane, so
    /// the modular sum is exact.
    delta: u128,
    /// Lane flags (bit 7) of the opponent's pits 1..=j when the last seed
    /// lands in his pit j; 0 when it lands in the mover's row or is a direct
    /// gain. The capture chain can only lie inside this prefix.
    reach: u64,
    /// Seeds that land in the opponent's row (what feeding counts).
    fed: u8,
}

type SowTable = [[Sow; SOW_ROWS]; PITS];

const fn build_sow_table(direct_gain: bool) -> SowTable {
    let empty = Sow {
        delta: 0,
        reach: 0,
        fed: 0,
    };
    let mut t = [[empty; SOW_ROWS]; PITS];
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
            let e = &mut t[o][n];
            e.delta = add.wrapping_sub((n as u128) << (o as u32 * LANE_BITS));
            e.delta = if o < PITS_PER_ROW {
                e.delta.wrapping_add(NORTH_TO_MOVE)
            } else {
                e.delta.wrapping_sub(NORTH_TO_MOVE)
            };
            if gain {
                let captured_lane = CAPTURED_LANE[o / PITS_PER_ROW];
                e.delta = e.delta.wrapping_add(1 << (captured_lane * LANE_BITS));
            } else if last >= opp_first && last < opp_first + PITS_PER_ROW {
                e.reach = (ROW_ONES >> (8 * (PITS_PER_ROW - 1 - (last - opp_first)))) << 7;
            }
            e.fed = fed;
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

/// The side to move, known at compile time: perft and search alternate
/// between the two instantiations, so every row offset is a constant.
pub trait Mover {
    /// The side to move.
    const SIDE: Side;
    /// The mover after this one has played: the other side.
    type Next: Mover;
    /// Bit offset of the mover's row in the packed position.
    const OWN_SHIFT: u32 = Self::SIDE.first_pit() as u32 * LANE_BITS;
    /// Bit offset of the opponent's row.
    const OPP_SHIFT: u32 = Self::SIDE.opponent().first_pit() as u32 * LANE_BITS;
}

/// The [`Mover`] for South to move.
pub struct SouthMoves;
/// The [`Mover`] for North to move.
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
    /// The reason in a few words for a person, such as "third repetition".
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
    /// This side won.
    Win(Side),
    /// Neither side won.
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

/// Spreads a row mask into lane flags: the inverse of [`gather`].
fn spread(mask: u8) -> u64 {
    (0..PITS_PER_ROW)
        .filter(|i| mask & (1 << i) != 0)
        .fold(0, |flags, i| flags | 0x80 << (LANE_BITS as usize * i))
}

/// Number of lane flags set in `flags`: a multiply adds the seven lanes
/// into the top one, which beats `count_ones` on the baseline x86-64
/// target (no `popcnt`).
#[inline(always)]
pub(crate) fn flag_count(flags: u64) -> u64 {
    ((flags >> 7).wrapping_mul(ROW_ONES) >> 48) as u8 as u64
}

/// The 7 lanes of the row at bit offset `shift`, count fields only.
#[inline(always)]
fn row(p: &Position, shift: u32) -> u64 {
    (p.bits >> shift) as u64 & ROW_LOW7
}

/// Lane flags of the non-empty lanes of `row`.
#[inline(always)]
fn nonzero_flags(row: u64) -> u64 {
    // A count of at most 0x7F plus 0x7F sets bit 7 exactly when it is
    // non-zero, and never carries into the next lane.
    (row + ROW_LOW7) & ROW_HIGH
}

/// Lane flags of the lanes of `row` holding 2, 3 or 4 seeds.
#[inline(always)]
fn capturable_flags(row: u64) -> u64 {
    // Counts are at most 70, so adding 126 (or 123) sets bit 7 exactly when
    // the count is at least 2 (or 5), without carrying between lanes.
    let at_least_2 = row + ROW_ONES * (0x80 - 2);
    let at_least_5 = row + ROW_ONES * (0x80 - 5);
    at_least_2 & !at_least_5 & ROW_HIGH
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

/// Whether [`count_end`] ends the game, as one test: every node of perft
/// and search asks, and the answer is almost always no.
#[inline(always)]
fn counts_end<R: Rules>(p: &Position) -> bool {
    // The two captured counts as the two bytes of a u16, 7-bit fields.
    let both = (p.bits >> (CAPTURED_LANE[0] * LANE_BITS)) as u32 & 0x7F7F;
    // Bit 7 of a byte set exactly when its count reached the threshold:
    // counts are at most 70, so no byte carries into the next.
    let threshold = R::VARIANT.capture_threshold() as u32;
    let reached = both + (0x80 - threshold) * 0x0101;
    // The low byte of `both + (both >> 8)` is the seeds off the board; bit 7
    // of it plus this is set exactly when fewer than 10 are left on it.
    const FEW_SEEDS: u32 = 0x80 - (TOTAL_SEEDS - MIN_BOARD_SEEDS + 1) as u32;
    let few = ((both + (both >> 8)) & 0xFF) + FEW_SEEDS;
    (reached | few) & 0x8080 != 0
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

/// Legal moves as lane flags: bit 7 of lane `i` for the mover's pit `i + 1`.
/// Perft counts and walks these directly, with no gather to a row mask.
#[inline(always)]
pub(crate) fn legal_flags<R: Rules, M: Mover>(p: &Position) -> u64 {
    let v = R::VARIANT;
    if counts_end::<R>(p) {
        return 0;
    }
    // An empty row needs no test of its own: every path below then gives 0.
    let own = nonzero_flags(row(p, M::OWN_SHIFT));
    let opp = row(p, M::OPP_SHIFT);
    if opp == 0 {
        return spread(feeding_mask::<R>(p, M::SIDE, gather(own)));
    }
    let n7 = p.pit(M::SIDE.pit7());
    let pit7_allowed = if v.is_songo36() {
        // Interdit Solo / Duo, lifted by a capture, or when nothing else is left.
        let prohibited =
            (n7 == 1 || (v.is_amateur() && n7 == 2)) && !small_noble_captures(p, M::SIDE, n7);
        !prohibited || own == PIT7_FLAG
    } else {
        // The songo40 last-pit restriction (4.3).
        n7 > 7 || (n7 == 5 && p.pit7_unplayed(M::SIDE)) || own == PIT7_FLAG
    };
    own & !(((!pit7_allowed) as u64) << PIT7_FLAG.trailing_zeros())
}

/// Legal moves as a row mask (bit `i`: the mover's pit `i + 1`).
#[inline(always)]
pub fn legal_mask<R: Rules, M: Mover>(p: &Position) -> u8 {
    gather(legal_flags::<R, M>(p))
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
        let fed = table[o][p.pit(o) as usize].fed;
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
    let sow = &sow_table::<R>()[o][n];
    bits = bits.wrapping_add(sow.delta);
    // The chain: the run of capturable pits that ends at the last pit.
    let opp = (bits >> M::OPP_SHIFT) as u64 & ROW_LOW7;
    let blocked = !capturable_flags(opp) & sow.reach;
    // Lowest lane of the chain: the lane above the highest blocked lane
    // inside reach (bit 7 of a lane, shifted up one, is bit 0 of the next).
    let low = 63 - ((blocked << 1) | 1).leading_zeros();
    let mut chain = sow.reach & !((1u64 << low) - 1);
    let void = chain == ROW_HIGH || (R::VARIANT.c1_exception() && chain == FIRST_FLAG);
    chain *= !void as u64;
    let taken = (chain >> 7) * 0x7F;
    let seeds = ((opp & taken).wrapping_mul(ROW_ONES) >> 48) as u8 as u128;
    bits &= !((taken as u128) << M::OPP_SHIFT);
    bits += seeds << (CAPTURED_LANE[side.index()] * LANE_BITS);
    Position { bits }
}

/// The legal moves at `p`, for code that knows the variant and the side to
/// move at compile time; [`Position::legal_moves`] is the everyday form.
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
                assert_eq!(gather(nonzero_flags(row)), mask, "{mask:#b} {fill}");
                let capturable = if (2..=4).contains(&fill) { mask } else { 0 };
                assert_eq!(
                    gather(capturable_flags(row)),
                    capturable,
                    "{mask:#b} {fill}"
                );
            }
        }
    }

    /// Byte `lane` of what sowing `n` seeds from pit `o` of an otherwise
    /// empty board leaves (the owner of `o` to move).
    fn sown(table: &SowTable, o: usize, n: usize, lane: u32) -> u8 {
        let north = if o < PITS_PER_ROW { 0 } else { NORTH_TO_MOVE };
        let start = (n as u128) << (o as u32 * LANE_BITS) | north;
        (start.wrapping_add(table[o][n].delta) >> (lane * LANE_BITS)) as u8
    }

    #[test]
    fn sow_table_direct_gain() {
        let south_captured = CAPTURED_LANE[0];
        // 14 seeds from A in songo40: 13 sown, the 14th captured.
        assert_eq!(sown(&SOW_DIRECT_GAIN, 0, 14, south_captured), 1);
        assert_eq!(sown(&SOW_DIRECT_GAIN, 0, 14, 7), 1);
        assert_eq!(SOW_DIRECT_GAIN[0][14].reach, 0);
        assert_eq!(SOW_DIRECT_GAIN[0][14].fed, 7);
        assert_eq!(sown(&SOW_PLAIN, 0, 14, south_captured), 0);
        assert_eq!(sown(&SOW_PLAIN, 0, 14, 7), 2);
        assert_eq!(SOW_PLAIN[0][14].reach, FIRST_FLAG);
        assert_eq!(SOW_PLAIN[0][14].fed, 8);
        // 21 seeds: a second lap of 7, then the lone seed is captured.
        assert_eq!(sown(&SOW_DIRECT_GAIN, 6, 21, south_captured), 1);
        assert_eq!(SOW_DIRECT_GAIN[6][20].reach, ROW_HIGH);
        // A sowing that ends in the mover's own row cannot capture.
        assert_eq!(SOW_PLAIN[0][3].reach, 0);
        // North's direct gain goes to North's captured lane.
        assert_eq!(sown(&SOW_DIRECT_GAIN, 7, 14, CAPTURED_LANE[1]), 1);
        assert_eq!(sown(&SOW_DIRECT_GAIN, 7, 14, south_captured), 0);
    }

    #[test]
    fn counts_end_matches_count_end() {
        use crate::variant::{Amateur, Beginner, Forty};
        for south in 0..=TOTAL_SEEDS {
            for north in 0..=TOTAL_SEEDS - south {
                let mut pits = [0; PITS];
                pits[0] = TOTAL_SEEDS - south - north;
                let p =
                    Position::from_parts(pits, Side::South, [south, north], [true, false]).unwrap();
                assert_eq!(counts_end::<Forty>(&p), count_end::<Forty>(&p).is_some());
                assert_eq!(
                    counts_end::<Beginner>(&p),
                    count_end::<Beginner>(&p).is_some()
                );
                assert_eq!(
                    counts_end::<Amateur>(&p),
                    count_end::<Amateur>(&p).is_some()
                );
            }
        }
    }

    #[test]
    fn spread_inverts_gather() {
        for mask in 0u8..128 {
            assert_eq!(gather(spread(mask)), mask);
            assert_eq!(flag_count(spread(mask)), mask.count_ones() as u64);
        }
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

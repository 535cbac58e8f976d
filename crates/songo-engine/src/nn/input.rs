//! The network's inputs: a position seen from the side to move.
//!
//! Layout 1 ([`LAYOUT_ID`]), in the order the trainer numbers them:
//!
//! | inputs | what | code |
//! |---|---|---|
//! | 14 × [`PIT_CAP`] | the mover's pits 1..7, then the opponent's 1..7 (sowing order) | thermometer: input `k-1` is on when the pit holds at least `k` seeds |
//! | 2 × [`CAPTURED_CAP`] | seeds captured by the mover, then by the opponent | thermometer, as for pits |
//! | 2 | pit 7 never played: the mover's, then the opponent's | one bit each |
//!
//! Layout 2 ([`LAYOUT_VARIANT_ID`]), one net for every variant, adds
//! [`VARIANT_INPUTS`] inputs after these: the variant, one-hot (in
//! [`Variant::ALL`]'s order). Its one-hot rows are single inputs, so a
//! variant's row is in effect a first-layer bias of its own: a net
//! specialised to a variant adds it to the biases once and evaluates
//! exactly as a layout-1 net ([`super::Network::for_variant`]).
//!
//! A thermometer code lets counts that differ by one seed share most of
//! their weights, so rare counts learn from common ones. The first layer
//! is linear, so a thermometer input is the same as a one-hot input whose
//! weight row is the prefix sum of the thermometer rows: the trainer
//! learns thermometer weights and the quantized net stores the prefix sums
//! ([`ROWS`] one-hot rows), which makes inference a fixed [`ACTIVE`] row
//! additions whatever the counts. Counts above the caps share the cap's
//! row: a pit of more than [`PIT_CAP`] seeds sows more than one lap
//! whatever its exact count, and [`CAPTURED_CAP`] seeds are past every
//! variant's threshold (36 and 40).
//!
//! Captured counts are absolute, not margins: the distance to the
//! variant's threshold (one net per variant) is what a thermometer of the
//! absolute count lets the net learn, and the seeds left on the board
//! follow from the two counts.

use songo_core::position::{Position, PITS_PER_ROW};
use songo_core::variant::Variant;

/// The input layout's number, stored in net files: a net trained on
/// another layout is refused.
pub const LAYOUT_ID: u8 = 1;
/// Layout 1 and the variant input: a net for every variant.
pub const LAYOUT_VARIANT_ID: u8 = 2;
/// One input per variant.
pub const VARIANT_INPUTS: usize = Variant::ALL.len();

/// Pit counts from this one up share one code (more than a lap's 13 seeds,
/// and rare past it).
pub const PIT_CAP: usize = 24;
/// Captured counts from this one up share one code: past both thresholds.
pub const CAPTURED_CAP: usize = 40;

/// Pits seen: both rows.
const PITS: usize = 2 * PITS_PER_ROW;

/// First thermometer input of the captured counts, and of the flags.
const CAPTURED_BASE: usize = PITS * PIT_CAP;
const FLAG_BASE: usize = CAPTURED_BASE + 2 * CAPTURED_CAP;
/// Thermometer inputs (the trainer's first layer has one row per input).
pub const INPUTS: usize = FLAG_BASE + 2;

/// One-hot rows of the quantized first layer: per pit a row per count
/// 0..=PIT_CAP, per side a row per captured count 0..=CAPTURED_CAP, per
/// side two rows for its pit-7 flag (off, on). The rows for 0 and "off"
/// are zero; keeping them makes every position add the same number of rows.
const PIT_ROWS: usize = PIT_CAP + 1;
const CAPTURED_ROWS: usize = CAPTURED_CAP + 1;
const ROW_CAPTURED_BASE: usize = PITS * PIT_ROWS;
const ROW_FLAG_BASE: usize = ROW_CAPTURED_BASE + 2 * CAPTURED_ROWS;
/// The quantized first layer's rows for layout 1 (layout 2 adds
/// [`VARIANT_INPUTS`]).
pub const ROWS: usize = ROW_FLAG_BASE + 4;
/// Rows every position adds: one per pit, per captured count, per flag.
pub const ACTIVE: usize = PITS + 2 + 2;

/// The variant's input (layout 2), after the [`INPUTS`] of layout 1 (its
/// one-hot row is `ROWS + variant code`, after the [`ROWS`] of layout 1).
#[inline]
pub fn variant_input(v: Variant) -> u16 {
    (INPUTS + v.index()) as u16
}

/// The pit counts from the mover's view: his pits 1..7, then the
/// opponent's 1..7.
#[inline]
fn mover_pits(p: &Position) -> [u8; PITS] {
    let pits = p.pits();
    let us = p.side_to_move();
    let (mine, theirs) = (us.first_pit(), us.opponent().first_pit());
    std::array::from_fn(|i| {
        if i < PITS_PER_ROW {
            pits[mine + i]
        } else {
            pits[theirs + i - PITS_PER_ROW]
        }
    })
}

/// The one-hot rows of `p` (see the module documentation), always
/// [`ACTIVE`] of them.
#[inline]
pub fn active_rows(p: &Position) -> [u16; ACTIVE] {
    let pits = mover_pits(p);
    let us = p.side_to_move();
    let them = us.opponent();
    let mut rows = [0u16; ACTIVE];
    for (i, (row, &c)) in rows.iter_mut().zip(&pits).enumerate() {
        *row = (i * PIT_ROWS + (c as usize).min(PIT_CAP)) as u16;
    }
    for (k, side) in [us, them].into_iter().enumerate() {
        let c = (p.captured(side) as usize).min(CAPTURED_CAP);
        rows[PITS + k] = (ROW_CAPTURED_BASE + k * CAPTURED_ROWS + c) as u16;
        rows[PITS + 2 + k] = (ROW_FLAG_BASE + 2 * k + p.pit7_unplayed(side) as usize) as u16;
    }
    rows
}

/// The thermometer inputs that are on for `p`, appended to `out` (cleared
/// first), in increasing order.
pub fn thermometer(p: &Position, out: &mut Vec<u16>) {
    out.clear();
    for (i, &c) in mover_pits(p).iter().enumerate() {
        let base = i * PIT_CAP;
        out.extend((0..(c as usize).min(PIT_CAP)).map(|k| (base + k) as u16));
    }
    let us = p.side_to_move();
    for (k, side) in [us, us.opponent()].into_iter().enumerate() {
        let base = CAPTURED_BASE + k * CAPTURED_CAP;
        let c = (p.captured(side) as usize).min(CAPTURED_CAP);
        out.extend((0..c).map(|j| (base + j) as u16));
    }
    for (k, side) in [us, us.opponent()].into_iter().enumerate() {
        if p.pit7_unplayed(side) {
            out.push((FLAG_BASE + k) as u16);
        }
    }
}

/// The one-hot rows, grouped: a position adds exactly one row of each
/// group (with the variant input, one of its rows too).
pub fn row_groups(variant_input: bool) -> Vec<std::ops::Range<usize>> {
    let pits = (0..PITS).map(|i| i * PIT_ROWS..(i + 1) * PIT_ROWS);
    let captured = (0..2).map(|k| {
        ROW_CAPTURED_BASE + k * CAPTURED_ROWS..ROW_CAPTURED_BASE + (k + 1) * CAPTURED_ROWS
    });
    let flags = (0..2).map(|k| ROW_FLAG_BASE + 2 * k..ROW_FLAG_BASE + 2 * k + 2);
    let variant = variant_input.then_some(ROWS..ROWS + VARIANT_INPUTS);
    pits.chain(captured).chain(flags).chain(variant).collect()
}

/// The thermometer inputs a one-hot row stands for: its weights are the
/// sum of theirs (empty for the zero rows). Rows from [`ROWS`] on are the
/// variant's (layout 2), one input each.
pub fn row_inputs(row: usize) -> std::ops::Range<usize> {
    if row >= ROWS {
        let input = INPUTS + row - ROWS;
        input..input + 1
    } else if row < ROW_CAPTURED_BASE {
        let (pit, c) = (row / PIT_ROWS, row % PIT_ROWS);
        pit * PIT_CAP..pit * PIT_CAP + c
    } else if row < ROW_FLAG_BASE {
        let r = row - ROW_CAPTURED_BASE;
        let (side, c) = (r / CAPTURED_ROWS, r % CAPTURED_ROWS);
        let base = CAPTURED_BASE + side * CAPTURED_CAP;
        base..base + c
    } else {
        let r = row - ROW_FLAG_BASE;
        let (side, on) = (r / 2, r % 2);
        FLAG_BASE + side..FLAG_BASE + side + on
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-hot rows of a position stand for exactly its thermometer
    /// inputs.
    #[test]
    fn rows_and_thermometer_agree() {
        let v = songo_core::Variant::Songo40;
        let mut p = Position::startpos();
        let mut therm = Vec::new();
        for ply in 0..80 {
            thermometer(&p, &mut therm);
            let mut from_rows: Vec<u16> = active_rows(&p)
                .iter()
                .flat_map(|&r| row_inputs(r as usize).map(|i| i as u16))
                .collect();
            from_rows.sort_unstable();
            assert_eq!(from_rows, therm, "{p}");
            assert!(active_rows(&p).iter().all(|&r| (r as usize) < ROWS));
            assert!(therm.iter().all(|&i| (i as usize) < INPUTS));
            let legal = p.legal_moves(v);
            let Some(m) = legal.into_iter().nth(ply % legal.len().max(1)) else {
                break;
            };
            p = p.make_move(v, m);
        }
    }
}

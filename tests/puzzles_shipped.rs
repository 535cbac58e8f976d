//! The puzzle set compiled into songo, checked again with what CI has: a
//! sample re-verified by a search deeper than the generator's deepest, and
//! every puzzle whose line has a position of at most 13 seeds checked
//! against the tables' verdict, the tables built in memory as `tb.rs`
//! builds them, each variant's up to the seeds its puzzles need (CI has
//! no table files; the generator's, 10 to 15 seeds, cover more).

use std::sync::OnceLock;

use songo_core::{Position, Variant};
use songo_lab::puzzles::find::confirms;
use songo_learn::puzzle::{embedded, Puzzle, PuzzleSet, Theme};
use songo_tb::generate::{build, no_progress};
use songo_tb::{Tablebases, TbValue};

/// Puzzles re-searched per variant, spread over the set.
const SAMPLE: usize = 12;
/// Plies beyond the generator's verifying depth.
const DEEPER: u32 = 2;
/// Largest seed count of the tables built here (13 seeds: seconds; the
/// time doubles with each seed).
const TABLE_SEEDS: u8 = 13;

fn set(v: Variant) -> PuzzleSet {
    embedded::set(v).unwrap_or_else(|e| panic!("{}: {e}", embedded::file_name(v)))
}

fn setting(set: &PuzzleSet, key: &str) -> u32 {
    set.setting(key)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{}: no {key}", set.header.variant))
}

/// The solver's positions of a puzzle's line, with the move played there.
fn solver_moves(p: &Puzzle) -> Vec<(Position, songo_core::Move)> {
    let positions = p.positions();
    p.solution
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(i, &m)| (positions[i], m))
        .collect()
}

#[test]
fn a_sample_holds_at_a_deeper_search() {
    for v in Variant::ALL {
        let set = set(v);
        let searched: Vec<&Puzzle> = set
            .puzzles
            .iter()
            .filter(|p| !p.themes.contains(&Theme::Tablebase))
            .collect();
        let step = (searched.len() / SAMPLE).max(1);
        let depth = setting(&set, "verify-depth") + DEEPER;
        let margin = setting(&set, "margin") as i32;
        let mut failed = Vec::new();
        for p in searched.iter().step_by(step).take(SAMPLE) {
            // The first move: the puzzle itself.
            if !confirms(v, &p.position, p.solution[0], depth, margin).unwrap() {
                failed.push(p.to_string());
            }
        }
        assert!(
            failed.is_empty(),
            "{v}: at depth {depth}, not clearly best:\n{}",
            failed.join("\n")
        );
    }
}

/// The tables of every variant, each up to the largest seed count (at most
/// [`TABLE_SEEDS`]) of a solver's position in its puzzles.
fn tables() -> &'static Tablebases {
    static TB: OnceLock<Tablebases> = OnceLock::new();
    TB.get_or_init(|| {
        let mut all = Vec::new();
        for v in Variant::ALL {
            let needed = set(v)
                .puzzles
                .iter()
                .flat_map(solver_moves)
                .map(|(at, _)| at.seeds_on_board())
                .filter(|&s| s <= TABLE_SEEDS)
                .max();
            let Some(max) = needed.filter(|&s| s >= 10) else {
                continue;
            };
            let t = build(v, max, None, &no_progress, &mut |_| {}).expect("in memory");
            all.extend(t.into_iter().flatten());
        }
        Tablebases::from_tables(all)
    })
}

#[test]
fn the_tables_agree_with_every_puzzle_they_cover() {
    let tb = tables();
    let mut covered = 0;
    for v in Variant::ALL {
        for p in &set(v).puzzles {
            for (at, m) in solver_moves(p) {
                if !tb.covers(&at, v) {
                    continue;
                }
                // Where a move's result is a range (songo36's seeds left on
                // the board), the tables do not decide and the generator
                // searched instead.
                let Some(verdicts) = tb
                    .probe_moves(&at, v)
                    .into_iter()
                    .map(|(x, r)| r.filter(|(a, b)| a == b).map(|(r, _)| (x, r)))
                    .collect::<Option<Vec<(songo_core::Move, TbValue)>>>()
                else {
                    continue;
                };
                covered += 1;
                let of_move = verdicts.iter().find(|(x, _)| *x == m).unwrap().1;
                // No other move does as well: the solution's is the one.
                for (other, r) in &verdicts {
                    if *other != m {
                        assert!(
                            *r < of_move,
                            "{p}: at {at}, {other} ({r}) as good as {m} ({of_move})"
                        );
                    }
                }
            }
        }
    }
    eprintln!("{covered} solver moves checked against the tables");
    // The shipped set has puzzles the tables decide at 12 and 13 seeds.
    assert!(covered > 0, "no puzzle checked: the test checks nothing");
}

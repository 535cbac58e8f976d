//! The search against exhaustive minimax of the rules core, forced wins,
//! and determinism.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use songo_core::{Game, Outcome, Position, Side, Variant};
use songo_engine::search::{mate_in, search, SearchOptions, SearchRequest, MATE};
use songo_engine::timeman::Limits;
use songo_engine::tt::TranspositionTable;

/// Exact value for the side to move, in the search's scale (win = MATE - plies
/// to the end, shortest; loss = -(MATE - plies), longest; draw 0), or `None`
/// if some line does not end within `depth` plies. `path` holds the game so
/// far, so the third-repetition rule applies exactly as in a game.
fn minimax(v: Variant, path: &mut Vec<Position>, depth: u32, ply: i32) -> Option<i32> {
    let p = *path.last().unwrap();
    let reps = path.iter().filter(|q| **q == p).count();
    if p.is_over(v) || reps >= 3 {
        return Some(match p.outcome(v) {
            Outcome::Draw => 0,
            Outcome::Win(s) if s == p.side_to_move() => MATE - ply,
            Outcome::Win(_) => -(MATE - ply),
        });
    }
    if depth == 0 {
        return None;
    }
    let mut best = i32::MIN;
    for m in p.legal_moves(v) {
        path.push(p.make_move(v, m));
        let value = minimax(v, path, depth - 1, ply + 1);
        path.pop();
        best = best.max(-value?);
    }
    Some(best)
}

fn endgame(rng: &mut StdRng) -> Position {
    loop {
        let board: u8 = rng.random_range(10..=13);
        let mut pits = [0u8; 14];
        for _ in 0..board {
            pits[rng.random_range(0..14)] += 1;
        }
        let caps = 70 - board;
        let south = rng.random_range(caps / 2 - 6..=caps / 2 + 6);
        let side = if rng.random_bool(0.5) {
            Side::South
        } else {
            Side::North
        };
        let p = Position::from_parts(pits, side, [south, caps - south], [false, false]).unwrap();
        if !p.legal_moves(Variant::Songo40).is_empty() {
            return p;
        }
    }
}

fn search_depth(v: Variant, p: Position, depth: u32) -> i32 {
    search_threads(v, p, depth, 1)
}

fn search_threads(v: Variant, p: Position, depth: u32, threads: usize) -> i32 {
    let tt = TranspositionTable::new(4).unwrap();
    let options = SearchOptions {
        threads,
        ..SearchOptions::default()
    };
    let r = search(
        SearchRequest::new(&Game::new(v, p), &tt)
            .limits(Limits::depth(depth))
            .options(options),
    );
    r.score
}

#[test]
fn search_equals_exhaustive_minimax_on_small_endgames_with_one_and_two_threads() {
    let mut rng = StdRng::seed_from_u64(99);
    let mut checked = 0;
    let mut decisive = 0;
    for v in Variant::ALL {
        let mut tries = 0;
        let mut found = 0;
        while found < 40 && tries < 4000 {
            tries += 1;
            let p = endgame(&mut rng);
            const D: u32 = 9;
            let Some(exact) = minimax(v, &mut vec![p], D, 0) else {
                continue;
            };
            found += 1;
            // Deep enough to see every line end: the value must be exact.
            // Two threads put off each other's moves: all still count.
            for threads in [1, 2] {
                let got = search_threads(v, p, D + 2, threads);
                assert_eq!(
                    got, exact,
                    "{v} {p}, {threads} threads: search {got}, minimax {exact}"
                );
            }
            checked += 1;
            if exact != 0 {
                decisive += 1;
            }
        }
    }
    assert!(checked >= 60, "only {checked} endgames checked");
    assert!(decisive >= 20, "only {decisive} decisive endgames");
}

#[test]
fn immediate_wins_are_mate_in_one() {
    // songo40: South has 38 and F (3 seeds) lands on b making 2 after a 1.
    let p: Position = "0,0,0,0,0,3,0/1,1,1,5,5,5,5 s 38 6 -".parse().unwrap();
    let s = search_depth(Variant::Songo40, p, 4);
    assert_eq!(mate_in(s), Some(1), "score {s}");
    // The same for North to move: a lost position is negative.
    let q: Position = "1,1,1,5,5,5,5/0,0,0,0,0,3,0 n 6 38 -".parse().unwrap();
    assert_eq!(mate_in(search_depth(Variant::Songo40, q, 4)), Some(1));
}

#[test]
fn fixed_depth_search_is_deterministic() {
    let p: Position = "13,1,14,3,5,0,2/10,3,0,2,1,1,9 s 0 6 -".parse().unwrap();
    let run = || {
        let tt = TranspositionTable::new(8).unwrap();
        let mut infos = Vec::new();
        let r = search(
            SearchRequest::new(&Game::new(Variant::Songo40, p), &tt)
                .limits(Limits::depth(9))
                .report(&mut |i| infos.push((i.depth, i.score, i.nodes, i.pv.clone()))),
        );
        (r.best, r.score, r.nodes, infos)
    };
    assert_eq!(run(), run());
}

#[test]
fn bench_signature_is_reproducible() {
    let a = songo_engine::bench::run(6, &mut |_, _, _| {});
    let b = songo_engine::bench::run(6, &mut |_, _, _| {});
    assert_eq!(a.nodes, b.nodes);
    assert!(a.nodes > 1000);
}

#[test]
fn threads_search_returns_a_legal_move() {
    let p = Position::startpos();
    let tt = TranspositionTable::new(8).unwrap();
    let opts = SearchOptions {
        threads: 3,
        ..SearchOptions::default()
    };
    let r = search(
        SearchRequest::new(&Game::new(Variant::Songo36Amateur, p), &tt)
            .limits(Limits::depth(10))
            .options(opts),
    );
    assert!(p
        .legal_moves(Variant::Songo36Amateur)
        .contains(r.best.unwrap()));
}

//! Rules-core benchmarks: move generation, make-move and perft, each side by
//! side with the plain-array reference implementation of the test suite.
//!
//! Run with `cargo bench -p songo-core --bench rules`;
//! `cargo bench -p songo-core --bench rules -- perft` runs only the perft
//! comparison (songo40 start position, depth 11).

#[path = "../tests/reference/mod.rs"]
mod reference;

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reference::{RefPos, RefVariant};
use songo_core::{Position, Variant};

/// Positions met in random games, so the mix of piles and captures is realistic.
fn sample_positions(v: Variant, count: usize) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(0x50_4E_47_4F);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut p = Position::startpos();
        while !p.is_over(v) && out.len() < count {
            out.push(p);
            let moves: Vec<_> = p.legal_moves(v).into_iter().collect();
            p = p.make_move(v, moves[rng.random_range(0..moves.len())]);
        }
    }
    out
}

fn ref_variant(v: Variant) -> RefVariant {
    RefVariant::from_name(v.name()).expect("the reference knows every variant")
}

fn to_ref(p: &Position) -> RefPos {
    RefPos::parse(&p.to_string()).expect("the reference parses every position")
}

/// The reference perft, bulk-counted at the last ply like the fast one, so
/// that the two compare rules code and not counting strategy.
fn ref_perft_bulk(p: &RefPos, v: RefVariant, depth: u32) -> u64 {
    let moves = p.legal_moves(v);
    match depth {
        0 => 1,
        1 => moves.len() as u64,
        _ => moves
            .into_iter()
            .map(|m| ref_perft_bulk(&p.play(v, m), v, depth - 1))
            .sum(),
    }
}

fn movegen(c: &mut Criterion) {
    let mut g = c.benchmark_group("movegen");
    for v in Variant::ALL {
        let fast = sample_positions(v, 10_000);
        let slow: Vec<RefPos> = fast.iter().map(to_ref).collect();
        let rv = ref_variant(v);
        g.throughput(Throughput::Elements(fast.len() as u64));
        g.bench_function(BenchmarkId::new("fast", v), |b| {
            b.iter(|| fast.iter().map(|p| p.legal_moves(v).len()).sum::<usize>())
        });
        g.bench_function(BenchmarkId::new("reference", v), |b| {
            b.iter(|| slow.iter().map(|p| p.legal_moves(rv).len()).sum::<usize>())
        });
    }
    g.finish();
}

fn make_move(c: &mut Criterion) {
    let mut g = c.benchmark_group("make_move");
    for v in Variant::ALL {
        let fast = sample_positions(v, 10_000);
        let slow: Vec<RefPos> = fast.iter().map(to_ref).collect();
        let rv = ref_variant(v);
        let fast_moves: Vec<_> = fast
            .iter()
            .flat_map(|p| p.legal_moves(v).into_iter().map(move |m| (*p, m)))
            .collect();
        let slow_moves: Vec<_> = slow
            .iter()
            .flat_map(|p| p.legal_moves(rv).into_iter().map(move |m| (*p, m)))
            .collect();
        g.throughput(Throughput::Elements(fast_moves.len() as u64));
        g.bench_function(BenchmarkId::new("fast", v), |b| {
            b.iter(|| {
                fast_moves
                    .iter()
                    .map(|(p, m)| p.make_move(v, *m).key())
                    .fold(0, |a, k| a ^ k)
            })
        });
        g.bench_function(BenchmarkId::new("reference", v), |b| {
            b.iter(|| {
                slow_moves
                    .iter()
                    .map(|(p, m)| p.play(rv, *m).captured[0])
                    .fold(0u64, |a, k| a + k as u64)
            })
        });
    }
    g.finish();
}

/// The speed goal of the rules core: songo40 from the start, depth 11.
fn perft(c: &mut Criterion) {
    const DEPTH: u32 = 11;
    const LEAVES: u64 = 279_794_463;
    let v = Variant::Songo40;
    let start = Position::startpos();
    let rstart = to_ref(&start);
    let rv = ref_variant(v);
    let mut g = c.benchmark_group("perft_songo40_d11");
    g.sample_size(10);
    g.throughput(Throughput::Elements(LEAVES));
    g.bench_function("fast", |b| {
        b.iter(|| assert_eq!(black_box(start).perft(v, DEPTH), LEAVES))
    });
    g.bench_function("reference", |b| {
        b.iter(|| assert_eq!(ref_perft_bulk(black_box(&rstart), rv, DEPTH), LEAVES))
    });
    g.finish();
}

criterion_group!(benches, movegen, make_move, perft);
criterion_main!(benches);

//! The network evaluation: quantized inference against the float
//! reference, net files and their typed errors, and the `Evaluation nn` /
//! `EvalFile` options.

use std::sync::{Arc, Mutex};

use songo_core::{Position, Variant};
use songo_engine::eval::EvalKind;
use songo_engine::nn::file::{HEADER_BYTES, MAGIC};
use songo_engine::nn::float::FloatNet;
use songo_engine::nn::{default_net, input, NetError, NetScope, Network};
use songo_engine::options::OptionError;
use songo_engine::search::{search, SearchOptions, SearchRequest};
use songo_engine::tt::TranspositionTable;
use songo_engine::Limits;
use songo_engine::{EngineError, Event};

/// How far the quantized evaluation may be from the float one, in
/// centiseeds, at worst and on average over thousands of positions of
/// random games: the first layer's rounding (half of 1/255 per row, 18
/// rows) summed over the hidden units and times the scale (400 here)
/// dominates. The nets' weights are drawn as large as trained ones.
const TOLERANCE_CP: i32 = 24;
const TOLERANCE_MEAN_CP: f64 = 5.0;

/// A small deterministic generator for the tests.
struct Rng(songo_core::rng::SplitMix);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `-a..a`.
    fn uniform(&mut self, a: f32) -> f32 {
        ((self.next() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * a
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A float net with weights of the size training gives them.
fn random_net(v: Variant, h1: usize, h2: usize, seed: u64) -> FloatNet {
    random_net_of(NetScope::Variant(v), h1, h2, seed)
}

fn random_net_of(scope: NetScope, h1: usize, h2: usize, seed: u64) -> FloatNet {
    random_bucketed(scope, h1, h2, 1, seed)
}

fn random_bucketed(scope: NetScope, h1: usize, h2: usize, buckets: usize, seed: u64) -> FloatNet {
    let mut rng = Rng(songo_core::rng::SplitMix::new(seed));
    let mut net = FloatNet::zeros_with_buckets(scope, h1, h2, buckets, 400);
    net.w1.iter_mut().for_each(|w| *w = rng.uniform(0.12));
    net.b1.iter_mut().for_each(|b| *b = rng.uniform(0.5) + 0.25);
    net.w2.iter_mut().for_each(|w| *w = rng.uniform(0.3));
    net.b2.iter_mut().for_each(|b| *b = rng.uniform(0.2));
    net.w3.iter_mut().for_each(|w| *w = rng.uniform(0.5));
    net.b3.iter_mut().for_each(|b| *b = rng.uniform(0.2));
    net
}

/// Positions of random games in a variant, every ply.
fn random_positions(v: Variant, games: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(songo_core::rng::SplitMix::new(seed));
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Position::startpos();
        for _ in 0..200 {
            out.push(p);
            let legal = p.legal_moves(v);
            if p.is_over(v) || legal.is_empty() {
                break;
            }
            let m = legal.into_iter().nth(rng.below(legal.len())).unwrap();
            p = p.make_move(v, m);
        }
    }
    out
}

#[test]
fn quantized_inference_matches_the_float_net() {
    for (k, (h1, h2, buckets)) in [
        (64, 0, 1),
        (64, 32, 1),
        (128, 0, 1),
        (32, 8, 1),
        (64, 0, 8),
        (32, 8, 5),
    ]
    .into_iter()
    .enumerate()
    {
        // A net for one variant, and one for every variant specialised to
        // it (its variant row folded into the biases).
        let every = random_bucketed(NetScope::AllVariants, h1, h2, buckets, 27 + k as u64);
        let every_q = every.quantize().expect("these weights fit");
        for (v, all) in Variant::ALL
            .into_iter()
            .flat_map(|v| [(v, false), (v, true)])
        {
            let float = if all {
                every.clone()
            } else {
                random_bucketed(NetScope::Variant(v), h1, h2, buckets, 17 + k as u64)
            };
            let q = if all {
                every_q.for_variant(v).unwrap()
            } else {
                float.quantize().expect("these weights fit")
            };
            assert_eq!(q.scope(), NetScope::Variant(v));
            let (mut worst, mut total, mut n) = (0, 0, 0);
            for p in random_positions(v, 20, 5 + k as u64) {
                let (a, b) = (q.evaluate(&p), float.evaluate_cp(&p, v));
                worst = worst.max((a - b).abs());
                total += (a - b).abs();
                n += 1;
            }
            let mean = total as f64 / n as f64;
            let kind = if all { " (every variant's net)" } else { "" };
            eprintln!(
                "{v}{kind} {h1}x{h2}: {n} positions, mean {mean:.2}, worst {worst} centiseeds apart"
            );
            assert!(
                worst <= TOLERANCE_CP && mean <= TOLERANCE_MEAN_CP,
                "{v}{kind} {h1}x{h2}: mean {mean:.2}, worst {worst} centiseeds apart"
            );
        }
    }
}

#[test]
fn net_files_round_trip() {
    let net = random_net(Variant::Songo36Amateur, 32, 8, 3)
        .quantize()
        .unwrap();
    let bytes = net.to_bytes();
    assert_eq!(&bytes[..8], &MAGIC);
    assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
    let dir = std::env::temp_dir().join(format!("songo-nn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("a.nnue");
    net.save(&path).unwrap();
    assert_eq!(Network::load(&path).unwrap(), net);
    assert!(matches!(
        Network::load(&dir.join("missing.nnue")),
        Err(NetError::Read { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
    // A net for every variant: layout 2, variant byte 255, three more rows.
    let every = random_net_of(NetScope::AllVariants, 16, 0, 8)
        .quantize()
        .unwrap();
    let bytes = every.to_bytes();
    assert_eq!((bytes[10], bytes[11]), (255, input::LAYOUT_VARIANT_ID));
    assert_eq!(
        u16::from_le_bytes([bytes[12], bytes[13]]) as usize,
        input::ROWS + 3
    );
    let back = Network::from_bytes(&bytes).unwrap();
    assert_eq!(back, every);
    assert_eq!(back.scope(), NetScope::AllVariants);
    // Specialised, it is a net for that variant only.
    let amateur = back.for_variant(Variant::Songo36Amateur).unwrap();
    assert!(matches!(
        amateur.for_variant(Variant::Songo40),
        Err(NetError::Variant {
            net: Variant::Songo36Amateur,
            wanted: Variant::Songo40
        })
    ));
    assert_ne!(amateur, back.for_variant(Variant::Songo40).unwrap());
    // Output buckets: their count at offset 42, where a net without them
    // (written before they existed) has 0.
    assert_eq!(&bytes[42..44], &[0, 0]);
    let bucketed = random_bucketed(NetScope::AllVariants, 16, 8, 6, 9)
        .quantize()
        .unwrap();
    let bytes = bucketed.to_bytes();
    assert_eq!(&bytes[42..44], &[6, 0]);
    let back = Network::from_bytes(&bytes).unwrap();
    assert_eq!((back.buckets(), back), (6, bucketed));
}

/// Rewrites the payload checksum after a deliberate change, so that the
/// check under test is the one that fails.
fn reseal(bytes: &mut [u8]) {
    let sum = songo_core::checksum::checksum(&bytes[HEADER_BYTES..]);
    bytes[32..40].copy_from_slice(&sum.to_le_bytes());
}

#[test]
fn bad_net_files_give_typed_errors() {
    let good = random_net(Variant::Songo40, 16, 0, 9)
        .quantize()
        .unwrap()
        .to_bytes();
    let with = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut b = good.clone();
        f(&mut b);
        Network::from_bytes(&b)
    };
    assert!(matches!(with(&|b| b[0] = b'X'), Err(NetError::Magic)));
    assert!(matches!(
        with(&|b| b.truncate(20)),
        Err(NetError::Truncated { len: 20, .. })
    ));
    assert!(matches!(
        with(&|b| b[8] = 9),
        Err(NetError::Version { found: 9, .. })
    ));
    assert!(matches!(
        with(&|b| b[10] = 7),
        Err(NetError::VariantCode(7))
    ));
    assert!(matches!(
        with(&|b| b[11] = 99),
        Err(NetError::Layout { found: 99, .. })
    ));
    assert!(matches!(
        with(&|b| b[42] = 17),
        Err(NetError::Sizes { buckets: 17, .. })
    ));
    assert!(matches!(with(&|b| b[42] = 2), Err(NetError::Length { .. })));
    assert!(matches!(
        with(&|b| b[14] = 17),
        Err(NetError::Sizes { h1: 17, .. })
    ));
    assert!(matches!(with(&|b| b[20] = 1), Err(NetError::Scales { .. })));
    assert!(matches!(
        with(&|b| b.truncate(b.len() - 2)),
        Err(NetError::Length { .. })
    ));
    assert!(matches!(
        with(&|b| {
            let last = b.len() - 5;
            b[last] ^= 1
        }),
        Err(NetError::Checksum { .. })
    ));
    // A first-layer row that could overflow the accumulator.
    assert!(matches!(
        with(&|b| {
            for k in 0..input::ACTIVE {
                // The first unit of the top row of each pit group.
                let row = (k + 1) * (input::PIT_CAP + 1) - 1;
                let o = HEADER_BYTES + 2 * row * 16;
                if k < 14 {
                    b[o..o + 2].copy_from_slice(&i16::MAX.to_le_bytes());
                }
            }
            reseal(b)
        }),
        Err(NetError::Overflow(_))
    ));
    let text = with(&|b| b[11] = 99).unwrap_err().to_string();
    assert_eq!(
        text,
        "the net reads input layout 99; this engine reads layout 1 (one variant) \
         and 2 (every variant, variant byte 255)"
    );
    // Layout 2 is only for a net of every variant, and the other way round.
    assert!(matches!(
        with(&|b| b[11] = input::LAYOUT_VARIANT_ID),
        Err(NetError::VariantCode(2))
    ));
    assert!(matches!(
        with(&|b| b[10] = 255),
        Err(NetError::VariantCode(255))
    ));
    // Layout 2 with layout 1's rows.
    assert!(matches!(
        with(&|b| {
            b[10] = 255;
            b[11] = input::LAYOUT_VARIANT_ID
        }),
        Err(NetError::Sizes { expected_rows, .. }) if expected_rows == input::ROWS + 3
    ));
}

/// Events of an engine, kept for the test to read.
fn engine() -> (songo_engine::Engine, Arc<Mutex<Vec<Event>>>) {
    let events = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&events);
    let e = songo_engine::Engine::new(Arc::new(move |ev| sink.lock().unwrap().push(ev)));
    (e, events)
}

#[test]
fn eval_file_refuses_bad_files_and_other_variants() {
    let dir = std::env::temp_dir().join(format!("songo-nn-opt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut e, _) = engine();
    let amateur = dir.join("amateur.nnue");
    random_net(Variant::Songo36Amateur, 16, 0, 4)
        .quantize()
        .unwrap()
        .save(&amateur)
        .unwrap();
    // The engine plays songo40: a songo36-amateur net is refused.
    let err = e
        .set_option("EvalFile", Some(amateur.to_str().unwrap()))
        .unwrap_err();
    assert!(
        matches!(
            &err,
            OptionError::EvalFile {
                source: NetError::Variant {
                    net: Variant::Songo36Amateur,
                    wanted: Variant::Songo40
                },
                ..
            }
        ),
        "{err:?}"
    );
    let broken = dir.join("broken.nnue");
    std::fs::write(&broken, b"SONGONET and then nothing").unwrap();
    assert!(matches!(
        e.set_option("EvalFile", Some(broken.to_str().unwrap())),
        Err(OptionError::EvalFile {
            source: NetError::Truncated { .. },
            ..
        })
    ));
    assert_eq!(e.options().eval_file, None);
    // In its own variant it is taken.
    e.set_option("UCI_Variant", Some("songo36-amateur"))
        .unwrap();
    e.set_option("EvalFile", Some(amateur.to_str().unwrap()))
        .unwrap();
    assert_eq!(e.options().eval_file.as_deref(), Some(amateur.as_path()));
    assert_eq!(
        e.net().unwrap().scope(),
        NetScope::Variant(Variant::Songo36Amateur)
    );
    e.set_option("EvalFile", Some("<empty>")).unwrap();
    assert_eq!(e.net(), default_net(Variant::Songo36Amateur));
    // A net for every variant is taken in each, specialised to it.
    let every = dir.join("every.nnue");
    let every_net = random_net_of(NetScope::AllVariants, 16, 0, 6)
        .quantize()
        .unwrap();
    every_net.save(&every).unwrap();
    for v in Variant::ALL {
        e.set_option("UCI_Variant", Some(v.name())).unwrap();
        e.set_option("EvalFile", Some(every.to_str().unwrap()))
            .unwrap();
        assert_eq!(*e.net().unwrap(), every_net.for_variant(v).unwrap());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `Evaluation nn` searches with the given net: another net, another tree.
#[test]
fn the_search_evaluates_with_the_net() {
    let v = Variant::Songo40;
    let game = songo_core::Game::new(v, Position::startpos());
    let run = |eval: EvalKind, net: Option<Arc<Network>>| {
        let tt = TranspositionTable::new(4).unwrap();
        let options = SearchOptions {
            eval,
            net,
            ..SearchOptions::default()
        };
        search(
            SearchRequest::new(&game, &tt)
                .limits(Limits::depth(6))
                .options(options),
        )
    };
    let a = Arc::new(random_net(v, 32, 0, 1).quantize().unwrap());
    let b = Arc::new(random_net(v, 32, 0, 2).quantize().unwrap());
    let (ra, rb) = (run(EvalKind::Nn, Some(a)), run(EvalKind::Nn, Some(b)));
    let tuned = run(EvalKind::Tuned, None);
    assert!(ra.best.is_some() && rb.best.is_some());
    assert!(
        (ra.nodes, ra.score) != (rb.nodes, rb.score)
            && (ra.nodes, ra.score) != (tuned.nodes, tuned.score),
        "{ra:?} {rb:?} {tuned:?}"
    );
}

/// Without a net for the variant, `Evaluation nn` says so and searches
/// with the tuned weights; every embedded net is well formed.
#[test]
fn embedded_nets_load_and_a_missing_one_is_reported() {
    for v in Variant::ALL {
        if let Some(net) = default_net(v) {
            assert_eq!(net.scope(), NetScope::Variant(v));
            // A trained net sees who is ahead: twelve seeds more captured
            // on an even board is worth several seeds, either way round.
            let ahead: Position = "3,3,3,3,3,3,3/3,3,3,3,3,3,3 s 20 8 -".parse().unwrap();
            let behind: Position = "3,3,3,3,3,3,3/3,3,3,3,3,3,3 s 8 20 -".parse().unwrap();
            let (a, b) = (net.evaluate(&ahead), net.evaluate(&behind));
            assert!(a > 300 && b < -300, "{v}: {a} ahead, {b} behind");
            // The start is never in the data (every game opens with random
            // plies), so its value is the net's guess: near even, within
            // the few seeds the embedded net says (-2.2 to -3.0).
            let start = net.evaluate(&Position::startpos());
            assert!(start.abs() < 400, "{v}: {start}");
        }
    }
    assert!(default_net(Variant::Songo40).is_some());
    let Some(v) = Variant::ALL.into_iter().find(|&v| default_net(v).is_none()) else {
        return;
    };
    let (mut e, events) = engine();
    e.set_option("UCI_Variant", Some(v.name())).unwrap();
    e.set_option("Evaluation", Some("nn")).unwrap();
    // A search, not the opening book's answer to the start position.
    e.set_option("OwnBook", Some("false")).unwrap();
    e.go(Limits::depth(3));
    e.wait();
    let events = events.lock().unwrap();
    assert!(events
        .iter()
        .any(|ev| matches!(ev, Event::Problem(EngineError::NoNet(x)) if *x == v)));
    assert!(events
        .iter()
        .any(|ev| matches!(ev, Event::BestMove { best: Some(_), .. })));
}

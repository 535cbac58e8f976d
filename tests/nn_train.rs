//! The trainer: a small net learns a simple target from a tiny data set in
//! seconds (one net for every variant learns a target that depends on the
//! variant), and the same seed gives the same net whatever the threads.

use songo_core::position::Position;
use songo_core::Variant;
use songo_engine::nn::NetScope;
use songo_lab::datagen::format::{Record, TB_NONE};
use songo_lab::datagen::SplitMix;
use songo_lab::train::{train, Blend, Sample, TrainConfig};

/// The target: a seed of score (100 centiseeds) per seed captured ahead,
/// shifted by a variant's own amount (none in songo40).
fn target_cp(p: &Position, v: Variant) -> i32 {
    let us = p.side_to_move();
    let shift = match v {
        Variant::Songo40 => 0,
        Variant::Songo36Amateur => 500,
        Variant::Songo36Beginner => -500,
    };
    (p.captured(us) as i32 - p.captured(us.opponent()) as i32) * 100 + shift
}

/// Positions of random songo40 games, labelled with the target as their
/// search score.
fn data(games: u32, seed: u64) -> Vec<Record> {
    data_of(Variant::Songo40, games, seed)
}

fn data_of(v: Variant, games: u32, seed: u64) -> Vec<Record> {
    let mut rng = SplitMix::new(seed);
    let mut out = Vec::new();
    for game in 0..games {
        let mut p = Position::startpos();
        loop {
            let legal = p.legal_moves(v);
            if p.is_over(v) || legal.is_empty() {
                break;
            }
            out.push(Record {
                position: p,
                score: target_cp(&p, v) as i16,
                result: 0,
                tb: TB_NONE,
                game,
            });
            let m = legal.into_iter().nth(rng.below(legal.len())).unwrap();
            p = p.make_move(v, m);
        }
    }
    out
}

fn config(seed: u64) -> TrainConfig {
    TrainConfig {
        scope: NetScope::Variant(Variant::Songo40),
        h1: 16,
        h2: 0,
        buckets: 1,
        epochs: 30,
        batch: 128,
        lr: 0.01,
        lr_drop: 0.1,
        weight_decay: 0.0,
        // The search score alone.
        blend: Blend {
            result: 0.0,
            score: 1.0,
            table: 0.0,
        },
        // Wide enough that the targets (up to ±40 seeds) stay off the
        // sigmoid's flat tails.
        scale: 1500.0,
        seed,
    }
}

fn samples(records: &[Record], cfg: &TrainConfig) -> Vec<Sample> {
    records
        .iter()
        .map(|r| Sample {
            record: *r,
            variant: Variant::Songo40,
            target: cfg.blend.label(r, cfg.scale),
        })
        .collect()
}

#[test]
fn a_small_net_learns_the_captured_margin() {
    let cfg = config(3);
    let train_set = samples(&data(40, 1), &cfg);
    let val = samples(&data(10, 2), &cfg);
    let mut losses = Vec::new();
    let net = train(&cfg, &train_set, &val, &mut |r| losses.push(r.val_loss));
    let first = losses[0];
    let last = *losses.last().unwrap();
    assert!(last < first / 3.0, "validation loss {first} -> {last}");
    let q = net.quantize().unwrap();
    let (mut err, mut spread) = (0.0, 0.0);
    for s in &val {
        let t = target_cp(&s.record.position, Variant::Songo40) as f64;
        err += (q.evaluate(&s.record.position) as f64 - t).abs();
        spread += t.abs();
    }
    let n = val.len() as f64;
    eprintln!(
        "{} training positions; validation loss {first:.5} -> {last:.5}; mean error {:.1} cp against a mean |target| of {:.1} cp",
        train_set.len(),
        err / n,
        spread / n
    );
    assert!(
        err < 0.12 * spread,
        "mean error {} cp, mean |target| {} cp",
        err / n,
        spread / n
    );
}

#[test]
fn the_same_seed_gives_the_same_net_whatever_the_threads() {
    let mut cfg = config(5);
    cfg.epochs = 3;
    let train_set = samples(&data(10, 3), &cfg);
    let net = |cfg: &TrainConfig, threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| train(cfg, &train_set, &[], &mut |_| {}))
            .quantize()
            .unwrap()
            .to_bytes()
    };
    let one = net(&cfg, 1);
    assert_eq!(one, net(&cfg, 2));
    cfg.seed = 6;
    assert_ne!(one, net(&cfg, 1));
}

/// One net for every variant, on the games of all three, learns their
/// different shifts: each variant's mean error is a small part of the
/// 500-centiseed shifts a net without the variant input would have to
/// average away (it measured 516 cp off in songo36-beginner).
#[test]
fn a_net_for_every_variant_learns_what_differs_between_them() {
    let mut cfg = config(4);
    cfg.scope = NetScope::AllVariants;
    let labelled = |v: Variant, games: u32, seed: u64| -> Vec<Sample> {
        data_of(v, games, seed)
            .into_iter()
            .map(|r| Sample {
                record: r,
                variant: v,
                target: cfg.blend.label(&r, cfg.scale),
            })
            .collect()
    };
    let (mut train_set, mut val) = (Vec::new(), Vec::new());
    for (k, v) in Variant::ALL.into_iter().enumerate() {
        train_set.extend(labelled(v, 30, 10 + k as u64));
        val.extend(labelled(v, 8, 20 + k as u64));
    }
    let net = train(&cfg, &train_set, &val, &mut |_| {})
        .quantize()
        .unwrap();
    for v in Variant::ALL {
        let q = net.for_variant(v).unwrap();
        let (mut bias, mut err, mut spread, mut n) = (0.0, 0.0, 0.0, 0.0);
        for s in val.iter().filter(|s| s.variant == v) {
            let t = target_cp(&s.record.position, v) as f64;
            let e = q.evaluate(&s.record.position) as f64 - t;
            bias += e;
            err += e.abs();
            spread += t.abs();
            n += 1.0;
        }
        eprintln!(
            "{v}: {n} positions, mean error {:.1} cp (signed {:.1}) against a mean |target| of {:.1} cp",
            err / n,
            bias / n,
            spread / n
        );
        assert!(
            (bias / n).abs() < 100.0 && err < 0.15 * spread,
            "{v}: mean error {} cp (signed {}), mean |target| {} cp",
            err / n,
            bias / n,
            spread / n
        );
    }
}

/// With output buckets the trainer learns each bucket's own output layer:
/// a target whose sign flips with the seeds on the board (the game's
/// phase) is fitted far better by a net with two buckets, split where the
/// sign flips, than by the same net with one output, which must make the
/// flip out of its few hidden units.
#[test]
fn output_buckets_learn_a_target_that_changes_with_the_phase() {
    let phase_target = |p: &Position| -> f32 {
        let margin = target_cp(p, Variant::Songo40) as f32;
        if p.seeds_on_board() <= 35 {
            -margin
        } else {
            margin
        }
    };
    let relabel = |records: Vec<Record>, cfg: &TrainConfig| -> Vec<Sample> {
        records
            .into_iter()
            .map(|mut r| {
                r.score = phase_target(&r.position) as i16;
                Sample {
                    record: r,
                    variant: Variant::Songo40,
                    target: cfg.blend.label(&r, cfg.scale),
                }
            })
            .collect()
    };
    let mut errors = Vec::new();
    for buckets in [1, 2] {
        let mut cfg = config(7);
        cfg.buckets = buckets;
        cfg.h1 = 16;
        let train_set = relabel(data(60, 31), &cfg);
        let val = relabel(data(15, 32), &cfg);
        let q = train(&cfg, &train_set, &val, &mut |_| {})
            .quantize()
            .unwrap();
        assert_eq!(q.buckets(), buckets);
        let err: f32 = val
            .iter()
            .map(|s| {
                (q.evaluate(&s.record.position) as f32 - phase_target(&s.record.position)).abs()
            })
            .sum::<f32>()
            / val.len() as f32;
        eprintln!(
            "{buckets} bucket(s): mean error {err:.1} cp on {} positions",
            val.len()
        );
        errors.push(err);
    }
    assert!(errors[1] < errors[0] * 0.7, "mean errors {errors:?}");
}

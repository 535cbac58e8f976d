//! `songo train`: fits a network evaluation to `songo datagen` data and
//! writes it as a net file.
//!
//! Labels, for the side to move, in win probability: the game's result
//! (1, ½, 0), the search score through `σ(score / scale)`, and the
//! tables' exact value where they decide the position, blended by the
//! `--blend` weights (the table's weight counts only where it has a
//! value). `scale`, centiseeds per unit of the net's output, is fitted to
//! the data when not given: the one that makes `σ(score / scale)` predict
//! the results best. The net is then `eval = scale × output`.
//!
//! Reproducible from `--seed`: the initial weights, the validation split
//! (by game, so that no game is on both sides) and the order of the
//! samples each epoch are drawn from it, and a batch's gradient is summed
//! over fixed chunks in a fixed order whatever the thread count.

pub(crate) mod model;

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use songo_core::variant::Variant;
use songo_engine::eval::{evaluate_with, EvalKind};
use songo_engine::nn::float::FloatNet;
use songo_engine::nn::NetError;
use songo_engine::nn::{NetScope, Network};

use crate::datagen::format::{self, DataError, Record, TB_NONE};
use model::{backward, forward, sigmoid, AdamW, Grads, Scratch};
use songo_core::rng::SplitMix;

/// Samples per gradient chunk: fixed, so sums do not depend on threads.
const CHUNK: usize = 256;
/// The range searched for the fitted scale, in centiseeds per unit.
const SCALE_RANGE: (f64, f64) = (20.0, 5000.0);
/// The first layer's biases start here, so that most units start inside
/// the clipped ReLU's slope rather than at its floor.
const B1_INIT: f32 = 0.25;

/// Why a net could not be trained.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// A `--data` file could not be read, or is not a valid data file.
    #[error(transparent)]
    Data(#[from] DataError),
    /// The `--data` files are of two variants and `--variant-input` is off.
    #[error("the data files are for {first} and {other}: train one variant at a time, or every variant with --variant-input")]
    Variants {
        /// The variant of the first file.
        first: Variant,
        /// The variant of a later file.
        other: Variant,
    },
    /// No position is left to train on once the validation games are set
    /// aside (or the files, cut by `--limit`, hold none).
    #[error("no training positions (after the validation split)")]
    NoSamples,
    /// `--blend` is not three non-negative weights whose first two add up to more than 0.
    #[error("--blend takes three non-negative weights RESULT,SCORE,TABLE, not '{0}'")]
    Blend(String),
    /// `--hidden`, `--hidden2` or `--buckets` is a size the net file cannot hold.
    #[error("bad sizes: --hidden {h1} must be a multiple of 16 up to 512, --hidden2 {h2} 0 or a multiple of 8 up to 64, --buckets {buckets} from 1 to 16")]
    Sizes {
        /// `--hidden`.
        h1: usize,
        /// `--hidden2`.
        h2: usize,
        /// `--buckets`.
        buckets: usize,
    },
    /// The thread pool of `--threads` could not be built.
    #[error("cannot start {threads} threads")]
    Threads {
        /// `--threads` (0: one per core).
        threads: usize,
        /// What rayon said.
        #[source]
        source: rayon::ThreadPoolBuildError,
    },
    /// A trained weight does not fit the quantized net's integers.
    #[error("cannot quantize the net")]
    Quantize(#[source] NetError),
    /// The net file could not be written.
    #[error(transparent)]
    Net(#[from] NetError),
}

/// The label weights of `--blend`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Blend {
    /// Weight of the game's result.
    pub result: f32,
    /// Weight of the search score, through `σ(score / scale)`.
    pub score: f32,
    /// Weight of the tables' exact value, where they have one.
    pub table: f32,
}

impl std::str::FromStr for Blend {
    type Err = TrainError;

    fn from_str(s: &str) -> Result<Blend, TrainError> {
        let bad = || TrainError::Blend(s.to_string());
        let w: Vec<f32> = s
            .split(',')
            .map(|x| x.trim().parse::<f32>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        match w[..] {
            [result, score, table]
                if w.iter().all(|x| x.is_finite() && *x >= 0.0) && result + score > 0.0 =>
            {
                Ok(Blend {
                    result,
                    score,
                    table,
                })
            }
            _ => Err(bad()),
        }
    }
}

impl Blend {
    /// The label of a record, as a win probability for the side to move.
    pub fn label(&self, r: &Record, scale: f32) -> f32 {
        let result = (r.result as f32 + 1.0) / 2.0;
        let score = sigmoid(r.score as f32 / scale);
        let (mut sum, mut weight) = (
            self.result * result + self.score * score,
            self.result + self.score,
        );
        if r.tb != TB_NONE {
            sum += self.table * (r.tb as f32 + 1.0) / 2.0;
            weight += self.table;
        }
        sum / weight
    }
}

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// One variant's net, or one for every variant (with the variant input).
    pub scope: NetScope,
    /// Units of the first hidden layer (a multiple of 16).
    pub h1: usize,
    /// Units of the second hidden layer (0: none; a multiple of 8).
    pub h2: usize,
    /// Output buckets (1: none).
    pub buckets: usize,
    /// Passes over the training set.
    pub epochs: usize,
    /// Samples per AdamW step.
    pub batch: usize,
    /// AdamW step size.
    pub lr: f32,
    /// The learning rate is multiplied by `lr_drop` for the last quarter of
    /// the epochs.
    pub lr_drop: f32,
    /// AdamW's decoupled weight decay.
    pub weight_decay: f32,
    /// How the labels are made from the records.
    pub blend: Blend,
    /// Centiseeds per unit of output.
    pub scale: f32,
    /// Seed of the initial weights and of the sample order.
    pub seed: u64,
}

/// One sample: the record's position, its variant, and its label.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// The record the sample comes from.
    pub record: Record,
    /// The variant of its data file.
    pub variant: Variant,
    /// Its label: a win probability for the side to move ([`Blend::label`]).
    pub target: f32,
}

/// What an epoch did.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// The epoch's number, from 1.
    pub epoch: usize,
    /// Mean loss on the training set during the epoch.
    pub train_loss: f64,
    /// Mean loss on the validation set at the epoch's end (NaN without one).
    pub val_loss: f64,
    /// The step size used in the epoch.
    pub lr: f32,
    /// Wall time of the epoch.
    pub seconds: f64,
}

/// Initial weights drawn from the seed: uniform, scaled by each layer's
/// fan-in (the first layer's by the ~72 inputs a position turns on).
pub fn init(cfg: &TrainConfig) -> FloatNet {
    let mut net = FloatNet::zeros_with_buckets(
        cfg.scope,
        cfg.h1,
        cfg.h2,
        cfg.buckets,
        cfg.scale.round() as u16,
    );
    let mut rng = SplitMix::new(cfg.seed ^ 0x5EED_1417);
    let mut uniform = |a: f32| {
        let u = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        (2.0 * u - 1.0) * a
    };
    let on_inputs = 72.0f32;
    net.w1
        .iter_mut()
        .for_each(|w| *w = uniform(1.0 / on_inputs.sqrt()));
    net.b1.iter_mut().for_each(|b| *b = B1_INIT);
    let a2 = 1.0 / (cfg.h1 as f32).sqrt();
    net.w2.iter_mut().for_each(|w| *w = uniform(a2));
    let last = net.last() as f32;
    net.w3
        .iter_mut()
        .for_each(|w| *w = uniform(1.0 / last.sqrt()));
    net
}

/// The mean loss of `net` on `samples` (in parallel, summed in order).
pub fn loss(net: &FloatNet, samples: &[Sample]) -> f64 {
    let sums: Vec<f64> = samples
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut s = Scratch::new(net);
            let mut active = Vec::with_capacity(96);
            chunk
                .iter()
                .map(|x| {
                    net.active_inputs(&x.record.position, x.variant, &mut active);
                    let bucket = net.bucket_of(&x.record.position);
                    let e = sigmoid(forward(net, &active, bucket, &mut s)) - x.target;
                    (e * e) as f64
                })
                .sum()
        })
        .collect();
    sums.iter().sum::<f64>() / samples.len().max(1) as f64
}

/// Trains from `init(cfg)`; returns the net of the epoch with the lowest
/// validation loss. `report` hears each epoch.
pub fn train(
    cfg: &TrainConfig,
    train_set: &[Sample],
    val_set: &[Sample],
    report: &mut dyn FnMut(&EpochReport),
) -> FloatNet {
    let mut net = init(cfg);
    let mut adam = AdamW::new(&net, cfg.weight_decay);
    let mut best = (f64::INFINITY, net.clone());
    let mut order: Vec<u32> = (0..train_set.len() as u32).collect();
    for epoch in 1..=cfg.epochs {
        let started = Instant::now();
        let mut rng = SplitMix::new(cfg.seed ^ (epoch as u64).wrapping_mul(0xA24B_AED4_963E_E407));
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let lr = if epoch * 4 > cfg.epochs * 3 {
            cfg.lr * cfg.lr_drop
        } else {
            cfg.lr
        };
        let mut total = 0.0f64;
        for batch in order.chunks(cfg.batch) {
            let parts: Vec<(Grads, f64)> = batch
                .par_chunks(CHUNK)
                .map(|chunk| {
                    let mut g = Grads::zeros(&net);
                    let mut s = Scratch::new(&net);
                    let mut active = Vec::with_capacity(96);
                    let mut l = 0.0f64;
                    for &k in chunk {
                        let x = &train_set[k as usize];
                        net.active_inputs(&x.record.position, x.variant, &mut active);
                        let bucket = net.bucket_of(&x.record.position);
                        l += backward(&net, &active, bucket, x.target, &mut s, &mut g) as f64;
                    }
                    (g, l)
                })
                .collect();
            let mut g = Grads::zeros(&net);
            for (part, l) in &parts {
                g.add(part);
                total += l;
            }
            adam.step(&mut net, &g, batch.len(), lr);
        }
        let val_loss = if val_set.is_empty() {
            f64::NAN
        } else {
            loss(&net, val_set)
        };
        let r = EpochReport {
            epoch,
            train_loss: total / train_set.len().max(1) as f64,
            val_loss,
            lr,
            seconds: started.elapsed().as_secs_f64(),
        };
        report(&r);
        let key = if val_set.is_empty() {
            r.train_loss
        } else {
            val_loss
        };
        if key < best.0 {
            best = (key, net.clone());
        }
    }
    best.1
}

/// The scale (centiseeds per unit) for which `σ(score / scale)` best
/// predicts the results, by log loss: golden-section search.
pub fn fit_scale(records: &[Record]) -> f64 {
    let loss = |scale: f64| -> f64 {
        records
            .iter()
            .map(|r| {
                let p = (1.0 / (1.0 + (-(r.score as f64) / scale).exp())).clamp(1e-6, 1.0 - 1e-6);
                let y = (r.result as f64 + 1.0) / 2.0;
                -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
            })
            .sum::<f64>()
    };
    let (mut lo, mut hi) = SCALE_RANGE;
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let (a, b) = (hi - phi * (hi - lo), lo + phi * (hi - lo));
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Whether a game goes to the validation set.
fn is_validation(seed: u64, game: u32, fraction: f64) -> bool {
    let x = SplitMix::new(seed ^ 0x0A11_DA7E ^ (game as u64) << 17).next_u64();
    (x >> 11) as f64 / (1u64 << 53) as f64 <= fraction
}

/// `songo train`'s arguments.
#[derive(Args, Debug, Clone)]
pub struct TrainArgs {
    /// Data files of `songo datagen` (repeatable; one variant unless --variant-input).
    #[arg(long = "data", required = true, value_name = "FILE")]
    pub data: Vec<PathBuf>,
    /// Train one net for every variant, the variant one of its inputs
    /// (input layout 2), on the data files of any variants.
    #[arg(long)]
    pub variant_input: bool,
    /// The net file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Units of the first hidden layer (a multiple of 16).
    #[arg(long, default_value_t = 64)]
    pub hidden: usize,
    /// Units of the second hidden layer (0: none; a multiple of 8).
    #[arg(long, default_value_t = 0)]
    pub hidden2: usize,
    /// Output buckets by the seeds on the board (1: none; at most 16): one
    /// output layer per equal share of 0..=70 seeds.
    #[arg(long, default_value_t = 1)]
    pub buckets: usize,
    // No `///` here: it would become the flag's help text, and `songo
    // train --help` stays as it is.
    #[allow(missing_docs)]
    #[arg(long, default_value_t = 12)]
    pub epochs: usize,
    /// Samples per AdamW step.
    #[arg(long, default_value_t = 4096)]
    pub batch: usize,
    /// AdamW step size.
    #[arg(long, default_value_t = 0.002)]
    pub lr: f32,
    /// The step size is multiplied by this for the last quarter of the epochs.
    #[arg(long, default_value_t = 0.1)]
    pub lr_drop: f32,
    /// AdamW's decoupled weight decay.
    #[arg(long, default_value_t = 0.0001)]
    pub weight_decay: f32,
    /// Label weights RESULT,SCORE,TABLE (the table's only where it decides).
    #[arg(long, default_value = "0.5,0.5,1")]
    pub blend: Blend,
    /// Centiseeds per unit of output (0: fitted to the data).
    #[arg(long, default_value_t = 0.0)]
    pub scale: f64,
    /// Fraction of the games kept for validation.
    #[arg(long, default_value_t = 0.05)]
    pub val: f64,
    /// Seed of the initial weights, the split and the sample order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Use at most this many positions of the data (0: all): the first
    /// ones, in the order of the --data files (so a small limit may leave
    /// out the variants of the later files).
    #[arg(long, default_value_t = 0)]
    pub limit: usize,
}

/// Runs `songo train`: reads the data, fits the scale if asked, trains,
/// prints the loss each epoch and writes the quantized net.
pub fn run(a: &TrainArgs) -> Result<(), TrainError> {
    let buckets_ok = (1..=songo_engine::nn::spec::MAX_BUCKETS).contains(&a.buckets);
    if !songo_engine::nn::spec::valid_sizes(a.hidden, a.hidden2) || !buckets_ok {
        return Err(TrainError::Sizes {
            h1: a.hidden,
            h2: a.hidden2,
            buckets: a.buckets,
        });
    }
    let mut records = Vec::new();
    let mut variants: Vec<Variant> = Vec::new();
    for path in &a.data {
        let (h, rs) = format::read(path)?;
        if let Some(&first) = variants.first() {
            if first != h.variant && !a.variant_input {
                return Err(TrainError::Variants {
                    first,
                    other: h.variant,
                });
            }
        }
        // Games of different files of a variant must not share a number in
        // the split; a variant's first file keeps the split it has alone,
        // so that validation losses compare with its own net's.
        let earlier = variants.iter().filter(|&&v| v == h.variant).count() as u32;
        variants.push(h.variant);
        records.extend(rs.into_iter().map(|mut r| {
            r.game = r.game.wrapping_add(earlier << 24);
            (r, h.variant)
        }));
    }
    if a.limit > 0 {
        records.truncate(a.limit);
    }
    let scope = if a.variant_input {
        NetScope::AllVariants
    } else {
        NetScope::Variant(variants[0])
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads)
        .build()
        .map_err(|source| TrainError::Threads {
            threads: a.threads,
            source,
        })?;
    pool.install(|| run_on(a, scope, &records))
}

fn run_on(a: &TrainArgs, scope: NetScope, records: &[(Record, Variant)]) -> Result<(), TrainError> {
    let scale = if a.scale > 0.0 {
        a.scale
    } else {
        let rs: Vec<Record> = records.iter().map(|(r, _)| *r).collect();
        let s = fit_scale(&rs);
        songo_cli::errln!(
            "fitted scale: {s:.1} centiseeds per unit (σ(score/scale) against the results)"
        );
        s
    };
    let label = |&(r, variant): &(Record, Variant)| Sample {
        record: r,
        variant,
        target: a.blend.label(&r, scale as f32),
    };
    let (val, train_set): (Vec<Sample>, Vec<Sample>) = records
        .iter()
        .map(label)
        .partition(|s| is_validation(a.seed, s.record.game, a.val));
    for v in Variant::ALL {
        let count = |set: &[Sample]| set.iter().filter(|s| s.variant == v).count();
        let of_v = || records.iter().filter(|(_, x)| *x == v);
        let positions = of_v().count();
        if positions > 0 {
            songo_cli::errln!(
                "{v}: {positions} positions ({} with a table value); {} to train, {} to validate",
                of_v().filter(|(r, _)| r.tb != TB_NONE).count(),
                count(&train_set),
                count(&val)
            );
        }
    }
    if train_set.is_empty() {
        return Err(TrainError::NoSamples);
    }
    // The tuned evaluation's loss on the same labels: the bar to clear.
    let tuned_loss = |set: &[&Sample]| {
        set.iter()
            .map(|s| {
                let e = evaluate_with(&s.record.position, s.variant, EvalKind::Tuned) as f32;
                let d = sigmoid(e / scale as f32) - s.target;
                (d * d) as f64
            })
            .sum::<f64>()
            / set.len().max(1) as f64
    };
    let all: Vec<&Sample> = val.iter().collect();
    songo_cli::errln!(
        "tuned evaluation on the validation set: loss {:.5}",
        tuned_loss(&all)
    );
    let cfg = TrainConfig {
        scope,
        h1: a.hidden,
        h2: a.hidden2,
        buckets: a.buckets,
        epochs: a.epochs,
        batch: a.batch,
        lr: a.lr,
        lr_drop: a.lr_drop,
        weight_decay: a.weight_decay,
        blend: a.blend,
        scale: scale as f32,
        seed: a.seed,
    };
    let net = train(&cfg, &train_set, &val, &mut |r| {
        songo_cli::errln!(
            "epoch {:>3}/{}: train loss {:.5}, validation loss {:.5}, lr {}, {:.1} s",
            r.epoch,
            a.epochs,
            r.train_loss,
            r.val_loss,
            r.lr,
            r.seconds
        )
    });
    let q = net.quantize().map_err(TrainError::Quantize)?;
    // The net that evaluates each variant's samples: a net of one variant
    // has only its own samples, and is itself.
    let specialised: Vec<Network> = Variant::ALL
        .iter()
        .map(|&v| q.for_variant(v).unwrap_or_else(|_| q.clone()))
        .collect();
    let for_v = |v: Variant| &specialised[v.index()];
    let worst = val
        .iter()
        .take(10_000)
        .map(|s| {
            let p = &s.record.position;
            (for_v(s.variant).evaluate(p) - net.evaluate_cp(p, s.variant)).abs()
        })
        .max()
        .unwrap_or(0);
    if scope.has_variant_input() {
        // Per variant, against the tuned evaluation and the same
        // validation games as a net of that variant alone.
        for v in Variant::ALL {
            let of_v: Vec<&Sample> = val.iter().filter(|s| s.variant == v).collect();
            if !of_v.is_empty() {
                let own: Vec<Sample> = of_v.iter().map(|s| **s).collect();
                songo_cli::errln!(
                    "{v}: validation loss {:.5} ({} positions; tuned evaluation {:.5})",
                    loss(&net, &own),
                    own.len(),
                    tuned_loss(&of_v)
                );
            }
        }
    }
    q.save(&a.out)?;
    songo_cli::errln!(
        "wrote {} ({}{} → {}{} → 1{}, scale {}); quantized against float on {} validation positions: at most {} centiseeds apart",
        a.out.display(),
        net.inputs(),
        if scope.has_variant_input() { " with the variant" } else { "" },
        a.hidden,
        if a.hidden2 > 0 { format!(" → {}", a.hidden2) } else { String::new() },
        if a.buckets > 1 { format!(" in {} buckets", a.buckets) } else { String::new() },
        q.scale_cp(),
        val.len().min(10_000),
        worst
    );
    Ok(())
}

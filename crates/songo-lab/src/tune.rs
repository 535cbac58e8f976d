//! `songo tune`: fits the evaluation weights to self-play results.
//!
//! Texel-style: play games at a fixed node count from random openings,
//! keep the quiet positions (no capture available to the side to move, so
//! the static evaluation is meaningful there), label each with the game's
//! result for the side to move (1, ½, 0), and fit the weights of the linear
//! evaluation by logistic regression: `P(win) = σ(K · eval / 100)`.
//!
//! `K` is fitted first with the current weights and then held, so the
//! fitted weights stay in centiseeds. Everything is reproducible from the
//! seed: game `i` depends only on the seed and `i`, and the gradient is
//! summed over fixed chunks in a fixed order, whatever the thread count.

use std::path::PathBuf;
use std::time::Instant;

use rayon::prelude::*;

use crate::matches::openings::{self, OpeningError};
use clap::Args;
use songo_cli::{errln, out};
use songo_core::game::{Game, GameStatus};
use songo_core::movegen::Outcome;
use songo_core::variant::Variant;
use songo_engine::eval::{self, Feature, Weights, FEATURES};
use songo_engine::search::{search, SearchControl, SearchOptions, SearchRequest};
use songo_engine::tt::{AllocError, TranspositionTable};
use songo_engine::Limits;
use songo_engine::Score;

/// Self-play games are stopped and counted (5.2) after this many plies.
pub use crate::datagen::MAX_GAME_PLIES;
/// Transposition table per self-play game, in MB.
const GAME_HASH_MB: usize = 2;
/// Samples per gradient chunk: fixed, so sums do not depend on threads.
const CHUNK: usize = 4096;
/// Adam's moment decay rates and its guard against division by zero.
const ADAM_BETA1: f64 = 0.9;
const ADAM_BETA2: f64 = 0.999;
const ADAM_EPSILON: f64 = 1e-8;

/// Why the weights could not be tuned.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// `--games 0`.
    #[error("--games must be at least 1")]
    NoGames,
    /// Adam needs a positive, finite step.
    #[error("--learning-rate must be a positive number, not {value}")]
    LearningRate {
        /// The value given.
        value: f64,
    },
    /// The random openings could not be made.
    #[error(transparent)]
    Openings(#[from] OpeningError),
    /// A self-play game's hash table.
    #[error(transparent)]
    Hash(#[from] AllocError),
    /// The games left nothing to fit.
    #[error("the {games} self-play games gave no quiet position to fit")]
    NoSamples {
        /// Games played.
        games: usize,
    },
    /// `--out` could not be written.
    #[error("cannot write the weights to {}", path.display())]
    Write {
        /// The `--out` file.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
    /// The output could not be written (its reader went away: `| head`).
    #[error(transparent)]
    Stdout(#[from] songo_cli::output::StdoutError),
}

/// How to tune.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// The rule variant of the games.
    pub variant: Variant,
    /// Self-play games.
    pub games: usize,
    /// Search nodes per self-play move.
    pub nodes: u64,
    /// Random plies at the start of each game.
    pub opening_plies: usize,
    /// Seed of the openings.
    pub seed: u64,
    /// Full passes of gradient descent.
    pub epochs: usize,
    /// Adam step size, in centiseeds.
    pub learning_rate: f64,
}

/// One training position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Each evaluation term of the side to move minus the opponent's, in
    /// the order of [`Feature`].
    pub features: [i16; FEATURES],
    /// The game's result for the side to move: 1 win, 0.5 draw, 0 loss.
    pub result: f32,
}

/// Plays the self-play games (in parallel) and returns their quiet positions.
/// `progress` is called once per finished game.
pub fn self_play(cfg: &TuneConfig, progress: &(dyn Fn() + Sync)) -> Result<Vec<Sample>, TuneError> {
    let starts = openings::random(cfg.variant, cfg.opening_plies, cfg.seed, cfg.games)?;
    let games: Vec<Vec<Sample>> = starts
        .par_iter()
        .map(|o| {
            let samples = play_one(
                cfg,
                o.moves.len(),
                Game::with_moves(cfg.variant, o.start, o.moves.iter().copied()),
            );
            progress();
            samples
        })
        .collect::<Result<_, AllocError>>()?;
    Ok(games.into_iter().flatten().collect())
}

fn play_one(
    cfg: &TuneConfig,
    opening_plies: usize,
    game: Result<Game, (usize, songo_core::game::PlayError)>,
) -> Result<Vec<Sample>, AllocError> {
    // The random openings are legal by construction.
    let Ok(mut game) = game else {
        return Ok(Vec::new());
    };
    let v = cfg.variant;
    let tt = TranspositionTable::new(GAME_HASH_MB)?;
    let control = SearchControl::default();
    // The positions are labelled by games of the evaluation being tuned.
    let options = SearchOptions {
        eval: eval::EvalKind::Tuned,
        ..SearchOptions::default()
    };
    let limits = Limits::nodes(cfg.nodes);
    let mut quiet = Vec::new();
    while !game.is_over() && game.moves().len() < opening_plies + MAX_GAME_PLIES {
        let p = game.position();
        let [us, them] = eval::side_features(&p, v);
        if us[Feature::Threat as usize] == 0 {
            let f: [i16; FEATURES] = std::array::from_fn(|i| (us[i] - them[i]) as i16);
            quiet.push((p.side_to_move(), f));
        }
        let r = search(
            SearchRequest::new(&game, &tt)
                .limits(limits.clone())
                .options(options.clone())
                .control(&control),
        );
        let Some(m) = r.best else { break };
        if game.play(m).is_err() {
            break;
        }
    }
    let outcome = match game.status() {
        GameStatus::Over { outcome, .. } => outcome,
        GameStatus::Ongoing => game.position().outcome(v),
    };
    Ok(quiet
        .into_iter()
        .map(|(side, features)| Sample {
            features,
            result: match outcome {
                Outcome::Win(w) if w == side => 1.0,
                Outcome::Win(_) => 0.0,
                Outcome::Draw => 0.5,
            },
        })
        .collect())
}

/// The arguments of `songo tune`, and of `songo tune search` in [`mode`](TuneArgs::mode).
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Rule variant: songo36-beginner, songo36-amateur or songo40.
    #[arg(long, short = 'v', default_value = "songo40")]
    pub variant: songo_core::Variant,
    /// Self-play games.
    #[arg(long, default_value_t = 2000)]
    pub games: usize,
    /// Search nodes per self-play move.
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 6)]
    pub plies: usize,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Passes of gradient descent.
    #[arg(long, default_value_t = 2000)]
    pub epochs: usize,
    /// Gradient step, in centiseeds.
    #[arg(long, default_value_t = 1.0)]
    pub learning_rate: f64,
    /// Hold this term's weight at zero (repeatable), e.g. --without "empty pits".
    #[arg(long, value_name = "TERM")]
    pub without: Vec<songo_engine::eval::Feature>,
    /// Also write the weights' Rust source to this file.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// `songo tune search` when given; `songo tune` alone fits the weights.
    #[command(subcommand)]
    pub mode: Option<TuneMode>,
}

/// What else `songo tune` tunes.
#[derive(clap::Subcommand, Debug)]
pub enum TuneMode {
    /// Tune the search's parameters by SPSA in self-play (resumable).
    #[command(after_help = crate::spsa::after_help())]
    Search(crate::spsa::SpsaArgs),
}

/// Runs `songo tune`: plays the games, fits the weights, prints their
/// source (and writes it to `--out`); the progress goes to standard error.
pub fn run(a: &TuneArgs) -> Result<(), TuneError> {
    if a.games == 0 {
        return Err(TuneError::NoGames);
    }
    if !(a.learning_rate.is_finite() && a.learning_rate > 0.0) {
        return Err(TuneError::LearningRate {
            value: a.learning_rate,
        });
    }
    let cfg = TuneConfig {
        variant: a.variant,
        games: a.games,
        nodes: a.nodes,
        opening_plies: a.plies,
        seed: a.seed,
        epochs: a.epochs,
        learning_rate: a.learning_rate,
    };
    let bar = songo_cli::progress::bar(a.games as u64, "self-play");
    let start = Instant::now();
    let samples = self_play(&cfg, &|| bar.inc(1));
    match &samples {
        Ok(_) => bar.finish_and_clear(),
        Err(_) => bar.abandon(),
    }
    let samples = samples?;
    errln!(
        "{} games, {} quiet positions in {:.1} s",
        a.games,
        samples.len(),
        start.elapsed().as_secs_f64()
    );
    if samples.is_empty() {
        return Err(TuneError::NoSamples { games: a.games });
    }
    let f = fit(
        &samples,
        eval::weights(a.variant),
        a.epochs,
        a.learning_rate,
        &a.without,
    );
    errln!(
        "K {:.4}; loss {:.5} -> {:.5}",
        f.k,
        f.loss_before,
        f.loss_after
    );
    let mut command = format!(
        "songo tune --variant {} --games {} --nodes {} --plies {} --seed {} --epochs {} --learning-rate {}",
        a.variant, a.games, a.nodes, a.plies, a.seed, a.epochs, a.learning_rate
    );
    for f in &a.without {
        command.push_str(&format!(" --without '{}'", f.name()));
    }
    let source = weights_source(a.variant, &f.rounded(), &command);
    // A closed output still leaves the weights in --out.
    let printed = out!("{source}");
    if let Some(path) = &a.out {
        std::fs::write(path, &source).map_err(|source| TuneError::Write {
            path: path.clone(),
            source,
        })?;
    }
    Ok(printed?)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn predict(w: &[f64; FEATURES], s: &Sample, k: f64) -> f64 {
    let e: f64 = w.iter().zip(&s.features).map(|(w, &f)| w * f as f64).sum();
    sigmoid(k * e / eval::SEED as f64)
}

/// Mean cross-entropy of the samples under weights `w` and scale `k`.
pub fn loss(samples: &[Sample], w: &[f64; FEATURES], k: f64) -> f64 {
    const CLAMP: f64 = 1e-12;
    let total: f64 = samples
        .par_chunks(CHUNK)
        .map(|c| {
            c.iter()
                .map(|s| {
                    let p = predict(w, s, k).clamp(CLAMP, 1.0 - CLAMP);
                    let y = s.result as f64;
                    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
                })
                .sum::<f64>()
        })
        .collect::<Vec<f64>>()
        .iter()
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale `K` that best fits the samples with weights `w` (golden-section
/// search on the loss, which is unimodal in `K`).
pub fn fit_scale(samples: &[Sample], w: &[f64; FEATURES]) -> f64 {
    let (mut lo, mut hi) = (1e-3f64, 10.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if loss(samples, w, a) < loss(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The result of a fit.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The scale `K` of the prediction `σ(K × eval)`, the evaluation in
    /// seeds: fitted to the starting weights, then held.
    pub k: f64,
    /// The fitted weights, in centiseeds, in the order of [`Feature`].
    pub weights: [f64; FEATURES],
    /// Mean cross-entropy of the starting weights.
    pub loss_before: f64,
    /// Mean cross-entropy of the fitted weights.
    pub loss_after: f64,
}

impl Fit {
    /// The weights rounded to whole centiseeds.
    pub fn rounded(&self) -> Weights {
        Weights(self.weights.map(|w| w.round() as Score))
    }
}

/// Fits the weights from `start` with Adam on the full batch, holding the
/// terms in `without` at zero (terms that measured weaker in play).
pub fn fit(
    samples: &[Sample],
    start: &Weights,
    epochs: usize,
    lr: f64,
    without: &[Feature],
) -> Fit {
    let mut w: [f64; FEATURES] = start.0.map(|x| x as f64);
    let mut held = [false; FEATURES];
    for &f in without {
        held[f as usize] = true;
        w[f as usize] = 0.0;
    }
    let k = fit_scale(samples, &w);
    let loss_before = loss(samples, &w, k);
    let (mut m, mut v) = ([0f64; FEATURES], [0f64; FEATURES]);
    let n = samples.len().max(1) as f64;
    for t in 1..=epochs {
        let partial: Vec<[f64; FEATURES]> = samples
            .par_chunks(CHUNK)
            .map(|c| {
                let mut g = [0f64; FEATURES];
                for s in c {
                    let err = predict(&w, s, k) - s.result as f64;
                    for (gi, &f) in g.iter_mut().zip(&s.features) {
                        *gi += err * f as f64;
                    }
                }
                g
            })
            .collect();
        let mut grad = [0f64; FEATURES];
        for g in &partial {
            for (a, b) in grad.iter_mut().zip(g) {
                *a += b;
            }
        }
        for i in (0..FEATURES).filter(|&i| !held[i]) {
            let g = grad[i] * k / eval::SEED as f64 / n;
            m[i] = ADAM_BETA1 * m[i] + (1.0 - ADAM_BETA1) * g;
            v[i] = ADAM_BETA2 * v[i] + (1.0 - ADAM_BETA2) * g * g;
            let mh = m[i] / (1.0 - ADAM_BETA1.powi(t as i32));
            let vh = v[i] / (1.0 - ADAM_BETA2.powi(t as i32));
            w[i] -= lr * mh / (vh.sqrt() + ADAM_EPSILON);
        }
    }
    Fit {
        k,
        loss_before,
        loss_after: loss(samples, &w, k),
        weights: w,
    }
}

/// The fitted weights as the Rust source of `eval::weights`.
pub fn weights_source(v: Variant, w: &Weights, command: &str) -> String {
    let name = match v {
        Variant::Songo36Beginner => "SONGO36_BEGINNER",
        Variant::Songo36Amateur => "SONGO36_AMATEUR",
        Variant::Songo40 => "SONGO40",
    };
    let mut out = format!("/// Tuned by `{command}`.\npub const {name}: Weights = Weights([\n");
    for f in Feature::ALL {
        out.push_str(&format!("    {}, // {}\n", w.0[f as usize], f.name()));
    }
    out.push_str("]);\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A held-out term stays at zero, even when the results depend on it.
    #[test]
    fn held_out_terms_stay_at_zero() {
        let samples: Vec<Sample> = (-5i16..=5)
            .map(|x| {
                let mut features = [0i16; FEATURES];
                features[Feature::Empty as usize] = x;
                features[Feature::Captured as usize] = x;
                Sample {
                    features,
                    result: if x > 0 { 1.0 } else { 0.0 },
                }
            })
            .collect();
        let start = Weights([50, 0, 0, 0, 80, 0, 0, 0, 0]);
        let f = fit(&samples, &start, 50, 2.0, &[Feature::Empty]);
        assert_eq!(f.weights[Feature::Empty as usize], 0.0);
        assert!(
            f.weights[Feature::Captured as usize] > 50.0,
            "{:?}",
            f.weights
        );
    }

    /// Samples whose result follows a known logistic model must give back
    /// that model's weights.
    #[test]
    fn fit_recovers_a_known_model() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let truth = [100.0, 0.0, 40.0, -30.0, 0.0, 0.0, 0.0, 0.0, 0.0];
        let k = 0.5;
        let samples: Vec<Sample> = (0..40_000)
            .map(|_| {
                let mut features = [0i16; FEATURES];
                features[0] = rng.random_range(-8..=8);
                features[2] = rng.random_range(-10..=10);
                features[3] = rng.random_range(-4..=4);
                let s = Sample {
                    features,
                    result: 0.0,
                };
                let p = predict(&truth, &s, k);
                Sample {
                    result: if rng.random::<f64>() < p { 1.0 } else { 0.0 },
                    ..s
                }
            })
            .collect();
        let start = Weights([100, 0, 0, 0, 0, 0, 0, 0, 0]);
        let mut w = start.0.map(|x| x as f64);
        let mut fitk = 0.0;
        // Alternate as the tuner would over two rounds: K, then weights.
        for _ in 0..2 {
            fitk = fit_scale(&samples, &w);
            let f = fit(
                &samples,
                &Weights(w.map(|x| x.round() as Score)),
                800,
                2.0,
                &[],
            );
            w = f.weights;
            assert!(f.loss_after <= f.loss_before + 1e-9);
        }
        // Only the ratios are identifiable with K free; compare to w[0].
        let scale = w[0] / truth[0];
        assert!((w[2] / scale - 40.0).abs() < 6.0, "{w:?} K {fitk}");
        assert!((w[3] / scale + 30.0).abs() < 6.0, "{w:?} K {fitk}");
        assert!(w[1].abs() < 5.0 && w[4].abs() < 5.0, "{w:?}");
    }

    #[test]
    fn self_play_is_reproducible() {
        let cfg = TuneConfig {
            variant: Variant::Songo40,
            games: 4,
            nodes: 300,
            opening_plies: 4,
            seed: 9,
            epochs: 0,
            learning_rate: 1.0,
        };
        let a = self_play(&cfg, &|| {}).unwrap();
        let b = self_play(&cfg, &|| {}).unwrap();
        assert!(!a.is_empty());
        assert_eq!(a, b);
        assert!(a.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.result)));
    }
}

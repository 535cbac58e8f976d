//! What each technique of the search changes, turned off alone: over the
//! bench positions at fixed depths, one thread, a fresh table each, the
//! nodes with and without it, how far the score moves, and how much worse
//! the move chosen with it is by the search without it. The figures of
//! docs/tuning-history.md ("Each technique turned off") and the bounds
//! `tests/search.rs` holds the techniques to come from here:
//!
//! ```sh
//! cargo run --release -p songo-engine --example technique_effects -- [EVAL] [DEPTH...]
//! ```
//!
//! EVAL is `tuned` (the default: the tests' evaluation) or `nn`; the
//! depths default to 8 to 14. The first line, "one ply more", compares the
//! engine with itself one ply deeper: the yardstick of the others.

use songo_core::score::TB_BOUND;
use songo_core::{Game, Position};
use songo_engine::bench::{BENCH_HASH_MB, BENCH_POSITIONS};
use songo_engine::eval::EvalKind;
use songo_engine::search::{search, SearchOptions, SearchParams, SearchRequest, Technique};
use songo_engine::tt::TranspositionTable;
use songo_engine::Limits;
use songo_engine::{Score, SearchResult};

fn run(game: &Game, limits: Limits, eval: EvalKind, params: SearchParams) -> SearchResult {
    let tt = TranspositionTable::new(BENCH_HASH_MB).expect("a table of the bench's size");
    let options = SearchOptions {
        eval,
        params,
        ..SearchOptions::default()
    };
    search(
        SearchRequest::new(game, &tt)
            .limits(limits)
            .options(options),
    )
}

/// One technique (or the yardstick) over every depth.
#[derive(Default)]
struct Effect {
    nodes_with: u64,
    nodes_without: u64,
    acted: u64,
    compared: u32,
    kept: u32,
    /// Positions with a proven score either way: no scale to compare on.
    decided: u32,
    largest_change: Score,
    largest_loss: Score,
    /// The largest sum, over the positions of one depth, of the chosen
    /// moves' losses.
    largest_depth_loss: Score,
    worst: String,
}

/// The search without `technique` (`None`: the search one ply deeper)
/// against the engine's, over the bench positions at `depths`.
fn effect(technique: Option<Technique>, depths: &[u32], eval: EvalKind) -> Effect {
    let with = SearchParams::default();
    let without = technique.map_or(with, |t| with.without(t));
    let deeper = technique.is_none() as u32;
    let mut e = Effect::default();
    for &depth in depths {
        let mut depth_loss = 0;
        for &(v, text) in BENCH_POSITIONS {
            let p: Position = text.parse().expect("bench positions are valid");
            let game = Game::new(v, p);
            let on = run(&game, Limits::depth(depth), eval, with);
            let off = run(&game, Limits::depth(depth + deeper), eval, without);
            e.nodes_with += on.nodes;
            e.nodes_without += off.nodes;
            e.acted += technique.map_or(0, |t| on.stats.acted(t));
            if on.score.abs() >= TB_BOUND || off.score.abs() >= TB_BOUND {
                e.decided += 1;
                continue;
            }
            e.compared += 1;
            let change = (on.score - off.score).abs();
            let loss = if on.best == off.best {
                e.kept += 1;
                0
            } else {
                let only = Limits {
                    searchmoves: on.best.into_iter().collect(),
                    ..Limits::depth(depth + deeper)
                };
                // A restricted search may score the move above the best: no loss.
                (off.score - run(&game, only, eval, without).score).max(0)
            };
            if change.max(loss) > e.largest_change.max(e.largest_loss) {
                e.worst = format!("{v} {text} depth {depth}");
            }
            e.largest_change = e.largest_change.max(change);
            e.largest_loss = e.largest_loss.max(loss);
            depth_loss += loss;
        }
        e.largest_depth_loss = e.largest_depth_loss.max(depth_loss);
    }
    e
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let eval = match args.peek().map(|a| a.parse::<EvalKind>()) {
        Some(Ok(e)) => {
            args.next();
            e
        }
        _ => EvalKind::Tuned,
    };
    let mut depths: Vec<u32> = args
        .map(|a| a.parse().expect("a depth is a whole number"))
        .collect();
    if depths.is_empty() {
        depths = (8..=14).collect();
    }
    println!("evaluation {eval}, depths {depths:?}, {BENCH_HASH_MB} MB, one thread");
    println!(
        "| without | nodes with / without | acted | best move kept | score change ≤ \
         | chosen move's loss ≤ | its sum at one depth ≤ | largest at |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for technique in [None].into_iter().chain(Technique::ALL.map(Some)) {
        let e = effect(technique, &depths, eval);
        let name = technique.map_or("(one ply more)".to_string(), |t| format!("{t:?}"));
        println!(
            "| {name} | {} / {} | {} | {}/{}{} | {} | {} | {} | {} |",
            e.nodes_with,
            e.nodes_without,
            e.acted,
            e.kept,
            e.compared,
            if e.decided > 0 {
                format!(" ({} decided)", e.decided)
            } else {
                String::new()
            },
            e.largest_change,
            e.largest_loss,
            e.largest_depth_loss,
            e.worst
        );
    }
}

//! The root: its moves (less those the tablebases prove worse), iterative
//! deepening with aspiration windows, the lines reported, and when to stop.
//! The search of one iteration is the worker's (`Worker::root_search`).

use std::sync::atomic::Ordering;

use super::smp::next_depth;
use super::tunables::{
    ASPIRATION_FULL_WINDOW_THRESHOLD, ASPIRATION_MIN_DEPTH, ASPIRATION_WIDEN_FACTOR,
};
use super::worker::Worker;
use super::{Info, RootMove, ScoreBound, SearchResult, SearchStats};
use crate::score::{mate_in, Score, INFINITE, MATE_BOUND, MAX_PLY};
use crate::timeman::Limits;
use songo_core::game::Game;
use songo_core::moves::Move;
use songo_tb::{history_is_clean, Tablebases};

/// The moves the search considers at the root of `game`: the legal ones
/// (only those of `limits.searchmoves` if any), less those the tablebases
/// prove worse than another, unless that leaves none.
pub(super) fn root_moves(game: &Game, limits: &Limits, tb: Option<&Tablebases>) -> Vec<RootMove> {
    let mut root_moves: Vec<RootMove> = game
        .position()
        .legal_moves(game.variant())
        .into_iter()
        .filter(|m| limits.searchmoves.is_empty() || limits.searchmoves.contains(m))
        .map(|mv| RootMove {
            mv,
            score: -INFINITE,
            pv: vec![mv],
        })
        .collect();
    let worse = tb.map_or(Vec::new(), |tb| tb_worse_root_moves(game, tb, &root_moves));
    if worse.len() < root_moves.len() {
        root_moves.retain(|r| !worse.contains(&r.mv));
    }
    root_moves
}

/// Root moves the tablebases prove worse than another move, if the history
/// lets them speak (see [`crate::tb`]): after each root move, no position
/// of its seed count may have occurred twice.
fn tb_worse_root_moves(game: &Game, tb: &Tablebases, allowed: &[RootMove]) -> Vec<Move> {
    let v = game.variant();
    let root = game.position();
    if !history_is_clean(game.positions()) || game.repetitions() > 1 {
        return Vec::new();
    }
    let mut verdicts = tb.probe_moves(&root, v);
    verdicts.retain(|(m, _)| allowed.iter().any(|r| r.mv == *m));
    let Some(guaranteed) = verdicts.iter().filter_map(|(_, r)| r.map(|r| r.0)).max() else {
        return Vec::new();
    };
    verdicts
        .into_iter()
        .filter(|(_, r)| r.is_some_and(|(_, best)| best < guaranteed))
        .map(|(m, _)| m)
        .collect()
}

/// Iterative deepening for one worker. The thread that finishes an
/// iteration first reports it and decides whether to go on.
pub(super) fn iterate(w: &mut Worker) -> SearchResult {
    let shared = w.shared();
    let limits = shared.limits;
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as u32 - 1)
        .clamp(1, MAX_PLY as u32 - 1);
    let multipv = if w.is_main() { shared.multipv } else { 1 };
    let mut completed = SearchResult {
        best: Some(w.root_moves()[0].mv),
        ponder: None,
        score: 0,
        depth: 0,
        nodes: 0,
        stats: SearchStats::default(),
    };
    // Refused when the search ended first: then the loop ends at once.
    w.take_turn();
    let mut depth = 0;
    loop {
        if depth >= max_depth || shared.done.load(Ordering::Relaxed) || shared.control.is_stopped()
        {
            break;
        }
        depth = if shared.shares_frontier() {
            let frontier = shared.frontier.load(Ordering::Acquire);
            next_depth(depth, frontier, w.id(), max_depth)
        } else {
            depth + 1
        };
        for pv_index in 0..multipv {
            w.start_line();
            let score = search_line(w, depth, pv_index);
            if w.aborted() {
                break;
            }
            if w.is_main() && !shared.shares_frontier() {
                let info = make_info(w, depth, pv_index, score, ScoreBound::Exact);
                if pv_index + 1 == multipv {
                    shared.report_answer(&info, &w.root_moves()[0]);
                } else {
                    shared.report(&info);
                }
            }
        }
        if w.aborted() {
            break;
        }
        let best = &w.root_moves()[0];
        completed = SearchResult {
            best: Some(best.mv),
            ponder: best.pv.get(1).copied(),
            score: best.score,
            depth,
            nodes: w.nodes(),
            // All threads' counts, once they retired (`Shared::result`).
            stats: SearchStats::default(),
        };
        let decides = if shared.shares_frontier() {
            publish(w, depth)
        } else {
            w.is_main()
        };
        if decides && iteration_ends_search(w, depth, max_depth) {
            shared.finish();
            break;
        }
    }
    if w.aborted() && completed.depth == 0 {
        // Interrupted before depth 1 finished: any partial best is better than none.
        completed.best = Some(w.root_moves()[0].mv);
    }
    w.retire();
    // In infinite or ponder mode the move is owed only once we are told to
    // stop. (Without threads nobody else could: the search ends at its
    // deepest depth.)
    #[cfg(feature = "threads")]
    if w.is_main() && (limits.infinite || shared.control.pondering()) {
        while !shared.control.is_stopped() && (limits.infinite || shared.control.pondering()) {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
    completed
}

/// Searches line `pv_index` to `depth` in aspiration windows: first a
/// narrow one around the line's previous score, widened on the side it
/// failed until the score falls inside. The main thread reports each
/// failure of an iteration no thread has finished.
fn search_line(w: &mut Worker, depth: u32, pv_index: usize) -> Score {
    let shared = w.shared();
    // The line's score from the previous iteration centres the window.
    let prev: Score = w.root_moves()[pv_index].score;
    let mut margin = shared.params.aspiration_margin;
    let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH
        && prev.abs() < MATE_BOUND
        && margin <= ASPIRATION_FULL_WINDOW_THRESHOLD
    {
        (prev - margin, prev + margin)
    } else {
        (-INFINITE, INFINITE)
    };
    loop {
        let s = w.root_search(depth as i32, alpha, beta, pv_index);
        if w.aborted() {
            return s;
        }
        let bound = if s <= alpha {
            ScoreBound::Upper
        } else if s >= beta {
            ScoreBound::Lower
        } else {
            return s;
        };
        w.stats.aspiration_failures += 1;
        if w.is_main() && depth > shared.frontier.load(Ordering::Relaxed) {
            shared.report(&make_info(w, depth, pv_index, s, bound));
        }
        margin *= ASPIRATION_WIDEN_FACTOR;
        if bound == ScoreBound::Upper {
            beta = (alpha + beta) / 2;
            alpha = (s - margin).max(-INFINITE);
        } else {
            beta = (s + margin).min(INFINITE);
        }
        if margin > ASPIRATION_FULL_WINDOW_THRESHOLD {
            alpha = -INFINITE;
            beta = INFINITE;
        }
    }
}

/// Makes `w`'s finished iteration the frontier and reports it, unless
/// another thread got there first. Returns whether it did.
fn publish(w: &Worker, depth: u32) -> bool {
    let best = &w.root_moves()[0];
    w.shared().publish(depth, best, || {
        make_info(w, depth, 0, best.score, ScoreBound::Exact)
    })
}

/// Whether the iteration of `depth` just finished is the last one.
fn iteration_ends_search(w: &Worker, depth: u32, max_depth: u32) -> bool {
    let shared = w.shared();
    let best = &w.root_moves()[0];
    if depth >= max_depth {
        return true;
    }
    if let Some(n) = shared.limits.mate {
        if mate_in(best.score).is_some_and(|m| m > 0 && m <= n as i32) {
            return true;
        }
    }
    let timed = shared.budget.is_some() && !shared.control.pondering();
    if w.root_moves().len() == 1 && timed {
        return true; // a forced move needs no thought when the clock runs
    }
    shared
        .budget
        .is_some_and(|b| timed && shared.control.clock() >= b.soft)
}

/// The line `pv_index` of `w` as a report.
fn make_info(w: &Worker, depth: u32, pv_index: usize, score: Score, bound: ScoreBound) -> Info {
    let shared = w.shared();
    Info {
        depth,
        seldepth: w.seldepth(),
        multipv: pv_index + 1,
        score,
        bound,
        nodes: w.searched_nodes(),
        time: shared.started.elapsed(),
        hashfull: shared.tt.hashfull(),
        tbhits: shared.tbhits.load(Ordering::Relaxed),
        pv: w.root_moves()[pv_index].pv.clone(),
    }
}

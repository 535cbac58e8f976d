//! The search against the minimax value of endgames, found by a solver on
//! the rules core alone; forced wins, determinism, and each of the
//! search's techniques turned off alone.

use std::sync::OnceLock;

mod tb_support;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use songo_core::score::{mate_in, MATE};
use songo_core::{Game, Outcome, Position, Variant};
use songo_engine::bench::BENCH_POSITIONS;
use songo_engine::eval::{EvalKind, SEED};
use songo_engine::search::{
    search, SearchOptions, SearchParams, SearchRequest, SearchResult, SearchStats, Technique,
};
use songo_engine::tt::TranspositionTable;
use songo_engine::Limits;

/// The minimax value for the side to move, in the search's scale (win =
/// MATE - plies to the end, shortest; loss = -(MATE - plies), longest;
/// draw 0), when it lies in `(alpha, beta)`; otherwise a bound on the
/// side the window failed (fail-soft). `None` if a line the answer needs
/// does not end within `depth` plies. Plain alpha-beta: its cut-offs never
/// change the value, so only the lines it searches must end, and the
/// endgames it solves are far larger than those whose every line ends.
/// Captures first, the biggest first, for more cut-offs. `path` holds the
/// game so far, so the third-repetition rule applies exactly as in a game.
fn solve(
    v: Variant,
    path: &mut Vec<Position>,
    depth: u32,
    ply: i32,
    mut alpha: i32,
    beta: i32,
) -> Option<i32> {
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
    let us = p.side_to_move();
    let mut children: Vec<Position> = p
        .legal_moves(v)
        .into_iter()
        .map(|m| p.make_move(v, m))
        .collect();
    children.sort_by_key(|c| std::cmp::Reverse(c.captured(us)));
    let mut best = -INFINITE;
    for child in children {
        path.push(child);
        let value = solve(v, path, depth - 1, ply + 1, -beta, -alpha);
        path.pop();
        best = best.max(-value?);
        alpha = alpha.max(best);
        if alpha >= beta {
            break;
        }
    }
    Some(best)
}

/// Beyond every score: a window that holds them all.
const INFINITE: i32 = MATE + 1;

/// The minimax value of `p` (see [`solve`]).
fn minimax(v: Variant, p: Position, depth: u32) -> Option<i32> {
    solve(v, &mut vec![p], depth, 0, -INFINITE, INFINITE)
}

/// A songo40 endgame of 10 to 13 seeds, the captured counts within 6 of
/// an even split.
fn endgame(rng: &mut StdRng) -> Position {
    let seeds = rng.random_range(10..=13);
    tb_support::random_endgame(rng, Variant::Songo40, seeds, 6)
}

/// Plies within which the lines that prove a [`solved_endgames`] value end.
const SOLVED_DEPTH: u32 = 15;

/// Small endgames with their minimax values, solved within
/// [`SOLVED_DEPTH`] plies (up to 40 a variant): made once for the tests
/// that share them.
fn solved_endgames() -> &'static [(Variant, Position, i32)] {
    static ENDGAMES: OnceLock<Vec<(Variant, Position, i32)>> = OnceLock::new();
    ENDGAMES.get_or_init(|| {
        let mut rng = StdRng::seed_from_u64(99);
        let mut solved = Vec::new();
        for v in Variant::ALL {
            let mut tries = 0;
            let mut found = 0;
            while found < 40 && tries < 4000 {
                tries += 1;
                let p = endgame(&mut rng);
                if let Some(exact) = minimax(v, p, SOLVED_DEPTH) {
                    solved.push((v, p, exact));
                    found += 1;
                }
            }
        }
        solved
    })
}

fn search_depth(v: Variant, p: Position, depth: u32) -> i32 {
    search_with(v, p, depth, 1, SearchParams::default()).score
}

/// A search of `p` to `depth` with the default evaluation, from a fresh table.
fn search_with(
    v: Variant,
    p: Position,
    depth: u32,
    threads: usize,
    params: SearchParams,
) -> SearchResult {
    let tt = TranspositionTable::new(4).unwrap();
    let options = SearchOptions {
        threads,
        params,
        ..SearchOptions::default()
    };
    search(
        SearchRequest::new(&Game::new(v, p), &tt)
            .limits(Limits::depth(depth))
            .options(options),
    )
}

#[test]
fn search_equals_minimax_on_small_endgames_with_one_and_two_threads() {
    let mut checked = 0;
    let mut decisive = 0;
    let mut stats = SearchStats::default();
    for &(v, p, exact) in solved_endgames() {
        // Deeper than the lines that prove the value: it must be exact.
        // Two threads put off each other's moves: all still count.
        for threads in [1, 2] {
            let r = search_with(v, p, SOLVED_DEPTH + 2, threads, SearchParams::default());
            assert_eq!(
                r.score, exact,
                "{v} {p}, {threads} threads: search {}, minimax {exact}",
                r.score
            );
            if threads == 1 {
                // Two threads' counts vary from run to run.
                stats += r.stats;
            }
        }
        checked += 1;
        if exact != 0 {
            decisive += 1;
        }
    }
    assert!(checked >= 60, "only {checked} endgames checked");
    assert!(decisive >= 20, "only {decisive} decisive endgames");
    // Exact with every pruning, reduction and extension at work, not
    // because none of them found anything to do here.
    for t in Technique::ALL {
        assert!(stats.acted(t) > 0, "{t:?} never acted: {stats:?}");
    }
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

// Each technique turned off alone (`SearchParams::without`): it acts (its
// count in `SearchStats`) in the middle games (the bench positions) and
// in the solved endgames, turning it off changes their trees and stops
// no other technique, and the answers stay within the bounds of
// docs/tuning-history.md ("Each technique turned off"): the exact value
// and a move that reaches it in the solved endgames, and in the middle
// games about as close as one ply more or less keeps an answer.

/// The middle games' depth: every technique acts at it (singular
/// extensions only from depth 6 left), and it is among the depths the
/// bounds were measured at.
const MIDDLE_GAME_DEPTH: u32 = 10;
/// The middle games' table (the bench's size).
const MIDDLE_GAME_HASH_MB: usize = 16;
/// How far a middle game's score may move with the technique turned off
/// (docs/tuning-history.md: at most 5.41 seeds seen, 4.56 for one more ply).
const SCORE_CHANGE_BOUND: i32 = 6 * SEED;
/// How much worse the move chosen with the technique may be by the search
/// without it (docs/tuning-history.md: at most 7.12 seeds seen, 4.78 for
/// one more ply).
const CHOICE_LOSS_BOUND: i32 = 8 * SEED;

/// A middle game searched with `params`: the tuned evaluation, as the
/// bounds were measured with (the net is retrained from time to time).
fn middle_game(v: Variant, p: Position, limits: Limits, params: SearchParams) -> SearchResult {
    let tt = TranspositionTable::new(MIDDLE_GAME_HASH_MB).unwrap();
    let options = SearchOptions {
        eval: EvalKind::Tuned,
        params,
        ..SearchOptions::default()
    };
    search(
        SearchRequest::new(&Game::new(v, p), &tt)
            .limits(limits)
            .options(options),
    )
}

/// The middle games' nodes with and without a technique.
struct Nodes {
    with: u64,
    without: u64,
}

/// Shows that `t` acts, alone, within its bounds (see above); the middle
/// games' nodes with and without it.
fn shown_to_act(t: Technique) -> Nodes {
    let with = SearchParams::default();
    let without = with.without(t);
    let mut nodes = Nodes {
        with: 0,
        without: 0,
    };
    let mut others = SearchStats::default();
    for &(v, text) in BENCH_POSITIONS {
        let p: Position = text.parse().unwrap();
        let depth = Limits::depth(MIDDLE_GAME_DEPTH);
        let on = middle_game(v, p, depth.clone(), with);
        let off = middle_game(v, p, depth.clone(), without);
        let at = format!("{t:?}, {v} {p}");
        assert!(on.stats.acted(t) > 0, "{at}: it never acted");
        assert_eq!(off.stats.acted(t), 0, "{at}: it acted when off");
        assert_ne!(on.nodes, off.nodes, "{at}: the same tree without it");
        nodes.with += on.nodes;
        nodes.without += off.nodes;
        others += off.stats;
        let change = (on.score - off.score).abs();
        assert!(
            change <= SCORE_CHANGE_BOUND,
            "{at}: score {} with it, {} without",
            on.score,
            off.score
        );
        if on.best != off.best {
            let only = Limits {
                searchmoves: on.best.into_iter().collect(),
                ..depth
            };
            let chosen = middle_game(v, p, only, without).score;
            assert!(
                off.score - chosen <= CHOICE_LOSS_BOUND,
                "{at}: the move chosen with it scores {chosen} without it, the best {}",
                off.score
            );
        }
    }
    for u in Technique::ALL.into_iter().filter(|&u| u != t) {
        assert!(others.acted(u) > 0, "turning {t:?} off turned {u:?} off");
    }

    let (mut acted, mut solved_with, mut solved_without) = (0, 0, 0);
    for &(v, p, exact) in solved_endgames() {
        let on = search_with(v, p, SOLVED_DEPTH + 2, 1, with);
        let off = search_with(v, p, SOLVED_DEPTH + 2, 1, without);
        assert_eq!(off.stats.acted(t), 0);
        assert_eq!((on.score, off.score), (exact, exact), "{t:?}, {v} {p}");
        // Each answer's move reaches the value too: the reply cannot hold
        // the mover below it (a window just below the value asks exactly that).
        for best in [on.best, off.best].into_iter().flatten() {
            let mut path = vec![p, p.make_move(v, best)];
            let reply = solve(v, &mut path, SOLVED_DEPTH, 1, -exact, -exact + 1);
            assert!(
                reply.is_some_and(|r| -r >= exact),
                "{t:?}, {v} {p}: {best} gets {reply:?} against {exact}"
            );
        }
        acted += on.stats.acted(t);
        solved_with += on.nodes;
        solved_without += off.nodes;
    }
    assert!(acted > 0, "{t:?} never acted in the endgames");
    assert_ne!(solved_with, solved_without, "{t:?}: the endgames' trees");
    nodes
}

#[test]
fn reverse_futility_pruning_acts_within_its_bounds() {
    let n = shown_to_act(Technique::ReverseFutility);
    assert!(n.without > n.with, "it saves nodes");
}

#[test]
fn futility_pruning_acts_within_its_bounds() {
    shown_to_act(Technique::Futility);
}

#[test]
fn singular_extensions_act_within_their_bounds() {
    let n = shown_to_act(Technique::SingularExtensions);
    assert!(n.without < n.with, "they spend nodes");
}

#[test]
fn internal_iterative_reduction_acts_within_its_bounds() {
    let n = shown_to_act(Technique::Iir);
    assert!(n.without > n.with, "it saves nodes");
}

#[test]
fn late_move_reductions_act_within_their_bounds() {
    let n = shown_to_act(Technique::Lmr);
    assert!(n.without > n.with, "they save nodes");
}

#[test]
fn aspiration_windows_act_within_their_bounds() {
    shown_to_act(Technique::Aspiration);
}

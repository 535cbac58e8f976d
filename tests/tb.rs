//! Endgame tablebases against an exhaustive solver of the real rules.
//!
//! The reference solver here shares nothing with the generator but the
//! public rules API (`legal_moves`, `make_move`, `is_over`, `outcome`): it
//! explores every position reachable from a start, with real captured
//! counts (so the capture thresholds end the game as in play), and solves
//! the win/draw/loss game on that explicit graph, one level of captured
//! counts at a time, with the same value for endless play as the tables
//! (see `src/tb/mod.rs`):
//!
//! - `songo40`: endless play ends with the captured counts of its level,
//!   which is what the third repetition scores;
//! - `songo36-*`, pessimistic: the player `P` we solve for gets none of the
//!   seeds left on the board; optimistic: he gets them all.
//!
//! The generator instead solves, without thresholds, a game of seed counts
//! over boards without captured counts, by backward induction with unmoves.
//!
//! The reference solves whole levels (every board with given captured
//! counts: a single start already reaches most of its level), so it covers
//! the 10- and 11-seed tables, several million positions per variant.
//!
//! The tables' files, and the `songo` command reading them, are tested in
//! `tb_files.rs`.

mod tb_support;

use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;

use songo_core::{Outcome, Position, Side, Variant};
use songo_tb::generate::{build, no_progress};
use songo_tb::{Tablebases, TbValue};

/// Largest seed count solved for the tests, per variant (kept small so the
/// whole file runs in well under a minute in release).
fn test_max(_: Variant) -> u8 {
    11
}

fn tables() -> &'static Tablebases {
    static TB: OnceLock<Tablebases> = OnceLock::new();
    TB.get_or_init(|| {
        let mut all = Vec::new();
        for v in Variant::ALL {
            let t = build(v, test_max(v), None, &no_progress, &mut |_| {}).expect("in memory");
            all.extend(t.into_iter().flatten());
        }
        Tablebases::from_tables(all)
    })
}

/// Results for a fixed player `P`, ordered as he sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum R {
    Loss,
    Draw,
    Win,
}

fn result_for(o: Outcome, p_side: Side) -> R {
    match o {
        Outcome::Draw => R::Draw,
        Outcome::Win(s) if s == p_side => R::Win,
        Outcome::Win(_) => R::Loss,
    }
}

/// What endless play at a level is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cycles {
    /// `songo40`: the result of the captured counts of the level.
    Counts,
    /// `songo36-*`: `P` gets none (false) or all (true) of the board seeds.
    Share36(bool),
}

fn cycle_result(v: Variant, p: &Position, p_side: Side, cycles: Cycles) -> R {
    let mine = p.captured(p_side) as i32;
    let theirs = p.captured(p_side.opponent()) as i32;
    match cycles {
        Cycles::Counts => {
            let margin = mine - theirs;
            assert!(!v.is_songo36());
            if margin >= 5 {
                R::Win
            } else if margin <= -5 {
                R::Loss
            } else {
                R::Draw
            }
        }
        Cycles::Share36(all) => {
            let score = if all { 70 - theirs } else { mine };
            match score.cmp(&35) {
                std::cmp::Ordering::Greater => R::Win,
                std::cmp::Ordering::Equal => R::Draw,
                std::cmp::Ordering::Less => R::Loss,
            }
        }
    }
}

/// Solved positions: the results for the side to move, with endless play
/// the worst for him (pessimistic) and the best (optimistic); equal in
/// `songo40`.
type Known = HashMap<Position, (R, R)>;

fn flip(r: R) -> R {
    match r {
        R::Loss => R::Win,
        R::Draw => R::Draw,
        R::Win => R::Loss,
    }
}

/// Every way to put `seeds` seeds into 14 pits (plain recursion, nothing
/// shared with the tables' index).
fn all_boards(seeds: u8) -> Vec<[u8; 14]> {
    fn fill(pit: usize, left: u8, cur: &mut [u8; 14], out: &mut Vec<[u8; 14]>) {
        if pit == 13 {
            cur[13] = left;
            out.push(*cur);
            return;
        }
        for a in 0..=left {
            cur[pit] = a;
            fill(pit + 1, left - a, cur, out);
        }
    }
    let mut out = Vec::new();
    fill(0, seeds, &mut [0; 14], &mut out);
    out
}

/// The reference solver: whole levels (all positions with given captured
/// counts), solved as explicit graphs, smallest seed counts first.
struct Reference {
    v: Variant,
    known: Known,
}

impl Reference {
    fn new(v: Variant) -> Reference {
        Reference {
            v,
            known: Known::default(),
        }
    }

    /// Solves the level of `captured` counts (and the levels it captures into).
    fn solve_level(&mut self, captured: [u8; 2]) {
        let v = self.v;
        let seeds = 70 - captured[0] - captured[1];
        let board_seeds = |c: [u8; 2]| 70 - c[0] - c[1];
        let probe =
            Position::from_parts(all_boards(seeds)[0], Side::South, captured, [false, false])
                .unwrap();
        if self.known.contains_key(&probe) {
            return;
        }
        // First every level a capture leads to (still on 10 seeds or more).
        for side in 0..2 {
            for g in 1..=seeds.saturating_sub(10) {
                let mut c = captured;
                c[side] += g;
                if board_seeds(c) >= 10 {
                    self.solve_level(c);
                }
            }
        }
        let mut positions = Vec::new();
        for b in all_boards(seeds) {
            for side in Side::BOTH {
                positions.push(Position::from_parts(b, side, captured, [false, false]).unwrap());
            }
        }
        let index: HashMap<Position, u32> = positions
            .iter()
            .enumerate()
            .map(|(i, p)| (*p, i as u32))
            .collect();
        let n = positions.len();
        // Children: in the level (an index) or out of it (a known result).
        enum Child {
            In(u32),
            Out(Position),
        }
        let children: Vec<Vec<Child>> = positions
            .iter()
            .map(|p| {
                p.legal_moves(v)
                    .into_iter()
                    .map(|m| {
                        let c = p.make_move(v, m);
                        match index.get(&c) {
                            Some(&i) => Child::In(i),
                            None => Child::Out(c),
                        }
                    })
                    .collect()
            })
            .collect();
        let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (i, kids) in children.iter().enumerate() {
            for k in kids {
                if let Child::In(j) = k {
                    parents[*j as usize].push(i as u32);
                }
            }
        }
        // The result of a position outside the level, for P (South), with
        // cycles pessimistic (or optimistic) for P.
        let outside = |known: &Known, c: &Position, optimistic_for_p: bool| -> R {
            if c.is_over(v) {
                return result_for(c.outcome(v), Side::South);
            }
            let (pess, opt) = known[c];
            match (c.side_to_move() == Side::South, optimistic_for_p) {
                (true, false) => pess,
                (true, true) => opt,
                (false, false) => flip(opt),
                (false, true) => flip(pess),
            }
        };
        let modes: &[Cycles] = if v.is_songo36() {
            &[Cycles::Share36(false), Cycles::Share36(true)]
        } else {
            &[Cycles::Counts]
        };
        let mut results = Vec::new();
        for &cycles in modes {
            let optimistic = cycles == Cycles::Share36(true);
            let kappa = cycle_result(v, &positions[0], Side::South, cycles);
            let mut value = vec![R::Loss; n];
            for theta in [R::Draw, R::Win] {
                // `member`: P forces at least theta (attractor, when endless
                // play is worth less), or the opponent forces less (safety,
                // when endless play is worth at least theta). The chooser of
                // the target is P in the first case, the opponent in the
                // second; the other player must have all moves in it.
                let safety = kappa >= theta;
                let target = |r: R| (r >= theta) != safety;
                let chooser = |p: &Position| (p.side_to_move() == Side::South) != safety;
                let mut member = vec![false; n];
                let mut missing = vec![0u32; n];
                let mut queue = Vec::new();
                for i in 0..n {
                    let p = &positions[i];
                    let now = if children[i].is_empty() {
                        target(result_for(p.outcome(v), Side::South))
                    } else {
                        let mut any = false;
                        let mut all = true;
                        let mut inside = 0;
                        for k in &children[i] {
                            match k {
                                Child::In(_) => inside += 1,
                                Child::Out(c) => {
                                    let t = target(outside(&self.known, c, optimistic));
                                    any |= t;
                                    all &= t;
                                }
                            }
                        }
                        missing[i] = if all { inside } else { u32::MAX };
                        if chooser(p) {
                            any
                        } else {
                            all && inside == 0
                        }
                    };
                    if now {
                        member[i] = true;
                        queue.push(i as u32);
                    }
                }
                while let Some(j) = queue.pop() {
                    for &i in &parents[j as usize] {
                        let i = i as usize;
                        if member[i] {
                            continue;
                        }
                        let join = if chooser(&positions[i]) {
                            true
                        } else {
                            missing[i] = missing[i].saturating_sub(1);
                            missing[i] == 0
                        };
                        if join {
                            member[i] = true;
                            queue.push(i as u32);
                        }
                    }
                }
                for i in 0..n {
                    if member[i] != safety {
                        value[i] = theta;
                    }
                }
            }
            results.push(value);
        }
        for (i, p) in positions.iter().enumerate() {
            let (pess, opt) = if v.is_songo36() {
                (results[0][i], results[1][i])
            } else {
                (results[0][i], results[0][i])
            };
            // Stored for the side to move.
            let r = if p.side_to_move() == Side::South {
                (pess, opt)
            } else {
                (flip(opt), flip(pess))
            };
            self.known.insert(*p, r);
        }
    }
}

fn to_tb_value(r: R) -> TbValue {
    match r {
        R::Loss => TbValue::Loss,
        R::Draw => TbValue::Draw,
        R::Win => TbValue::Win,
    }
}

/// The levels solved by the reference: 11 seeds on the board with South
/// holding 29 against 30, and the two 10-seed levels its Capture Solo and
/// direct gains lead to, 30–30 and 29–31 (all inside the decisive range of
/// both kinds of scoring).
fn reference(v: Variant) -> &'static Reference {
    static REFS: OnceLock<Vec<Reference>> = OnceLock::new();
    let refs = REFS.get_or_init(|| {
        std::thread::scope(|scope| {
            let handles: Vec<_> = Variant::ALL
                .into_iter()
                .map(|v| {
                    scope.spawn(move || {
                        let mut r = Reference::new(v);
                        r.solve_level([29, 30]);
                        r
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        })
    });
    &refs[Variant::ALL.iter().position(|&x| x == v).unwrap()]
}

fn check_variant(v: Variant) {
    let tb = tables();
    let r = reference(v);
    let (mut checked, mut decisive, mut inexact) = (0usize, 0usize, 0usize);
    for (p, &(pess, opt)) in &r.known {
        let verdict = tb
            .probe(p, v)
            .unwrap_or_else(|| panic!("{v} {p} should be covered"));
        assert_eq!(
            (verdict.worst, verdict.best),
            (to_tb_value(pess), to_tb_value(opt)),
            "{v} {p}: tables say {verdict}, the reference {pess:?}..{opt:?}"
        );
        checked += 1;
        decisive += (pess != R::Draw && pess == opt) as usize;
        inexact += (pess != opt) as usize;
    }
    eprintln!("{v}: {checked} positions checked, {decisive} decisive, {inexact} not exact");
    assert!(checked > 3_000_000, "{v}: {checked}");
    assert!(decisive > 100_000, "{v}: {decisive}");
}

#[test]
fn songo36_beginner_tables_match_an_exhaustive_solver() {
    check_variant(Variant::Songo36Beginner);
}

#[test]
fn songo36_amateur_tables_match_an_exhaustive_solver() {
    check_variant(Variant::Songo36Amateur);
}

#[test]
fn songo40_tables_match_an_exhaustive_solver() {
    check_variant(Variant::Songo40);
}

#[test]
fn result_is_monotone_in_the_captured_count() {
    // For every 10-seed board and side, when the mover's captured count
    // grows by one (29 to 30 of 60 for South, 30 to 31 for North), the real
    // result (reference solver) never gets worse.
    for v in Variant::ALL {
        let r = reference(v);
        let mut strictly_better = 0;
        for b in all_boards(10) {
            for side in Side::BOTH {
                let mut previous: Option<(R, R)> = None;
                let range = if side == Side::South {
                    29..=30u8
                } else {
                    30..=31
                };
                for mine in range {
                    let mut cap = [0u8; 2];
                    cap[side.index()] = mine;
                    cap[side.opponent().index()] = 60 - mine;
                    let p = Position::from_parts(b, side, cap, [false, false]).unwrap();
                    let now = r.known[&p];
                    if let Some(before) = previous {
                        assert!(
                            now.0 >= before.0 && now.1 >= before.1,
                            "{v} {p}: worse with more captured"
                        );
                        strictly_better += (now > before) as usize;
                    }
                    previous = Some(now);
                }
            }
        }
        assert!(
            strictly_better > 1000,
            "{v}: the captured count never mattered"
        );
    }
}

#[test]
fn tables_satisfy_the_bounds_they_promise() {
    // lo <= hi everywhere; songo40 values within the seeds on the board.
    let tb = tables();
    for v in Variant::ALL {
        for s in 10..=test_max(v) {
            let t = tb.table(v, s).unwrap();
            for i in (0..t.boards()).step_by(97) {
                let (lo, hi) = t.bounds(i);
                assert!(lo <= hi, "{v} {s} {i}");
                if v.is_songo36() {
                    assert!(lo >= 0 && hi <= s as i32);
                } else {
                    assert!(lo.abs() <= s as i32);
                }
            }
        }
    }
}

#[test]
fn probe_covers_only_what_the_tables_hold() {
    let tb = tables();
    let v = Variant::Songo40;
    let p: Position = "1,1,1,1,1,1,1/1,1,1,0,0,0,0 s 30 30 -".parse().unwrap();
    assert!(tb.probe(&p, v).is_some());
    // A pit-7 flag still set: left to the search in songo40...
    let flagged: Position = "1,1,1,1,1,1,1/1,1,1,0,0,0,0 s 30 30 G".parse().unwrap();
    assert!(tb.probe(&flagged, v).is_none());
    // ...but not in songo36, where flags change no move.
    assert!(tb.probe(&flagged, Variant::Songo36Beginner).is_some());
    // Too many seeds.
    let big: Position = "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 -".parse().unwrap();
    assert!(tb.probe(&big, v).is_none());
}

/// A random covered position: `seeds` on the board, captured counts in the
/// decisive range, not over.
fn random_position(rng: &mut rand::rngs::StdRng, v: Variant, seeds: u8) -> Position {
    tb_support::random_endgame(rng, v, seeds, 4)
}

#[test]
fn search_never_contradicts_the_tables() {
    use rand::SeedableRng;
    use songo_core::score::TB_BOUND;
    use songo_core::Game;
    use songo_engine::search::{search, SearchRequest};
    use songo_engine::tt::TranspositionTable;
    use songo_engine::Limits;
    let tb = tables();
    let mut rng = rand::rngs::StdRng::seed_from_u64(40);
    let (mut proven, mut tb_proven) = (0, 0);
    for v in Variant::ALL {
        for _ in 0..60 {
            let p = random_position(&mut rng, v, 11);
            let verdict = tb.probe(&p, v).unwrap();
            let game = Game::new(v, p);
            let run = |with: Option<&Tablebases>| {
                let tt = TranspositionTable::new(2).unwrap();
                search(
                    SearchRequest::new(&game, &tt)
                        .limits(Limits::depth(7))
                        .tablebases(with),
                )
            };
            // A result the plain search proves (a forced end of the game)...
            let plain = {
                let tt = TranspositionTable::new(2).unwrap();
                search(SearchRequest::new(&game, &tt).limits(Limits::depth(7)))
            };
            let proven_value = |score: i32| {
                if score >= TB_BOUND {
                    Some(TbValue::Win)
                } else if score <= -TB_BOUND {
                    Some(TbValue::Loss)
                } else {
                    None
                }
            };
            if let Some(w) = proven_value(plain.score) {
                proven += 1;
                assert!(
                    verdict.worst <= w && w <= verdict.best,
                    "{v} {p}: search proves {w}, tables {verdict}"
                );
            }
            // ...and what the search with tables proves both agree with them.
            let with = run(Some(tb));
            if let Some(w) = proven_value(with.score) {
                tb_proven += 1;
                assert!(
                    verdict.worst <= w && w <= verdict.best,
                    "{v} {p}: search+tb proves {w}, tables {verdict}"
                );
            }
            // The move chosen keeps what the tables promise.
            if let (Some(best), Some(exact)) = (with.best, verdict.exact()) {
                let after = tb
                    .probe_moves(&p, v)
                    .into_iter()
                    .find(|(m, _)| *m == best)
                    .and_then(|(_, r)| r);
                if let Some((worst, _)) = after {
                    assert!(
                        worst >= exact || worst == verdict.worst,
                        "{v} {p}: {best} gives up {exact}"
                    );
                }
            }
        }
    }
    assert!(proven >= 10 && tb_proven >= proven, "{proven} {tb_proven}");
}

/// Plays out positions the tables call won, the engine (with the tables,
/// fixed depth) on both sides: the winner must win. Needs real tables:
/// `TB_DIR=/work/tbdata cargo test --release --test tb conversion -- --ignored`.
#[test]
#[ignore]
fn conversion_of_won_positions() {
    use rand::SeedableRng;
    use songo_core::{Game, GameStatus};
    use songo_engine::search::{search, SearchRequest};
    use songo_engine::tt::TranspositionTable;
    use songo_engine::Limits;
    let dir = std::env::var("TB_DIR").expect("TB_DIR");
    let tb = Tablebases::open(std::path::Path::new(&dir)).unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for v in Variant::ALL {
        let max = tb.max_seeds(v);
        if max < 12 {
            continue;
        }
        let (mut games, mut kept, mut moves, mut kept_without) = (0, 0, 0, 0);
        while games < 20 {
            let p = random_position(&mut rng, v, max);
            let Some(verdict) = tb.probe(&p, v) else {
                continue;
            };
            let Some(expected) = verdict.exact() else {
                continue;
            };
            if expected == TbValue::Draw {
                continue;
            }
            games += 1;
            let play_out = |with: Option<&Tablebases>| {
                let mut game = Game::new(v, p);
                let tt = TranspositionTable::new(16).unwrap();
                while !game.is_over() && game.moves().len() < 400 {
                    let r = search(
                        SearchRequest::new(&game, &tt)
                            .limits(Limits::depth(8))
                            .tablebases(with),
                    );
                    game.play(r.best.unwrap()).unwrap();
                }
                let result = match game.status() {
                    GameStatus::Over { outcome, .. } => Some(TbValue::of_outcome(outcome, &p)),
                    GameStatus::Ongoing => None,
                };
                (result, game.moves().len())
            };
            let (result, n) = play_out(Some(&tb));
            moves += n;
            if result == Some(expected) {
                kept += 1;
            } else {
                eprintln!("{v} {p}: tables {verdict}, game {result:?} after {n} moves");
            }
            kept_without += (play_out(None).0 == Some(expected)) as usize;
        }
        eprintln!(
            "{v}: {kept}/{games} won positions converted with the tables ({moves} moves), {kept_without}/{games} without"
        );
        // docs/tablebases.md's claim: with the tables, every one is won.
        assert_eq!(kept, games, "{v}: won positions the engine did not convert");
    }
}

/// A songo40 game seldom reaches the tables' range with a pit-7 flag still
/// set (those positions are left to the search, as the tables hold the
/// flag-free boards): docs/tablebases.md's figure, 0 of 28 games.
#[test]
fn flags_in_endgames_are_rare() {
    use rand::{Rng, SeedableRng};
    use songo_core::Game;
    use songo_engine::search::{search, SearchRequest};
    use songo_engine::tt::TranspositionTable;
    use songo_engine::Limits;
    let v = Variant::Songo40;
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    let (mut reached, mut flagged) = (0, 0);
    for _ in 0..40 {
        let mut game = Game::new(v, Position::startpos());
        // A few random opening moves, then the engine at depth 6.
        let tt = TranspositionTable::new(16).unwrap();
        while !game.is_over() && game.position().seeds_on_board() > 20 {
            let legal: Vec<_> = game.position().legal_moves(v).into_iter().collect();
            let m = if game.moves().len() < 6 {
                legal[rng.random_range(0..legal.len())]
            } else {
                let r = search(SearchRequest::new(&game, &tt).limits(Limits::depth(6)));
                r.best.unwrap()
            };
            game.play(m).unwrap();
        }
        if !game.is_over() {
            reached += 1;
            let p = game.position();
            flagged += (p.pit7_unplayed(Side::South) || p.pit7_unplayed(Side::North)) as usize;
        }
    }
    eprintln!("songo40: {reached} games reached 20 seeds, {flagged} with a pit-7 flag set");
    assert!(reached >= 20, "{reached} of 40 games reached 20 seeds");
    assert!(
        flagged * 10 <= reached,
        "{flagged} of {reached} with a flag: the tables' flag-free boards miss too many"
    );
}

//! The fast core (`songo`) against the plain-array reference
//! (`tests/reference`): first the reference against the shared vectors,
//! then both on random positions built to reach every rule, along random
//! games, and by perft. Positions cross between the two implementations as
//! position strings only, so nothing here depends on the fast layout.
//!
//! Every random test uses fixed seeds; a failure prints the variant, the
//! position string, the move and the seed that produced it.

mod reference;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reference::{letter, perft as ref_perft, pit_of_letter, RefPos, RefVariant};
use songo_core::{Move, Position, Side, Variant};

// ---------------------------------------------------------------------------
// Shared vectors
// ---------------------------------------------------------------------------

struct PerftLine {
    line: String,
    variant: RefVariant,
    pos: RefPos,
    depth: u32,
    count: u64,
}

fn perft_lines() -> Vec<PerftLine> {
    let mut out = Vec::new();
    for line in include_str!("data/perft.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(f.len(), 4, "bad perft line {line:?}");
        let variant = RefVariant::from_name(f[0]).unwrap_or_else(|| panic!("variant in {line}"));
        let pos = RefPos::parse(f[1]).unwrap_or_else(|| panic!("position in {line}"));
        assert_eq!(pos.to_string(), f[1], "not canonical: {line}");
        out.push(PerftLine {
            line: line.to_string(),
            variant,
            pos,
            depth: f[2].parse().unwrap(),
            count: f[3].parse().unwrap(),
        });
    }
    out
}

/// One case of cases.txt: a position and its full list of legal moves.
struct Case {
    header: String,
    variant: RefVariant,
    pos: RefPos,
    /// (pit, capture solo, resulting position string)
    moves: Vec<(usize, bool, String)>,
    no_legal_move: bool,
}

fn cases() -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for line in include_str!("data/cases.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if !line.starts_with(' ') {
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 3, "bad case header {line:?}");
            let pos = RefPos::parse(f[1]).unwrap_or_else(|| panic!("position in {line}"));
            assert_eq!(pos.to_string(), f[1], "not canonical: {line}");
            out.push(Case {
                header: line.to_string(),
                variant: RefVariant::from_name(f[0]).unwrap_or_else(|| panic!("{line}")),
                pos,
                moves: Vec::new(),
                no_legal_move: false,
            });
            continue;
        }
        let case = out.last_mut().expect("move line before any case");
        let body = line.trim();
        if body == "no legal move" {
            case.no_legal_move = true;
            continue;
        }
        let (mv, to) = body
            .split_once(" -> ")
            .unwrap_or_else(|| panic!("{line:?}"));
        let solo = mv.ends_with('*');
        let l = mv.trim_end_matches('*');
        assert_eq!(l.chars().count(), 1, "{line:?}");
        let pit = pit_of_letter(l.chars().next().unwrap()).unwrap();
        assert!(RefPos::parse(to).is_some(), "result in {line:?}");
        case.moves.push((pit, solo, to.to_string()));
    }
    out
}

#[test]
fn reference_matches_shared_vectors() {
    // Every perft line, the 2.7M-leaf depth-8 lines included (a few seconds).
    for l in perft_lines() {
        assert_eq!(ref_perft(&l.pos, l.variant, l.depth), l.count, "{}", l.line);
    }
    for c in cases() {
        let v = c.variant;
        let legal = c.pos.legal_moves(v);
        let expected: Vec<usize> = c.moves.iter().map(|m| m.0).collect();
        assert_eq!(legal, expected, "legal moves of {}", c.header);
        assert_eq!(c.no_legal_move, legal.is_empty(), "{}", c.header);
        assert_eq!(c.pos.is_over(v), legal.is_empty(), "{}", c.header);
        for (pit, solo, to) in &c.moves {
            let l = letter(*pit);
            assert_eq!(
                &c.pos.play(v, *pit).to_string(),
                to,
                "{} move {l}",
                c.header
            );
            assert_eq!(
                c.pos.is_capture_solo(v, *pit),
                *solo,
                "{} move {l}",
                c.header
            );
        }
    }
}

fn fast_variant(v: RefVariant) -> Variant {
    v.name().parse().unwrap()
}

fn fast_perft(p: &Position, v: Variant, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for m in p.legal_moves(v) {
        n += fast_perft(&p.make_move(v, m), v, depth - 1);
    }
    n
}

#[test]
fn fast_matches_shared_vectors() {
    for l in perft_lines() {
        let p: Position = l.pos.to_string().parse().unwrap();
        assert_eq!(p.to_string(), l.pos.to_string());
        // The deepest lines are left to the reference test and tests/vectors.rs.
        if l.count <= 500_000 {
            assert_eq!(
                fast_perft(&p, fast_variant(l.variant), l.depth),
                l.count,
                "{}",
                l.line
            );
        }
    }
    for c in cases() {
        let v = fast_variant(c.variant);
        let p: Position = c.pos.to_string().parse().unwrap();
        let legal: Vec<usize> = p.legal_moves(v).into_iter().map(|m| m.pit()).collect();
        let expected: Vec<usize> = c.moves.iter().map(|m| m.0).collect();
        assert_eq!(legal, expected, "fast legal moves of {}", c.header);
        assert_eq!(p.is_over(v), legal.is_empty(), "{}", c.header);
        for (pit, _, to) in &c.moves {
            let m = Move::from_pit(*pit);
            assert_eq!(&p.make_move(v, m).to_string(), to, "{} move {m}", c.header);
        }
    }
}

// ---------------------------------------------------------------------------
// Random positions
// ---------------------------------------------------------------------------

/// A random legal-looking position (70 seeds in all) aimed at the corners of
/// the rules: big piles, empty rows, pit 7 with 1 or 2 seeds, forced
/// feeding, every flag combination, captured counts near the thresholds,
/// nearly empty boards, both sides to move.
fn random_ref_pos(rng: &mut StdRng) -> RefPos {
    let side = rng.random_range(0..2usize);
    let opponent = 1 - side;

    // How many seeds stay on the board.
    let on_board: u32 = match rng.random_range(0..10) {
        0 | 1 => rng.random_range(0..=12), // fewer than 10 seeds, and just above
        2 | 3 => rng.random_range(10..=34), // room for captures near the thresholds
        _ => rng.random_range(10..=70),
    };

    // Which pits may hold seeds.
    let mut allowed = [true; 14];
    match rng.random_range(0..12) {
        // The opponent's row empty: the mover must feed.
        0..=2 => (0..7).for_each(|k| allowed[opponent * 7 + k] = false),
        // The mover's row empty (game over by 5.1 item 3).
        3 => (0..7).for_each(|k| allowed[side * 7 + k] = false),
        // Both rows empty: everything captured.
        4 if rng.random_bool(0.2) => allowed = [false; 14],
        // Sparse rows.
        5 | 6 => {
            for a in allowed.iter_mut() {
                *a = rng.random_bool(0.35);
            }
        }
        _ => {}
    }
    let open: Vec<usize> = (0..14).filter(|&i| allowed[i]).collect();
    let on_board = if open.is_empty() { 0 } else { on_board };

    let mut pits = [0u32; 14];
    let mut left = on_board;
    // Big piles in one pit: the grenier laps and the direct gain.
    if !open.is_empty() && left >= 13 && rng.random_bool(0.35) {
        let sizes = [13u32, 14, 15, 20, 21, 22, 27, 28, 29, 35, 36, 42, 49, 56];
        let pile = sizes[rng.random_range(0..sizes.len())].min(left);
        pits[open[rng.random_range(0..open.len())]] += pile;
        left -= pile;
    }
    // The rest, in chunks or seed by seed.
    let chunky = rng.random_bool(0.5);
    while left > 0 {
        if open.is_empty() {
            break;
        }
        let i = open[rng.random_range(0..open.len())];
        let chunk = if chunky {
            rng.random_range(1..=left.min(8))
        } else {
            1
        };
        pits[i] += chunk;
        left -= chunk;
    }
    // Pit 7 holding exactly 1 or 2 seeds (noble-pit and C7 rules), or 5 or 6.
    for seven in [6usize, 13] {
        if allowed[seven] && rng.random_bool(0.3) {
            let want = [1u32, 1, 2, 2, 5, 6, 7, 8][rng.random_range(0..8)];
            let have = pits[seven];
            if have > want {
                // Move the surplus to another open pit of the same row.
                let row = seven / 7;
                let others: Vec<usize> = (row * 7..row * 7 + 6).filter(|&i| allowed[i]).collect();
                if let Some(&o) = others.get(rng.random_range(0..others.len().max(1))) {
                    pits[seven] = want;
                    pits[o] += have - want;
                }
            } else if have < want {
                // Take seeds from the other pits.
                let mut need = want - have;
                for i in 0..14 {
                    if i != seven && need > 0 {
                        let t = pits[i].min(need);
                        pits[i] -= t;
                        pits[seven] += t;
                        need -= t;
                    }
                }
            }
        }
    }
    // Sometimes the mover's pit 7 is his only seed-holding pit.
    if rng.random_bool(0.04) {
        let seven = side * 7 + 6;
        for k in 0..6 {
            let i = side * 7 + k;
            pits[seven] += pits[i];
            pits[i] = 0;
        }
    }

    // Forced feeding that cannot be done: the opponent's row empty and no
    // pit of the mover's reaching it (pit k holding at most 7 - k seeds).
    if rng.random_bool(0.03) {
        pits = [0; 14];
        for k in 1..=6u32 {
            pits[side * 7 + k as usize - 1] = rng.random_range(0..=7 - k);
        }
    }

    let board: u32 = pits.iter().sum();
    let captured_total = 70 - board;
    let near = [33u32, 34, 35, 36, 37, 38, 39, 40, 41];
    let x = match rng.random_range(0..10) {
        // Near the thresholds (35/36 for songo36, 39/40 for songo40).
        0..=2 => near[rng.random_range(0..near.len())].min(captured_total),
        3 | 4 => rng.random_range(0..=captured_total),
        // Balanced, as in most real games.
        _ => {
            let half = captured_total as i64 / 2 + rng.random_range(-6..=6i64);
            half.clamp(0, captured_total as i64) as u32
        }
    };
    let mut capt = [x, captured_total - x];
    if rng.random_bool(0.5) {
        capt.swap(0, 1);
    }
    let mut p = [0u8; 14];
    for i in 0..14 {
        p[i] = pits[i] as u8;
    }
    let pos = RefPos {
        pits: p,
        side,
        captured: [capt[0] as u8, capt[1] as u8],
        unplayed7: [rng.random_bool(0.5), rng.random_bool(0.5)],
    };
    // Cross-check the generator itself: 70 in all, and the string parses.
    let text = pos.to_string();
    assert_eq!(RefPos::parse(&text), Some(pos), "generator made {text}");
    pos
}

fn side_index(s: Side) -> usize {
    match s {
        Side::South => 0,
        Side::North => 1,
    }
}

/// Compares everything the fast API exposes about one position, and every
/// legal move. `ctx` says where the position came from (seed, game, ply).
fn compare(v: Variant, fast: &Position, r: &RefPos, ctx: &str) {
    let rv = RefVariant::from_name(&v.to_string()).unwrap();
    let text = r.to_string();
    assert_eq!(
        fast.to_string(),
        text,
        "{v} [{ctx}]: position strings differ"
    );

    let fast_moves: Vec<Move> = fast.legal_moves(v).into_iter().collect();
    let fast_letters: String = fast_moves.iter().map(|m| m.to_string()).collect();
    let ref_moves = r.legal_moves(rv);
    let ref_letters: String = ref_moves.iter().map(|&p| letter(p)).collect();
    assert_eq!(
        fast_letters, ref_letters,
        "{v} {text} [{ctx}]: legal moves (fast vs reference)"
    );
    let list = fast.legal_moves(v);
    assert_eq!(list.len(), ref_moves.len(), "{v} {text} [{ctx}]: len");
    assert_eq!(list.is_empty(), ref_moves.is_empty(), "{v} {text} [{ctx}]");

    assert_eq!(
        fast.is_over(v),
        r.is_over(rv),
        "{v} {text} [{ctx}]: is_over"
    );
    assert_eq!(
        fast.final_scores(v),
        r.final_scores(rv),
        "{v} {text} [{ctx}]: final_scores"
    );
    assert_eq!(
        fast.winner(v).map(side_index),
        r.winner(rv),
        "{v} {text} [{ctx}]: winner"
    );

    for pit in 0..14 {
        let m = Move::from_pit(pit);
        assert_eq!(m.pit(), pit);
        assert_eq!(m.to_string(), letter(pit).to_string());
        let legal = ref_moves.contains(&pit);
        assert_eq!(list.contains(m), legal, "{v} {text} [{ctx}]: contains {m}");
        if legal {
            let want = r.play(rv, pit).to_string();
            assert_eq!(
                fast.make_move(v, m).to_string(),
                want,
                "{v} {text} [{ctx}]: result of move {m} (fast vs reference)"
            );
            let checked = fast
                .play(v, m)
                .unwrap_or_else(|_| panic!("{v} {text} [{ctx}]: play({m}) refused a legal move"));
            assert_eq!(checked.to_string(), want, "{v} {text} [{ctx}]: play {m}");
        } else {
            assert!(
                fast.play(v, m).is_err(),
                "{v} {text} [{ctx}]: play({m}) accepted an illegal move"
            );
        }
    }
}

/// What the random positions reached, so the generator cannot silently stop
/// covering a rule.
#[derive(Default, Debug)]
struct Coverage {
    positions: u64,
    moves: u64,
    over: u64,
    over_few_seeds: u64,
    over_threshold: u64,
    over_no_seed: u64,
    over_cannot_feed: u64,
    feeding: u64,
    feeding_with_7: u64,
    feeding_without_7: u64,
    pit7_one: u64,
    pit7_two: u64,
    big_pile: u64,
    direct_gain: u64,
    capture: u64,
    grand_slam: u64,
    c1_exception: u64,
    capture_solo: u64,
    flags: [u64; 4],
    side: [u64; 2],
    winner_some: u64,
    draw: u64,
}

impl Coverage {
    fn add(&mut self, rv: RefVariant, r: &RefPos) {
        self.positions += 1;
        let moves = r.legal_moves(rv);
        self.moves += moves.len() as u64;
        self.side[r.side] += 1;
        self.flags[r.unplayed7[0] as usize * 2 + r.unplayed7[1] as usize] += 1;
        if r.winner(rv).is_some() {
            self.winner_some += 1;
        } else {
            self.draw += 1;
        }
        let seven = r.side * 7 + 6;
        if r.pits[seven] == 1 {
            self.pit7_one += 1;
        }
        if r.pits[seven] == 2 {
            self.pit7_two += 1;
        }
        if (r.side * 7..r.side * 7 + 7).any(|i| r.pits[i] >= 14) {
            self.big_pile += 1;
        }
        let thresh = |c: u8| {
            if rv == RefVariant::Songo40 {
                c >= 40
            } else {
                c > 35
            }
        };
        if moves.is_empty() {
            self.over += 1;
            if r.captured.iter().any(|&c| thresh(c)) {
                self.over_threshold += 1;
            } else if r.seeds_on_board() < 10 {
                self.over_few_seeds += 1;
            } else if r.row_empty(r.side) {
                self.over_no_seed += 1;
            } else {
                self.over_cannot_feed += 1;
            }
            return;
        }
        if r.row_empty(1 - r.side) {
            self.feeding += 1;
            if moves.iter().any(|&p| r.detail(rv, p).sown_to_opponent >= 7) {
                self.feeding_with_7 += 1;
            } else {
                self.feeding_without_7 += 1;
            }
        }
        for &p in &moves {
            let d = r.detail(rv, p);
            self.direct_gain += (d.direct_gain > 0) as u64;
            self.capture += (d.captured > 0 && !d.capture_solo) as u64;
            self.grand_slam += d.grand_slam as u64;
            self.c1_exception += d.c1_exception as u64;
            self.capture_solo += d.capture_solo as u64;
        }
    }

    fn check(&self, v: Variant) {
        let least = |name: &str, n: u64, min: u64| {
            assert!(
                n >= min,
                "{v}: only {n} positions/moves with {name}: {self:?}"
            );
        };
        least("over: few seeds", self.over_few_seeds, 500);
        least("over: threshold", self.over_threshold, 500);
        least("over: no seed", self.over_no_seed, 500);
        least("over: cannot feed", self.over_cannot_feed, 20);
        least("feeding with a 7-seed move", self.feeding_with_7, 500);
        least("feeding without a 7-seed move", self.feeding_without_7, 500);
        least("pit 7 = 1", self.pit7_one, 500);
        least("pit 7 = 2", self.pit7_two, 500);
        least("big pile", self.big_pile, 500);
        least("capture", self.capture, 1000);
        least("grand slam", self.grand_slam, 20);
        for (i, &f) in self.flags.iter().enumerate() {
            least(&format!("flags #{i}"), f, 1000);
        }
        least("south to move", self.side[0], 1000);
        least("north to move", self.side[1], 1000);
        least("a winner", self.winner_some, 1000);
        least("a draw", self.draw, 100);
        if v == Variant::Songo40 {
            least("direct gain", self.direct_gain, 200);
            least("C1 exception", self.c1_exception, 100);
        }
        if v.to_string() == "songo36-amateur" {
            least("Capture Solo", self.capture_solo, 20);
        }
    }
}

const RANDOM_POSITIONS_PER_VARIANT: u64 = 40_000;

#[test]
fn random_positions_agree() {
    for (vi, v) in Variant::ALL.into_iter().enumerate() {
        let rv = RefVariant::from_name(&v.to_string()).unwrap();
        let mut cov = Coverage::default();
        for i in 0..RANDOM_POSITIONS_PER_VARIANT {
            let seed = 0x5EED_0000 + ((vi as u64) << 24) + i;
            let mut rng = StdRng::seed_from_u64(seed);
            let r = random_ref_pos(&mut rng);
            let text = r.to_string();
            let fast: Position = text
                .parse()
                .unwrap_or_else(|e| panic!("fast parser refused {text} (seed {seed}): {e:?}"));
            compare(v, &fast, &r, &format!("random position, seed {seed}"));
            cov.add(rv, &r);
        }
        eprintln!("{v}: {cov:?}");
        cov.check(v);
    }
}

// ---------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------

const GAMES_FROM_START: u64 = 800;
const GAMES_FROM_RANDOM: u64 = 800;
const MAX_PLIES: usize = 600;

/// Plays random legal moves from `start` until the game ends (or MAX_PLIES),
/// stepping both implementations and comparing at every ply. Returns the
/// number of plies.
fn play_game(v: Variant, start: RefPos, seed: u64, what: &str) -> usize {
    let rv = RefVariant::from_name(&v.to_string()).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut r = start;
    let mut fast: Position = r.to_string().parse().unwrap();
    for ply in 0..MAX_PLIES {
        let ctx = format!("{what}, seed {seed}, ply {ply}");
        compare(v, &fast, &r, &ctx);
        let moves = r.legal_moves(rv);
        if moves.is_empty() {
            return ply;
        }
        let pit = moves[rng.random_range(0..moves.len())];
        let before = r.to_string();
        r = r.play(rv, pit);
        fast = fast.make_move(v, Move::from_pit(pit));
        assert_eq!(
            fast.to_string(),
            r.to_string(),
            "{v} {before} [{ctx}]: move {}",
            letter(pit)
        );
        let seeds = r.seeds_on_board() + r.captured[0] as u32 + r.captured[1] as u32;
        assert_eq!(seeds, 70, "{v} {r} [{ctx}]");
    }
    MAX_PLIES
}

#[test]
fn random_games_agree_move_by_move() {
    for (vi, v) in Variant::ALL.into_iter().enumerate() {
        let mut plies = 0;
        let mut unfinished = 0;
        let base = (vi as u64) << 24;
        for g in 0..GAMES_FROM_START {
            let n = play_game(
                v,
                RefPos::start(),
                0x6A3E_0000 + base + g,
                "game from start",
            );
            plies += n;
            unfinished += (n == MAX_PLIES) as u32;
        }
        for g in 0..GAMES_FROM_RANDOM {
            let seed = 0xBA5E_0000 + base + g;
            let start = random_ref_pos(&mut StdRng::seed_from_u64(seed));
            let n = play_game(v, start, seed, "game from random position");
            plies += n;
            unfinished += (n == MAX_PLIES) as u32;
        }
        eprintln!("{v}: {plies} plies compared, {unfinished} games cut at {MAX_PLIES} plies");
    }
}

// ---------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------

const PERFT_POSITIONS_PER_VARIANT: u64 = 200;

#[test]
fn perft_agrees_on_random_positions() {
    for (vi, v) in Variant::ALL.into_iter().enumerate() {
        let rv = RefVariant::from_name(&v.to_string()).unwrap();
        let mut leaves = 0;
        for i in 0..PERFT_POSITIONS_PER_VARIANT {
            let seed = 0xFE27_0000 + ((vi as u64) << 24) + i;
            let mut rng = StdRng::seed_from_u64(seed);
            // Positions still in play (a finished one has perft 0).
            let mut r = random_ref_pos(&mut rng);
            while r.is_over(rv) {
                r = random_ref_pos(&mut rng);
            }
            // Half of them: a few random moves further, into game-like shapes.
            if i % 2 == 1 {
                for _ in 0..rng.random_range(0..20) {
                    let moves = r.legal_moves(rv);
                    if moves.is_empty() {
                        break;
                    }
                    r = r.play(rv, moves[rng.random_range(0..moves.len())]);
                }
            }
            let depth = 3 + (i % 2) as u32;
            let fast: Position = r.to_string().parse().unwrap();
            let want = ref_perft(&r, rv, depth);
            assert_eq!(
                fast_perft(&fast, v, depth),
                want,
                "{v} {r} depth {depth} (seed {seed}): fast perft vs reference"
            );
            leaves += want;
        }
        // And from the start position, deeper.
        let start = Position::startpos();
        assert_eq!(start.to_string(), RefPos::start().to_string());
        assert_eq!(fast_perft(&start, v, 5), ref_perft(&RefPos::start(), rv, 5));
        eprintln!("{v}: {PERFT_POSITIONS_PER_VARIANT} perft positions, {leaves} leaves");
    }
}

//! The fast core against the plain-array reference (tests/reference), on
//! the shared vectors, on random positions built to reach every rule, and
//! along random games. Positions cross between the two as strings only.

mod reference;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reference::{perft as ref_perft, RefPos, RefVariant};
use songo::{Move, Position, Side, Variant};

fn rv(v: Variant) -> RefVariant {
    RefVariant::from_name(v.name()).unwrap()
}

#[test]
fn reference_matches_shared_vectors() {
    for line in include_str!("data/perft.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let v = RefVariant::from_name(f[0]).unwrap();
        let p = RefPos::parse(f[1]).unwrap();
        let depth: u32 = f[2].parse().unwrap();
        let count: u64 = f[3].parse().unwrap();
        assert_eq!(ref_perft(&p, v, depth), count, "{line}");
    }
    let mut current: Option<(RefVariant, RefPos, Vec<usize>)> = None;
    let check = |c: &Option<(RefVariant, RefPos, Vec<usize>)>| {
        if let Some((v, p, moves)) = c {
            assert_eq!(&p.legal_moves(*v), moves, "{}", p.text());
        }
    };
    for line in include_str!("data/cases.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if !line.starts_with(' ') {
            check(&current);
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            current = Some((
                RefVariant::from_name(f[0]).unwrap(),
                RefPos::parse(f[1]).unwrap(),
                Vec::new(),
            ));
            continue;
        }
        let body = line.trim();
        if body == "no legal move" {
            continue;
        }
        let (mv, to) = body.split_once(" -> ").unwrap();
        let solo = mv.ends_with('*');
        let letter = mv.trim_end_matches('*');
        let pit = "ABCDEFGabcdefg".find(letter).unwrap();
        let (v, p, moves) = current.as_mut().unwrap();
        moves.push(pit);
        assert_eq!(p.play(*v, pit).text(), to, "{line}");
        assert_eq!(p.is_capture_solo(*v, pit), solo, "{line}");
    }
    check(&current);
}

/// A random position aimed at the corners of the rules.
fn random_position(rng: &mut StdRng) -> Position {
    loop {
        let mut pits = [0u8; 14];
        let on_board: u8 = match rng.random_range(0..6) {
            0 => rng.random_range(0..=12), // endgames, fewer than 10 seeds
            1 => rng.random_range(10..=20),
            _ => rng.random_range(10..=70),
        };
        let mut left = on_board;
        // Big piles: 14, 21, 28, 35+ seeds in one pit.
        if rng.random_bool(0.3) && left >= 14 {
            let pile = [14u8, 21, 28, 35, 13, 20, 27, 15, 22][rng.random_range(0..9)].min(left);
            pits[rng.random_range(0..14)] += pile;
            left -= pile;
        }
        // One or both rows empty, or a sparse row.
        let empty_row = match rng.random_range(0..8) {
            0 => Some(0),
            1 => Some(1),
            _ => None,
        };
        while left > 0 {
            let mut i = rng.random_range(0..14);
            if Some(i / 7) == empty_row {
                i = (i + 7) % 14;
            }
            let chunk = rng.random_range(1..=left.min(6));
            pits[i] += chunk;
            left -= chunk;
        }
        // Pit 7 holding exactly 1 or 2 seeds, moved in from elsewhere.
        for seven in [6usize, 13] {
            if rng.random_bool(0.25) {
                let want = rng.random_range(1..=2u8);
                let have = pits[seven];
                if have > want {
                    pits[seven] = want;
                    pits[(seven + 1) % 14] += have - want;
                }
            }
        }
        let captured_total = 70 - on_board;
        // Captured counts near the thresholds now and then.
        let south = if rng.random_bool(0.3) {
            [34u8, 35, 36, 38, 39, 40][rng.random_range(0..6)].min(captured_total)
        } else {
            rng.random_range(0..=captured_total)
        };
        let side = if rng.random_bool(0.5) {
            Side::South
        } else {
            Side::North
        };
        let flags = [rng.random_bool(0.5), rng.random_bool(0.5)];
        if let Some(p) = Position::from_parts(pits, side, [south, captured_total - south], flags) {
            return p;
        }
    }
}

fn compare(v: Variant, p: &Position) {
    let text = p.to_string();
    let r = RefPos::parse(&text).unwrap_or_else(|| panic!("reference cannot parse {text}"));
    assert_eq!(r.text(), text);
    let fast: Vec<usize> = p.legal_moves(v).into_iter().map(|m| m.pit()).collect();
    let slow = r.legal_moves(rv(v));
    assert_eq!(fast, slow, "{v} {text}: legal moves");
    assert_eq!(p.is_over(v), r.is_over(rv(v)), "{v} {text}");
    assert_eq!(p.final_scores(v), r.final_scores(rv(v)), "{v} {text}");
    assert_eq!(
        p.winner(v).map(|s| s.index()),
        r.winner(rv(v)),
        "{v} {text}: winner"
    );
    for &pit in &slow {
        let m = Move::from_pit(pit);
        assert_eq!(
            p.make_move(v, m).to_string(),
            r.play(rv(v), pit).text(),
            "{v} {text}: move {m}"
        );
        assert_eq!(
            p.is_capture_solo(v, m),
            r.is_capture_solo(rv(v), pit),
            "{v} {text} {m}"
        );
    }
}

#[test]
fn random_positions_agree() {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut feeding = 0;
    let mut over = 0;
    for v in Variant::ALL {
        for _ in 0..40_000 {
            let p = random_position(&mut rng);
            if p.row_empty(p.side_to_move().opponent()) {
                feeding += 1;
            }
            if p.is_over(v) {
                over += 1;
            }
            compare(v, &p);
        }
    }
    // The generator reaches the rules it is meant to reach.
    assert!(feeding > 5_000, "{feeding} feeding positions");
    assert!(over > 5_000, "{over} finished positions");
}

#[test]
fn random_games_agree_move_by_move() {
    let mut rng = StdRng::seed_from_u64(77);
    for v in Variant::ALL {
        for g in 0..600 {
            let mut p = if g % 3 == 0 {
                random_position(&mut rng)
            } else {
                Position::startpos()
            };
            for _ in 0..400 {
                compare(v, &p);
                let moves: Vec<Move> = p.legal_moves(v).into_iter().collect();
                if moves.is_empty() {
                    break;
                }
                p = p.make_move(v, moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}

#[test]
fn perft_agrees_on_random_positions() {
    let mut rng = StdRng::seed_from_u64(5);
    for v in Variant::ALL {
        for i in 0..150 {
            let p = random_position(&mut rng);
            let depth = 3 + (i % 2) as u32;
            let r = RefPos::parse(&p.to_string()).unwrap();
            assert_eq!(
                p.perft(v, depth),
                ref_perft(&r, rv(v), depth),
                "{v} {p} {depth}"
            );
        }
    }
}

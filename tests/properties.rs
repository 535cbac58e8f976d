//! Seeded property tests: invariants along random games, text round trips,
//! typed errors for bad input, and no panics on garbage.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use songo::{Move, ParsePositionError, Position, Side, Variant};

fn random_game_positions(v: Variant, rng: &mut StdRng) -> Vec<Position> {
    let mut out = vec![Position::startpos()];
    loop {
        let p = *out.last().unwrap();
        let moves: Vec<Move> = p.legal_moves(v).into_iter().collect();
        if moves.is_empty() || out.len() > 500 {
            return out;
        }
        out.push(p.make_move(v, moves[rng.random_range(0..moves.len())]));
    }
}

#[test]
fn seeds_always_total_70_and_strings_round_trip() {
    let mut rng = StdRng::seed_from_u64(1);
    for v in Variant::ALL {
        for _ in 0..300 {
            for p in random_game_positions(v, &mut rng) {
                let on_board: u32 = p.pits().iter().map(|&c| c as u32).sum();
                let total =
                    on_board + p.captured(Side::South) as u32 + p.captured(Side::North) as u32;
                assert_eq!(total, 70, "{p}");
                assert_eq!(p.seeds_on_board() as u32, on_board);
                let text = p.to_string();
                let back: Position = text.parse().unwrap();
                assert_eq!(back, p);
                assert_eq!(back.to_string(), text);
                assert_eq!(back.key(), p.key());
            }
        }
    }
}

#[test]
fn each_kind_of_bad_position_string_has_its_error() {
    use ParsePositionError::*;
    type Check = fn(&ParsePositionError) -> bool;
    let cases: &[(&str, Check)] = &[
        ("", |e| matches!(e, FieldCount { found: 0 })),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0", |e| {
            matches!(e, FieldCount { found: 4 })
        }),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg x", |e| {
            matches!(e, FieldCount { found: 6 })
        }),
        ("5,5,5,5,5,5,5,5,5,5,5,5,5,5 s 0 0 Gg", |e| {
            matches!(e, RowShape { .. })
        }),
        ("5,5,5,5,5,5/5,5,5,5,5,5,5,5 s 0 0 Gg", |e| {
            matches!(e, RowShape { .. })
        }),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5/ s 0 0 Gg", |e| {
            matches!(e, RowShape { .. })
        }),
        ("5,5,5,5,5,5,x/5,5,5,5,5,5,5 s 0 0 Gg", |e| {
            matches!(e, BadCount { .. })
        }),
        ("5,5,5,5,5,5,-5/5,5,5,5,5,5,5 s 0 0 Gg", |e| {
            matches!(e, BadCount { .. })
        }),
        ("5,5,5,5,5,5,/5,5,5,5,5,5,5 s 0 0 Gg", |e| {
            matches!(e, BadCount { .. })
        }),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s x 0 Gg", |e| {
            matches!(e, BadCount { .. })
        }),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 999 Gg", |e| {
            matches!(e, BadCount { .. })
        }),
        ("5,5,5,5,5,5,6/5,5,5,5,5,5,5 s 0 0 Gg", |e| {
            matches!(e, SeedTotal { total: 71 })
        }),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 1 0 Gg", |e| {
            matches!(e, SeedTotal { total: 71 })
        }),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 w 0 0 Gg", |e| {
            matches!(e, BadSide { .. })
        }),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 S 0 0 Gg", |e| {
            matches!(e, BadSide { .. })
        }),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 x", |e| {
            matches!(e, BadFlags { .. })
        }),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 GG", |e| {
            matches!(e, BadFlags { .. })
        }),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 gG", |e| {
            matches!(e, BadFlags { .. })
        }),
    ];
    for (text, is_expected) in cases {
        let err = text.parse::<Position>().unwrap_err();
        assert!(is_expected(&err), "{text:?} gave {err:?}");
        assert!(!err.to_string().is_empty());
    }
}

#[test]
fn garbage_and_mutated_strings_never_panic() {
    let mut rng = StdRng::seed_from_u64(3);
    let valid = [
        "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg",
        "0,6,13,1,2,0,9/9,1,1,6,6,3,0 s 0 13 -",
    ];
    let alphabet = b"0123456789,/ snGg-x\t7";
    for _ in 0..50_000 {
        let mut bytes = valid[rng.random_range(0..2)].as_bytes().to_vec();
        for _ in 0..rng.random_range(1..4) {
            let i = rng.random_range(0..bytes.len());
            match rng.random_range(0..3) {
                0 => bytes[i] = alphabet[rng.random_range(0..alphabet.len())],
                1 => {
                    bytes.remove(i);
                }
                _ => bytes.insert(i, alphabet[rng.random_range(0..alphabet.len())]),
            }
            if bytes.is_empty() {
                break;
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(p) = text.parse::<Position>() {
            let back: Position = p.to_string().parse().unwrap();
            assert_eq!(back, p);
            for v in Variant::ALL {
                let _ = p.legal_moves(v);
            }
        }
    }
    for _ in 0..20_000 {
        let len = rng.random_range(0..40);
        let bytes: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        let _ = String::from_utf8_lossy(&bytes).parse::<Position>();
        let _ = Move::parse(&String::from_utf8_lossy(&bytes), Side::North);
    }
}

#[test]
fn illegal_moves_are_errors() {
    let p = Position::startpos();
    for v in Variant::ALL {
        for letter in "abcdefg".chars() {
            let m: Move = letter.to_string().parse().unwrap();
            let err = p.play(v, m).unwrap_err();
            assert_eq!(err.mv, m);
            assert_eq!(err.legal, p.legal_moves(v));
        }
    }
    // songo40: C7 with 6 seeds is not playable.
    let p: Position = "5,5,5,5,5,5,6/5,5,5,5,5,5,4 s 0 0 Gg".parse().unwrap();
    assert!(p.play(Variant::Songo40, "G".parse().unwrap()).is_err());
    // A finished game has no legal move at all.
    let p: Position = "3,0,0,0,0,0,0/1,1,0,2,0,0,0 s 30 33 -".parse().unwrap();
    let err = p.play(Variant::Songo40, "A".parse().unwrap()).unwrap_err();
    assert!(err.legal.is_empty());
    assert!(err.to_string().contains("over"));
}

#[test]
fn move_text() {
    for bad in ["", "H", "8", "0", "Ab", "h", "-1", "aa"] {
        assert!(Move::parse(bad, Side::South).is_err(), "{bad:?}");
    }
    for (i, c) in "ABCDEFGabcdefg".chars().enumerate() {
        let m = Move::parse(&c.to_string(), Side::South).unwrap();
        assert_eq!(m.pit(), i);
        assert_eq!(m.to_string(), c.to_string());
    }
    for n in 1..=7usize {
        let s = n.to_string();
        assert_eq!(Move::parse(&s, Side::South).unwrap().pit(), n - 1);
        assert_eq!(Move::parse(&s, Side::North).unwrap().pit(), n + 6);
    }
}

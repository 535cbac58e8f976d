//! Seeded property tests over the fast API only: invariants along random
//! games, exact text round trips, a typed error (never a panic) for every
//! kind of bad position string, garbage input, illegal moves, move text.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use songo_core::{Move, ParsePositionError, Position, Side, Variant};
use std::collections::HashMap;

const START: &str = "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg";

/// The five fields of a position string, read back by hand: the pits, the
/// side (0 South, 1 North), the captured counts and the pit-7 flags.
struct Fields {
    pits: [u32; 14],
    side: usize,
    captured: [u32; 2],
    flags: [bool; 2],
}

fn fields(text: &str) -> Fields {
    let f: Vec<&str> = text.split(' ').collect();
    assert_eq!(f.len(), 5, "{text}");
    let counts: Vec<u32> = f[0].split(['/', ',']).map(|c| c.parse().unwrap()).collect();
    assert_eq!(counts.len(), 14, "{text}");
    assert_eq!(f[0].matches('/').count(), 1, "{text}");
    let mut pits = [0; 14];
    pits.copy_from_slice(&counts);
    let side = match f[1] {
        "s" => 0,
        "n" => 1,
        other => panic!("side {other:?} in {text}"),
    };
    let flags = match f[4] {
        "Gg" => [true, true],
        "G" => [true, false],
        "g" => [false, true],
        "-" => [false, false],
        other => panic!("flags {other:?} in {text}"),
    };
    Fields {
        pits,
        side,
        captured: [f[2].parse().unwrap(), f[3].parse().unwrap()],
        flags,
    }
}

fn side_index(s: Side) -> usize {
    match s {
        Side::South => 0,
        Side::North => 1,
    }
}

/// A random game from the start (random legal moves until it ends, at most
/// `max` plies); returns every position of it.
fn random_game(v: Variant, rng: &mut StdRng, max: usize) -> Vec<Position> {
    let mut out = vec![Position::startpos()];
    while out.len() <= max {
        let p = *out.last().unwrap();
        let moves: Vec<Move> = p.legal_moves(v).into_iter().collect();
        if moves.is_empty() {
            break;
        }
        out.push(p.make_move(v, moves[rng.random_range(0..moves.len())]));
    }
    out
}

const GAMES_PER_VARIANT: u64 = 400;

#[test]
fn start_position_and_variant_names() {
    assert_eq!(Position::startpos().to_string(), START);
    assert_eq!(START.parse::<Position>().unwrap(), Position::startpos());
    let names: Vec<String> = Variant::ALL.iter().map(|v| v.to_string()).collect();
    assert_eq!(names, ["songo36-beginner", "songo36-amateur", "songo40"]);
    for v in Variant::ALL {
        assert_eq!(v.to_string().parse::<Variant>().ok(), Some(v));
        assert!(!Position::startpos().is_over(v));
        assert_eq!(Position::startpos().legal_moves(v).len(), 7);
    }
    for bad in [
        "",
        "songo36",
        "songo",
        "songo41",
        "songo36-expert",
        "songo36 amateur",
        "x",
    ] {
        assert!(bad.parse::<Variant>().is_err(), "{bad:?}");
    }
    // Spelling variants: rejected, or read as the variant they spell.
    for (text, name) in [
        ("Songo40", "songo40"),
        (" songo40 ", "songo40"),
        ("SONGO36-AMATEUR", "songo36-amateur"),
        ("songo36-Beginner", "songo36-beginner"),
    ] {
        if let Ok(v) = text.parse::<Variant>() {
            assert_eq!(v.to_string(), name, "{text:?}");
        }
    }
}

/// Seeds on the board plus both captured counts total 70 at every ply, and
/// the per-move invariants hold: the side flips, captures only grow the
/// mover's count, pit 7 clears exactly its owner's flag, legal moves are
/// the mover's non-empty pits in ascending order, over = no legal move.
#[test]
fn seeds_total_70_and_move_invariants_along_random_games() {
    for (vi, v) in Variant::ALL.into_iter().enumerate() {
        let mut plies = 0;
        for g in 0..GAMES_PER_VARIANT {
            let seed = 0x70_0000 + ((vi as u64) << 20) + g;
            let mut rng = StdRng::seed_from_u64(seed);
            let game = random_game(v, &mut rng, 600);
            plies += game.len();
            for (ply, p) in game.iter().enumerate() {
                let text = p.to_string();
                let ctx = format!("{v} {text} (seed {seed}, ply {ply})");
                let f = fields(&text);
                let board: u32 = f.pits.iter().sum();
                assert_eq!(board + f.captured[0] + f.captured[1], 70, "{ctx}");

                let moves: Vec<Move> = p.legal_moves(v).into_iter().collect();
                assert_eq!(p.is_over(v), moves.is_empty(), "{ctx}");
                assert_eq!(p.legal_moves(v).len(), moves.len(), "{ctx}");
                for w in moves.windows(2) {
                    assert!(w[0].pit() < w[1].pit(), "{ctx}: moves not ascending");
                }
                for m in &moves {
                    assert_eq!(m.pit() / 7, f.side, "{ctx}: {m} is not the mover's");
                    assert!(f.pits[m.pit()] > 0, "{ctx}: {m} is empty");
                }

                // Scores and winner (rule 5.2).
                let s = p.final_scores(v);
                let s = [s[0] as u32, s[1] as u32];
                let w = p.winner(v).map(side_index);
                if v == Variant::Songo40 {
                    assert_eq!(s, f.captured, "{ctx}");
                    let want = if s[0] >= s[1] + 5 {
                        Some(0)
                    } else if s[1] >= s[0] + 5 {
                        Some(1)
                    } else {
                        None
                    };
                    assert_eq!(w, want, "{ctx}");
                } else {
                    assert_eq!(s[0] + s[1], 70, "{ctx}");
                    let row0: u32 = f.pits[..7].iter().sum();
                    assert_eq!(s[0], f.captured[0] + row0, "{ctx}");
                    let want = if s[0] > 35 {
                        Some(0)
                    } else if s[1] > 35 {
                        Some(1)
                    } else {
                        None
                    };
                    assert_eq!(w, want, "{ctx}");
                }

                if let Some(next) = game.get(ply + 1) {
                    let n = fields(&next.to_string());
                    assert_eq!(n.side, 1 - f.side, "{ctx}: side did not flip");
                    let mover = f.side;
                    assert!(n.captured[mover] >= f.captured[mover], "{ctx}");
                    assert_eq!(n.captured[1 - mover], f.captured[1 - mover], "{ctx}");
                    // Which move was played: the one that gives `next`.
                    let m = moves
                        .iter()
                        .copied()
                        .find(|&m| p.make_move(v, m) == *next)
                        .expect("next position comes from a legal move");
                    assert_eq!(n.pits[m.pit()], 0, "{ctx}: {m} was not emptied");
                    let seven = mover * 7 + 6;
                    let mut flags = f.flags;
                    if m.pit() == seven {
                        flags[mover] = false;
                    }
                    assert_eq!(n.flags, flags, "{ctx}: flags after {m}");
                }
            }
        }
        eprintln!("{v}: {GAMES_PER_VARIANT} games, {plies} positions");
    }
}

/// Display then FromStr gives the same position and the same text; the key
/// is a function of the position.
#[test]
fn position_strings_round_trip() {
    let mut keys: HashMap<u64, Position> = HashMap::new();
    let mut distinct = 0;
    for (vi, v) in Variant::ALL.into_iter().enumerate() {
        let mut rng = StdRng::seed_from_u64(0x5172 + vi as u64);
        for _ in 0..200 {
            for p in random_game(v, &mut rng, 400) {
                let text = p.to_string();
                let back: Position = text
                    .parse()
                    .unwrap_or_else(|e| panic!("{text} does not parse back: {e:?}"));
                assert_eq!(back, p, "{text}");
                assert_eq!(back.to_string(), text);
                assert_eq!(back.key(), p.key(), "{text}");
                // Different positions should not share a key.
                match keys.get(&p.key()) {
                    Some(q) => assert_eq!(*q, p, "key collision: {q} and {p}"),
                    None => {
                        keys.insert(p.key(), p);
                        distinct += 1;
                    }
                }
            }
        }
    }
    assert!(distinct > 10_000, "{distinct}");
}

/// Non-canonical spellings of the start position (extra whitespace, leading
/// zeros): each is rejected, or read as the start position and printed
/// canonically.
#[test]
fn non_canonical_spellings_are_rejected_or_canonicalised() {
    for text in [
        "05,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg",
        "5,5,5,5,5,5,5/5,5,5,5,5,5,5  s 0 0 Gg",
        " 5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg",
        "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg ",
        "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg\n",
        "5,5,5,5,5,5,5/5,5,5,5,5,5,5\ts 0 0 Gg",
        "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 00 0 Gg",
        "+5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg",
        "5, 5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg",
    ] {
        if let Ok(p) = text.parse::<Position>() {
            assert_eq!(p, Position::startpos(), "{text:?}");
            assert_eq!(p.to_string(), START, "{text:?}");
        }
    }
}

/// Every canonical string of the shared data files parses and prints back
/// unchanged.
#[test]
fn canonical_strings_are_fixed_points() {
    let mut n = 0;
    let data = [
        include_str!("data/perft.txt"),
        include_str!("data/cases.txt"),
    ];
    for text in data.iter().flat_map(|d| d.lines()) {
        if text.starts_with('#') {
            continue;
        }
        let mut found = Vec::new();
        if let Some((_, rest)) = text.split_once(" | ") {
            found.push(rest.split(" | ").next().unwrap());
        }
        if let Some((_, to)) = text.split_once(" -> ") {
            found.push(to);
        }
        for s in found {
            let p: Position = s.parse().unwrap_or_else(|e| panic!("{s}: {e:?}"));
            assert_eq!(p.to_string(), s);
            n += 1;
        }
    }
    assert!(n > 200, "{n}");
}

#[test]
fn each_kind_of_bad_position_string_is_its_error() {
    use ParsePositionError::*;
    type Check = fn(&ParsePositionError) -> bool;
    let field_count: Check = |e| matches!(e, FieldCount { .. });
    let row_shape: Check = |e| matches!(e, RowShape { .. });
    let bad_count: Check = |e| matches!(e, BadCount { .. });
    let row_or_count: Check = |e| matches!(e, RowShape { .. } | BadCount { .. });
    let bad_side: Check = |e| matches!(e, BadSide { .. });
    let bad_flags: Check = |e| matches!(e, BadFlags { .. });
    let cases: &[(&str, Check)] = &[
        // Wrong field count.
        ("", field_count),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5", field_count),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0", |e| {
            matches!(e, FieldCount { found: 4 })
        }),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg x", |e| {
            matches!(e, FieldCount { found: 6 })
        }),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg -", field_count),
        // Bad row shape.
        ("5,5,5,5,5,5,5,5,5,5,5,5,5,5 s 0 0 Gg", row_shape),
        ("5,5,5,5,5,5,10/5,5,5,5,5,5 s 0 0 Gg", row_shape),
        ("5,5,5,5,5,5/5,5,5,5,5,5,5,5 s 0 0 Gg", row_shape),
        ("5,5,5,5,5,5,5,5/5,5,5,5,5,5 s 0 0 Gg", row_shape),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5/ s 0 0 Gg", row_shape),
        ("5,5,5,5,5,5,5/5,5,5,5,5/5,5 s 0 0 Gg", row_shape),
        ("35,35 s 0 0 Gg", row_shape),
        ("/ s 0 0 Gg", row_shape),
        // An empty count: a row shape or a count error, never accepted.
        ("5,5,5,5,5,5,/5,5,5,5,5,5,5 s 0 0 Gg", row_or_count),
        // A count that is not a number (0..=70).
        ("5,5,5,5,5,5,x/5,5,5,5,5,5,5 s 0 0 Gg", bad_count),
        ("5,5,5,5,5,5,-5/5,5,5,5,5,5,5 s 0 0 Gg", bad_count),
        ("5,5,5,5,5,5,5.0/5,5,5,5,5,5,5 s 0 0 Gg", bad_count),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,0x5 s 0 0 Gg", bad_count),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,71 s 0 0 Gg", bad_count),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,256 s 0 0 Gg", bad_count),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s x 0 Gg", bad_count),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 -0 Gg", bad_count),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 999 Gg", bad_count),
        (
            "5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 99999999999999999999 Gg",
            bad_count,
        ),
        // Seeds not summing to 70.
        ("5,5,5,5,5,5,6/5,5,5,5,5,5,5 s 0 0 Gg", |e| {
            matches!(e, SeedTotal { total: 71 })
        }),
        ("5,5,5,5,5,5,4/5,5,5,5,5,5,5 s 0 0 Gg", |e| {
            matches!(e, SeedTotal { total: 69 })
        }),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 1 0 Gg", |e| {
            matches!(e, SeedTotal { total: 71 })
        }),
        ("0,0,0,0,0,0,0/0,0,0,0,0,0,0 s 70 70 -", |e| {
            matches!(e, SeedTotal { total: 140 })
        }),
        ("70,70,0,0,0,0,0/0,0,0,0,0,0,0 s 0 0 -", |e| {
            matches!(e, SeedTotal { total: 140 })
        }),
        // Bad side letter.
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 w 0 0 Gg", bad_side),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 S 0 0 Gg", bad_side),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 N 0 0 Gg", bad_side),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 sn 0 0 Gg", bad_side),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 south 0 0 Gg", bad_side),
        // Bad flags: only "Gg", "G", "g", "-" (the fast parser rejects
        // non-canonical spellings rather than canonicalising them).
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 x", bad_flags),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 GG", bad_flags),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 gG", bad_flags),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 gg", bad_flags),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg-", bad_flags),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 -G", bad_flags),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 --", bad_flags),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Ggg", bad_flags),
        ("5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 S", bad_flags),
    ];
    for (text, is_expected) in cases {
        let err = text
            .parse::<Position>()
            .expect_err(&format!("{text:?} was accepted"));
        assert!(is_expected(&err), "{text:?} gave {err:?}");
        assert!(!err.to_string().is_empty(), "{text:?}");
    }
}

/// Anything the parser accepts prints as a canonical string that parses
/// back to the same position (so non-canonical input is canonicalised).
fn accepted_is_canonicalised(text: &str) {
    if let Ok(p) = text.parse::<Position>() {
        let canon = p.to_string();
        let back: Position = canon
            .parse()
            .unwrap_or_else(|e| panic!("{text:?} -> {canon} does not parse: {e:?}"));
        assert_eq!(back, p, "{text:?}");
        let f = fields(&canon);
        let board: u32 = f.pits.iter().sum();
        assert_eq!(board + f.captured[0] + f.captured[1], 70, "{text:?}");
        for v in Variant::ALL {
            let moves = p.legal_moves(v);
            assert_eq!(moves.is_empty(), p.is_over(v), "{v} {canon}");
            let _ = (p.final_scores(v), p.winner(v), p.key());
            for m in moves {
                let _ = p.make_move(v, m);
            }
        }
    }
}

#[test]
fn garbage_and_mutated_strings_never_panic() {
    let mut rng = StdRng::seed_from_u64(0x6A5B);
    let valid = [
        START,
        "0,6,13,1,2,0,9/9,1,1,6,6,3,0 s 0 13 -",
        "0,0,2,0,0,0,0/6,0,49,1,0,8,1 n 1 2 Gg",
        "0,0,0,0,0,0,21/0,0,0,0,0,0,0 s 30 19 G",
        "0,0,0,0,0,0,1/5,5,5,5,5,5,5 s 20 14 g",
    ];
    let alphabet = "0123456789,/ snGg-x\t7\u{e9}\u{0}+\n ".as_bytes();
    let mut accepted = 0;
    for _ in 0..60_000 {
        let mut bytes = valid[rng.random_range(0..valid.len())].as_bytes().to_vec();
        for _ in 0..rng.random_range(1..5) {
            if bytes.is_empty() {
                break;
            }
            let i = rng.random_range(0..bytes.len());
            match rng.random_range(0..4) {
                0 => bytes[i] = alphabet[rng.random_range(0..alphabet.len())],
                1 => {
                    bytes.remove(i);
                }
                2 => bytes.insert(i, alphabet[rng.random_range(0..alphabet.len())]),
                _ => bytes[i] = rng.random(),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        accepted += text.parse::<Position>().is_ok() as u32;
        accepted_is_canonicalised(&text);
    }
    // Some mutations keep a valid position (e.g. moving a seed between pits).
    assert!(accepted > 100, "{accepted}");
    for _ in 0..30_000 {
        let len = rng.random_range(0..48);
        let text: String = if rng.random_bool(0.5) {
            let bytes: Vec<u8> = (0..len).map(|_| rng.random()).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            (0..len)
                .map(|_| alphabet[rng.random_range(0..alphabet.len())] as char)
                .collect()
        };
        accepted_is_canonicalised(&text);
        for side in [Side::South, Side::North] {
            let _ = Move::parse(&text, side);
        }
        let _ = text.parse::<Variant>();
    }
}

/// `play` refuses every pit that is not a legal move (the opponent's pits,
/// empty pits, pits the rules forbid, any pit once the game is over) and
/// agrees with `make_move` on the legal ones.
#[test]
fn illegal_moves_are_errors() {
    let mut refused = 0;
    for (vi, v) in Variant::ALL.into_iter().enumerate() {
        let mut rng = StdRng::seed_from_u64(0x111E6A1 + vi as u64);
        for _ in 0..200 {
            for p in random_game(v, &mut rng, 400) {
                let legal = p.legal_moves(v);
                for pit in 0..14 {
                    let m = Move::from_pit(pit);
                    if legal.contains(m) {
                        assert_eq!(p.play(v, m).ok(), Some(p.make_move(v, m)), "{v} {p} {m}");
                    } else {
                        assert!(p.play(v, m).is_err(), "{v} {p}: {m} accepted");
                        refused += 1;
                    }
                }
            }
        }
    }
    assert!(refused > 100_000, "{refused}");
    // Named cases: songo40's C7 with 6 seeds; songo36's noble pit with 1
    // seed and no capture; a finished game.
    let p: Position = "5,5,5,5,5,5,6/5,5,5,5,5,5,4 s 0 0 Gg".parse().unwrap();
    assert!(p.play(Variant::Songo40, Move::from_pit(6)).is_err());
    assert!(p.play(Variant::Songo40, Move::from_pit(0)).is_ok());
    let p: Position = "5,5,5,5,5,5,1/0,5,5,5,5,5,5 s 9 0 Gg".parse().unwrap();
    for v in ["songo36-beginner", "songo36-amateur"] {
        assert!(p.play(v.parse().unwrap(), Move::from_pit(6)).is_err());
    }
    let p: Position = "3,0,0,0,0,0,0/1,1,0,2,0,0,0 s 30 33 -".parse().unwrap();
    for v in Variant::ALL {
        assert!(p.is_over(v));
        for pit in 0..14 {
            assert!(p.play(v, Move::from_pit(pit)).is_err());
        }
    }
}

#[test]
fn move_text() {
    for bad in [
        "", "H", "8", "0", "Ab", "h", "Z", "z", "-1", "10", "11", "77", "aa", "AA", "#", "\u{e9}",
    ] {
        for side in [Side::South, Side::North] {
            assert!(Move::parse(bad, side).is_err(), "{bad:?} accepted");
        }
    }
    for (i, c) in "ABCDEFGabcdefg".chars().enumerate() {
        let m = Move::from_pit(i);
        assert_eq!(m.pit(), i);
        assert_eq!(m.to_string(), c.to_string());
        for side in [Side::South, Side::North] {
            let p = Move::parse(&c.to_string(), side).unwrap();
            assert_eq!(p, m, "{c}");
        }
    }
    for n in 1..=7usize {
        let s = n.to_string();
        assert_eq!(Move::parse(&s, Side::South).unwrap().pit(), n - 1, "{s}");
        assert_eq!(Move::parse(&s, Side::North).unwrap().pit(), n + 6, "{s}");
        assert_eq!(
            Move::parse(&s, Side::South).unwrap().to_string(),
            "ABCDEFG"[n - 1..n]
        );
        assert_eq!(
            Move::parse(&s, Side::North).unwrap().to_string(),
            "abcdefg"[n - 1..n]
        );
    }
}

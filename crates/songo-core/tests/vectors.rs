//! The shared rule cases and perft vectors (copied byte for byte into tests/data).

use songo_core::{Move, Position, Variant};

const CASES: &str = include_str!("data/cases.txt");
const PERFT: &str = include_str!("data/perft.txt");

struct Case {
    line: usize,
    variant: Variant,
    position: Position,
    what: String,
    /// `(move, capture solo, resulting position)`; empty for a finished game.
    moves: Vec<(Move, bool, Position)>,
}

fn parse_cases() -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in CASES.lines().enumerate() {
        let line = i + 1;
        if raw.starts_with('#') || raw.trim().is_empty() {
            continue;
        }
        if !raw.starts_with(' ') {
            let f: Vec<&str> = raw.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 3, "cases.txt:{line}: header");
            cases.push(Case {
                line,
                variant: f[0].parse().unwrap(),
                position: f[1].parse().unwrap(),
                what: f[2].to_string(),
                moves: Vec::new(),
            });
            continue;
        }
        let case = cases.last_mut().expect("a move line follows a header");
        let body = raw.trim();
        if body == "no legal move" {
            continue;
        }
        let (mv, to) = body.split_once("->").expect("move -> position");
        let mv = mv.trim();
        let solo = mv.ends_with('*');
        let mv: Move = mv.trim_end_matches('*').parse().unwrap();
        let to: Position = to
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("cases.txt:{line}: {e}"));
        case.moves.push((mv, solo, to));
    }
    cases
}

#[test]
fn every_shared_case_passes() {
    let cases = parse_cases();
    assert!(cases.len() >= 25, "parsed {} cases", cases.len());
    for c in &cases {
        let ctx = format!("cases.txt:{} ({}, {})", c.line, c.variant, c.what);
        let legal: Vec<Move> = c.position.legal_moves(c.variant).into_iter().collect();
        let expected: Vec<Move> = c.moves.iter().map(|m| m.0).collect();
        assert_eq!(legal, expected, "{ctx}: legal moves");
        assert_eq!(c.position.is_over(c.variant), expected.is_empty(), "{ctx}");
        for &(m, solo, to) in &c.moves {
            assert_eq!(c.position.make_move(c.variant, m), to, "{ctx}: move {m}");
            assert_eq!(c.position.play(c.variant, m), Ok(to), "{ctx}: move {m}");
            assert_eq!(
                c.position.is_capture_solo(c.variant, m),
                solo,
                "{ctx}: {m}*"
            );
        }
    }
}

#[test]
fn every_shared_perft_vector_passes() {
    let mut checked = 0;
    for (i, raw) in PERFT.lines().enumerate() {
        if raw.starts_with('#') || raw.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = raw.split('|').map(str::trim).collect();
        assert_eq!(f.len(), 4, "perft.txt:{}", i + 1);
        let variant: Variant = f[0].parse().unwrap();
        let position: Position = f[1].parse().unwrap();
        let depth: u32 = f[2].parse().unwrap();
        let count: u64 = f[3].parse().unwrap();
        assert_eq!(
            position.perft(variant, depth),
            count,
            "perft.txt:{}: {variant} {position} depth {depth}",
            i + 1
        );
        let divided: u64 = position.divide(variant, depth).iter().map(|d| d.1).sum();
        assert_eq!(divided, count, "perft.txt:{}: divide", i + 1);
        checked += 1;
    }
    assert!(checked >= 100, "only {checked} perft vectors");
}

#[test]
fn data_files_are_the_shared_copies() {
    // On a developer machine the shared folder sits beside the repo (three
    // levels above this crate); on a user's machine it does not, and there
    // is nothing to compare with.
    let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared");
    for (name, ours) in [("cases.txt", CASES), ("perft.txt", PERFT)] {
        if let Ok(theirs) = std::fs::read_to_string(shared.join(name)) {
            assert_eq!(
                ours, theirs,
                "crates/songo-core/tests/data/{name} differs from ../shared/{name}"
            );
        }
    }
}

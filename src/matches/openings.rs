//! Openings for a match: random move sequences from a seed, or positions
//! read from a file. Each is played twice, colours swapped.

use std::path::Path;

use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;

use super::referee::Opening;
use super::spec::SpecError;
use songo_core::game::Game;
use songo_core::moves::Move;
use songo_core::position::Position;
use songo_core::variant::Variant;

/// Random tries per opening before giving up on games that keep ending.
const MAX_TRIES: u64 = 1000;

/// `count` openings of `plies` random moves from the start position. Opening
/// `k` depends only on `seed` and `k`, so a longer match begins with the
/// same openings as a shorter one.
pub fn random(
    v: Variant,
    plies: usize,
    seed: u64,
    count: usize,
) -> Result<Vec<Opening>, SpecError> {
    (0..count as u64)
        .map(|k| {
            (0..MAX_TRIES)
                .find_map(|t| {
                    random_line(
                        v,
                        plies,
                        seed ^ (k << 20 | t).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                    )
                })
                .ok_or_else(|| SpecError(format!("no {plies}-ply opening keeps the game going")))
        })
        .collect()
}

fn random_line(v: Variant, plies: usize, seed: u64) -> Option<Opening> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(v, Position::startpos());
    for _ in 0..plies {
        let legal: Vec<Move> = game.position().legal_moves(v).into_iter().collect();
        let m = *legal.choose(&mut rng)?;
        game.play(m).ok()?;
        if game.is_over() {
            return None;
        }
    }
    Some(Opening {
        start: Position::startpos(),
        moves: game.moves().to_vec(),
    })
}

/// Position strings, one per line (blank lines and `#` comments skipped),
/// repeated in order until there are `count`.
pub fn from_file(path: &Path, v: Variant, count: usize) -> Result<Vec<Opening>, SpecError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| SpecError(format!("openings file {}: {e}", path.display())))?;
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let start: Position = line.parse().map_err(|e| {
            SpecError(format!(
                "openings file {} line {}: {e}",
                path.display(),
                n + 1
            ))
        })?;
        if Game::new(v, start).is_over() {
            return Err(SpecError(format!(
                "openings file {} line {}: the game is already over in {v}",
                path.display(),
                n + 1
            )));
        }
        found.push(Opening {
            start,
            moves: Vec::new(),
        });
    }
    if found.is_empty() {
        return Err(SpecError(format!(
            "openings file {} holds no position",
            path.display()
        )));
    }
    Ok(found.iter().cycle().take(count).cloned().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_openings_are_reproducible_and_playable() {
        for v in Variant::ALL {
            let a = random(v, 6, 42, 20).unwrap();
            let b = random(v, 6, 42, 30).unwrap();
            assert_eq!(a[..], b[..20]);
            assert_ne!(a, random(v, 6, 43, 20).unwrap());
            for o in &a {
                assert_eq!(o.moves.len(), 6);
                let g = Game::with_moves(v, o.start, o.moves.iter().copied()).unwrap();
                assert!(!g.is_over());
            }
        }
        assert!(random(Variant::Songo40, 0, 1, 3)
            .unwrap()
            .iter()
            .all(|o| o.moves.is_empty()));
    }

    #[test]
    fn opening_files_are_checked() {
        let dir = std::env::temp_dir().join(format!("songo-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.txt");
        std::fs::write(
            &good,
            "# two positions\n5,5,5,5,5,5,5/5,5,5,5,5,5,5 s 0 0 Gg\n\n5,5,5,5,5,5,5/5,5,5,5,5,5,5 n 0 0 Gg\n",
        )
        .unwrap();
        let o = from_file(&good, Variant::Songo40, 5).unwrap();
        assert_eq!(o.len(), 5);
        assert_eq!(o[0], o[2]);
        assert_ne!(o[0], o[1]);
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, "5,5,5/5 s 0 0 Gg\n").unwrap();
        let e = from_file(&bad, Variant::Songo40, 1).unwrap_err();
        assert!(e.0.contains("line 1"), "{e}");
        assert!(from_file(&dir.join("missing.txt"), Variant::Songo40, 1).is_err());
        std::fs::write(&bad, "# nothing\n").unwrap();
        assert!(from_file(&bad, Variant::Songo40, 1).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

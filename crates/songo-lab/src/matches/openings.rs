//! Openings for a match: random move sequences from a seed, or positions
//! read from a file. Each is played twice, colours swapped.

use std::path::{Path, PathBuf};

use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;

use super::referee::Opening;
use songo_core::game::Game;
use songo_core::moves::Move;
use songo_core::position::{ParsePositionError, Position};
use songo_core::variant::Variant;

/// Random tries per opening before giving up on games that keep ending.
const MAX_TRIES: u64 = 1000;

/// Why there are no openings. A file's errors name the file, and the line
/// for a bad position.
#[derive(Debug, thiserror::Error)]
pub enum OpeningError {
    /// Every random line of this many plies ended the game.
    #[error("no {plies}-ply random opening keeps the game going: try fewer plies")]
    TooManyPlies {
        /// `--plies`.
        plies: usize,
    },
    /// The file could not be read.
    #[error("cannot read the openings file {}", path.display())]
    Read {
        /// The openings file.
        path: PathBuf,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
    /// A line is not a position string.
    #[error("openings file {}, line {line}: not a position", path.display())]
    BadPosition {
        /// The openings file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What is wrong with the position string.
        #[source]
        source: ParsePositionError,
    },
    /// A line's position is already the end of the game.
    #[error("openings file {}, line {line}: the game is already over in {variant}", path.display())]
    GameOver {
        /// The openings file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// The match's variant, whose rules end the game there.
        variant: Variant,
    },
    /// Not one position in the file.
    #[error("openings file {} holds no position", path.display())]
    Empty {
        /// The openings file.
        path: PathBuf,
    },
}

/// `count` openings of `plies` random moves from the start position. Opening
/// `k` depends only on `seed` and `k`, so a longer match begins with the
/// same openings as a shorter one.
pub fn random(
    v: Variant,
    plies: usize,
    seed: u64,
    count: usize,
) -> Result<Vec<Opening>, OpeningError> {
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
                .ok_or(OpeningError::TooManyPlies { plies })
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
pub fn from_file(path: &Path, v: Variant, count: usize) -> Result<Vec<Opening>, OpeningError> {
    let text = std::fs::read_to_string(path).map_err(|source| OpeningError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line_text = line.trim();
        if line_text.is_empty() || line_text.starts_with('#') {
            continue;
        }
        let line = n + 1;
        let start: Position = line_text
            .parse()
            .map_err(|source| OpeningError::BadPosition {
                path: path.to_path_buf(),
                line,
                source,
            })?;
        if Game::new(v, start).is_over() {
            return Err(OpeningError::GameOver {
                path: path.to_path_buf(),
                line,
                variant: v,
            });
        }
        found.push(Opening {
            start,
            moves: Vec::new(),
        });
    }
    if found.is_empty() {
        return Err(OpeningError::Empty {
            path: path.to_path_buf(),
        });
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
        assert!(
            matches!(e, OpeningError::BadPosition { line: 1, .. }),
            "{e}"
        );
        assert!(e.to_string().contains("bad.txt, line 1"), "{e}");
        std::fs::write(
            &bad,
            "# a finished game\n\n0,0,0,0,0,0,0/0,0,0,0,0,0,0 s 40 30 -\n",
        )
        .unwrap();
        let e = from_file(&bad, Variant::Songo40, 1).unwrap_err();
        assert!(matches!(e, OpeningError::GameOver { line: 3, .. }), "{e}");
        assert!(matches!(
            from_file(&dir.join("missing.txt"), Variant::Songo40, 1),
            Err(OpeningError::Read { .. })
        ));
        std::fs::write(&bad, "# nothing\n").unwrap();
        assert!(matches!(
            from_file(&bad, Variant::Songo40, 1),
            Err(OpeningError::Empty { .. })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

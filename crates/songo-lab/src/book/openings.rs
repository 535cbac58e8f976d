//! `songo book openings`: balanced tournament openings drawn from a book.
//!
//! The candidates are the distinct positions reached from the variant's
//! start by exactly `--plies` book moves, each of them scored within
//! `--max-score` centiseeds of even for its mover, where the game goes on,
//! and whose own book value (when the book has them) is within the margin
//! too. `--count` of them are kept: the candidates in an order the seed
//! shuffles (a hash of the seed and the position), so the choice is
//! reproducible, varied among balanced positions rather than the few most
//! balanced, and a larger count only adds openings.

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::Args;
use songo_book::stats::MAX_WALK_PLIES;
use songo_book::{Book, BookKey};
use songo_core::{Move, Position, Variant};

use super::file;
use super::graph::mix;
use super::BookCliError;
use songo_cli::{errln, outln};

/// The text after `songo book openings --help`: examples and what the file holds.
pub const AFTER_HELP: &str = "Examples:\n  \
    songo book openings --variant songo40 --plies 6 --max-score 100 --count 100 --out openings.txt\n  \
    songo match -e name=a -e name=b --openings openings.txt -n 200\n\n\
    Writes one position string per line, what songo match --openings reads: distinct\n\
    positions reached by exactly --plies book moves, each move scored within --max-score\n\
    centiseeds of even for its mover, the game going on, and the position's own book value\n\
    within the margin too. --count of them, in an order the seed shuffles (the same\n\
    arguments give the same file, and a larger --count only adds lines). When fewer\n\
    qualify, it says so and writes those.";

/// The arguments of `songo book openings`.
#[derive(Args, Debug)]
pub struct OpeningsArgs {
    /// The book file (default: the book compiled into songo).
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
    /// Rule variant: songo36-beginner, songo36-amateur or songo40.
    #[arg(long, short = 'v', default_value = "songo40")]
    pub variant: Variant,
    /// Book moves from the start to each opening.
    #[arg(long, value_parser = clap::value_parser!(u16).range(0..MAX_WALK_PLIES as i64))]
    pub plies: u16,
    /// Largest score, in centiseeds either way, of every move played and
    /// of the opening.
    #[arg(long, value_name = "CENTISEEDS")]
    pub max_score: u16,
    /// Openings wanted.
    #[arg(long)]
    pub count: usize,
    /// Seed of the order the openings are picked in.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where to write them (default: standard output).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// A balanced position and a line of book moves that reaches it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The opening position.
    pub position: Position,
    /// The book moves from the variant's start that reach it.
    pub line: Vec<Move>,
    /// For its side to move, in centiseeds.
    pub score: i16,
}

/// Every opening of `plies` book moves within `max_score`, in the order of
/// their packed positions (one line each: the first found).
pub fn balanced(book: &Book, v: Variant, plies: usize, max_score: u16) -> Vec<Opening> {
    let within = |score: i16| score.unsigned_abs() <= max_score;
    let start = Position::startpos();
    let mut layer: BTreeMap<u128, Opening> = BTreeMap::new();
    let start_score = book.probe(v, &start).map_or(0, |m| m[0].score);
    layer.insert(
        start.bits(),
        Opening {
            position: start,
            line: Vec::new(),
            score: start_score,
        },
    );
    for _ in 0..plies {
        let mut next = BTreeMap::new();
        for o in layer.values() {
            for m in book.probe(v, &o.position).unwrap_or_default() {
                let after = o.position.make_move(v, m.mv);
                if !within(m.score) || after.is_over(v) {
                    continue;
                }
                next.entry(after.bits()).or_insert_with(|| {
                    let mut line = o.line.clone();
                    line.push(m.mv);
                    Opening {
                        position: after,
                        line,
                        score: -m.score,
                    }
                });
            }
        }
        layer = next;
    }
    layer
        .into_values()
        .map(|o| match book.probe(v, &o.position) {
            Some(moves) => Opening {
                score: moves[0].score,
                ..o
            },
            None => o,
        })
        .filter(|o| within(o.score))
        .collect()
}

/// `count` of the openings, in the order the seed shuffles them.
pub fn pick(mut openings: Vec<Opening>, v: Variant, seed: u64, count: usize) -> Vec<Opening> {
    openings.sort_by_cached_key(|o| (mix(seed, BookKey::new(v, &o.position)), o.position.bits()));
    openings.truncate(count);
    openings
}

/// Runs `songo book openings`.
pub fn run(a: &OpeningsArgs) -> Result<(), BookCliError> {
    let book = file::read_or_embedded(a.book.as_deref())?;
    let all = balanced(&book, a.variant, a.plies as usize, a.max_score);
    let found = all.len();
    let chosen = pick(all, a.variant, a.seed, a.count);
    if found < a.count {
        errln!(
            "only {found} positions are {} book plies from the start within {} centiseeds; \
             writing them all ({} asked for)",
            a.plies,
            a.max_score,
            a.count
        );
    }
    let mut text = String::new();
    for o in &chosen {
        text.push_str(&o.position.to_string());
        text.push('\n');
    }
    match &a.out {
        Some(path) => {
            file::write_atomically(path, text.as_bytes()).map_err(|source| {
                BookCliError::Openings {
                    path: path.clone(),
                    source,
                }
            })?;
            errln!(
                "{}: {} openings of {} plies ({} qualify)",
                path.display(),
                chosen.len(),
                a.plies,
                found
            );
        }
        None => {
            for o in &chosen {
                outln!("{}", o.position)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use songo_book::BookMove;

    fn scored(p: &Position, v: Variant, scores: &[i16]) -> Vec<BookMove> {
        p.legal_moves(v)
            .iter()
            .zip(scores)
            .map(|(mv, &score)| BookMove {
                mv,
                score,
                depth: 4,
                visits: 0,
            })
            .collect()
    }

    #[test]
    fn only_balanced_lines_and_positions_count_and_the_seed_orders_them() {
        let v = Variant::Songo40;
        let start = Position::startpos();
        let legal: Vec<Move> = start.legal_moves(v).iter().collect();
        // Two balanced first moves, the rest lopsided.
        let mut scores = vec![300i16; legal.len()];
        scores[0] = 10;
        scores[1] = -20;
        let mut positions = vec![(BookKey::new(v, &start), scored(&start, v, &scores))];
        // After the first move, the book says the reply is lopsided.
        let after0 = start.make_move(v, legal[0]);
        positions.push((BookKey::new(v, &after0), scored(&after0, v, &[200, 150])));
        let book = Book::from_positions(positions);

        let one = balanced(&book, v, 1, 50);
        let reached: Vec<Position> = one.iter().map(|o| o.position).collect();
        // after0's own value (200) is not balanced; the second move's
        // position is not in the book, its score is the move's.
        assert_eq!(reached, [start.make_move(v, legal[1])]);
        assert_eq!(one[0].score, 20);
        assert_eq!(one[0].line, [legal[1]]);
        assert_eq!(balanced(&book, v, 1, 500).len(), legal.len());
        assert!(balanced(&book, v, 2, 50).is_empty());
        assert_eq!(balanced(&book, v, 2, 500).len(), 2);

        let all = balanced(&book, v, 1, 500);
        let a = pick(all.clone(), v, 7, 3);
        assert_eq!(a, pick(all.clone(), v, 7, 3));
        assert_eq!(a[..2], pick(all.clone(), v, 7, 2)[..]);
        assert_eq!(pick(all.clone(), v, 7, 100).len(), all.len());
        let orders: Vec<Vec<Opening>> = (0..8).map(|s| pick(all.clone(), v, s, 3)).collect();
        assert!(orders.iter().any(|o| *o != a), "the seed changes the pick");
    }
}

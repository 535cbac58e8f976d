//! What a book covers, seen from each variant's start: the positions its
//! moves reach, how many at each ply, and its main line.

use std::collections::{HashSet, VecDeque};

use songo_core::{Move, Position, Variant};

use crate::book::Book;
use crate::key::BookKey;

/// Deepest ply a walk of the book goes to: far beyond any book's depth,
/// and a bound on walks through repeated positions.
pub const MAX_WALK_PLIES: usize = 256;

/// A book seen from one variant's start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantStats {
    /// The variant whose rules the walk plays by.
    pub variant: Variant,
    /// Book positions reached from the start by book moves (the start
    /// included, if the book has it).
    pub reachable: usize,
    /// `by_ply[n]`: reachable positions first reached at ply `n`.
    pub by_ply: Vec<usize>,
    /// The best move of each position from the start on, while the book
    /// has the position.
    pub main_line: Vec<Move>,
}

/// A whole book: its size and what each variant reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookStats {
    /// Positions in the book.
    pub positions: usize,
    /// Moves in the book, over all its positions.
    pub moves: usize,
    /// Bytes of the book's file.
    pub file_bytes: usize,
    /// The walk from each variant's start, in [`Variant::ALL`] order.
    pub variants: Vec<VariantStats>,
}

impl BookStats {
    /// Walks the book from the start position of every variant.
    pub fn of(book: &Book) -> BookStats {
        BookStats {
            positions: book.len(),
            moves: book.move_count(),
            file_bytes: crate::format::HEADER_BYTES
                + book.len() * crate::format::POSITION_BYTES
                + book.move_count() * crate::format::MOVE_BYTES,
            variants: Variant::ALL
                .iter()
                .map(|&v| VariantStats::of(book, v, Position::startpos()))
                .collect(),
        }
    }

    /// Book positions no variant's start reaches (left by a build that
    /// stopped midway, or books merged from other starts).
    pub fn unreachable(&self) -> usize {
        let reached: usize = self.variants.iter().map(|v| v.reachable).sum();
        self.positions.saturating_sub(reached)
    }
}

impl VariantStats {
    /// Walks the book from `start` in `variant`, breadth first.
    pub fn of(book: &Book, variant: Variant, start: Position) -> VariantStats {
        let mut seen = HashSet::new();
        let mut by_ply = Vec::new();
        let mut queue = VecDeque::new();
        if book.probe(variant, &start).is_some() {
            seen.insert(BookKey::new(variant, &start));
            queue.push_back((start, 0usize));
        }
        while let Some((p, ply)) = queue.pop_front() {
            if by_ply.len() <= ply {
                by_ply.resize(ply + 1, 0);
            }
            by_ply[ply] += 1;
            if ply + 1 >= MAX_WALK_PLIES {
                continue;
            }
            for m in book.probe(variant, &p).unwrap_or_default() {
                let next = p.make_move(variant, m.mv);
                if book.probe(variant, &next).is_some() && seen.insert(BookKey::new(variant, &next))
                {
                    queue.push_back((next, ply + 1));
                }
            }
        }
        VariantStats {
            variant,
            reachable: seen.len(),
            by_ply,
            main_line: main_line(book, variant, start),
        }
    }
}

/// The best book move of each position from `start`, while the book has
/// the position (at most [`MAX_WALK_PLIES`]).
pub fn main_line(book: &Book, variant: Variant, start: Position) -> Vec<Move> {
    let mut line = Vec::new();
    let mut p = start;
    while line.len() < MAX_WALK_PLIES {
        let Some(best) = book.probe(variant, &p).and_then(|moves| moves.first()) else {
            break;
        };
        line.push(best.mv);
        p = p.make_move(variant, best.mv);
    }
    line
}

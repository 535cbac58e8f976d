//! A book in memory: probed by position, built from positions, written
//! and read in the format of [`crate::format`].

use songo_core::{Position, Variant};

use crate::entry::{sort_best_first, BookMove};
use crate::error::BookError;
use crate::format::{self, Parts};
use crate::key::BookKey;

/// An opening book: for each of its positions, every move it scored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    keys: Vec<BookKey>,
    firsts: Vec<u32>,
    moves: Vec<BookMove>,
}

impl Book {
    /// A book with no position.
    pub fn empty() -> Book {
        Book {
            keys: Vec::new(),
            firsts: vec![0],
            moves: Vec::new(),
        }
    }

    /// Reads a book file's bytes, checking all of it (see [`BookError`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let Parts {
            keys,
            firsts,
            moves,
        } = format::read(bytes)?;
        Ok(Book {
            keys,
            firsts,
            moves,
        })
    }

    /// The book's file bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        format::write(&Parts {
            keys: self.keys.clone(),
            firsts: self.firsts.clone(),
            moves: self.moves.clone(),
        })
    }

    /// A book of these positions and their moves. Positions without a move
    /// are left out; a key given twice keeps its last moves. Each
    /// position's moves are stored best first.
    pub fn from_positions(positions: impl IntoIterator<Item = (BookKey, Vec<BookMove>)>) -> Book {
        let mut all: Vec<(BookKey, Vec<BookMove>)> = positions
            .into_iter()
            .filter(|(_, moves)| !moves.is_empty())
            .collect();
        // Stable, so that of equal keys the last given stays last.
        all.sort_by_key(|(key, _)| *key);
        let mut book = Book::empty();
        book.firsts.clear();
        for (i, (key, mut moves)) in all.iter().cloned().enumerate() {
            if all.get(i + 1).is_some_and(|(next, _)| *next == key) {
                continue;
            }
            sort_best_first(&mut moves);
            book.keys.push(key);
            book.firsts.push(book.moves.len() as u32);
            book.moves.extend(moves);
        }
        book.firsts.push(book.moves.len() as u32);
        book
    }

    /// How many positions the book has.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// How many moves the book scores, over all its positions.
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }

    /// The moves stored under `key`, best first, if the book has it.
    pub fn moves_of_key(&self, key: BookKey) -> Option<&[BookMove]> {
        let i = self.keys.binary_search(&key).ok()?;
        Some(&self.moves[self.firsts[i] as usize..self.firsts[i + 1] as usize])
    }

    /// The book's moves of `position` in `variant`, best first, or `None`
    /// when the book does not have it. A stored move that is not legal
    /// there (a position whose key and check both collide with another's,
    /// or a book made for other rules) makes the whole entry a miss.
    pub fn probe(&self, variant: Variant, position: &Position) -> Option<&[BookMove]> {
        let moves = self.moves_of_key(BookKey::new(variant, position))?;
        let legal = position.legal_moves(variant);
        moves.iter().all(|m| legal.contains(m.mv)).then_some(moves)
    }

    /// Every position's key and moves, in the order of the file.
    pub fn entries(&self) -> impl Iterator<Item = (BookKey, &[BookMove])> + '_ {
        self.keys.iter().enumerate().map(move |(i, key)| {
            (
                *key,
                &self.moves[self.firsts[i] as usize..self.firsts[i + 1] as usize],
            )
        })
    }
}

//! A small opening book written to a file, for the tests that play the
//! engine from a `BookFile`.

#![allow(dead_code)] // each test file takes the parts it needs

use std::path::PathBuf;

use songo_book::{Book, BookKey, BookMove};
use songo_core::{Move, Position, Variant};

fn scored(p: &Position, letter: &str, score: i16) -> BookMove {
    BookMove {
        mv: Move::parse(letter, p.side_to_move()).expect("a pit letter"),
        score,
        depth: 12,
        visits: 7,
    }
}

/// songo40's start (E 40, C 35, A -200 centiseeds, each at depth 12 with 7
/// visits) and the position after E (b -40, a -90).
pub fn small_book() -> Book {
    let v = Variant::Songo40;
    let start = Position::startpos();
    let after_e = start.make_move(v, "E".parse().expect("a move"));
    Book::from_positions([
        (
            BookKey::new(v, &start),
            vec![
                scored(&start, "E", 40),
                scored(&start, "C", 35),
                scored(&start, "A", -200),
            ],
        ),
        (
            BookKey::new(v, &after_e),
            vec![scored(&after_e, "b", -40), scored(&after_e, "a", -90)],
        ),
    ])
}

/// Writes `bytes` to a file `name` of this test process's own directory.
pub fn file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("songo-book-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("the file is written");
    path
}

/// [`small_book`]'s file.
pub fn small_book_file(name: &str) -> PathBuf {
    file(name, &small_book().to_bytes())
}

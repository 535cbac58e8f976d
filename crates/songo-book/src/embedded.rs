//! The book compiled into songo: small (at most about 1 MB), built by the
//! documented command of docs/book.md, and probed when no `BookFile` is
//! set.

use std::sync::OnceLock;

use crate::book::Book;

/// The embedded book's file bytes.
pub const EMBEDDED_BOOK: &[u8] = include_bytes!("../books/songo.book");

/// The embedded book, read once. A test reads the same bytes and requires
/// them to be a valid book; should they not be, this is an empty book
/// rather than a panic.
pub fn embedded() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| Book::from_bytes(EMBEDDED_BOOK).unwrap_or_else(|_| Book::empty()))
}

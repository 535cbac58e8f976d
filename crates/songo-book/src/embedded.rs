//! The book compiled into songo: small (at most about 1 MB), built by the
//! documented command of docs/book.md, and probed when no `BookFile` is
//! set.

use std::sync::OnceLock;

use crate::book::Book;

/// The embedded book's file bytes.
pub const EMBEDDED_BOOK: &[u8] = include_bytes!("../books/songo.book");

/// The embedded book, read once.
///
/// # Panics
/// If the bytes compiled in are not a book, as the embedded net does: the
/// crate's tests read them (`tests/format.rs`), so a build whose tests
/// pass never gets here, and one whose book is bad fails there rather
/// than playing silently without a book.
pub fn embedded() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| {
        Book::from_bytes(EMBEDDED_BOOK)
            .unwrap_or_else(|e| panic!("the book compiled in: {e} (the crate's tests say so)"))
    })
}

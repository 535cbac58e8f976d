//! Book files: read whole and checked, written whole and atomically (a
//! temporary file beside the book, then renamed over it), so that a build
//! killed at any moment leaves either the old book or the new one.

use std::borrow::Cow;
use std::io::Write;
use std::path::{Path, PathBuf};

use songo_book::{Book, BookError, ReadBookError};

/// Why a book file could not be read or written. Each names the file.
#[derive(Debug, thiserror::Error)]
pub enum BookFileError {
    /// Missing or unreadable.
    #[error("cannot read the book file {}", path.display())]
    Read {
        /// The book file.
        path: PathBuf,
        /// Why it could not be read.
        #[source]
        source: std::io::Error,
    },
    /// Read, but not a valid book: the error says what is damaged.
    #[error("the book file {} is not a valid book", path.display())]
    Damaged {
        /// The book file.
        path: PathBuf,
        /// What is wrong with its contents.
        #[source]
        source: BookError,
    },
    /// The book (or its temporary file) could not be written or renamed into place.
    #[error("cannot write the book file {}", path.display())]
    Write {
        /// The book file.
        path: PathBuf,
        /// Why it could not be written.
        #[source]
        source: std::io::Error,
    },
}

/// The book in `path`, checked in full (by songo-book's one reader), the
/// error naming the file.
pub fn read(path: &Path) -> Result<Book, BookFileError> {
    songo_book::read_file(path).map_err(|e| {
        let path = path.to_path_buf();
        match e {
            ReadBookError::Read(source) => BookFileError::Read { path, source },
            ReadBookError::Book(source) => BookFileError::Damaged { path, source },
        }
    })
}

/// The book in `path`, or the one compiled into songo without a path.
pub fn read_or_embedded(path: Option<&Path>) -> Result<Cow<'static, Book>, BookFileError> {
    match path {
        Some(path) => read(path).map(Cow::Owned),
        None => Ok(Cow::Borrowed(songo_book::embedded())),
    }
}

/// The book in `path`, or an empty one when there is no such file (the
/// start of a build).
pub fn read_or_empty(path: &Path) -> Result<Book, BookFileError> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Book::empty()),
        _ => read(path),
    }
}

/// Writes `bytes` to `path` through a temporary file renamed over it.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), std::io::Error> {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    let temp = PathBuf::from(name);
    let written = std::fs::File::create(&temp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&temp, path)) {
        let _ = std::fs::remove_file(&temp);
        return Err(e);
    }
    Ok(())
}

/// Writes the book to `path`, atomically.
pub fn write(path: &Path, book: &Book) -> Result<(), BookFileError> {
    write_atomically(path, &book.to_bytes()).map_err(|source| BookFileError::Write {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_is_an_empty_book_to_build_and_an_error_to_read() {
        let dir = std::env::temp_dir().join(format!("songo-book-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("none.book");
        assert_eq!(read_or_empty(&path).unwrap(), Book::empty());
        assert!(matches!(read(&path), Err(BookFileError::Read { .. })));
        write(&path, &Book::empty()).unwrap();
        assert_eq!(read(&path).unwrap(), Book::empty());
        assert!(!dir.join("none.book.tmp").exists());
        std::fs::write(&path, b"SONGOBK\0 not a book at all, but long enough").unwrap();
        let e = read_or_empty(&path).unwrap_err();
        assert!(matches!(e, BookFileError::Damaged { .. }), "{e}");
        assert!(e.to_string().contains("none.book"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

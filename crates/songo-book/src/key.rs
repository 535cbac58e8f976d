//! The book's position key: a 64-bit hash of the variant and the packed
//! position, and a 32-bit check from an independent hash of the same, so
//! that two positions whose hashes collide are still told apart.
//!
//! Both are defined here exactly (docs/book.md repeats the definition), so
//! that another program can compute them: the packed position is
//! [`Position::bits`], split into its low and high 64-bit halves.

use songo_core::position::mix64;
use songo_core::{Position, Variant};

/// Where a position sits in a book: entries are sorted by `(hash, check)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BookKey {
    /// The hash the book is sorted and searched by.
    pub hash: u64,
    /// An independent hash: a probe whose hash matches but whose check does
    /// not is a different position.
    pub check: u32,
}

/// Odd constants of the two hashes (the golden ratio's and another
/// well-mixed one), so that neither hash is a function of the other.
const HASH_SALT: u64 = 0x9E37_79B9_7F4A_7C15;
const CHECK_SALT: u64 = 0xD6E8_FEB8_6659_FD93;

impl BookKey {
    /// The key of `position` in `variant`.
    pub fn new(variant: Variant, position: &Position) -> BookKey {
        let bits = position.bits();
        let lo = bits as u64;
        let hi = (bits >> 64) as u64;
        let v = variant.index() as u64;
        let hash = mix64(lo ^ mix64(hi ^ HASH_SALT ^ v));
        let check = mix64(hi ^ mix64(lo ^ CHECK_SALT.wrapping_add(v))) >> 32;
        BookKey {
            hash,
            check: check as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_and_positions_have_different_keys() {
        let start = Position::startpos();
        let keys: Vec<BookKey> = Variant::ALL
            .iter()
            .map(|&v| BookKey::new(v, &start))
            .collect();
        assert_ne!(keys[0], keys[1]);
        assert_ne!(keys[1], keys[2]);
        assert_ne!(keys[0].check, keys[1].check);
        let after: Position = "0,6,6,6,6,6,5/5,5,5,5,5,5,5 n 0 0 Gg".parse().unwrap();
        assert_ne!(BookKey::new(Variant::Songo40, &after), keys[2]);
    }

    #[test]
    fn the_key_is_fixed() {
        // docs/book.md gives this value as the worked example of the key.
        let k = BookKey::new(Variant::Songo40, &Position::startpos());
        assert_eq!(
            format!("{:016x} {:08x}", k.hash, k.check),
            KEY_OF_SONGO40_START
        );
    }

    const KEY_OF_SONGO40_START: &str = "2930bd85eb738d07 7aa62e53";
}

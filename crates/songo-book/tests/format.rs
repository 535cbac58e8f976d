//! The book format: round trips, every kind of damage, probing.

use songo_book::format::{HEADER_BYTES, MOVE_BYTES, POSITION_BYTES};
use songo_book::{Book, BookError, BookKey, BookMove, BookStats};
use songo_core::{Move, Position, Variant};

fn mv(letter: &str, score: i16, depth: u8, visits: u32) -> BookMove {
    BookMove {
        mv: letter.parse::<Move>().unwrap(),
        score,
        depth,
        visits,
    }
}

/// A book of the start of every variant and one position after it.
fn sample() -> Book {
    let start = Position::startpos();
    let mut positions = Vec::new();
    for v in Variant::ALL {
        positions.push((
            BookKey::new(v, &start),
            vec![mv("A", -40, 9, 1), mv("E", 25, 12, 7), mv("G", 20, 11, 2)],
        ));
        let after_e = start.make_move(v, "E".parse().unwrap());
        let replies: Vec<BookMove> = after_e
            .legal_moves(v)
            .iter()
            .enumerate()
            .map(|(i, m)| BookMove {
                mv: m,
                score: -25 - i as i16 * 7,
                depth: 10,
                visits: i as u32,
            })
            .collect();
        positions.push((BookKey::new(v, &after_e), replies));
    }
    Book::from_positions(positions)
}

#[test]
fn a_book_survives_a_round_trip_byte_for_byte() {
    let book = sample();
    let bytes = book.to_bytes();
    assert_eq!(
        bytes.len(),
        HEADER_BYTES + book.len() * POSITION_BYTES + book.move_count() * MOVE_BYTES
    );
    let read = Book::from_bytes(&bytes).unwrap();
    assert_eq!(read, book);
    assert_eq!(read.to_bytes(), bytes);
    assert_eq!(
        Book::from_bytes(&Book::empty().to_bytes()).unwrap(),
        Book::empty()
    );
}

#[test]
fn moves_are_stored_best_first_and_probed_per_variant() {
    let book = sample();
    let start = Position::startpos();
    for v in Variant::ALL {
        let moves = book.probe(v, &start).unwrap();
        let letters: Vec<String> = moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(letters, ["E", "G", "A"]);
        assert_eq!(moves[0].visits, 7);
        assert_eq!(moves[0].depth, 12);
    }
    let elsewhere: Position = "0,6,6,6,6,6,5/5,5,5,5,5,5,5 n 0 0 Gg".parse().unwrap();
    assert!(book.probe(Variant::Songo40, &elsewhere).is_none());
}

#[test]
fn an_entry_with_a_move_illegal_in_the_position_is_a_miss() {
    // North's pits stored under South's start: as a colliding key would.
    let start = Position::startpos();
    let book = Book::from_positions([(
        BookKey::new(Variant::Songo40, &start),
        vec![mv("a", 0, 1, 1)],
    )]);
    assert!(book
        .moves_of_key(BookKey::new(Variant::Songo40, &start))
        .is_some());
    assert!(book.probe(Variant::Songo40, &start).is_none());
}

#[test]
fn the_same_hash_with_another_check_is_another_position() {
    let key = BookKey::new(Variant::Songo40, &Position::startpos());
    let twin = BookKey {
        hash: key.hash,
        check: key.check ^ 1,
    };
    let book = Book::from_positions([
        (key, vec![mv("E", 5, 3, 1)]),
        (twin, vec![mv("A", 9, 3, 1)]),
    ]);
    assert_eq!(book.len(), 2);
    assert_eq!(book.moves_of_key(key).unwrap()[0].mv.to_string(), "E");
    assert_eq!(book.moves_of_key(twin).unwrap()[0].mv.to_string(), "A");
    let read = Book::from_bytes(&book.to_bytes()).unwrap();
    assert_eq!(read, book);
}

/// `bytes` with its checksum made right again, so that a check behind the
/// checksum is what fails.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let sum = songo_core::checksum::checksum(&bytes[HEADER_BYTES..]);
    bytes[24..32].copy_from_slice(&sum.to_le_bytes());
    bytes
}

#[test]
fn every_kind_of_damage_is_its_own_error() {
    let good = sample().to_bytes();
    let positions = sample().len();
    let moves_at = HEADER_BYTES + positions * POSITION_BYTES;

    assert!(matches!(
        Book::from_bytes(&good[..10]),
        Err(BookError::TooShort { .. })
    ));
    assert!(matches!(
        Book::from_bytes(&[]),
        Err(BookError::TooShort { .. })
    ));
    let mut b = good.clone();
    b[0] = b'X';
    assert_eq!(Book::from_bytes(&b), Err(BookError::BadMagic));
    let mut b = good.clone();
    b[21] = 1;
    assert_eq!(
        Book::from_bytes(&b),
        Err(BookError::Reserved { found: 0x100 })
    );
    let mut b = good.clone();
    b[8] = 2;
    assert!(matches!(
        Book::from_bytes(&b),
        Err(BookError::Version {
            found: 2,
            expected: 1
        })
    ));
    assert!(matches!(
        Book::from_bytes(&good[..good.len() - 1]),
        Err(BookError::Size { .. })
    ));
    let mut b = good.clone();
    b.push(0);
    assert!(matches!(Book::from_bytes(&b), Err(BookError::Size { .. })));
    let mut b = good.clone();
    b[12] = 0xFF; // a huge position count: the size says so, nothing is allocated
    b[13] = 0xFF;
    b[14] = 0xFF;
    assert!(matches!(Book::from_bytes(&b), Err(BookError::Size { .. })));
    let mut b = good.clone();
    *b.last_mut().unwrap() ^= 1;
    assert!(matches!(
        Book::from_bytes(&b),
        Err(BookError::Checksum { .. })
    ));

    // Behind a right checksum: the order, the move ranges, the pits.
    let mut b = good.clone();
    let (first, second) = (HEADER_BYTES, HEADER_BYTES + POSITION_BYTES);
    let a: Vec<u8> = b[first..first + 12].to_vec();
    let c: Vec<u8> = b[second..second + 12].to_vec();
    b[first..first + 12].copy_from_slice(&c);
    b[second..second + 12].copy_from_slice(&a);
    assert_eq!(
        Book::from_bytes(&resealed(b)),
        Err(BookError::Unsorted { index: 1 })
    );

    let mut b = good.clone();
    b[second + 12..second + 16].copy_from_slice(&0u32.to_le_bytes());
    assert_eq!(
        Book::from_bytes(&resealed(b)),
        Err(BookError::NoMoves { index: 0 })
    );

    let mut b = good.clone();
    b[second + 12..second + 16].copy_from_slice(&10_000u32.to_le_bytes());
    // Position 0's moves now run past the last move.
    assert!(matches!(
        Book::from_bytes(&resealed(b)),
        Err(BookError::MoveRange {
            index: 0,
            end: 10_000,
            ..
        })
    ));

    let mut b = good.clone();
    b[first + 12..first + 16].copy_from_slice(&1u32.to_le_bytes());
    assert!(matches!(
        Book::from_bytes(&resealed(b)),
        Err(BookError::MoveRange { index: 0, .. })
    ));

    let mut b = good.clone();
    b[moves_at] = 14;
    assert_eq!(
        Book::from_bytes(&resealed(b)),
        Err(BookError::BadPit { index: 0, pit: 14 })
    );

    let mut b = good.clone();
    b[moves_at + MOVE_BYTES] = b[moves_at];
    assert!(matches!(
        Book::from_bytes(&resealed(b)),
        Err(BookError::RepeatedMove { index: 0, .. })
    ));

    // Moves but no position.
    let mut b = Book::empty().to_bytes();
    b[16] = 1;
    b.extend_from_slice(&[0; MOVE_BYTES]);
    assert!(matches!(
        Book::from_bytes(&resealed(b)),
        Err(BookError::MoveRange { .. })
    ));
}

#[test]
fn every_prefix_and_every_flipped_byte_is_an_error_or_a_book_never_a_panic() {
    let good = sample().to_bytes();
    for len in 0..good.len() {
        assert!(Book::from_bytes(&good[..len]).is_err(), "prefix {len}");
    }
    for i in 0..good.len() {
        for bit in [0x01, 0x80] {
            let mut b = good.clone();
            b[i] ^= bit;
            // Any flipped bit breaks the header or the checksum.
            assert!(Book::from_bytes(&b).is_err(), "byte {i} ^ {bit:#x}");
            // Resealed, a body that still reads is a book that writes back
            // exactly these bytes: nothing read is silently changed.
            let b = resealed(b);
            if let Ok(book) = Book::from_bytes(&b) {
                assert_eq!(
                    book.to_bytes(),
                    b,
                    "byte {i} ^ {bit:#x}: read as another book"
                );
            }
        }
    }
}

#[test]
fn stats_walk_each_variant_from_its_start() {
    let stats = BookStats::of(&sample());
    assert_eq!(stats.positions, 6);
    assert_eq!(stats.unreachable(), 0);
    assert_eq!(stats.file_bytes, sample().to_bytes().len());
    for v in &stats.variants {
        assert_eq!(v.reachable, 2);
        assert_eq!(v.by_ply, [1, 1]);
        let line: Vec<String> = v.main_line.iter().map(|m| m.to_string()).collect();
        assert_eq!(line.len(), 2);
        assert_eq!(line[0], "E");
    }
}

/// The book compiled in reads, holds docs/book.md's 1,000 positions a
/// variant, and has moves at each variant's start: an empty or damaged
/// book (which `embedded()` would refuse) fails here first.
#[test]
fn the_embedded_book_is_a_valid_book_of_every_variant() {
    let book =
        Book::from_bytes(songo_book::embedded::EMBEDDED_BOOK).expect("the embedded book reads");
    let stats = BookStats::of(&book);
    assert_eq!(
        stats.positions, 3000,
        "docs/book.md: 1,000 positions a variant"
    );
    assert_eq!(stats.unreachable(), 0);
    assert_eq!(stats.variants.len(), Variant::ALL.len());
    for s in &stats.variants {
        let v = s.variant;
        assert_eq!(s.reachable, 1000, "{v}");
        // Every variant starts from the same position (RULES.md).
        let start = book.probe(v, &Position::startpos()).unwrap_or_default();
        assert!(
            start.len() >= 2,
            "{v}: {} book moves at the start",
            start.len()
        );
    }
    assert_eq!(songo_book::embedded().len(), book.len());
}

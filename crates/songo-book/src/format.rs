//! The binary book format (docs/book.md is its reference). Little-endian
//! throughout:
//!
//! ```text
//! header, 32 bytes
//!   0  8  magic "SONGOBK\0"
//!   8  4  version (1)
//!  12  4  positions P
//!  16  4  moves M
//!  20  4  reserved, 0
//!  24  8  checksum (songo_core::checksum) of every byte after the header
//! positions, P × 16 bytes, sorted by (hash, check), each key once
//!   0  8  hash   (crate::BookKey)
//!   8  4  check
//!  12  4  first: index of the position's first move; its moves run to
//!         the next position's first (or to M), at least one
//! moves, M × 8 bytes
//!   0  1  pit (absolute index, 0..14)
//!   1  1  depth
//!   2  2  score (i16, centiseeds for the side to move)
//!   4  4  visits
//! ```

use songo_core::checksum::checksum;
use songo_core::Move;

use crate::entry::BookMove;
use crate::error::BookError;
use crate::key::BookKey;

/// The first bytes of every book file.
pub const MAGIC: [u8; 8] = *b"SONGOBK\0";
/// The format version this build reads and writes.
pub const VERSION: u32 = 1;
/// Bytes of the header.
pub const HEADER_BYTES: usize = 32;
/// Bytes of one position record.
pub const POSITION_BYTES: usize = 16;
/// Bytes of one move record.
pub const MOVE_BYTES: usize = 8;

/// The parts of a book as they are laid out in a file.
pub(crate) struct Parts {
    pub keys: Vec<BookKey>,
    /// `firsts[i]..firsts[i + 1]` are position `i`'s moves; one more than
    /// there are positions.
    pub firsts: Vec<u32>,
    pub moves: Vec<BookMove>,
}

pub(crate) fn write(parts: &Parts) -> Vec<u8> {
    let positions = parts.keys.len();
    let mut body = Vec::with_capacity(positions * POSITION_BYTES + parts.moves.len() * MOVE_BYTES);
    for (key, first) in parts.keys.iter().zip(&parts.firsts) {
        body.extend_from_slice(&key.hash.to_le_bytes());
        body.extend_from_slice(&key.check.to_le_bytes());
        body.extend_from_slice(&first.to_le_bytes());
    }
    for m in &parts.moves {
        body.push(m.mv.pit() as u8);
        body.push(m.depth);
        body.extend_from_slice(&m.score.to_le_bytes());
        body.extend_from_slice(&m.visits.to_le_bytes());
    }
    let mut out = Vec::with_capacity(HEADER_BYTES + body.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(positions as u32).to_le_bytes());
    out.extend_from_slice(&(parts.moves.len() as u32).to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&checksum(&body).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes"))
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"))
}

pub(crate) fn read(bytes: &[u8]) -> Result<Parts, BookError> {
    if bytes.len() < HEADER_BYTES {
        return Err(BookError::TooShort {
            len: bytes.len(),
            header: HEADER_BYTES,
        });
    }
    if bytes[..7] != MAGIC[..7] {
        return Err(BookError::BadMagic);
    }
    let version = u32_at(bytes, 8);
    if bytes[7] != MAGIC[7] || version != VERSION {
        return Err(BookError::Version {
            found: version,
            expected: VERSION,
        });
    }
    // The reserved field is outside the checksum: unchecked, a damaged or
    // a later writer's header would read as this version's.
    let reserved = u32_at(bytes, 20);
    if reserved != 0 {
        return Err(BookError::Reserved { found: reserved });
    }
    let positions = u32_at(bytes, 12);
    let moves = u32_at(bytes, 16);
    let expected = HEADER_BYTES as u64
        + positions as u64 * POSITION_BYTES as u64
        + moves as u64 * MOVE_BYTES as u64;
    if bytes.len() as u64 != expected {
        return Err(BookError::Size {
            len: bytes.len(),
            expected,
            positions,
            moves,
        });
    }
    let body = &bytes[HEADER_BYTES..];
    let stored = u64_at(bytes, 24);
    let found = checksum(body);
    if found != stored {
        return Err(BookError::Checksum {
            expected: stored,
            found,
        });
    }
    let (position_bytes, move_bytes) = body.split_at(positions as usize * POSITION_BYTES);
    let mut keys = Vec::with_capacity(positions as usize);
    let mut firsts = Vec::with_capacity(positions as usize + 1);
    for (index, rec) in position_bytes.chunks_exact(POSITION_BYTES).enumerate() {
        let key = BookKey {
            hash: u64_at(rec, 0),
            check: u32_at(rec, 8),
        };
        if keys.last().is_some_and(|last| *last >= key) {
            return Err(BookError::Unsorted { index });
        }
        keys.push(key);
        firsts.push(u32_at(rec, 12));
    }
    firsts.push(moves);
    // Every move belongs to a position: the first starts at 0 (and with no
    // position there is no move).
    if firsts[0] != 0 {
        return Err(BookError::MoveRange {
            index: 0,
            first: firsts[0],
            end: firsts.get(1).copied().unwrap_or(moves),
            moves,
        });
    }
    for index in 0..keys.len() {
        let (first, end) = (firsts[index], firsts[index + 1]);
        if first > end || end > moves {
            return Err(BookError::MoveRange {
                index,
                first,
                end,
                moves,
            });
        }
        if first == end {
            return Err(BookError::NoMoves { index });
        }
    }
    let mut book_moves = Vec::with_capacity(moves as usize);
    for (index, rec) in move_bytes.chunks_exact(MOVE_BYTES).enumerate() {
        let pit = rec[0];
        if pit as usize >= songo_core::position::PITS {
            return Err(BookError::BadPit { index, pit });
        }
        book_moves.push(BookMove {
            mv: Move::from_pit(pit as usize),
            depth: rec[1],
            score: i16::from_le_bytes([rec[2], rec[3]]),
            visits: u32_at(rec, 4),
        });
    }
    for index in 0..keys.len() {
        let own = &book_moves[firsts[index] as usize..firsts[index + 1] as usize];
        for (i, m) in own.iter().enumerate() {
            if own[..i].iter().any(|o| o.mv == m.mv) {
                return Err(BookError::RepeatedMove {
                    index,
                    pit: m.mv.pit() as u8,
                });
            }
        }
    }
    Ok(Parts {
        keys,
        firsts,
        moves: book_moves,
    })
}

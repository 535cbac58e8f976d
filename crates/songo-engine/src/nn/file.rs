//! The net file: a fixed header, then the quantized weights, all
//! little-endian.
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `SONGONET` |
//! | 8 | 2 | format version ([`FORMAT_VERSION`]) |
//! | 10 | 1 | variant: 0 `songo36-beginner`, 1 `songo36-amateur`, 2 `songo40`, 255 every variant |
//! | 11 | 1 | input layout: [`super::input::LAYOUT_ID`] for one variant, [`super::input::LAYOUT_VARIANT_ID`] for every variant |
//! | 12 | 2 | one-hot rows of the first layer ([`super::input::ROWS`], and the variant rows with layout 2) |
//! | 14 | 2 | H1, a multiple of 16, at most 512 |
//! | 16 | 2 | H2, 0 (none) or a multiple of 8, at most 64 |
//! | 18 | 2 | scale: centiseeds per unit of output |
//! | 20 | 2 | QA (255) |
//! | 22 | 2 | QB (256) |
//! | 24 | 8 | payload length in bytes |
//! | 32 | 8 | checksum of the payload (`songo_core::checksum`) |
//! | 40 | 2 | QO (512) |
//! | 42 | 2 | output buckets, at most 16; 0 stands for 1 (files without buckets, written before there were any, have 0 here) |
//! | 44 | 4 | zero (reserved) |
//! | 48 | … | payload: W1 (rows × H1 `i16`, row by row), B1 (H1 `i16`), W2 (H2 × H1 `i16`, one row per unit), B2 (H2 `i32`), W3 (per bucket, H2, or H1 without a second layer, `i16`), B3 (one `i32` per bucket) |

use std::path::Path;
use std::sync::Arc;

use songo_core::variant::Variant;

use super::error::NetError;
use super::input::{LAYOUT_ID, LAYOUT_VARIANT_ID};
use super::network::{NetScope, Network};
use super::spec::{valid_sizes, ALL_VARIANTS_CODE, MAX_BUCKETS, QA, QB, QO};
use songo_core::checksum::checksum;

/// The first eight bytes of every net file.
pub const MAGIC: [u8; 8] = *b"SONGONET";
/// Bumped whenever the header or the payload changes meaning.
pub const FORMAT_VERSION: u16 = 1;
/// The header's length; the payload follows it.
pub const HEADER_BYTES: usize = 48;
/// Payload bytes for the given sizes.
fn payload_len(rows: usize, h1: usize, h2: usize, buckets: usize) -> usize {
    let last = if h2 == 0 { h1 } else { h2 };
    2 * (rows * h1 + h1 + h2 * h1 + buckets * last) + 4 * (h2 + buckets)
}

/// The variant and layout bytes of a scope.
fn scope_bytes(scope: NetScope) -> [u8; 2] {
    match scope {
        NetScope::Variant(v) => [v.index() as u8, LAYOUT_ID],
        NetScope::AllVariants => [ALL_VARIANTS_CODE, LAYOUT_VARIANT_ID],
    }
}

impl Network {
    /// The net as file bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let rows = self.scope.rows();
        let mut payload = Vec::with_capacity(payload_len(rows, self.h1, self.h2, self.buckets));
        for w in self.w1.iter().chain(&*self.b1).chain(&*self.w2) {
            payload.extend_from_slice(&w.to_le_bytes());
        }
        for b in self.b2.iter() {
            payload.extend_from_slice(&b.to_le_bytes());
        }
        for w in self.w3.iter() {
            payload.extend_from_slice(&w.to_le_bytes());
        }
        for b in self.b3.iter() {
            payload.extend_from_slice(&b.to_le_bytes());
        }
        let mut out = Vec::with_capacity(HEADER_BYTES + payload.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&scope_bytes(self.scope));
        for x in [rows, self.h1, self.h2] {
            out.extend_from_slice(&(x as u16).to_le_bytes());
        }
        out.extend_from_slice(&self.scale_cp.to_le_bytes());
        out.extend_from_slice(&(QA as u16).to_le_bytes());
        out.extend_from_slice(&(QB as u16).to_le_bytes());
        out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        out.extend_from_slice(&checksum(&payload).to_le_bytes());
        out.extend_from_slice(&(QO as u16).to_le_bytes());
        // One bucket is written as 0: a net without buckets has the bytes it
        // had before buckets existed.
        let buckets = if self.buckets == 1 { 0 } else { self.buckets };
        out.extend_from_slice(&(buckets as u16).to_le_bytes());
        out.extend_from_slice(&[0; 4]);
        out.extend_from_slice(&payload);
        out
    }

    /// Reads a net from file bytes, checking everything the header says.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < HEADER_BYTES {
            if !bytes.starts_with(&MAGIC[..bytes.len().min(8)]) {
                return Err(NetError::Magic);
            }
            return Err(NetError::Truncated {
                len: bytes.len(),
                needed: HEADER_BYTES,
            });
        }
        if bytes[..8] != MAGIC {
            return Err(NetError::Magic);
        }
        let u16_at = |o: usize| u16::from_le_bytes([bytes[o], bytes[o + 1]]);
        let u64_at = |o: usize| u64::from_le_bytes(bytes[o..o + 8].try_into().expect("8 bytes"));
        let version = u16_at(8);
        if version != FORMAT_VERSION {
            return Err(NetError::Version {
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        let scope = match (bytes[10], bytes[11]) {
            (ALL_VARIANTS_CODE, LAYOUT_VARIANT_ID) => NetScope::AllVariants,
            (code, LAYOUT_ID) => NetScope::Variant(
                *Variant::ALL
                    .get(code as usize)
                    .ok_or(NetError::VariantCode(code))?,
            ),
            (code, LAYOUT_VARIANT_ID) => return Err(NetError::VariantCode(code)),
            (_, found) => return Err(NetError::Layout { found }),
        };
        let expected_rows = scope.rows();
        let (rows, h1, h2) = (
            u16_at(12) as usize,
            u16_at(14) as usize,
            u16_at(16) as usize,
        );
        let buckets = (u16_at(42) as usize).max(1);
        let sizes_ok = rows == expected_rows && valid_sizes(h1, h2) && buckets <= MAX_BUCKETS;
        if !sizes_ok {
            return Err(NetError::Sizes {
                rows,
                expected_rows,
                h1,
                h2,
                buckets,
            });
        }
        let scale_cp = u16_at(18);
        let (qa, qb, qo) = (u16_at(20), u16_at(22), u16_at(40));
        if (qa as i32, qb as i32, qo as i32) != (QA, QB, QO) {
            return Err(NetError::Scales { qa, qb, qo });
        }
        if scale_cp == 0 {
            return Err(NetError::Scale);
        }
        let payload = &bytes[HEADER_BYTES..];
        let expected = payload_len(rows, h1, h2, buckets);
        if u64_at(24) != expected as u64 || payload.len() != expected {
            return Err(NetError::Length {
                found: payload.len(),
                expected,
            });
        }
        let (found, stored) = (checksum(payload), u64_at(32));
        if found != stored {
            return Err(NetError::Checksum {
                found,
                expected: stored,
            });
        }
        let mut at = 0;
        let mut i16s = |n: usize| -> Box<[i16]> {
            let v = payload[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let (w1, b1, w2) = (i16s(rows * h1), i16s(h1), i16s(h2 * h1));
        let last = if h2 == 0 { h1 } else { h2 };
        let i32_at = |o: usize| i32::from_le_bytes(payload[o..o + 4].try_into().expect("4 bytes"));
        let b2_start = 2 * (rows * h1 + h1 + h2 * h1);
        let b2: Box<[i32]> = (0..h2).map(|k| i32_at(b2_start + 4 * k)).collect();
        let w3_start = b2_start + 4 * h2;
        let w3: Box<[i16]> = payload[w3_start..w3_start + 2 * buckets * last]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        let b3_start = w3_start + 2 * buckets * last;
        let b3: Box<[i32]> = (0..buckets).map(|k| i32_at(b3_start + 4 * k)).collect();
        let net = Network {
            scope,
            h1,
            h2,
            scale_cp,
            w1,
            b1,
            w2,
            b2,
            buckets,
            w3,
            b3,
        };
        net.check_bounds()?;
        Ok(net)
    }

    /// Refuses a net whose first layer could overflow its accumulator, or
    /// a later layer its sum.
    pub(super) fn check_bounds(&self) -> Result<(), NetError> {
        let max = self.max_accumulator();
        if max > i16::MAX as i64 {
            return Err(NetError::Overflow(max));
        }
        let later = self.max_later_sum();
        if later > i32::MAX as i64 {
            return Err(NetError::Overflow(later));
        }
        Ok(())
    }

    /// Reads a net file.
    pub fn load(path: &Path) -> Result<Network, NetError> {
        let bytes = std::fs::read(path).map_err(|e| NetError::Read {
            path: path.to_path_buf(),
            source: Arc::new(e),
        })?;
        Network::from_bytes(&bytes)
    }

    /// Writes the net to a file.
    pub fn save(&self, path: &Path) -> Result<(), NetError> {
        std::fs::write(path, self.to_bytes()).map_err(|e| NetError::Write {
            path: path.to_path_buf(),
            source: Arc::new(e),
        })
    }
}

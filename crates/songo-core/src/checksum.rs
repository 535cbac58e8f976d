//! The one checksum of songo's file formats (tablebase files and net
//! files): fast, streaming, and independent of the platform's endianness.

/// A 64-bit checksum of `data`: a multiply-rotate mix over 8-byte
/// little-endian words (the tail zero-padded), then the length. It guards
/// against truncation and corruption, not against tampering.
pub fn checksum(data: &[u8]) -> u64 {
    let mut sum = Checksum::new();
    sum.update(data);
    sum.finish()
}

/// [`checksum`] of data given piece by piece.
#[derive(Clone, Debug)]
pub struct Checksum {
    h: u64,
    len: u64,
    /// The bytes of an unfinished word.
    tail: [u8; 8],
    tail_len: usize,
}

const CHECKSUM_K: u64 = 0x9E37_79B9_7F4A_7C15;

impl Checksum {
    /// An empty checksum.
    pub fn new() -> Checksum {
        Checksum {
            h: 0x5350_4E47_4F54_4231,
            len: 0,
            tail: [0; 8],
            tail_len: 0,
        }
    }

    #[inline]
    fn word(&mut self, x: u64) {
        self.h = (self.h.rotate_left(23) ^ x).wrapping_mul(CHECKSUM_K);
    }

    /// Adds the next bytes.
    pub fn update(&mut self, mut data: &[u8]) {
        self.len += data.len() as u64;
        if self.tail_len > 0 {
            let take = (8 - self.tail_len).min(data.len());
            self.tail[self.tail_len..self.tail_len + take].copy_from_slice(&data[..take]);
            self.tail_len += take;
            data = &data[take..];
            if self.tail_len < 8 {
                return;
            }
            self.word(u64::from_le_bytes(self.tail));
            self.tail_len = 0;
        }
        let mut words = data.chunks_exact(8);
        for w in &mut words {
            self.word(u64::from_le_bytes(w.try_into().expect("8 bytes")));
        }
        let rest = words.remainder();
        self.tail[..rest.len()].copy_from_slice(rest);
        self.tail_len = rest.len();
    }

    /// The checksum of every byte given.
    pub fn finish(mut self) -> u64 {
        self.tail[self.tail_len..].fill(0);
        self.word(u64::from_le_bytes(self.tail));
        let h = self.h;
        (h ^ self.len).wrapping_mul(CHECKSUM_K) ^ (h >> 29)
    }
}

impl Default for Checksum {
    fn default() -> Checksum {
        Checksum::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_give_the_whole() {
        let data: Vec<u8> = (0..100u32).map(|i| (i * 37 % 251) as u8).collect();
        for cut in [0, 1, 7, 8, 9, 63, 100] {
            let mut sum = Checksum::new();
            sum.update(&data[..cut]);
            sum.update(&data[cut..]);
            assert_eq!(sum.finish(), checksum(&data), "cut at {cut}");
        }
    }

    #[test]
    fn length_and_content_count() {
        assert_ne!(checksum(&[]), checksum(&[0]));
        assert_ne!(checksum(&[1, 2]), checksum(&[2, 1]));
    }
}

//! The seeded generator of every tool that must give the same games for
//! the same seed (datagen, SPSA, training, puzzles, the room's pauses):
//! SplitMix64, written out so that generated data never depend on a
//! library's choice of generator.

/// The golden-ratio increment of SplitMix64: consecutive states are far
/// apart.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// A stream of 64-bit numbers from a seed: SplitMix64.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        finalise(self.0)
    }

    /// Uniform in `0..n` (n > 0; the bias of a 64-bit modulo is negligible).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// SplitMix64's finaliser: every input bit reaches every output bit, so
/// neighbouring inputs give unrelated outputs.
pub const fn finalise(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_splitmix64() {
        // The reference implementation's first outputs for seed 0
        // (Vigna's splitmix64.c).
        let mut r = SplitMix::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }
}

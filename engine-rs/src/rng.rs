//! The engine's only source of randomness: named ChaCha8 streams (ENGINE.md, "Random numbers").

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Stream 0 decides about the whole file (truncate position, block choice, recipe choices).
pub const PLAN_STREAM: u64 = 0;
/// Escalation's extra overwrite for guaranteed_break.
pub const ESCALATION_STREAM: u64 = u64::MAX;

/// The stream of chunk `c` (bytes `[c*65536, (c+1)*65536)` of the input).
pub fn chunk_stream(chunk: u64) -> u64 {
    1 + chunk
}

/// One named stream of one seed, starting at word 0.
pub struct Stream(ChaCha8Rng);

impl Stream {
    pub fn new(seed: u64, stream: u64) -> Self {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        let mut rng = ChaCha8Rng::from_seed(key);
        rng.set_stream(stream);
        Stream(rng)
    }

    /// The next 32-bit word of the keystream.
    #[inline]
    pub fn u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    /// Uniform in `0..b` by Lemire's method with rejection; `b` must be at least 1.
    #[inline]
    pub fn below(&mut self, b: u32) -> u32 {
        debug_assert!(b >= 1);
        let b64 = u64::from(b);
        let mut m = u64::from(self.u32()) * b64;
        if (m as u32) < b {
            let t = b.wrapping_neg() % b;
            while (m as u32) < t {
                m = u64::from(self.u32()) * b64;
            }
        }
        (m >> 32) as u32
    }

    /// `len` bytes: ceil(len/4) words, each little-endian, surplus bytes of the last word dropped.
    pub fn fill(&mut self, len: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(len + 3);
        while out.len() < len {
            out.extend_from_slice(&self.u32().to_le_bytes());
        }
        out.truncate(len);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Known answers from ENGINE.md (rand_chacha 0.3.1).
    #[test]
    fn known_answers() {
        let mut s = Stream::new(0, 0);
        assert_eq!([s.u32(), s.u32(), s.u32()], [804192318, 3594542985, 3904396159]);
        let mut s = Stream::new(1234567890, 1);
        assert_eq!([s.u32(), s.u32(), s.u32()], [1827269566, 2190482529, 1053545376]);
        let mut s = Stream::new(42, 7);
        assert_eq!([s.u32(), s.u32(), s.u32()], [2725005161, 797486905, 3481845663]);
        let mut s = Stream::new(1234567890, 1);
        let draws: Vec<u32> = (0..5).map(|_| s.below(1000)).collect();
        assert_eq!(draws, [425, 510, 245, 863, 895]);
    }

    #[test]
    fn below_one_is_always_zero_and_draws_one_word() {
        let mut a = Stream::new(9, 3);
        let mut b = Stream::new(9, 3);
        assert_eq!(a.below(1), 0);
        b.u32();
        assert_eq!(a.u32(), b.u32());
    }

    #[test]
    fn fill_drops_surplus_bytes_of_last_word() {
        let mut a = Stream::new(5, 0);
        let mut b = Stream::new(5, 0);
        let bytes = a.fill(6);
        let w0 = b.u32().to_le_bytes();
        let w1 = b.u32().to_le_bytes();
        assert_eq!(bytes, [w0[0], w0[1], w0[2], w0[3], w1[0], w1[1]]);
        assert_eq!(a.u32(), b.u32(), "fill(6) consumed exactly two words");
    }
}

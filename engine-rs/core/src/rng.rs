//! The engine's only source of randomness: named ChaCha8 sequences (docs/contract.md, section 5).
//!
//! Natively the words come from `rand_chacha::ChaCha8Rng`, the definition the contract names. In
//! WebAssembly built with SIMD128 they come from [`chacha`], the same keystream four blocks at a time
//! in vector lanes (rand_chacha runs its portable code there, about 2.5 times slower); the tests below
//! hold that path to rand_chacha word for word.

#[cfg(any(test, all(target_arch = "wasm32", target_feature = "simd128")))]
mod chacha;

/// Sequence 0 decides about the whole file (truncate position, block choice, recipe choices).
pub const PLAN_SEQUENCE: u64 = 0;
/// Escalation's extra overwrite for guaranteed_break.
pub const ESCALATION_SEQUENCE: u64 = u64::MAX;

/// The sequence of chunk `c` (bytes `[c*65536, (c+1)*65536)` of the input).
pub fn chunk_sequence(chunk: u64) -> u64 {
    1 + chunk
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
type Generator = chacha::Wide<chacha::V128>;

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
type Generator = rand_chacha::ChaCha8Rng;

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn generator(seed: u64, id: u64) -> Generator {
    chacha::Wide::new(seed, id)
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
fn generator(seed: u64, id: u64) -> Generator {
    use rand_chacha::rand_core::SeedableRng;
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    let mut rng = rand_chacha::ChaCha8Rng::from_seed(key);
    rng.set_stream(id);
    rng
}

/// One named sequence of one seed, starting at word 0.
pub struct Sequence(Generator);

impl Sequence {
    pub fn new(seed: u64, id: u64) -> Self {
        Sequence(generator(seed, id))
    }

    /// The next 32-bit word of the keystream.
    #[inline]
    pub fn u32(&mut self) -> u32 {
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        use rand_chacha::rand_core::RngCore;
        self.0.next_u32()
    }

    /// Uniform in `0..b` by Lemire's method with rejection; `b` must be at least 1.
    #[inline]
    pub fn below(&mut self, b: u32) -> u32 {
        lemire(b, || self.u32())
    }

    /// A cursor over the sequence for a hot loop: the same words as `u32` and `below` would give, in
    /// the same order, the sequence's place taken back when the cursor is dropped. In WebAssembly the
    /// cursor keeps its place in the refill buffer in a local, so a draw stores nothing to memory
    /// (otherwise it is the place in the generator, written back at every draw, since a refill may be
    /// called between two).
    #[inline]
    pub fn draws(&mut self) -> Draws<'_> {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        return Draws::new(&mut self.0);
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        Draws(self)
    }

    /// Uniform in `0..b` for any `b` >= 1 (docs/contract.md, section 5.3): `below(b)` itself for
    /// b < 2^32, else Lemire's method on 64-bit draws (high word first).
    pub fn below_wide(&mut self, b: u64) -> u64 {
        debug_assert!(b >= 1);
        if let Ok(narrow) = u32::try_from(b) {
            return u64::from(self.below(narrow));
        }
        let b128 = u128::from(b);
        let mut m = u128::from(self.u64()) * b128;
        if (m as u64) < b {
            let t = b.wrapping_neg() % b;
            while (m as u64) < t {
                m = u128::from(self.u64()) * b128;
            }
        }
        (m >> 64) as u64
    }

    /// Two words, the first the high half.
    fn u64(&mut self) -> u64 {
        let hi = u64::from(self.u32());
        (hi << 32) | u64::from(self.u32())
    }

    /// `len` bytes: ceil(len/4) words, each little-endian, surplus bytes of the last word dropped.
    pub fn fill(&mut self, len: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(len);
        self.fill_into(&mut out, len);
        out
    }

    /// `fill(len)` appended to `out`, never past `len` bytes (so a buffer sized for them suffices).
    pub fn fill_into(&mut self, out: &mut Vec<u8>, len: usize) {
        out.reserve(len);
        for _ in 0..len / 4 {
            out.extend_from_slice(&self.u32().to_le_bytes());
        }
        if len % 4 > 0 {
            out.extend_from_slice(&self.u32().to_le_bytes()[..len % 4]);
        }
    }
}

/// `below` on draws from `next`: Lemire's method with rejection (docs/contract.md, section 5.3).
#[inline(always)]
fn lemire(b: u32, mut next: impl FnMut() -> u32) -> u32 {
    debug_assert!(b >= 1);
    let b64 = u64::from(b);
    let mut m = u64::from(next()) * b64;
    if (m as u32) < b {
        let t = b.wrapping_neg() % b;
        while (m as u32) < t {
            m = u64::from(next()) * b64;
        }
    }
    (m >> 32) as u32
}

/// `Sequence::draws`: natively the sequence itself.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
pub struct Draws<'a>(&'a mut Sequence);

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
impl Draws<'_> {
    #[inline(always)]
    pub fn u32(&mut self) -> u32 {
        self.0.u32()
    }

    #[inline(always)]
    pub fn below(&mut self, b: u32) -> u32 {
        self.0.below(b)
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub type Draws<'a> = chacha::Draws<'a, chacha::V128>;

#[cfg(test)]
mod tests {
    use super::chacha::{chacha8_block, Wide, BUF_WORDS};
    use super::*;
    use rand_chacha::rand_core::RngCore;

    const SEEDS: [u64; 8] = [0, 1, 42, 1234567890, (1 << 32) - 1, 1 << 32, (1 << 53) - 1, u64::MAX];
    const IDS: [u64; 8] = [0, 1, 2, 7, (1 << 32) - 1, 1 << 32, u64::MAX - 1, u64::MAX];
    // Block counters around the carry from word 12 into word 13, and around the 64-bit wrap.
    const COUNTERS: [u64; 14] = [
        0,
        1,
        3,
        4,
        5,
        (1 << 32) - 4,
        (1 << 32) - 2,
        (1 << 32) - 1,
        1 << 32,
        (1 << 32) + 1,
        0x0123_4567_89ab_cdef,
        u64::MAX - 3,
        u64::MAX - 1,
        u64::MAX,
    ];

    /// More seeds and sequence ids than the fixed lists, spread over all 64 bits (splitmix64).
    fn spread(n: usize) -> impl Iterator<Item = u64> {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        (0..n).map(move |_| {
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        })
    }

    /// rand_chacha, keyed as the native `Sequence` keys it, from block `counter` on.
    fn reference_at(seed: u64, id: u64, counter: u64) -> rand_chacha::ChaCha8Rng {
        let mut rng = generator(seed, id);
        rng.set_word_pos(u128::from(counter) * 16);
        rng
    }

    fn reference_block(seed: u64, id: u64, counter: u64) -> [u32; 16] {
        let mut rng = reference_at(seed, id, counter);
        core::array::from_fn(|_| rng.next_u32())
    }

    #[test]
    fn wide_draws_are_narrow_draws_below_2_32_and_known_above() {
        for b in [1u64, 2, 7, 1000, (1 << 31) + 1, u64::from(u32::MAX)] {
            let (mut wide, mut narrow) = (Sequence::new(42, 3), Sequence::new(42, 3));
            for _ in 0..50 {
                assert_eq!(wide.below_wide(b), u64::from(narrow.below(b as u32)), "b = {b}");
            }
        }
        // docs/contract.md, section 5.4.
        let mut s = Sequence::new(1234567890, 0);
        let got: Vec<u64> = (0..3).map(|_| s.below_wide((1 << 40) + 7)).collect();
        assert_eq!(got, [101818895830, 923468918984, 2714998277]);
        let mut s = Sequence::new(0, 5);
        let got: Vec<u64> = (0..3).map(|_| s.below_wide(u64::MAX)).collect();
        assert_eq!(got, [11037493804075320701, 14985284003277479616, 15740906752762826602]);
    }

    #[test]
    fn scalar_block_matches_rand_chacha() {
        let seeds = SEEDS.into_iter().chain(spread(24));
        for seed in seeds {
            for id in IDS.into_iter().chain(spread(4).map(|s| s ^ seed)) {
                for counter in COUNTERS {
                    assert_eq!(
                        chacha8_block(seed, counter, id),
                        reference_block(seed, id, counter),
                        "seed {seed} sequence {id} block {counter}"
                    );
                }
            }
        }
    }

    #[test]
    fn scalar_block_puts_the_counter_in_words_12_13_and_the_sequence_id_in_14_15() {
        // Each field changes the block, and block 2^32 is not block 0: the carry reaches word 13.
        let base = chacha8_block(7, 0, 0);
        assert_ne!(chacha8_block(7, 1 << 32, 0), base);
        assert_ne!(chacha8_block(7, 0, 1 << 32), base);
        assert_ne!(chacha8_block(7, 1 << 32, 0), chacha8_block(7, 0, 1 << 32));
        assert_eq!(chacha8_block(7, 0, 0), reference_block(7, 0, 0));
    }

    #[test]
    fn four_lane_sequence_matches_rand_chacha_word_for_word() {
        // Several refills' worth, and a length that ends inside a buffer.
        let words = 5 * BUF_WORDS + 23;
        for seed in SEEDS.into_iter().chain(spread(16)) {
            for id in IDS {
                let mut wide = Wide::<[u32; 4]>::new(seed, id);
                let mut reference = Sequence::new(seed, id);
                for i in 0..words {
                    assert_eq!(wide.next_u32(), reference.u32(), "seed {seed} sequence {id} word {i}");
                }
            }
        }
    }

    #[test]
    fn a_cursor_draws_what_the_sequence_draws_and_gives_its_place_back() {
        // Cursors of every lifetime, dropped at every place in the buffer, words and `below` mixed
        // (a rejection takes a third word: b = 2^31 + 1 rejects about half of all draws).
        for seed in [0, 42, u64::MAX] {
            let mut wide = Wide::<[u32; 4]>::new(seed, 9);
            let mut reference = Sequence::new(seed, 9);
            for span in 1..=2 * BUF_WORDS + 3 {
                let mut draws = super::chacha::Draws::new(&mut wide);
                for i in 0..span {
                    let b = [1000, (1 << 31) + 1, 65536][i % 3];
                    if i % 2 == 0 {
                        assert_eq!(draws.u32(), reference.u32(), "seed {seed} span {span} draw {i}");
                    } else {
                        assert_eq!(draws.below(b), reference.below(b), "seed {seed} span {span} draw {i}");
                    }
                }
                drop(draws);
                assert_eq!(wide.next_u32(), reference.u32(), "seed {seed} after a cursor of {span}");
            }
        }
        // Natively the cursor is the sequence.
        let (mut a, mut b) = (Sequence::new(3, 4), Sequence::new(3, 4));
        {
            let mut draws = a.draws();
            assert_eq!([draws.u32(), draws.below(77)], [b.u32(), b.below(77)]);
        }
        assert_eq!(a.u32(), b.u32());
    }

    #[test]
    fn four_lane_sequence_carries_the_block_counter_like_rand_chacha() {
        // Starting 0..4 blocks before a carry puts it at every lane of a refill and across refills.
        for seed in [0, 1234567890, u64::MAX] {
            for id in [0, u64::MAX] {
                for start in [(1u64 << 32) - 4, (1 << 32) - 3, (1 << 32) - 2, (1 << 32) - 1, u64::MAX - 5, u64::MAX - 2]
                {
                    let mut wide = Wide::<[u32; 4]>::at_block(seed, id, start);
                    let mut reference = reference_at(seed, id, start);
                    for i in 0..3 * BUF_WORDS {
                        assert_eq!(
                            wide.next_u32(),
                            reference.next_u32(),
                            "seed {seed} sequence {id} from block {start}, word {i}"
                        );
                    }
                }
            }
        }
    }

    // Known answers from docs/contract.md, section 5.4 (rand_chacha 0.3.1).
    #[test]
    fn known_answers() {
        let mut s = Sequence::new(0, 0);
        assert_eq!([s.u32(), s.u32(), s.u32()], [804192318, 3594542985, 3904396159]);
        let mut s = Sequence::new(1234567890, 1);
        assert_eq!([s.u32(), s.u32(), s.u32()], [1827269566, 2190482529, 1053545376]);
        let mut s = Sequence::new(42, 7);
        assert_eq!([s.u32(), s.u32(), s.u32()], [2725005161, 797486905, 3481845663]);
        let mut s = Sequence::new(1234567890, 1);
        let draws: Vec<u32> = (0..5).map(|_| s.below(1000)).collect();
        assert_eq!(draws, [425, 510, 245, 863, 895]);
    }

    #[test]
    fn below_one_is_always_zero_and_draws_one_word() {
        let mut a = Sequence::new(9, 3);
        let mut b = Sequence::new(9, 3);
        assert_eq!(a.below(1), 0);
        b.u32();
        assert_eq!(a.u32(), b.u32());
    }

    #[test]
    fn fill_drops_surplus_bytes_of_last_word() {
        let mut a = Sequence::new(5, 0);
        let mut b = Sequence::new(5, 0);
        let bytes = a.fill(6);
        let w0 = b.u32().to_le_bytes();
        let w1 = b.u32().to_le_bytes();
        assert_eq!(bytes, [w0[0], w0[1], w0[2], w0[3], w1[0], w1[1]]);
        assert_eq!(a.u32(), b.u32(), "fill(6) consumed exactly two words");
    }
}

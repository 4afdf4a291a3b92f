//! ChaCha8, four blocks at a time, word for word as `rand_chacha::ChaCha8Rng` 0.3.1 emits it.
//!
//! rand_chacha has a SIMD backend for x86_64 only; in WebAssembly it runs its portable code, and the
//! flip modes spend most of their time there (two keystream words per changed byte). Here the same
//! rounds run on four blocks at once, one block per lane of a `Quad`: with SIMD128 a `v128`
//! ([`V128`]), in the native tests a plain `[u32; 4]` that takes exactly the same path, so the tests
//! pin the round schedule, the counters, the transposition and the buffering to rand_chacha.
//!
//! State words: 0-3 the constant, 4-11 the key (the seed, little-endian, in key bytes 0-7), 12-13
//! the 64-bit block counter, 14-15 the 64-bit sequence id (ChaCha's stream id).

/// The words a refill makes: four 16-word blocks, as rand_chacha buffers them.
pub const BUF_WORDS: usize = 64;

const SIGMA: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

/// ChaCha8's input block for `seed` and sequence `id`, block counter 0.
pub fn initial_state(seed: u64, id: u64) -> [u32; 16] {
    let mut s = [0u32; 16];
    s[..4].copy_from_slice(&SIGMA);
    s[4] = seed as u32;
    s[5] = (seed >> 32) as u32;
    s[14] = id as u32;
    s[15] = (id >> 32) as u32;
    s
}

/// The arithmetic the rounds need, lane-wise: one 32-bit word (`u32`) or four (`Quad`).
pub trait Lanes: Copy {
    fn add(self, other: Self) -> Self;
    fn xor(self, other: Self) -> Self;
    fn rotl16(self) -> Self;
    fn rotl12(self) -> Self;
    fn rotl8(self) -> Self;
    fn rotl7(self) -> Self;
}

impl Lanes for u32 {
    #[inline(always)]
    fn add(self, other: Self) -> Self {
        self.wrapping_add(other)
    }
    #[inline(always)]
    fn xor(self, other: Self) -> Self {
        self ^ other
    }
    #[inline(always)]
    fn rotl16(self) -> Self {
        self.rotate_left(16)
    }
    #[inline(always)]
    fn rotl12(self) -> Self {
        self.rotate_left(12)
    }
    #[inline(always)]
    fn rotl8(self) -> Self {
        self.rotate_left(8)
    }
    #[inline(always)]
    fn rotl7(self) -> Self {
        self.rotate_left(7)
    }
}

#[inline(always)]
fn quarter_round<W: Lanes>(x: &mut [W; 16], a: usize, b: usize, c: usize, d: usize) {
    x[a] = x[a].add(x[b]);
    x[d] = x[d].xor(x[a]).rotl16();
    x[c] = x[c].add(x[d]);
    x[b] = x[b].xor(x[c]).rotl12();
    x[a] = x[a].add(x[b]);
    x[d] = x[d].xor(x[a]).rotl8();
    x[c] = x[c].add(x[d]);
    x[b] = x[b].xor(x[c]).rotl7();
}

/// Eight rounds (four column rounds, each followed by a diagonal round), then the input added back.
#[inline(always)]
fn chacha8<W: Lanes>(input: &[W; 16]) -> [W; 16] {
    let mut x = *input;
    for _ in 0..4 {
        quarter_round(&mut x, 0, 4, 8, 12);
        quarter_round(&mut x, 1, 5, 9, 13);
        quarter_round(&mut x, 2, 6, 10, 14);
        quarter_round(&mut x, 3, 7, 11, 15);
        quarter_round(&mut x, 0, 5, 10, 15);
        quarter_round(&mut x, 1, 6, 11, 12);
        quarter_round(&mut x, 2, 7, 8, 13);
        quarter_round(&mut x, 3, 4, 9, 14);
    }
    for (w, i) in x.iter_mut().zip(input) {
        *w = w.add(*i);
    }
    x
}

/// One keystream block, one word at a time: the plain form the four-lane one is checked against.
#[cfg(test)]
pub fn chacha8_block(seed: u64, counter: u64, id: u64) -> [u32; 16] {
    let mut input = initial_state(seed, id);
    input[12] = counter as u32;
    input[13] = (counter >> 32) as u32;
    chacha8(&input)
}

/// Four 32-bit lanes, one block in each.
pub trait Quad: Lanes {
    fn splat(w: u32) -> Self;
    fn from_lanes(l: [u32; 4]) -> Self;
    fn to_lanes(self) -> [u32; 4];
    /// The 4x4 transpose: lane j of row i becomes lane i of row j.
    fn transpose(rows: [Self; 4]) -> [Self; 4];
}

/// Blocks `counter .. counter+4` (the counter wraps at 2^64, as rand_chacha's does) into `out`,
/// block after block.
#[inline(always)]
fn blocks4<Q: Quad>(state: &[u32; 16], counter: u64, out: &mut [u32; BUF_WORDS]) {
    let ctr = [0, 1, 2, 3].map(|j| counter.wrapping_add(j));
    let input: [Q; 16] = core::array::from_fn(|i| match i {
        12 => Q::from_lanes(ctr.map(|c| c as u32)),
        13 => Q::from_lanes(ctr.map(|c| (c >> 32) as u32)),
        _ => Q::splat(state[i]),
    });
    let x = chacha8(&input);
    // Lane j of x[i] is word i of block j; transposing each group of four words gives four
    // consecutive words of one block per row, stored together.
    for g in 0..4 {
        let rows = Q::transpose([x[4 * g], x[4 * g + 1], x[4 * g + 2], x[4 * g + 3]]);
        for (j, row) in rows.into_iter().enumerate() {
            let at = 16 * j + 4 * g;
            out[at..at + 4].copy_from_slice(&row.to_lanes());
        }
    }
}

/// One named sequence: the keystream's words in order, refilled four blocks at a time.
pub struct Wide<Q> {
    state: [u32; 16],
    /// The block the next refill starts at.
    counter: u64,
    buf: [u32; BUF_WORDS],
    index: usize,
    lanes: core::marker::PhantomData<Q>,
}

impl<Q: Quad> Wide<Q> {
    pub fn new(seed: u64, id: u64) -> Self {
        Wide {
            state: initial_state(seed, id),
            counter: 0,
            buf: [0; BUF_WORDS],
            index: BUF_WORDS,
            lanes: core::marker::PhantomData,
        }
    }

    /// The sequence from block `counter` on, for the tests of counter carries (2^32 blocks are 256 GiB
    /// of keystream, too far to reach by drawing).
    #[cfg(test)]
    pub fn at_block(seed: u64, id: u64, counter: u64) -> Self {
        Wide { counter, ..Self::new(seed, id) }
    }

    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        Draws::new(self).u32()
    }

    #[inline(never)]
    fn refill(&mut self) {
        blocks4::<Q>(&self.state, self.counter, &mut self.buf);
        self.counter = self.counter.wrapping_add(4);
    }
}

/// The generator's words with its place in the buffer in a local, given back on drop: `Sequence::draws`
/// in WebAssembly, and each `next_u32` (a cursor of one draw).
pub struct Draws<'a, Q: Quad> {
    gen: &'a mut Wide<Q>,
    index: usize,
}

impl<'a, Q: Quad> Draws<'a, Q> {
    #[inline(always)]
    pub fn new(gen: &'a mut Wide<Q>) -> Self {
        let index = gen.index;
        Draws { gen, index }
    }

    #[inline(always)]
    pub fn u32(&mut self) -> u32 {
        if self.index >= BUF_WORDS {
            self.gen.refill();
            // Set here rather than in refill, so the compiler sees the index is in bounds.
            self.index = 0;
        }
        let w = self.gen.buf[self.index];
        self.index += 1;
        w
    }

    #[inline(always)]
    pub fn below(&mut self, b: u32) -> u32 {
        super::lemire(b, || self.u32())
    }
}

impl<Q: Quad> Drop for Draws<'_, Q> {
    #[inline(always)]
    fn drop(&mut self) {
        self.gen.index = self.index;
    }
}

/// The portable `Quad`: what the native tests run the four-lane path with.
#[cfg(test)]
impl Lanes for [u32; 4] {
    fn add(self, o: Self) -> Self {
        core::array::from_fn(|j| self[j].wrapping_add(o[j]))
    }
    fn xor(self, o: Self) -> Self {
        core::array::from_fn(|j| self[j] ^ o[j])
    }
    fn rotl16(self) -> Self {
        self.map(|w| w.rotate_left(16))
    }
    fn rotl12(self) -> Self {
        self.map(|w| w.rotate_left(12))
    }
    fn rotl8(self) -> Self {
        self.map(|w| w.rotate_left(8))
    }
    fn rotl7(self) -> Self {
        self.map(|w| w.rotate_left(7))
    }
}

#[cfg(test)]
impl Quad for [u32; 4] {
    fn splat(w: u32) -> Self {
        [w; 4]
    }
    fn from_lanes(l: [u32; 4]) -> Self {
        l
    }
    fn to_lanes(self) -> [u32; 4] {
        self
    }
    fn transpose(rows: [Self; 4]) -> [Self; 4] {
        core::array::from_fn(|j| core::array::from_fn(|i| rows[i][j]))
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub use simd::V128;

/// SIMD128 lanes. Every intrinsic used is a safe function once the module is built with simd128;
/// words enter through `u32x4`/`u32x4_splat` and leave through `u32x4_extract_lane`, which LLVM
/// merges into whole-vector stores, so no pointer casts are needed.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd {
    use super::{Lanes, Quad};
    use core::arch::wasm32::*;

    #[derive(Clone, Copy)]
    pub struct V128(v128);

    impl Lanes for V128 {
        #[inline(always)]
        fn add(self, o: Self) -> Self {
            V128(u32x4_add(self.0, o.0))
        }
        #[inline(always)]
        fn xor(self, o: Self) -> Self {
            V128(v128_xor(self.0, o.0))
        }
        // Rotations by whole bytes are one byte shuffle (bytes are little-endian within a lane).
        #[inline(always)]
        fn rotl16(self) -> Self {
            V128(i8x16_shuffle::<2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13>(self.0, self.0))
        }
        #[inline(always)]
        fn rotl12(self) -> Self {
            V128(v128_or(u32x4_shl(self.0, 12), u32x4_shr(self.0, 20)))
        }
        #[inline(always)]
        fn rotl8(self) -> Self {
            V128(i8x16_shuffle::<3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14>(self.0, self.0))
        }
        #[inline(always)]
        fn rotl7(self) -> Self {
            V128(v128_or(u32x4_shl(self.0, 7), u32x4_shr(self.0, 25)))
        }
    }

    impl Quad for V128 {
        #[inline(always)]
        fn splat(w: u32) -> Self {
            V128(u32x4_splat(w))
        }
        #[inline(always)]
        fn from_lanes(l: [u32; 4]) -> Self {
            V128(u32x4(l[0], l[1], l[2], l[3]))
        }
        #[inline(always)]
        fn to_lanes(self) -> [u32; 4] {
            [
                u32x4_extract_lane::<0>(self.0),
                u32x4_extract_lane::<1>(self.0),
                u32x4_extract_lane::<2>(self.0),
                u32x4_extract_lane::<3>(self.0),
            ]
        }
        #[inline(always)]
        fn transpose([a, b, c, d]: [Self; 4]) -> [Self; 4] {
            let ab01 = i32x4_shuffle::<0, 4, 1, 5>(a.0, b.0);
            let ab23 = i32x4_shuffle::<2, 6, 3, 7>(a.0, b.0);
            let cd01 = i32x4_shuffle::<0, 4, 1, 5>(c.0, d.0);
            let cd23 = i32x4_shuffle::<2, 6, 3, 7>(c.0, d.0);
            [
                V128(i32x4_shuffle::<0, 1, 4, 5>(ab01, cd01)),
                V128(i32x4_shuffle::<2, 3, 6, 7>(ab01, cd01)),
                V128(i32x4_shuffle::<0, 1, 4, 5>(ab23, cd23)),
                V128(i32x4_shuffle::<2, 3, 6, 7>(ab23, cd23)),
            ]
        }
    }
}

//! misdirected_write: whole blocks written at another block-aligned offset of the same file, the
//! block that was there lost (docs/contract.md, section 6.16). The destinations are drawn as
//! bad_sectors draws its sectors, chunk by chunk; each takes a copy of another whole block of the
//! input, as `dd if=IN of=OUT bs=B skip=SOURCE seek=DESTINATION count=1 conv=notrunc` would write it.

use super::flip::CHUNK;
use crate::region::ByteSet;
use crate::rng::{chunk_sequence, Sequence};

/// The block sizes the mode takes; the first is the default.
pub const BLOCK_SIZES: [u64; 2] = [4096, 512];

/// What the plan stage decides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisdirectPlan {
    /// The block size B, and the input's whole blocks nb = floor(n / B).
    pub block: u64,
    pub blocks: u64,
    /// The bytes that may change, and the destinations they make eligible: the whole blocks holding
    /// one of them (block numbers).
    pub allowed: ByteSet,
    pub eligible: ByteSet,
    /// The blocks overwritten, z.
    pub z: u64,
    pub seed: u64,
}

impl MisdirectPlan {
    pub fn new(n: u64, block: u64, allowed: &ByteSet, intensity: u32, seed: u64) -> MisdirectPlan {
        let blocks = n / block;
        let whole = ByteSet::span(0, blocks);
        let eligible = whole.minus(&whole.minus(&allowed.blocks(block)));
        let s = eligible.total();
        let z = if blocks < 2 || s == 0 { 0 } else { (s * u64::from(intensity) / 500).max(1).min(s) };
        MisdirectPlan { block, blocks, allowed: allowed.clone(), eligible, z, seed }
    }

    fn per_chunk(&self) -> u64 {
        CHUNK as u64 / self.block
    }

    /// The writes of chunk `c`, `(destination, source)` block numbers in the order they are drawn.
    pub fn chunk_writes(&self, c: u64) -> Vec<(u64, u64)> {
        let total = self.eligible.total();
        if self.z == 0 || total == 0 {
            return Vec::new();
        }
        let k = self.per_chunk();
        let (a, b) = (c * k, (c + 1) * k);
        let e = self.eligible.count_in(a, b);
        let x = self.eligible.count_before(a);
        let share = |to: u64| (u128::from(self.z) * u128::from(to) / u128::from(total)) as u64;
        let zc = share(x + e) - share(x);
        if zc == 0 {
            return Vec::new();
        }
        let mut rng = Sequence::new(self.seed, chunk_sequence(c));
        let mut idx: Vec<u64> = self.eligible.within(a, b).flat_map(|(s, t)| s - a..t - a).collect();
        let mut writes = Vec::with_capacity(zc as usize);
        for j in 0..zc {
            let r = j + u64::from(rng.below((e - j) as u32));
            idx.swap(j as usize, r as usize);
            let dest = a + idx[j as usize];
            let s = rng.below_wide(self.blocks - 1);
            writes.push((dest, if s < dest { s } else { s + 1 }));
        }
        writes
    }

    /// The chunks that may hold a write and lie in `[pos, end)`.
    fn chunks(&self, pos: u64, end: u64) -> std::ops::Range<u64> {
        let (Some(&(lo, _)), Some(&(_, hi))) = (self.eligible.spans().first(), self.eligible.spans().last()) else {
            return 0..0;
        };
        let k = self.per_chunk();
        let first = (lo / k).max(pos / CHUNK as u64);
        let last = ((hi - 1) / k).min(end.saturating_sub(1) / CHUNK as u64);
        if end == 0 || first > last {
            return 0..0;
        }
        first..last + 1
    }

    /// The output's bytes in `[pos, end)` that come from elsewhere: `(at, from, len)`, `at` an offset
    /// of the output, `from` of the input, in the order they are written.
    pub fn moves(&self, pos: u64, end: u64) -> Vec<(u64, u64, u64)> {
        let mut out = Vec::new();
        for c in self.chunks(pos, end) {
            for (dest, src) in self.chunk_writes(c) {
                let at = dest * self.block;
                for (s, t) in self.allowed.within(at.max(pos), (at + self.block).min(end)) {
                    out.push((s, src * self.block + (s - at), t - s));
                }
            }
        }
        out
    }

    /// The writes made on the whole output (`input` is the input).
    pub fn apply(&self, input: &[u8], out: &mut [u8]) {
        for (at, from, len) in self.moves(0, input.len() as u64) {
            let (at, from, len) = (at as usize, from as usize, len as usize);
            out[at..at + len].copy_from_slice(&input[from..from + len]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_take_copies_of_other_whole_blocks() {
        let n = 5 * CHUNK + 700;
        let input: Vec<u8> = (0..n).map(|i| (i / 512) as u8 ^ (i as u8)).collect();
        for block in BLOCK_SIZES {
            let plan = MisdirectPlan::new(n as u64, block, &ByteSet::span(0, n as u64), 100, 11);
            assert_eq!(plan.z, plan.blocks / 5);
            let mut out = input.clone();
            plan.apply(&input, &mut out);
            let b = block as usize;
            let changed: Vec<usize> =
                (0..n / b).filter(|&d| out[d * b..(d + 1) * b] != input[d * b..(d + 1) * b]).collect();
            assert!(!changed.is_empty() && changed.len() as u64 <= plan.z);
            for d in changed {
                // Each changed block is a copy of another whole block of the input.
                let copy = &out[d * b..(d + 1) * b];
                assert!((0..n / b).any(|s| s != d && &input[s * b..(s + 1) * b] == copy));
            }
            // The tail after the last whole block never changes.
            assert_eq!(out[(n / b) * b..], input[(n / b) * b..]);
        }
        let one = MisdirectPlan::new(4096, 4096, &ByteSet::span(0, 4096), 100, 1);
        assert_eq!(one.z, 0);
    }
}

//! Aligned blocks that occur twice: what a misdirected write leaves (a block written at another
//! block's place). Only blocks with many different byte values count: zeros, padding and repeated
//! text recur in healthy files; two equal blocks of compressed data do not. Memory is bounded: the
//! first `KEPT` distinct blocks are remembered, later blocks are still compared with them.

use std::collections::HashMap;

pub const BLOCK: u64 = 512;
const KEPT: usize = 1 << 20;
const FOUND_KEPT: usize = 256;
/// Fewer different byte values than this in a block and it may recur by nature.
pub const MIN_DISTINCT: u32 = 32;

/// A copy of block `from` found at `to` (`len` bytes, consecutive blocks merged).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copy {
    pub from: u64,
    pub to: u64,
    pub len: u64,
}

#[derive(Default)]
pub struct Dups {
    seen: HashMap<u64, u64>,
    /// Candidate pairs (first offset, later offset), by hash: checked byte for byte afterwards.
    pub pairs: Vec<(u64, u64)>,
    pub more: bool,
}

pub fn distinct(block: &[u8]) -> u32 {
    // Stores only (no read of what the last byte wrote): fast on runs of one value too.
    let mut seen = [0u8; 256];
    for &b in block {
        seen[usize::from(b)] = 1;
    }
    seen.iter().map(|&x| u32::from(x)).sum()
}

fn hash(block: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for w in block.chunks_exact(8) {
        let v = u64::from_le_bytes(w.try_into().expect("8 bytes"));
        h = (h ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }
    h
}

impl Dups {
    pub fn feed(&mut self, at: u64, piece: &[u8]) {
        for (i, block) in piece.chunks_exact(BLOCK as usize).enumerate() {
            if distinct(block) < MIN_DISTINCT {
                continue;
            }
            let pos = at + i as u64 * BLOCK;
            let h = hash(block);
            match self.seen.get(&h) {
                Some(&first) => {
                    if self.pairs.len() < FOUND_KEPT {
                        self.pairs.push((first, pos));
                    } else {
                        self.more = true;
                    }
                }
                None if self.seen.len() < KEPT => {
                    self.seen.insert(h, pos);
                }
                None => {}
            }
        }
    }
}

/// Pairs merged into runs: consecutive blocks copied by the same distance are one copy.
pub fn merge(pairs: &[(u64, u64)]) -> Vec<Copy> {
    let mut out: Vec<Copy> = Vec::new();
    for &(from, to) in pairs {
        match out.last_mut() {
            Some(c) if c.to + c.len == to && c.from + c.len == from => c.len += BLOCK,
            _ => out.push(Copy { from, to, len: BLOCK }),
        }
    }
    out
}

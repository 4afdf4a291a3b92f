//! shuffle_blocks: move whole 4096-byte blocks so that every chosen block leaves its place.

use crate::rng::{Stream, PLAN_STREAM};

pub const BLOCK: usize = 4096;

/// Output block `slots[j]` is input block `perm[j]`.
pub struct ShufflePlan {
    pub block_count: usize,
    pub slots: Vec<u32>,
    pub perm: Vec<u32>,
}

pub fn plan(n: u64, intensity: u32, seed: u64) -> ShufflePlan {
    let nb = (n / BLOCK as u64) as usize;
    if n <= BLOCK as u64 || nb < 2 {
        return ShufflePlan { block_count: nb, slots: Vec::new(), perm: Vec::new() };
    }
    let k = ((nb as u64 * u64::from(intensity) / 200) as usize).max(2).min(nb);
    let mut rng = Stream::new(seed, PLAN_STREAM);
    let mut idx: Vec<u32> = (0..nb as u32).collect();
    for j in 0..k {
        let r = j + rng.below((nb - j) as u32) as usize;
        idx.swap(j, r);
    }
    let mut slots = idx[..k].to_vec();
    slots.sort_unstable();
    let mut perm = slots.clone();
    // Sattolo's algorithm: a single cycle, so no chosen block stays where it was.
    for j in (1..k).rev() {
        let r = rng.below(j as u32) as usize;
        perm.swap(j, r);
    }
    ShufflePlan { block_count: nb, slots, perm }
}

pub fn apply(input: &[u8], plan: &ShufflePlan) -> Vec<u8> {
    let mut data = input.to_vec();
    for (slot, from) in plan.slots.iter().zip(&plan.perm) {
        let (s, f) = (*slot as usize * BLOCK, *from as usize * BLOCK);
        data[s..s + BLOCK].copy_from_slice(&input[f..f + BLOCK]);
    }
    data
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chosen_block_moves_and_the_tail_stays() {
        let input: Vec<u8> = (0..(BLOCK * 10 + 100)).map(|i| (i / BLOCK) as u8).collect();
        let p = plan(input.len() as u64, 100, 7);
        let out = apply(&input, &p);
        assert_eq!(p.slots.len(), 5);
        let moved = (0..10).filter(|b| out[b * BLOCK] != *b as u8).count();
        assert_eq!(moved, 5);
        assert_eq!(&out[BLOCK * 10..], &input[BLOCK * 10..]);
    }

    #[test]
    fn small_files_are_unchanged() {
        let input = vec![1u8; BLOCK * 2 - 1];
        let p = plan(input.len() as u64, 100, 7);
        assert_eq!((apply(&input, &p), p.slots.len()), (input, 0));
    }
}

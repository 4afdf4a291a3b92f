//! shuffle_blocks: move whole 4096-byte blocks so that every chosen block leaves its place
//! (docs/contract.md, section 6.4). Blocks are planned in windows of `WINDOW` blocks, each on the
//! plan sequence continued from the one before, so a plan in memory is at most one window's.

use crate::modes::copy_into;
use crate::rng::{Sequence, PLAN_SEQUENCE};

/// The bytes in each block shuffle_blocks moves (the tail after the last whole block stays).
pub const SHUFFLE_BLOCK_BYTES: usize = 4096;

/// Blocks per planning window: 2^20 blocks, 4 GiB.
pub const WINDOW: u64 = 1 << 20;

/// What shuffle_blocks does to an input of `block_count` whole blocks: its windows' plans come
/// from `windows`, one at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShufflePlan {
    pub block_count: u64,
    /// The report's `shuffled_blocks`: the sum of the windows' k.
    pub shuffled: u64,
    intensity: u32,
    seed: u64,
    window: u64,
}

/// One window's plan: output block `first + slots[j]` is input block `first + perm[j]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowPlan {
    pub index: u64,
    pub first: u64,
    pub slots: Vec<u32>,
    pub perm: Vec<u32>,
}

/// The number of blocks a window of `nb` whole blocks moves.
fn moved(nb: u64, intensity: u32) -> u64 {
    if nb < 2 {
        return 0;
    }
    (nb * u64::from(intensity) / 200).max(2).min(nb)
}

pub fn plan(n: u64, intensity: u32, seed: u64) -> ShufflePlan {
    plan_windowed(n, intensity, seed, WINDOW)
}

/// `plan` with another window (tests run the rule with small ones). `window` must fit a u32.
pub fn plan_windowed(n: u64, intensity: u32, seed: u64, window: u64) -> ShufflePlan {
    assert!((1..=u64::from(u32::MAX)).contains(&window), "window of 1 to 2^32 - 1 blocks");
    let nb = n / SHUFFLE_BLOCK_BYTES as u64;
    let shuffled = (nb / window) * moved(window, intensity) + moved(nb % window, intensity);
    ShufflePlan { block_count: nb, shuffled, intensity, seed, window }
}

impl ShufflePlan {
    /// Blocks per window of this plan.
    pub fn window(&self) -> u64 {
        self.window
    }

    /// The windows' plans in ascending order, each computed when asked for.
    pub fn windows(&self) -> Windows {
        Windows { plan: self.clone(), rng: Sequence::new(self.seed, PLAN_SEQUENCE), next: 0 }
    }
}

/// The windows' plans in order, on one plan sequence.
pub struct Windows {
    plan: ShufflePlan,
    rng: Sequence,
    next: u64,
}

impl Iterator for Windows {
    type Item = WindowPlan;

    fn next(&mut self) -> Option<WindowPlan> {
        let p = &self.plan;
        let first = self.next.checked_mul(p.window)?;
        if first >= p.block_count {
            return None;
        }
        let index = self.next;
        self.next += 1;
        let nb = (p.block_count - first).min(p.window) as usize;
        let k = moved(nb as u64, p.intensity) as usize;
        if k == 0 {
            return Some(WindowPlan { index, first, slots: Vec::new(), perm: Vec::new() });
        }
        let rng = &mut self.rng;
        let mut idx: Vec<u32> = (0..nb as u32).collect();
        for j in 0..k {
            let r = j + rng.below((nb - j) as u32) as usize;
            idx.swap(j, r);
        }
        // A copy, so the window's index list is freed now.
        let mut slots = idx[..k].to_vec();
        drop(idx);
        slots.sort_unstable();
        let mut perm = slots.clone();
        // Sattolo's algorithm: a single cycle, so no chosen block stays where it was.
        for j in (1..k).rev() {
            let r = rng.below(j as u32) as usize;
            perm.swap(j, r);
        }
        Some(WindowPlan { index, first, slots, perm })
    }
}

pub fn apply(input: &[u8], plan: &ShufflePlan) -> Vec<u8> {
    apply_into(input, plan, Vec::new())
}

/// `apply` writing into `out` (cleared; its memory reused when large enough).
pub fn apply_into(input: &[u8], plan: &ShufflePlan, out: Vec<u8>) -> Vec<u8> {
    let mut data = copy_into(out, input);
    for w in plan.windows() {
        for (slot, from) in w.slots.iter().zip(&w.perm) {
            let s = (w.first + u64::from(*slot)) as usize * SHUFFLE_BLOCK_BYTES;
            let f = (w.first + u64::from(*from)) as usize * SHUFFLE_BLOCK_BYTES;
            data[s..s + SHUFFLE_BLOCK_BYTES].copy_from_slice(&input[f..f + SHUFFLE_BLOCK_BYTES]);
        }
    }
    data
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocks(nb: usize, tail: usize) -> Vec<u8> {
        (0..SHUFFLE_BLOCK_BYTES * nb + tail).map(|i| ((i / SHUFFLE_BLOCK_BYTES) * 7 + i % 251) as u8).collect()
    }

    #[test]
    fn every_chosen_block_moves_and_the_tail_stays() {
        let input: Vec<u8> = (0..(SHUFFLE_BLOCK_BYTES * 10 + 100)).map(|i| (i / SHUFFLE_BLOCK_BYTES) as u8).collect();
        let p = plan(input.len() as u64, 100, 7);
        let out = apply(&input, &p);
        assert_eq!(p.shuffled, 5);
        let moved = (0..10).filter(|b| out[b * SHUFFLE_BLOCK_BYTES] != *b as u8).count();
        assert_eq!(moved, 5);
        assert_eq!(&out[SHUFFLE_BLOCK_BYTES * 10..], &input[SHUFFLE_BLOCK_BYTES * 10..]);
    }

    #[test]
    fn small_files_are_unchanged() {
        let input = vec![1u8; SHUFFLE_BLOCK_BYTES * 2 - 1];
        let p = plan(input.len() as u64, 100, 7);
        assert_eq!((apply(&input, &p), p.shuffled), (input, 0));
    }

    /// The rule of section 6.4 applied by hand, window by window, on one continued plan sequence.
    fn by_hand(input: &[u8], intensity: u32, seed: u64, window: usize) -> (Vec<u8>, u64) {
        let nb = input.len() / SHUFFLE_BLOCK_BYTES;
        let mut rng = Sequence::new(seed, PLAN_SEQUENCE);
        let mut out = input.to_vec();
        let mut total = 0;
        for first in (0..nb).step_by(window) {
            let nbw = (nb - first).min(window);
            if nbw < 2 {
                continue;
            }
            let k = (nbw * intensity as usize / 200).clamp(2, nbw);
            total += k as u64;
            let mut idx: Vec<usize> = (first..first + nbw).collect();
            for j in 0..k {
                let r = j + rng.below((nbw - j) as u32) as usize;
                idx.swap(j, r);
            }
            let mut slots = idx[..k].to_vec();
            slots.sort();
            let mut perm = slots.clone();
            for j in (1..k).rev() {
                let r = rng.below(j as u32) as usize;
                perm.swap(j, r);
            }
            for (s, f) in slots.iter().zip(&perm) {
                out[s * SHUFFLE_BLOCK_BYTES..s * SHUFFLE_BLOCK_BYTES + SHUFFLE_BLOCK_BYTES]
                    .copy_from_slice(&input[f * SHUFFLE_BLOCK_BYTES..f * SHUFFLE_BLOCK_BYTES + SHUFFLE_BLOCK_BYTES]);
            }
        }
        (out, total)
    }

    #[test]
    fn windows_follow_the_rule_by_hand() {
        for (nb, tail, window, intensity, seed) in
            [(10, 100, 3, 100, 7), (10, 0, 4, 30, 1), (9, 5, 3, 100, 99), (7, 1, 2, 1, 5), (12, 0, 12, 100, 3)]
        {
            let input = blocks(nb, tail);
            let p = plan_windowed(input.len() as u64, intensity, seed, window as u64);
            let (want, k) = by_hand(&input, intensity, seed, window);
            assert_eq!((apply(&input, &p), p.shuffled), (want, k), "{nb} blocks, window {window}");
            let moved = (0..nb).filter(|b| {
                input[b * SHUFFLE_BLOCK_BYTES..][..SHUFFLE_BLOCK_BYTES]
                    != apply(&input, &p)[b * SHUFFLE_BLOCK_BYTES..][..SHUFFLE_BLOCK_BYTES]
            });
            assert_eq!(moved.count() as u64, k);
        }
    }

    /// The same windows as lib/engine/reference/modes.test.ts expects of the TypeScript engine.
    #[test]
    fn small_windows_match_the_typescript_engine() {
        let got: Vec<(u64, Vec<u32>, Vec<u32>)> = plan_windowed(SHUFFLE_BLOCK_BYTES as u64 * 30 + 5, 100, 7, 8)
            .windows()
            .map(|w| (w.first, w.slots, w.perm))
            .collect();
        let want = vec![
            (0, vec![1, 5, 6, 7], vec![7, 6, 1, 5]),
            (8, vec![2, 4, 6, 7], vec![6, 2, 7, 4]),
            (16, vec![0, 2, 4, 6], vec![4, 0, 6, 2]),
            (24, vec![3, 4, 5], vec![4, 5, 3]),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn one_window_is_the_whole_file_rule() {
        let input = blocks(40, 17);
        let a = plan_windowed(input.len() as u64, 60, 11, 40);
        let b = plan_windowed(input.len() as u64, 60, 11, WINDOW);
        assert_eq!(apply(&input, &a), apply(&input, &b));
        assert_eq!(a.windows().count(), 1);
    }

    #[test]
    fn the_window_count_is_bounded_by_the_window_not_the_input() {
        // 20 TiB: past the old u32 block index; the plan is made without touching every block.
        let p = plan(20 << 40, 100, 1);
        assert_eq!(p.block_count, 5 << 30);
        assert_eq!(p.shuffled, 5 * 1024 * (WINDOW / 2));
        let w = p.windows().nth(1).unwrap();
        assert_eq!((w.first, w.slots.len()), (WINDOW, (WINDOW / 2) as usize));
        assert!(w.slots.iter().all(|&s| u64::from(s) < WINDOW));
    }
}

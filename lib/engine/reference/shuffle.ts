// shuffle_blocks: move whole 4096-byte blocks so that every chosen block leaves its place
// (docs/contract.md, section 6.4). Blocks are planned in windows of WINDOW blocks, each on the plan
// sequence continued from the one before, so a plan in memory is at most one window's.

import { PLAN_SEQUENCE, Sequence } from './sequence.ts';

export const SHUFFLE_BLOCK_BYTES = 4096;

/** Blocks per planning window: 2^20 blocks, 4 GiB. */
export const WINDOW = 2 ** 20;

/** One window's plan: output block first + slots[j] is input block first + perm[j]. */
export interface ShuffleWindow {
  first: number;
  slots: number[];
  perm: number[];
}

/** What shuffle_blocks does to an input of blockCount whole blocks; `shuffled` is the sum of k. */
export interface ShufflePlan {
  blockCount: number;
  shuffled: number;
  intensity: number;
  seed: number;
  window: number;
}

/** The number of blocks a window of nb whole blocks moves. */
function moved(nb: number, intensity: number): number {
  return nb < 2 ? 0 : Math.min(nb, Math.max(2, Math.floor((nb * intensity) / 200)));
}

export function planShuffle(n: number, intensity: number, seed: number): ShufflePlan {
  return planShuffleWindowed(n, intensity, seed, WINDOW);
}

/** planShuffle with another window (tests run the rule with small ones). */
export function planShuffleWindowed(n: number, intensity: number, seed: number, window: number): ShufflePlan {
  const nb = Math.floor(n / SHUFFLE_BLOCK_BYTES);
  const shuffled = Math.floor(nb / window) * moved(window, intensity) + moved(nb % window, intensity);
  return { blockCount: nb, shuffled, intensity, seed, window };
}

/** The windows' plans in ascending order, each computed when asked for, on one plan sequence. */
export function* shuffleWindows(plan: ShufflePlan): Generator<ShuffleWindow> {
  const rng = new Sequence(plan.seed, PLAN_SEQUENCE);
  for (let first = 0; first < plan.blockCount; first += plan.window) {
    const nb = Math.min(plan.window, plan.blockCount - first);
    const k = moved(nb, plan.intensity);
    if (k === 0) {
      yield { first, slots: [], perm: [] };
      continue;
    }
    // Choose k distinct blocks with a partial Fisher-Yates shuffle.
    const idx = new Uint32Array(nb);
    for (let i = 0; i < nb; i++) idx[i] = i;
    for (let j = 0; j < k; j++) {
      const r = j + rng.below(nb - j);
      [idx[j], idx[r]] = [idx[r], idx[j]];
    }
    const slots = Array.from(idx.subarray(0, k)).sort((x, y) => x - y);
    // Sattolo's algorithm: one cycle through all k, so no chosen block stays where it was.
    const perm = slots.slice();
    for (let j = k - 1; j >= 1; j--) {
      const r = rng.below(j);
      [perm[j], perm[r]] = [perm[r], perm[j]];
    }
    yield { first, slots, perm };
  }
}

export function applyShuffle(input: Uint8Array, plan: ShufflePlan): Uint8Array {
  const out = input.slice();
  for (const w of shuffleWindows(plan)) {
    w.slots.forEach((slot, j) => {
      const from = (w.first + w.perm[j]) * SHUFFLE_BLOCK_BYTES;
      out.set(input.subarray(from, from + SHUFFLE_BLOCK_BYTES), (w.first + slot) * SHUFFLE_BLOCK_BYTES);
    });
  }
  return out;
}

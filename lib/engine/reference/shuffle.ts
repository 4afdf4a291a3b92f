// shuffle_blocks: move whole 4096-byte blocks so that every chosen block leaves its place
// (docs/contract.md, section 6.4).

import { PLAN_STREAM, Stream } from './stream.ts';

export const BLOCK = 4096;

/** Output block slots[j] is input block perm[j]. */
export interface ShufflePlan {
  blockCount: number;
  slots: number[];
  perm: number[];
}

export function planShuffle(n: number, intensity: number, seed: number): ShufflePlan {
  const nb = Math.floor(n / BLOCK);
  if (n <= BLOCK || nb < 2) return { blockCount: nb, slots: [], perm: [] };
  const k = Math.min(nb, Math.max(2, Math.floor((nb * intensity) / 200)));
  const rng = new Stream(seed, PLAN_STREAM);

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
  return { blockCount: nb, slots, perm };
}

export function applyShuffle(input: Uint8Array, plan: ShufflePlan): Uint8Array {
  const out = input.slice();
  plan.slots.forEach((slot, j) => {
    const from = plan.perm[j] * BLOCK;
    out.set(input.subarray(from, from + BLOCK), slot * BLOCK);
  });
  return out;
}

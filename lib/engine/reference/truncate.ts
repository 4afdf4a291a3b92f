// truncate_insert: cut a span and put random bytes of a random length in its place
// (docs/contract.md, section 6.3).

import { PLAN_SEQUENCE, Sequence } from './sequence.ts';

export interface TruncatePlan {
  removed: number;
  removeStart: number;
  inserted: Uint8Array;
}

/** span = min(n, max(1, floor(n*intensity/200))); the start, the inserted length and bytes come from the plan sequence. */
export function planTruncate(n: number, intensity: number, seed: number): TruncatePlan {
  if (n === 0) return { removed: 0, removeStart: 0, inserted: new Uint8Array(0) };
  const span = Math.min(n, Math.max(1, Math.floor((n * intensity) / 200)));
  const rng = new Sequence(seed, PLAN_SEQUENCE);
  const start = rng.below(n - span + 1);
  const ins = rng.below(span + 1);
  return { removed: span, removeStart: start, inserted: rng.fill(ins) };
}

/** input[0, start) + inserted + input[start + span, n). */
export function applyTruncate(input: Uint8Array, plan: TruncatePlan): Uint8Array {
  const end = plan.removeStart + plan.removed;
  const out = new Uint8Array(input.length - plan.removed + plan.inserted.length);
  out.set(input.subarray(0, plan.removeStart), 0);
  out.set(plan.inserted, plan.removeStart);
  out.set(input.subarray(end), plan.removeStart + plan.inserted.length);
  return out;
}

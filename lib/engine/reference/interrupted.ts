// interrupted_transfer: a prefix of the input, cut at a seeded point (docs/contract.md, section 6.6).

import { PLAN_SEQUENCE, Sequence } from './sequence.ts';

export interface InterruptedPlan {
  /** The output is input[0, cut). */
  cut: number;
  lost: number;
}

/**
 * hi = max(1, floor((n-1)*intensity/100)), lo = max(1, floor(hi/2)); lost = lo + below_wide(hi-lo+1)
 * on the plan sequence. A file of 2 bytes or more keeps one and loses one at least; a 1-byte file loses
 * its byte.
 */
export function planInterrupted(n: number, intensity: number, seed: number): InterruptedPlan {
  if (n === 0) return { cut: 0, lost: 0 };
  const hi = Math.max(1, Math.floor(((n - 1) * intensity) / 100));
  const lo = Math.max(1, Math.floor(hi / 2));
  const lost = lo + Number(new Sequence(seed, PLAN_SEQUENCE).belowWide(BigInt(hi - lo + 1)));
  return { cut: n - lost, lost };
}

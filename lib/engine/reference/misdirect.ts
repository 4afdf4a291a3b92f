// misdirected_write (docs/contract.md, section 6.16): z of the whole blocks that hold a byte that may
// change, drawn chunk by chunk as bad_sectors draws its sectors, each overwritten (its allowed bytes)
// with a copy of another whole block of the input.

import { CHUNK, chunkShare } from './flip.ts';
import { blocksOf, countIn, partsIn, sizeOf, type Span, subtract, unionOf } from './ranges.ts';
import { Sequence, chunkSequence } from './sequence.ts';

export const BLOCK_SIZES = [4096, 512] as const;

export interface MisdirectPlan {
  block: number;
  /** Whole blocks: floor(n / block). */
  blocks: number;
  allowed: Span[];
  /** Destination candidates: whole blocks holding an allowed byte (block numbers). */
  eligible: Span[];
  z: number;
}

export function planMisdirect(n: number, block: number, allowed: Span[], intensity: number): MisdirectPlan {
  const blocks = Math.floor(n / block);
  const beyond: Span[] = [[blocks, Number.MAX_SAFE_INTEGER]];
  const eligible = subtract(unionOf(blocksOf(allowed, block)), beyond);
  const s = sizeOf(eligible);
  const z = blocks < 2 || s === 0 ? 0 : Math.min(s, Math.max(1, Math.floor((s * intensity) / 500)));
  return { block, blocks, allowed, eligible, z };
}

/** Every write: [output offset, input offset, length], chunk by chunk, in the order drawn. */
export function misdirectMoves(plan: MisdirectPlan, seed: number): [number, number, number][] {
  const { block, blocks, eligible, z } = plan;
  const total = sizeOf(eligible);
  const moves: [number, number, number][] = [];
  if (z === 0) return moves;
  const perChunk = CHUNK / block;
  const lastChunk = Math.floor((eligible[eligible.length - 1][1] - 1) / perChunk);
  for (let c = Math.floor(eligible[0][0] / perChunk); c <= lastChunk; c++) {
    const first = c * perChunk;
    const inChunk = countIn(eligible, first, first + perChunk);
    const zc = chunkShare(z, total, countIn(eligible, 0, first), inChunk);
    if (zc === 0) continue;
    const idx: number[] = [];
    for (const [a, b] of partsIn(eligible, first, first + perChunk)) for (let d = a; d < b; d++) idx.push(d - first);
    const rng = new Sequence(seed, chunkSequence(c));
    for (let j = 0; j < zc; j++) {
      const r = j + rng.below(inChunk - j);
      [idx[j], idx[r]] = [idx[r], idx[j]];
      const dest = first + idx[j];
      const s = Number(rng.belowWide(BigInt(blocks - 1)));
      const source = s < dest ? s : s + 1;
      for (const [a, b] of partsIn(plan.allowed, dest * block, (dest + 1) * block)) {
        moves.push([a, source * block + (a - dest * block), b - a]);
      }
    }
  }
  return moves;
}

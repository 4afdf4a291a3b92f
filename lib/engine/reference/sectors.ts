// bad_sectors: whole 4096-byte sectors, aligned, read back as zeros (docs/contract.md, section 6.8).

import { CHUNK, chunkShare } from './flip.ts';
import { blocksOf, countIn, partsIn, sizeOf, type Span } from './ranges.ts';
import { Sequence, chunkSequence } from './sequence.ts';

export const SECTOR = 4096;
/** A 64 KiB chunk holds 16 sectors. */
const SECTORS_PER_CHUNK = CHUNK / SECTOR;

/** z = min(S, max(1, floor(S*intensity/500))) of the S eligible sectors. */
export function sectorCount(eligible: number, intensity: number): number {
  return Math.min(eligible, Math.max(1, Math.floor((eligible * intensity) / 500)));
}

/** The sectors that hold a byte that may change. */
export function eligibleSectors(allowed: readonly Span[]): Span[] {
  return blocksOf(allowed, SECTOR);
}

/** Zeroes the allowed bytes of z eligible sectors of `buf`; returns how many bytes it set to 0x00. */
export function zeroSectors(buf: Uint8Array, allowed: readonly Span[], z: number, seed: number): number {
  const eligible = eligibleSectors(allowed);
  const total = sizeOf(eligible);
  if (z === 0 || total === 0) return 0;
  let zeroed = 0;
  const lastChunk = Math.floor((eligible[eligible.length - 1][1] - 1) / SECTORS_PER_CHUNK);
  for (let c = Math.floor(eligible[0][0] / SECTORS_PER_CHUNK); c <= lastChunk; c++) {
    const first = c * SECTORS_PER_CHUNK;
    const inChunk = countIn(eligible, first, first + SECTORS_PER_CHUNK);
    const zc = chunkShare(z, total, countIn(eligible, 0, first), inChunk);
    if (zc === 0) continue;
    const idx: number[] = [];
    for (const [a, b] of partsIn(eligible, first, first + SECTORS_PER_CHUNK)) {
      for (let s = a; s < b; s++) idx.push(s - first);
    }
    const rng = new Sequence(seed, chunkSequence(c));
    for (let j = 0; j < zc; j++) {
      const r = j + rng.below(inChunk - j);
      [idx[j], idx[r]] = [idx[r], idx[j]];
      const start = (first + idx[j]) * SECTOR;
      for (const [a, b] of partsIn(allowed, start, start + SECTOR)) {
        buf.fill(0, a, b);
        zeroed += b - a;
      }
    }
  }
  return zeroed;
}

// byte_flip and header_preserve_flip, and the chunked flip routine the recipes reuse
// (docs/contract.md, sections 6.1 and 6.2).

import { countIn, partsIn, sizeOf, type Span } from './ranges.ts';
import { Sequence, chunkSequence } from './sequence.ts';

/** Chunk c is the bytes [c*CHUNK, (c+1)*CHUNK) of the input and draws from sequence 1 + c. */
export const CHUNK = 65536;

/** A value below this in the top 24 bits of a draw (30% of 2^24) sets the byte instead of XORing it. */
const SET_THRESHOLD = 5_033_165;

/** The shuffle index of the chunk being changed, reused by every call (the engine is synchronous). */
const chunkIndex = new Uint32Array(CHUNK);

/**
 * Bytes kept at the start: byte_flip min(1024, floor(n/200)); header_preserve_flip
 * min(max(1, floor(n/20)), 4096); then at most n-1, so at least one byte can change.
 */
export function headerLength(n: number, preserve: boolean): number {
  const h = preserve ? Math.min(Math.max(1, Math.floor(n / 20)), 4096) : Math.min(1024, Math.floor(n / 200));
  return Math.min(h, Math.max(0, n - 1));
}

/**
 * Bytes to change in a region of m bytes of an n-byte file: min(m, max(1, floor(n*(500 + 45*intensity)/10000))).
 * With byte ranges, n is the free bytes and m the allowed ones (section 6.9.4).
 */
export function flipCount(n: number, m: number, intensity: number): number {
  // n < 2^32 and 500 + 45*intensity <= 5000, so the product is exact.
  return Math.min(m, Math.max(1, Math.floor((n * (500 + 45 * intensity)) / 10000)));
}

/** What happens at each chosen position: the flip of section 6.1, or bit_rot's single bit (6.7). */
export type FlipAction = 'flip' | 'bit_rot';

/**
 * Changes exactly k distinct bytes of buf[h, n), apportioned over the 64 KiB chunks the region
 * touches; each chunk draws from its own sequence, so chunks could be done in any order.
 */
export function flipRegion(buf: Uint8Array, h: number, k: number, seed: number): void {
  flipAllowed(buf, [[h, buf.length]], k, seed, 'flip');
}

/**
 * Runs the action at exactly k distinct positions of `allowed` (sorted disjoint spans), shared over
 * the chunks by how many allowed bytes each holds (docs/contract.md, section 6.9.3).
 */
export function flipAllowed(
  buf: Uint8Array,
  allowed: readonly Span[],
  k: number,
  seed: number,
  action: FlipAction,
): void {
  const total = sizeOf(allowed);
  if (k === 0 || total === 0) return;
  const first = Math.floor(allowed[0][0] / CHUNK);
  const last = Math.floor((allowed[allowed.length - 1][1] - 1) / CHUNK);
  for (let c = first; c <= last; c++) flipChunk(buf, allowed, k, seed, c, action);
}

/**
 * The share of chunk c of k changes over a set of m bytes: floor(k*(x+L)/m) - floor(k*x/m), where x
 * allowed bytes lie before the chunk and L in it. The products reach 2^64, hence BigInt (once per chunk).
 */
export function chunkShare(k: number, m: number, x: number, len: number): number {
  const K = BigInt(k);
  const M = BigInt(m);
  return Number((K * BigInt(x + len)) / M - (K * BigInt(x)) / M);
}

/** The part of flipAllowed that falls in chunk c: it depends on nothing but its arguments. */
export function flipChunk(
  buf: Uint8Array,
  allowed: readonly Span[],
  k: number,
  seed: number,
  c: number,
  action: FlipAction,
): void {
  const len = countIn(allowed, c * CHUNK, (c + 1) * CHUNK);
  if (len === 0) return;
  const kc = chunkShare(k, sizeOf(allowed), countIn(allowed, 0, c * CHUNK), len);
  if (kc === 0) return;
  const base = c * CHUNK;
  // The chunk's allowed bytes as offsets from its start, ascending.
  const idx = chunkIndex;
  let filled = 0;
  for (const [a, b] of partsIn(allowed, base, base + CHUNK)) {
    for (let p = a; p < b; p++) idx[filled++] = p - base;
  }
  const rng = new Sequence(seed, chunkSequence(c));
  for (let j = 0; j < kc; j++) {
    // A partial Fisher-Yates shuffle: idx[0..j] are the distinct offsets chosen so far.
    const r = j + rng.below(len - j);
    const chosen = idx[r];
    idx[r] = idx[j];
    idx[j] = chosen;
    const p = base + chosen;
    if (action === 'bit_rot') {
      buf[p] ^= 1 << rng.below(8);
      continue;
    }
    const v = rng.u32();
    if (v >>> 8 < SET_THRESHOLD) {
      buf[p] = v & 0xff;
    } else {
      buf[p] ^= 1 + (((v & 0xff) * 255) >> 8);
    }
  }
}

export interface FlipResult {
  data: Uint8Array;
  ops: number;
  preserveHeader: number;
}

/** byte_flip (preserve = false) and header_preserve_flip (preserve = true). */
export function flip(input: Uint8Array, intensity: number, seed: number, preserve: boolean): FlipResult {
  const n = input.length;
  if (n === 0) return { data: new Uint8Array(0), ops: 0, preserveHeader: 0 };
  const h = headerLength(n, preserve);
  const k = flipCount(n, n - h, intensity);
  const data = input.slice();
  flipRegion(data, h, k, seed);
  return { data, ops: k, preserveHeader: h };
}

// byte_flip and header_preserve_flip, and the chunked flip routine the recipes reuse
// (docs/contract.md, sections 6.1 and 6.2).

import { Stream, chunkStream } from './stream.ts';

/** Chunk c is the bytes [c*CHUNK, (c+1)*CHUNK) of the input and draws from stream 1 + c. */
export const CHUNK = 65536;

/** A value below this in the top 24 bits of a draw (30% of 2^24) sets the byte instead of XORing it. */
const SET_THRESHOLD = 5_033_165;

/** The shuffle index of the chunk being flipped, reused by every call (the engine is synchronous). */
const chunkIndex = new Uint32Array(CHUNK);

/**
 * Bytes kept at the start: byte_flip min(1024, floor(n/200)); header_preserve_flip
 * min(max(1, floor(n/20)), 4096); then at most n-1, so at least one byte can change.
 */
export function headerLength(n: number, preserve: boolean): number {
  const h = preserve ? Math.min(Math.max(1, Math.floor(n / 20)), 4096) : Math.min(1024, Math.floor(n / 200));
  return Math.min(h, Math.max(0, n - 1));
}

/** Bytes to change in a region of m bytes of an n-byte file: min(m, max(1, floor(n*(500 + 45*intensity)/10000))). */
export function flipCount(n: number, m: number, intensity: number): number {
  // n < 2^32 and 500 + 45*intensity <= 5000, so the product is exact.
  return Math.min(m, Math.max(1, Math.floor((n * (500 + 45 * intensity)) / 10000)));
}

/**
 * Changes exactly k distinct bytes of buf[h, n), apportioned over the 64 KiB chunks the region
 * touches; each chunk draws from its own stream, so chunks could be done in any order.
 */
export function flipRegion(buf: Uint8Array, h: number, k: number, seed: number): void {
  const n = buf.length;
  if (k === 0 || h >= n) return;
  const lastChunk = Math.floor((n - 1) / CHUNK);
  for (let c = Math.floor(h / CHUNK); c <= lastChunk; c++) flipChunk(buf, h, k, seed, c, chunkIndex);
}

/**
 * The share of chunk c of k flips over a region of m bytes: floor(k*(x+L)/m) - floor(k*x/m) for the
 * chunk's part [a, a+L) of the region, x = a - h. The products reach 2^64, hence BigInt (once per chunk).
 */
export function chunkShare(k: number, m: number, x: number, len: number): number {
  const K = BigInt(k);
  const M = BigInt(m);
  return Number((K * BigInt(x + len)) / M - (K * BigInt(x)) / M);
}

/** The part of flipRegion that falls in chunk c; `idx` is scratch space of CHUNK entries. */
export function flipChunk(buf: Uint8Array, h: number, k: number, seed: number, c: number, idx: Uint32Array): void {
  const n = buf.length;
  const a = Math.max(h, c * CHUNK);
  const b = Math.min(n, (c + 1) * CHUNK);
  if (a >= b) return;
  const len = b - a;
  const kc = chunkShare(k, n - h, a - h, len);
  if (kc === 0) return;

  const rng = new Stream(seed, chunkStream(c));
  for (let i = 0; i < len; i++) idx[i] = i;
  for (let j = 0; j < kc; j++) {
    // A partial Fisher-Yates shuffle: idx[0..j] are the distinct offsets chosen so far.
    const r = j + rng.below(len - j);
    const chosen = idx[r];
    idx[r] = idx[j];
    idx[j] = chosen;
    const p = a + chosen;
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

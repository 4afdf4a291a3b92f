// Building blocks shared by the guaranteed_break recipes (docs/contract.md, sections 6.5.2 and
// 6.5.3). Every function that takes a region clamps it to the buffer.

import { flipRegion } from '../flip.ts';

/** The flip modes' chunked algorithm: changes exactly k distinct bytes of buf[h, n) with the chunk sequences of `seed`. */
export { flipRegion };

/** Intensity-scaled extra damage over [h, n): floor((n - h) * intensity / 500), so 0.2% at intensity 1 and 20% at 100. */
export function scatterCount(n: number, h: number, intensity: number): number {
  return Math.floor((Math.max(0, n - h) * intensity) / 500);
}

/** scatter(h): flips scatterCount bytes of buf[h, n) exactly as the flip modes do; returns how many. */
export function scatter(buf: Uint8Array, h: number, intensity: number, seed: number): number {
  const k = scatterCount(buf.length, h, intensity);
  flipRegion(buf, h, k, seed);
  return k;
}

/**
 * overwrite_all(pattern, fill): scanning left to right, every occurrence of `pattern` becomes `fill`
 * bytes and the scan continues after it (no overlaps). Returns how many occurrences it replaced.
 */
export function overwriteAll(buf: Uint8Array, pattern: Uint8Array | readonly number[], fill: number): number {
  const len = pattern.length;
  if (len === 0) return 0;
  let replaced = 0;
  let i = 0;
  while (i + len <= buf.length) {
    let match = true;
    for (let j = 0; j < len && match; j++) match = buf[i + j] === pattern[j];
    if (match) {
      buf.fill(fill, i, i + len);
      replaced++;
      i += len;
    } else {
      i++;
    }
  }
  return replaced;
}

/** invert(start, len): bitwise NOT of buf[start, start + len), clamped to the buffer. */
export function invert(buf: Uint8Array, start: number, len: number): void {
  const end = Math.min(buf.length, start + len);
  for (let i = start; i < end; i++) buf[i] = ~buf[i];
}

/** zero(start, len): sets buf[start, start + len) to 0x00, clamped to the buffer. */
export function zero(buf: Uint8Array, start: number, len: number): void {
  if (start < buf.length) buf.fill(0, start, Math.min(buf.length, start + len));
}

/**
 * A signature a recipe overwrites wherever it occurs, and the byte it is overwritten with (0x00, or
 * 0xFF for a signature that itself holds a 0x00: zeros there could leave or recreate it).
 */
export interface Signature {
  readonly bytes: Uint8Array;
  readonly fill: number;
}

function occursAt(buf: Uint8Array, i: number, signature: Uint8Array): boolean {
  if (i + signature.length > buf.length) return false;
  for (let j = 0; j < signature.length; j++) if (buf[i + j] !== signature[j]) return false;
  return true;
}

/**
 * overwrite_signatures(list): one scan left to right; at each position the first signature of `list`
 * (in list order) that occurs there is overwritten with its fill byte and the scan continues after
 * it. Returns how many signatures it overwrote.
 */
export function overwriteSignatures(buf: Uint8Array, list: readonly Signature[]): number {
  const signatures = list.filter((s) => s.bytes.length > 0);
  // Which bytes start some signature, so most positions cost one table look-up.
  const starts = new Uint8Array(256);
  for (const s of signatures) starts[s.bytes[0]] = 1;
  let count = 0;
  let i = 0;
  while (i < buf.length) {
    const found = starts[buf[i]] ? signatures.find((s) => occursAt(buf, i, s.bytes)) : undefined;
    if (found) {
      buf.fill(found.fill, i, i + found.bytes.length);
      count++;
      i += found.bytes.length;
    } else {
      i++;
    }
  }
  return count;
}

/**
 * kill_syncs(lo, hi): every 0xFF byte followed by a byte in lo..=hi becomes 0x00, judging each pair on
 * the bytes before this step (the following byte is left alone). Frame syncs of MPEG audio, ADTS and
 * FLAC, and JPEG markers, are such pairs. Returns how many it changed.
 */
export function killSyncs(buf: Uint8Array, lo: number, hi: number): number {
  let count = 0;
  for (let i = 0; i + 1 < buf.length; i++) {
    // Only buf[i] changes, so buf[i + 1] still holds its value from before the step.
    if (buf[i] === 0xff && buf[i + 1] >= lo && buf[i + 1] <= hi) {
      buf[i] = 0;
      count++;
    }
  }
  return count;
}

/**
 * kill_start_codes: every `00 00` followed by 0x01 (MPEG-1/2/4 and H.264 start codes) or by 0x80-0x83
 * (H.263 picture start codes) gets that third byte set to 0x02. Returns how many.
 */
export function killStartCodes(buf: Uint8Array): number {
  let count = 0;
  for (let i = 0; i + 2 < buf.length; i++) {
    // 0x02 is neither 0x00 nor a start-code byte, so no change affects another position's test.
    const third = buf[i + 2];
    if (buf[i] === 0 && buf[i + 1] === 0 && (third === 0x01 || (third >= 0x80 && third <= 0x83))) {
      buf[i + 2] = 0x02;
      count++;
    }
  }
  return count;
}

/**
 * The unsigned integer of `len` (1..=8) bytes at `at`, little-endian; undefined past the end. A bigint,
 * so 8-byte fields (and the u64 position arithmetic recipes do with them) stay exact.
 */
export function le(buf: Uint8Array, at: number | bigint, len: number): bigint | undefined {
  const start = BigInt(at);
  if (start + BigInt(len) > BigInt(buf.length)) return undefined;
  let v = 0n;
  for (let j = len - 1; j >= 0; j--) v = (v << 8n) | BigInt(buf[Number(start) + j]);
  return v;
}

/** The unsigned integer of `len` (1..=8) bytes at `at`, big-endian; undefined past the end. */
export function be(buf: Uint8Array, at: number | bigint, len: number): bigint | undefined {
  const start = BigInt(at);
  if (start + BigInt(len) > BigInt(buf.length)) return undefined;
  let v = 0n;
  for (let j = 0; j < len; j++) v = (v << 8n) | BigInt(buf[Number(start) + j]);
  return v;
}

/** [start, start + len) clamped to a buffer of n bytes, as [start, len]; u64 positions (bigint) are welcome. */
export function clamp(n: number, start: number | bigint, len: number | bigint): [number, number] {
  const size = BigInt(n);
  const s = BigInt(start) < size ? BigInt(start) : size;
  const end = BigInt(start) + BigInt(len);
  const e = end < size ? end : size;
  return [Number(s), Number(e - s)];
}

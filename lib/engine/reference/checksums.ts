// Keep checksums valid (docs/contract.md, section 6.10): after the corruption, recompute the
// integrity fields that cover stored bytes, walking the input's structure (which the corruption
// cannot have confused) and computing each value over the output. CRC-32 is the ZIP writer's
// (lib/zip/crc32.ts); Ogg's CRC-32 and FLAC's CRC-8 and CRC-16 are the unreflected CRCs below, small
// enough that a dependency would not pay for itself.

import { crc32 } from '../../zip/crc32.ts';
import { countIn, type Span } from './ranges.ts';
import type { Family } from './tables.ts';

/** An unreflected (MSB-first) CRC of `width` bits with initial value 0 and no final XOR. */
function msbFirstCrc(width: 8 | 16 | 32, poly: number): (bytes: Uint8Array) => number {
  const size = 2 ** width;
  const top = size / 2;
  const shift = 2 ** (width - 8);
  const table = new Float64Array(256);
  for (let b = 0; b < 256; b++) {
    let c = b * shift;
    for (let i = 0; i < 8; i++) c = c >= top ? (((c - top) * 2) ^ poly) >>> 0 : c * 2;
    table[b] = c;
  }
  return (bytes) => {
    let c = 0;
    for (const x of bytes) c = (((c * 256) % size) ^ table[Math.floor(c / shift) ^ x]) >>> 0;
    return c;
  };
}

export const oggCrc32 = msbFirstCrc(32, 0x04c11db7);
export const flacCrc8 = msbFirstCrc(8, 0x07);
export const flacCrc16 = msbFirstCrc(16, 0x8005);

/** A kind of checksum field: its report key and its name in the recipe sentence. */
interface Kind {
  key: string;
  name: string;
}

const KINDS = {
  png: [{ key: 'png_chunk_crc32', name: 'PNG chunk CRC-32' }],
  zip: [
    { key: 'zip_local_crc32', name: 'ZIP local header CRC-32' },
    { key: 'zip_central_crc32', name: 'ZIP central directory CRC-32' },
    { key: 'zip_descriptor_crc32', name: 'ZIP data descriptor CRC-32' },
  ],
  tar: [{ key: 'tar_header_checksum', name: 'tar header checksum' }],
  ogg: [{ key: 'ogg_page_crc32', name: 'Ogg page CRC-32' }],
  flac: [
    { key: 'flac_frame_crc8', name: 'FLAC frame header CRC-8' },
    { key: 'flac_frame_crc16', name: 'FLAC frame CRC-16' },
  ],
} as const satisfies Partial<Record<Family, readonly Kind[]>>;

export function kindsOf(family: Family): readonly Kind[] {
  return (KINDS as Partial<Record<Family, readonly Kind[]>>)[family] ?? [];
}

export interface FixResult {
  /** Key to count, the family's kinds in order. */
  counts: Record<string, number>;
  notes: string[];
}

/** The recipe sentence's part for a fix: " Checksums fixed: ... ." and " Not fixable: ... ." */
export function fixSentence(family: Family, r: FixResult): string {
  const kinds = kindsOf(family);
  const list = kinds.length === 0 ? 'none' : kinds.map((k) => `${k.name} ${r.counts[k.key]}`).join(', ');
  return ` Checksums fixed: ${list}.${r.notes.length > 0 ? ` Not fixable: ${r.notes.join('; ')}.` : ''}`;
}

/** The output, the free bytes and the counts: where each walk hands its fields. */
class Fields {
  readonly counts: Record<string, number> = {};
  left = 0;

  constructor(
    readonly input: Uint8Array,
    readonly output: Uint8Array,
    /** The bytes the `protect` ranges cover; undefined without any. */
    private readonly protectedBytes: readonly Span[] | undefined,
    family: Family,
  ) {
    for (const k of kindsOf(family)) this.counts[k.key] = 0;
  }

  /** Writes `value` at `at` unless a byte of the field is protected; counts it when it changed. */
  write(key: string, at: number, value: readonly number[]): void {
    const end = at + value.length;
    if (end > this.output.length) return;
    if (this.protectedBytes && countIn(this.protectedBytes, at, end) > 0) {
      this.left++;
      return;
    }
    let changed = false;
    for (let i = 0; i < value.length; i++) {
      if (this.output[at + i] !== value[i]) {
        this.output[at + i] = value[i];
        changed = true;
      }
    }
    if (changed) this.counts[key]++;
  }
}

const beBytes = (v: number, len: number) =>
  Array.from({ length: len }, (_, i) => Math.floor(v / 256 ** (len - 1 - i)) & 0xff);
const leBytes = (v: number, len: number) => beBytes(v, len).reverse();

function be(b: Uint8Array, at: number, len: number): number {
  let v = 0;
  for (let i = 0; i < len; i++) v = v * 256 + b[at + i];
  return v;
}

function le(b: Uint8Array, at: number, len: number): number {
  let v = 0;
  for (let i = len - 1; i >= 0; i--) v = v * 256 + b[at + i];
  return v;
}

/** Whether `b` holds the ASCII/byte string `what` at `at`, entirely. */
function holds(b: Uint8Array, at: number, what: string): boolean {
  if (at + what.length > b.length) return false;
  for (let i = 0; i < what.length; i++) if (b[at + i] !== what.charCodeAt(i)) return false;
  return true;
}

function walkPng(f: Fields): void {
  const { input, output } = f;
  const n = input.length;
  if (!holds(input, 0, '\x89PNG\r\n\x1a\n')) return;
  for (let p = 8; p + 12 <= n; ) {
    const len = be(input, p, 4);
    if (len > n - p - 12) return;
    f.write('png_chunk_crc32', p + 8 + len, beBytes(crc32(output.subarray(p + 4, p + 8 + len)), 4));
    if (holds(input, p + 4, 'IEND')) return;
    p += 12 + len;
  }
}

/** Returns the number of central directory entries that cannot be fixed. */
function walkZip(f: Fields): number {
  const { input, output } = f;
  const n = input.length;
  if (n < 22) return 0;
  let e = -1;
  for (let at = n - 22; at >= Math.max(0, n - 22 - 65535); at--) {
    if (holds(input, at, 'PK\x05\x06')) {
      e = at;
      break;
    }
  }
  if (e < 0) return 0;
  const count = le(input, e + 10, 2);
  let p = le(input, e + 16, 4);
  let unfixable = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > n || !holds(input, p, 'PK\x01\x02')) break;
    const flags = le(input, p + 8, 2);
    const method = le(input, p + 10, 2);
    const csize = le(input, p + 20, 4);
    const usize = le(input, p + 24, 4);
    const lho = le(input, p + 42, 4);
    const next = p + 46 + le(input, p + 28, 2) + le(input, p + 30, 2) + le(input, p + 32, 2);
    let d = -1;
    if (
      method === 0 &&
      (flags & 1) === 0 &&
      csize === usize &&
      csize !== 0xffffffff &&
      lho !== 0xffffffff &&
      holds(input, lho, 'PK\x03\x04') &&
      lho + 30 <= n
    ) {
      const start = lho + 30 + le(input, lho + 26, 2) + le(input, lho + 28, 2);
      if (start + csize <= n) d = start;
    }
    if (d < 0) {
      unfixable++;
    } else {
      const end = d + csize;
      const crc = leBytes(crc32(output.subarray(d, end)), 4);
      const inDescriptorOnly = (flags & 8) !== 0 && le(input, lho + 14, 4) === 0;
      if (!inDescriptorOnly) f.write('zip_local_crc32', lho + 14, crc);
      f.write('zip_central_crc32', p + 16, crc);
      if ((flags & 8) !== 0) f.write('zip_descriptor_crc32', holds(input, end, 'PK\x07\x08') ? end + 4 : end, crc);
    }
    p = next;
  }
  return unfixable;
}

/** A tar numeric field: base-256 when allowed and its first byte has bit 0x80, else octal after leading spaces. */
function tarNumber(field: Uint8Array, base256: boolean): number | undefined {
  if (base256 && (field[0] & 0x80) !== 0) {
    let v = 0n;
    for (const b of field.subarray(1)) v = v * 256n + BigInt(b);
    return v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : undefined;
  }
  let i = 0;
  while (i < field.length && field[i] === 0x20) i++;
  let v = 0;
  let digits = 0;
  for (; i < field.length && field[i] >= 0x30 && field[i] <= 0x37; i++, digits++) v = v * 8 + (field[i] - 0x30);
  return digits > 0 ? v : undefined;
}

/** The header's sum with its checksum field counted as eight spaces. */
function tarSum(header: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return sum;
}

function walkTar(f: Fields): void {
  const { input, output } = f;
  const n = input.length;
  for (let b = 0; b + 512 <= n; ) {
    const header = input.subarray(b, b + 512);
    if (header.every((x) => x === 0)) return;
    if (tarNumber(header.subarray(148, 156), false) !== tarSum(header)) return;
    const size = tarNumber(header.subarray(124, 136), true);
    if (size === undefined) return;
    const sum = tarSum(output.subarray(b, b + 512));
    f.write('tar_header_checksum', b + 148, [
      ...Array.from(sum.toString(8).padStart(6, '0'), (c) => c.charCodeAt(0)),
      0,
      0x20,
    ]);
    const type = header[156];
    const next = b + 512 + (type >= 0x31 && type <= 0x36 ? 0 : Math.ceil(size / 512) * 512);
    if (next > n) return;
    b = next;
  }
}

function walkOgg(f: Fields): void {
  const { input, output } = f;
  const n = input.length;
  for (let p = 0; p + 27 <= n && holds(input, p, 'OggS'); ) {
    const segs = input[p + 26];
    if (p + 27 + segs > n) return;
    let size = 27 + segs;
    for (let i = 0; i < segs; i++) size += input[p + 27 + i];
    if (p + size > n) return;
    const page = output.slice(p, p + size);
    page.fill(0, 22, 26);
    f.write('ogg_page_crc32', p + 22, leBytes(oggCrc32(page), 4));
    p += size;
  }
}

/** The length of a FLAC frame header at q (to its CRC-8) when one is there, checked by its CRC-8. */
function flacHeader(b: Uint8Array, q: number): number | undefined {
  if (q + 5 > b.length || b[q] !== 0xff || (b[q + 1] !== 0xf8 && b[q + 1] !== 0xf9)) return undefined;
  const blockSize = b[q + 2] >> 4;
  const sampleRate = b[q + 2] & 0x0f;
  const first = b[q + 4];
  let coded: number;
  if (first < 0x80) coded = 1;
  else if (first >= 0xc0 && first < 0xe0) coded = 2;
  else if (first >= 0xe0 && first < 0xf0) coded = 3;
  else if (first >= 0xf0 && first < 0xf8) coded = 4;
  else if (first >= 0xf8 && first < 0xfc) coded = 5;
  else if (first >= 0xfc && first < 0xfe) coded = 6;
  else if (first === 0xfe) coded = 7;
  else return undefined;
  for (let i = 1; i < coded; i++) {
    if (q + 4 + i >= b.length || (b[q + 4 + i] & 0xc0) !== 0x80) return undefined;
  }
  const extra =
    (blockSize === 6 ? 1 : blockSize === 7 ? 2 : 0) +
    (sampleRate === 12 ? 1 : sampleRate === 13 || sampleRate === 14 ? 2 : 0);
  const hl = 4 + coded + extra;
  if (q + hl >= b.length || flacCrc8(b.subarray(q, q + hl)) !== b[q + hl]) return undefined;
  return hl;
}

/** Returns whether the STREAMINFO MD5 is set (a check that cannot be fixed). */
function walkFlac(f: Fields): boolean {
  const { input, output } = f;
  const n = input.length;
  if (!holds(input, 0, 'fLaC')) return false;
  const md5Set = n >= 42 && input.subarray(26, 42).some((x) => x !== 0);
  let p = 4;
  for (;;) {
    if (p + 4 > n) return md5Set;
    const last = (input[p] & 0x80) !== 0;
    p += 4 + be(input, p + 1, 3);
    if (last) break;
  }
  let frame = -1;
  for (let q = p; q < n; q++) {
    if (flacHeader(input, q) !== undefined) {
      frame = q;
      break;
    }
  }
  if (frame < 0) return md5Set;
  while (frame < n) {
    const hl = flacHeader(input, frame) as number;
    let end = -1;
    for (let g = frame + hl + 3; g <= n; g++) {
      if (g < n && flacHeader(input, g) === undefined) continue;
      if (be(input, g - 2, 2) === flacCrc16(input.subarray(frame, g - 2))) {
        end = g;
        break;
      }
    }
    if (end < 0) return md5Set;
    f.write('flac_frame_crc8', frame + hl, [flacCrc8(output.subarray(frame, frame + hl))]);
    f.write('flac_frame_crc16', end - 2, beBytes(flacCrc16(output.subarray(frame, end - 2)), 2));
    frame = end;
  }
  return md5Set;
}

/**
 * Fixes the checksums of `output`, the corrupted copy of `input` (same length), for `family`.
 * `protectedBytes`: what the `protect` ranges cover (undefined without any); a field there is left.
 */
export function fixChecksums(
  family: Family,
  input: Uint8Array,
  output: Uint8Array,
  protectedBytes?: readonly Span[],
): FixResult {
  const f = new Fields(input, output, protectedBytes, family);
  const notes: string[] = [];
  if (family === 'png') walkPng(f);
  else if (family === 'zip') {
    const u = walkZip(f);
    if (u > 0) {
      notes.push(
        `${u} ZIP entries are compressed, encrypted or ZIP64, and their CRC-32 covers data that cannot be recomputed from the stored bytes`,
      );
    }
  } else if (family === 'tar') walkTar(f);
  else if (family === 'ogg') walkOgg(f);
  else if (family === 'flac') {
    if (walkFlac(f)) notes.push('the STREAMINFO MD5 signature covers the decoded audio');
  } else if (family === 'gzip') notes.push("gzip's CRC-32 covers the decompressed data");
  else if (family === 'xz') notes.push("xz's integrity checks cover the decompressed data");
  else if (family === 'bzip2') notes.push("bzip2's CRCs cover the decompressed data");
  if (f.left > 0) notes.push(`${f.left} checksum fields lie in protected bytes and were left as they were`);
  return { counts: f.counts, notes };
}

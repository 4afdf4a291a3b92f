// Keep checksums valid (docs/contract.md, section 6.10): after the corruption, recompute the
// integrity fields that cover stored bytes, walking the input's structure (which the corruption
// cannot have confused) and computing each value over the output. CRC-32 is the ZIP writer's
// (lib/zip/crc32.ts); Ogg's CRC-32 and FLAC's CRC-8 and CRC-16 are the unreflected CRCs below, small
// enough that a dependency would not pay for itself.

import { crc32 } from '../../zip/crc32.ts';
import { countIn, type Span } from './ranges.ts';
import type { Family } from './tables.ts';

/**
 * The bytes every CRC of the checksum walks has covered since the module loaded: the tests check
 * that a walk covers each byte a bounded number of times, whatever the headers claim (linear time,
 * docs/contract.md section 6.10.2), without timing it.
 */
export let crcBytes = 0;

/** CRC-32 over `bytes`, counted in `crcBytes`. */
function crc32Counted(bytes: Uint8Array): number {
  crcBytes += bytes.length;
  return crc32(bytes);
}

/**
 * An unreflected (MSB-first) CRC of `width` bits with initial value 0 and no final XOR, as an update:
 * the CRC `c` of some bytes, carried on over `bytes[from, to)` (so a long range is done in steps).
 */
function msbFirstCrc(width: 8 | 16 | 32, poly: number) {
  const size = 2 ** width;
  const top = size / 2;
  const table = new Uint32Array(256);
  for (let b = 0; b < 256; b++) {
    let c = b * 2 ** (width - 8);
    for (let i = 0; i < 8; i++) c = c >= top ? (((c - top) * 2) ^ poly) >>> 0 : c * 2;
    table[b] = c;
  }
  // 32-bit integer steps: the bits shifted out past `width` are masked off (for 32, by `>>> 0`).
  const mask = (size - 1) | 0;
  const shift = width - 8;
  return (c: number, bytes: Uint8Array, from = 0, to = bytes.length): number => {
    crcBytes += to - from;
    for (let i = from; i < to; i++) c = (((c << 8) & mask) ^ table[((c >>> shift) ^ bytes[i]) & 0xff]) >>> 0;
    return c;
  };
}

const oggCrc32Update = msbFirstCrc(32, 0x04c11db7);
const flacCrc8Update = msbFirstCrc(8, 0x07);
const flacCrc16Update = msbFirstCrc(16, 0x8005);
export const oggCrc32 = (bytes: Uint8Array) => oggCrc32Update(0, bytes);
export const flacCrc8 = (bytes: Uint8Array) => flacCrc8Update(0, bytes);
export const flacCrc16 = (bytes: Uint8Array) => flacCrc16Update(0, bytes);

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

/** Hears a recomputed checksum field (docs/contract.md, section 14.2's repairs). */
export type FieldObserver = (at: number, input: Uint8Array, value: readonly number[]) => void;

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
    /** Hears every field recomputed (not protected): its offset, its input bytes, its new bytes. */
    private readonly observer?: FieldObserver,
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
    this.observer?.(at, this.input.subarray(at, end), value);
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
    f.write('png_chunk_crc32', p + 8 + len, beBytes(crc32Counted(output.subarray(p + 4, p + 8 + len)), 4));
    if (holds(input, p + 4, 'IEND')) return;
    p += 12 + len;
  }
}

/** What the zip walk left: entries over data it cannot recompute, entries inside one already fixed. */
interface ZipLeft {
  unfixable: number;
  overlapping: number;
}

/**
 * Reads the central directory once, then takes the entries in the order of their local headers (which
 * reads those in order too), fixing each only when its local header starts at or after the end of the
 * stored data fixed before it: stored data is read once, whatever the central directory claims.
 */
function walkZip(f: Fields): ZipLeft {
  const { input, output } = f;
  const n = input.length;
  const left = { unfixable: 0, overlapping: 0 };
  if (n < 22) return left;
  let e = -1;
  for (let at = n - 22; at >= Math.max(0, n - 22 - 65535); at--) {
    if (holds(input, at, 'PK\x05\x06')) {
      e = at;
      break;
    }
  }
  if (e < 0) return left;
  const count = le(input, e + 10, 2);
  let p = le(input, e + 16, 4);
  const entries: { central: number; flags: number; csize: number; lho: number }[] = [];
  for (let i = 0; i < count; i++) {
    if (p + 46 > n || !holds(input, p, 'PK\x01\x02')) break;
    const flags = le(input, p + 8, 2);
    const method = le(input, p + 10, 2);
    const csize = le(input, p + 20, 4);
    const usize = le(input, p + 24, 4);
    const lho = le(input, p + 42, 4);
    const next = p + 46 + le(input, p + 28, 2) + le(input, p + 30, 2) + le(input, p + 32, 2);
    if (method !== 0 || (flags & 1) !== 0 || csize !== usize || csize === 0xffffffff || lho === 0xffffffff) {
      left.unfixable++;
    } else entries.push({ central: p, flags, csize, lho });
    p = next;
  }
  // Array sort is stable: entries sharing a local header keep the central directory's order.
  entries.sort((a, b) => a.lho - b.lho);
  let fixedTo = 0;
  for (const z of entries) {
    let d = -1;
    if (holds(input, z.lho, 'PK\x03\x04') && z.lho + 30 <= n) {
      const start = z.lho + 30 + le(input, z.lho + 26, 2) + le(input, z.lho + 28, 2);
      if (start + z.csize <= n) d = start;
    }
    if (d < 0) {
      left.unfixable++;
      continue;
    }
    if (z.lho < fixedTo) {
      left.overlapping++;
      continue;
    }
    const end = d + z.csize;
    fixedTo = end;
    const crc = leBytes(crc32Counted(output.subarray(d, end)), 4);
    const inDescriptorOnly = (z.flags & 8) !== 0 && le(input, z.lho + 14, 4) === 0;
    if (!inDescriptorOnly) f.write('zip_local_crc32', z.lho + 14, crc);
    f.write('zip_central_crc32', z.central + 16, crc);
    if ((z.flags & 8) !== 0) f.write('zip_descriptor_crc32', holds(input, end, 'PK\x07\x08') ? end + 4 : end, crc);
  }
  return left;
}

/** A tar numeric field: base-256 when allowed and its first byte has bit 0x80, else octal after leading spaces. */
export function tarNumber(field: Uint8Array, base256: boolean): number | undefined {
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

/**
 * Whether the header's checksum field holds its sum, the field counted as eight spaces: the bytes
 * taken unsigned, or signed as some old tars summed them (GNU tar and Python accept both).
 */
export function tarSumHolds(header: Uint8Array): boolean {
  const recorded = tarNumber(header.subarray(148, 156), false);
  if (recorded === undefined) return false;
  let signed = 0;
  for (let i = 0; i < 512; i++) {
    const b = i >= 148 && i < 156 ? 0x20 : header[i];
    signed += b >= 0x80 ? b - 256 : b;
  }
  return recorded === tarSum(header) || recorded === signed;
}

/**
 * A pax extended header's records (`LEN KEY=VALUE\n`, LEN counting the whole record) read for
 * `size`: the last record with a valid value (decimal digits, below 2^53) is the size of the member
 * the header describes. A malformed record ends the reading; the ones before it count. Byte by byte,
 * as the Rust engine reads it in parts.
 */
export function paxSize(d: Uint8Array): number | undefined {
  const total = d.length;
  let found: number | undefined;
  let state: 'len' | 'key' | 'value' = 'len';
  let len = 0;
  let read = 0;
  let key = '';
  let value: number | undefined;
  let digits = 0;
  for (let i = 0; i < total; i++) {
    const b = d[i];
    read++;
    const digit = b >= 0x30 && b <= 0x39;
    if (state === 'len') {
      if (digit) {
        len = len * 10 + (b - 0x30);
        if (len > total) return found;
      } else if (b === 0x20 && read > 1 && read < len) state = 'key';
      else return found;
    } else if (state === 'key') {
      if (read === len) return found;
      if (b === 0x3d && key.length > 0) {
        state = 'value';
        value = key === 'size' ? 0 : undefined;
        digits = 0;
      } else if (b === 0x3d) return found;
      else if (key.length < 5) key += String.fromCharCode(b);
    } else if (read === len) {
      // The record's last byte: a newline after the value.
      if (b !== 0x0a) return found;
      if (digits > 0 && value !== undefined) found = value;
      [state, len, read, key, value, digits] = ['len', 0, 0, '', undefined, 0];
    } else {
      digits++;
      const v = value === undefined || !digit ? undefined : value * 10 + (b - 0x30);
      value = v !== undefined && v < 2 ** 53 ? v : undefined;
    }
  }
  return found;
}

function walkTar(f: Fields): void {
  const { input, output } = f;
  const n = input.length;
  // The size a pax extended header gave the member it describes.
  let pax: number | undefined;
  for (let b = 0; b + 512 <= n; ) {
    const header = input.subarray(b, b + 512);
    if (header.every((x) => x === 0) || !tarSumHolds(header)) return;
    const size = tarNumber(header.subarray(124, 136), true);
    if (size === undefined) return;
    const sum = tarSum(output.subarray(b, b + 512));
    f.write('tar_header_checksum', b + 148, [
      ...Array.from(sum.toString(8).padStart(6, '0'), (c) => c.charCodeAt(0)),
      0,
      0x20,
    ]);
    const type = String.fromCharCode(header[156]);
    let next = b + 512;
    // An old GNU sparse member: its extension blocks (no checksum) come before its data, while the
    // byte at 482 of the header, then at 504 of each block, is not 0.
    if (type === 'S' && header[482] !== 0) {
      for (;;) {
        if (next + 512 > n) return;
        const more = input[next + 504] !== 0;
        next += 512;
        if (!more) break;
      }
    }
    let data: number;
    if (type === 'x' || type === 'X') {
      if (next + size > n) return;
      const s = paxSize(input.subarray(next, next + size));
      if (s !== undefined) pax = s;
      data = size;
    } else if (type === 'L' || type === 'K' || type === 'g') data = size;
    else if (type >= '1' && type <= '6') {
      pax = undefined;
      data = 0;
    } else {
      data = pax ?? size;
      pax = undefined;
    }
    const end = next + Math.ceil(data / 512) * 512;
    if (end > n) return;
    b = end;
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
    // The CRC-16 of the input's [frame, digestTo), carried on to each candidate end: linear time
    // however many false sync codes there are.
    let crc = 0;
    let digestTo = frame;
    for (let g = frame + hl + 3; g <= n; g++) {
      if (g < n && flacHeader(input, g) === undefined) continue;
      crc = flacCrc16Update(crc, input, digestTo, g - 2);
      digestTo = g - 2;
      if (be(input, g - 2, 2) === crc) {
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
  observer?: FieldObserver,
): FixResult {
  const f = new Fields(input, output, protectedBytes, family, observer);
  const notes: string[] = [];
  if (family === 'png') walkPng(f);
  else if (family === 'zip') {
    const { unfixable, overlapping } = walkZip(f);
    if (unfixable > 0) {
      notes.push(
        `${unfixable} ZIP entries are compressed, encrypted or ZIP64, and their CRC-32 covers data that cannot be recomputed from the stored bytes`,
      );
    }
    if (overlapping > 0) {
      notes.push(
        `${overlapping} ZIP entries share or overlap the stored data of another entry and were left as they were`,
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

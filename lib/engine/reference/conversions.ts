// The conversion modes (docs/contract.md, sections 6.12 to 6.15): text_transfer, seven_bit and
// charset_roundtrip. Each has units (a line ending, a byte above 0x7F, a UTF-8 character); at
// intensity 100 every unit converts, at 0 none does, in between a unit converts when below(100) <
// intensity, drawn from the sequence of the chunk its first byte lies in, that chunk's units in order.

import { CP1252_HIGH } from './charsets.ts';
import { CHUNK } from './flip.ts';
import type { Span } from './ranges.ts';
import { PLAN_SEQUENCE, Sequence, chunkSequence } from './sequence.ts';

const CR = 0x0d;
const LF = 0x0a;
export const BOM = [0xef, 0xbb, 0xbf] as const;

export type LineEnding = 'lf_to_crlf' | 'crlf_to_lf';
export type Transcode = 'to_utf8' | 'from_utf8';
export type Charset = 'cp1252' | 'latin1';
export type BomVariant = 'keep' | 'add' | 'strip';

/** The seed's choice of direction when none is given: below(2) on the plan sequence, 0 for LF to CRLF. */
export function lineEndingOfSeed(seed: number): LineEnding {
  return new Sequence(seed, PLAN_SEQUENCE).below(2) === 0 ? 'lf_to_crlf' : 'crlf_to_lf';
}

/** Whether each unit converts, asked in increasing order of the units' first bytes. */
export class UnitDraws {
  private chunk = -1;
  private rng: Sequence | undefined;
  constructor(
    private readonly seed: number,
    private readonly intensity: number,
  ) {}

  converts(at: number): boolean {
    if (this.intensity === 100) return true;
    if (this.intensity === 0) return false;
    const c = Math.floor(at / CHUNK);
    if (c !== this.chunk) {
      this.chunk = c;
      this.rng = new Sequence(this.seed, chunkSequence(c));
    }
    return (this.rng as Sequence).below(100) < this.intensity;
  }
}

/** A conversion's output, its counts, and each converted unit's input bytes (the hits). */
export interface Converted {
  data: Uint8Array;
  units: number;
  converted: number;
  dropped: number;
  bomChanged: boolean;
  hits: Span[];
}

/** Bytes appended one at a time into a buffer that grows. */
class Output {
  private buf: Uint8Array;
  length = 0;
  constructor(capacity: number) {
    this.buf = new Uint8Array(Math.max(16, capacity));
  }
  push(...bytes: number[]): void {
    if (this.length + bytes.length > this.buf.length) {
      const more = new Uint8Array(2 * this.buf.length + bytes.length);
      more.set(this.buf.subarray(0, this.length));
      this.buf = more;
    }
    for (const b of bytes) this.buf[this.length++] = b;
  }
  bytes(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

function result(out: Output): Converted {
  return { data: out.bytes(), units: 0, converted: 0, dropped: 0, bomChanged: false, hits: [] };
}

/** text_transfer on the whole input. */
export function convertLineEndings(input: Uint8Array, dir: LineEnding, draws: UnitDraws): Converted {
  const out = new Output(input.length + (input.length >> 3));
  const r = result(out);
  for (let i = 0; i < input.length; i++) {
    const b = input[i];
    if (dir === 'lf_to_crlf' && b === LF && (i === 0 || input[i - 1] !== CR)) {
      r.units++;
      if (draws.converts(i)) {
        r.converted++;
        r.hits.push([i, i + 1]);
        out.push(CR);
      }
    } else if (dir === 'crlf_to_lf' && b === CR && i + 1 < input.length && input[i + 1] === LF) {
      r.units++;
      if (draws.converts(i)) {
        r.converted++;
        r.hits.push([i, i + 1]);
        continue;
      }
    }
    out.push(b);
  }
  r.data = out.bytes();
  return r;
}

/** seven_bit on `data` in place, over the allowed bytes (sorted spans); returns its counts. */
export function clearHighBits(data: Uint8Array, allowed: readonly Span[], draws: UnitDraws): Converted {
  const r: Converted = { data, units: 0, converted: 0, dropped: 0, bomChanged: false, hits: [] };
  for (const [a, b] of allowed) {
    for (let i = a; i < b; i++) {
      if (data[i] < 0x80) continue;
      r.units++;
      if (draws.converts(i)) {
        data[i] &= 0x7f;
        r.converted++;
      }
    }
  }
  return r;
}

/** The character a byte above 0x7F stands for in the charset, or undefined. */
function charOf(charset: Charset, b: number): number | undefined {
  if (charset === 'latin1' || b >= 0xa0) return b;
  const c = CP1252_HIGH[b - 0x80];
  return c === 0 ? undefined : c;
}

/** The charset's byte for a character above U+007F, or undefined. */
function byteOf(charset: Charset, c: number): number | undefined {
  if (c >= 0xa0 && c <= 0xff) return c;
  if (charset === 'latin1') return c <= 0xff ? c : undefined;
  const i = CP1252_HIGH.indexOf(c);
  return i < 0 ? undefined : 0x80 + i;
}

/** The UTF-8 bytes of a character. */
function utf8Of(c: number): number[] {
  if (c < 0x800) return [0xc0 | (c >> 6), 0x80 | (c & 0x3f)];
  if (c < 0x10000) return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
  return [0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
}

/**
 * The well-formed UTF-8 character at `i` (its first byte above 0x7F): [length, code point], or
 * undefined for a byte that begins none (the Unicode Standard, table 3-7).
 */
function utf8At(s: Uint8Array, i: number): [number, number] | undefined {
  const lead = s[i];
  // The second byte's range for each lead; the later ones are always 0x80-0xBF.
  let length: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead === 0xe0) lo = 0xa0;
    if (lead === 0xed) hi = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead === 0xf0) lo = 0x90;
    if (lead === 0xf4) hi = 0x8f;
  } else return undefined;
  if (i + length > s.length) return undefined;
  if (s[i + 1] < lo || s[i + 1] > hi) return undefined;
  let c = lead & (length === 2 ? 0x1f : length === 3 ? 0x0f : 0x07);
  for (let k = 1; k < length; k++) {
    if (k > 1 && (s[i + k] < 0x80 || s[i + k] > 0xbf)) return undefined;
    c = c * 64 + (s[i + k] & 0x3f);
  }
  return [length, c];
}

/** charset_roundtrip on the whole input. */
export function convertCharset(
  input: Uint8Array,
  way: Transcode,
  charset: Charset,
  bom: BomVariant,
  draws: UnitDraws,
): Converted {
  const out = new Output(input.length + (input.length >> 1) + 3);
  const r = result(out);
  let i = 0;
  if (input.length > 0 && bom === 'add') {
    out.push(...BOM);
    r.bomChanged = true;
    r.hits.push([0, 1]);
  }
  if (bom === 'strip' && input[0] === BOM[0] && input[1] === BOM[1] && input[2] === BOM[2]) {
    i = 3;
    r.bomChanged = true;
    r.hits.push([0, 3]);
  }
  while (i < input.length) {
    const b = input[i];
    if (b < 0x80) {
      out.push(b);
      i++;
      continue;
    }
    let length = 1;
    let written: number[] | undefined;
    if (way === 'to_utf8') {
      const c = charOf(charset, b);
      written = c === undefined ? undefined : utf8Of(c);
    } else {
      const found = utf8At(input, i);
      if (found) {
        length = found[0];
        const byte = byteOf(charset, found[1]);
        written = byte === undefined ? undefined : [byte];
      }
    }
    r.units++;
    if (draws.converts(i)) {
      r.converted++;
      r.hits.push([i, i + length]);
      if (written) out.push(...written);
      else r.dropped++;
    } else {
      out.push(...input.subarray(i, i + length));
    }
    i += length;
  }
  r.data = out.bytes();
  return r;
}

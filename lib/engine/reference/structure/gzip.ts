// gzip (docs/contract.md, section 14.3.4): each member member/magic, /header, /info, /extra, /name,
// /comment, /header_crc, /deflate, /crc32, /isize, numbered when there are several. The deflate
// stream's end is found by decoding its blocks (RFC 1951) without producing their output, as
// engine-rs/core/src/structure/gzip.rs does.

import { type Area, StructureMap } from './map.ts';
import { holds, le } from './read.ts';

/** Bits of the input from a position, least significant first; bytes are taken ahead into `val`. */
class Bits {
  val = 0;
  cnt = 0;
  constructor(
    readonly input: Area,
    public pos: number,
  ) {}

  /** The input's bytes from `chunkAt`, read 64 KiB at a time. */
  private chunk: Uint8Array = new Uint8Array(0);
  private chunkAt = 0;

  /** Takes bytes while `val` holds at most 23 bits and the input has more (val stays below 2^31). */
  refill(): void {
    const size = this.input.size;
    while (this.cnt <= 23 && this.pos < size) {
      let i = this.pos - this.chunkAt;
      if (i < 0 || i >= this.chunk.length) {
        const chunk = this.input.get(this.pos, Math.min(65536, size - this.pos));
        if (!chunk) return;
        [this.chunk, this.chunkAt, i] = [chunk, this.pos, 0];
      }
      this.val |= this.chunk[i] << this.cnt;
      this.cnt += 8;
      this.pos++;
    }
  }

  bits(need: number): number | undefined {
    if (this.cnt < need) {
      this.refill();
      if (this.cnt < need) return undefined;
    }
    const v = this.val & ((1 << need) - 1);
    this.val >>>= need;
    this.cnt -= need;
    return v;
  }

  /** The position after the byte holding the last bit taken. */
  end(): number {
    return this.pos - Math.floor(this.cnt / 8);
  }

  /** Drops the bits left in the current byte (a stored block starts on a byte). */
  align(): void {
    this.pos = this.end();
    this.val = 0;
    this.cnt = 0;
  }
}

/** Codes up to this many bits are decoded by one look-up; longer ones, and any near the end, bit by bit. */
const FAST = 9;

interface Huffman {
  count: number[];
  symbol: number[];
  /** For each value of the next FAST bits: symbol * 16 + length of the code they start with (0: none). */
  fast: Int32Array;
}

/** The canonical code for `lengths`, and how many codes are left unused (negative: over-subscribed). */
function construct(lengths: ArrayLike<number>): [Huffman, number] {
  const count = new Array<number>(16).fill(0);
  for (let s = 0; s < lengths.length; s++) count[lengths[s]]++;
  let left = 1;
  for (let len = 1; len < 16; len++) {
    left = left * 2 - count[len];
    if (left < 0) return [{ count, symbol: [], fast: new Int32Array(0) }, left];
  }
  const offs = new Array<number>(16).fill(0);
  for (let len = 1; len < 15; len++) offs[len + 1] = offs[len] + count[len];
  const symbol = new Array<number>(lengths.length).fill(0);
  for (let s = 0; s < lengths.length; s++) if (lengths[s] !== 0) symbol[offs[lengths[s]]++] = s;
  // Canonical codes, consecutive within a length in symbol order, read most significant bit first.
  const fast = new Int32Array(1 << FAST);
  let code = 0;
  let index = 0;
  for (let len = 1; len <= FAST; len++) {
    for (let k = 0; k < count[len]; k++) {
      let reversed = 0;
      for (let i = 0; i < len; i++) reversed = (reversed << 1) | ((code >> i) & 1);
      for (let j = reversed; j < 1 << FAST; j += 1 << len) fast[j] = symbol[index] * 16 + len;
      code++;
      index++;
    }
    code <<= 1;
  }
  return [{ count, symbol, fast }, left];
}

function decode(s: Bits, h: Huffman): number | undefined {
  if (s.cnt < FAST) s.refill();
  if (s.cnt >= FAST) {
    const e = h.fast[s.val & ((1 << FAST) - 1)];
    if (e !== 0) {
      s.val >>>= e & 15;
      s.cnt -= e & 15;
      return e >> 4;
    }
  }
  let code = 0;
  let first = 0;
  let index = 0;
  for (let len = 1; len < 16; len++) {
    const bit = s.bits(1);
    if (bit === undefined) return undefined;
    code |= bit;
    const count = h.count[len];
    if (code - count < first) return h.symbol[index + code - first];
    index += count;
    first = (first + count) * 2;
    code *= 2;
  }
  return undefined;
}

const LEN_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];

function codes(s: Bits, lencode: Huffman, distcode: Huffman): boolean {
  for (;;) {
    const sym = decode(s, lencode);
    if (sym === undefined) return false;
    if (sym < 256) continue;
    if (sym === 256) return true;
    const extra = LEN_EXTRA[sym - 257];
    if (extra === undefined || s.bits(extra) === undefined) return false;
    const d = decode(s, distcode);
    if (d === undefined) return false;
    const dextra = DIST_EXTRA[d];
    if (dextra === undefined || s.bits(dextra) === undefined) return false;
  }
}

const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

function dynamic(s: Bits): boolean {
  const a = s.bits(5);
  const b = s.bits(5);
  const c = s.bits(4);
  if (a === undefined || b === undefined || c === undefined) return false;
  const [nlen, ndist, ncode] = [a + 257, b + 1, c + 4];
  if (nlen > 286 || ndist > 30) return false;
  const lengths = new Uint8Array(320);
  for (const o of ORDER.slice(0, ncode)) {
    const v = s.bits(3);
    if (v === undefined) return false;
    lengths[o] = v;
  }
  const [lencode, left] = construct(lengths.subarray(0, 19));
  if (left !== 0) return false;
  for (let index = 0; index < nlen + ndist; ) {
    const sym = decode(s, lencode);
    if (sym === undefined) return false;
    if (sym < 16) {
      lengths[index++] = sym;
      continue;
    }
    let len = 0;
    let repeat: number | undefined;
    if (sym === 16) {
      if (index === 0) return false;
      len = lengths[index - 1];
      repeat = s.bits(2);
      if (repeat !== undefined) repeat += 3;
    } else if (sym === 17) {
      repeat = s.bits(3);
      if (repeat !== undefined) repeat += 3;
    } else {
      repeat = s.bits(7);
      if (repeat !== undefined) repeat += 11;
    }
    if (repeat === undefined || index + repeat > nlen + ndist) return false;
    lengths.fill(len, index, index + repeat);
    index += repeat;
  }
  if (lengths[256] === 0) return false;
  // An incomplete code is allowed only when it is a single code of length 1 (as zlib's puff).
  const complete = (h: Huffman, l: number, n: number) => l === 0 || (l > 0 && n - h.count[0] === h.count[1]);
  const [len, l1] = construct(lengths.subarray(0, nlen));
  if (!complete(len, l1, nlen)) return false;
  const [dist, l2] = construct(lengths.subarray(nlen, nlen + ndist));
  if (!complete(dist, l2, ndist)) return false;
  return codes(s, len, dist);
}

let fixed: [Huffman, Huffman] | undefined;

/** The end of the deflate stream at `at` (after the byte holding its last bit), or undefined. */
export function deflateEnd(input: Area, at: number): number | undefined {
  const s = new Bits(input, at);
  for (;;) {
    const last = s.bits(1);
    const type = s.bits(2);
    if (last === undefined || type === undefined) return undefined;
    if (type === 0) {
      s.align();
      const len = le(input, s.pos, 2);
      const nlen = le(input, s.pos + 2, 2);
      if (len === undefined || nlen === undefined || nlen !== (~len & 0xffff)) return undefined;
      s.pos += 4 + len;
      if (s.pos > input.size) return undefined;
    } else if (type === 1) {
      if (!fixed) {
        const l = new Uint8Array(288).fill(8);
        l.fill(9, 144, 256);
        l.fill(7, 256, 280);
        fixed = [construct(l)[0], construct(new Uint8Array(30).fill(5))[0]];
      }
      if (!codes(s, fixed[0], fixed[1])) return undefined;
    } else if (type === 2) {
      if (!dynamic(s)) return undefined;
    } else return undefined;
    if (last === 1) return s.end();
  }
}

/** The position of the first 0x00 at or after `at`, read a window at a time. */
function nul(input: Area, at: number): number | undefined {
  for (const n = input.size; at < n; ) {
    const len = Math.min(n - at, 4096);
    const w = input.get(at, len);
    if (!w) return undefined;
    const i = w.indexOf(0);
    if (i >= 0) return at + i;
    at += len;
  }
  return undefined;
}

export function walkGzip(input: Area): StructureMap {
  const n = input.size;
  const m = new StructureMap('gzip', n);
  for (let p = 0; p + 10 <= n; ) {
    if (!holds(input, p, '\x1f\x8b\x08')) break;
    const flags = input.get(p + 3, 1)?.[0] ?? 0;
    const u = m.unit('member');
    if (u === undefined) break;
    // With FHCRC the header's CRC-16 covers every header byte before it.
    const covered = (flags & 2) !== 0 ? 'checked' : 'payload';
    m.field(u, 'magic', p, p + 2, 'magic');
    // CM and FLG shape the rest; MTIME, XFL and OS (`info`) are read by no check (RFC 1952, 2.3.1).
    m.field(u, 'header', p + 2, p + 4, (flags & 2) !== 0 ? 'checked' : 'layout');
    m.soft('gzip_header');
    m.field(u, 'info', p + 4, p + 10, covered);
    let q = p + 10;
    if ((flags & 4) !== 0) {
      const xlen = le(input, q, 2);
      if (xlen === undefined) break;
      m.field(u, 'extra', q, q + 2 + xlen, covered);
      q += 2 + xlen;
    }
    for (const [bit, field] of [
      [8, 'name'],
      [16, 'comment'],
    ] as const) {
      if ((flags & bit) === 0) continue;
      const z = nul(input, q);
      if (z === undefined) {
        m.field(u, field, q, n, covered);
        return m;
      }
      m.field(u, field, q, z + 1, covered);
      q = z + 1;
    }
    if ((flags & 2) !== 0) {
      m.field(u, 'header_crc', q, q + 2, 'checksum');
      q += 2;
    }
    const end = deflateEnd(input, q);
    if (end === undefined) {
      // Undecodable: the member is taken to run to the input's end, its trailer the last 8 bytes.
      if (q + 8 <= n) {
        m.field(u, 'deflate', q, n - 8, 'checked');
        m.field(u, 'crc32', n - 8, n - 4, 'checksum');
        m.field(u, 'isize', n - 4, n, 'layout');
      } else m.field(u, 'deflate', q, n, 'checked');
      break;
    }
    m.field(u, 'deflate', q, end, 'checked');
    m.field(u, 'crc32', end, end + 4, 'checksum');
    m.field(u, 'isize', end + 4, end + 8, 'layout');
    p = end + 8;
  }
  return m;
}

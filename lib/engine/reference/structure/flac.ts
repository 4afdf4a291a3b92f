// FLAC (docs/contract.md, section 14.3): the fLaC marker, metadata blocks by type (STREAMINFO/header,
// /data), then frames (frame/header, /crc8, /body, /crc16), found as the checksum walk finds them
// (engine-rs/core/src/checksums/walk.rs: flac_header, next_flac_header, flac_frame_end). The CRCs are
// computed here rather than with checksums.ts's, which count the bytes the checksum fix hashes.

import { type Area, StructureMap } from './map.ts';
import { be, holds } from './read.ts';

/** An unreflected CRC table of `width` bits (8 or 16) for `poly`, initial value 0, no final XOR. */
function table(width: 8 | 16, poly: number): Uint16Array {
  const t = new Uint16Array(256);
  const mask = (1 << width) - 1;
  for (let b = 0; b < 256; b++) {
    let c = b << (width - 8);
    for (let i = 0; i < 8; i++) c = c & (1 << (width - 1)) ? ((c << 1) ^ poly) & mask : (c << 1) & mask;
    t[b] = c;
  }
  return t;
}

const CRC8 = table(8, 0x07);
const CRC16 = table(16, 0x8005);

function crc8(bytes: Uint8Array): number {
  let c = 0;
  for (const b of bytes) c = CRC8[c ^ b];
  return c;
}

function crc16(c: number, bytes: Uint8Array): number {
  for (const b of bytes) c = ((c << 8) & 0xffff) ^ CRC16[(c >> 8) ^ b];
  return c;
}

/** The longest frame header with its CRC-8. */
const HEADER_MAX = 16;

/** The length of a frame header (to its CRC-8) in `b`, the bytes from its first, when one is there. */
function headerIn(b: Uint8Array): number | undefined {
  if (b.length < 5 || b[0] !== 0xff || (b[1] !== 0xf8 && b[1] !== 0xf9)) return undefined;
  const bs = b[2] >> 4;
  const sr = b[2] & 0x0f;
  const first = b[4];
  let ones = 0;
  while (ones < 8 && first & (0x80 >> ones)) ones++;
  let coded: number;
  if (ones === 0) coded = 1;
  else if (ones >= 2 && ones <= 7) coded = ones;
  else return undefined;
  for (let i = 1; i < coded; i++) {
    if (4 + i >= b.length || (b[4 + i] & 0xc0) !== 0x80) return undefined;
  }
  const extra = (bs === 6 ? 1 : bs === 7 ? 2 : 0) + (sr === 12 ? 1 : sr === 13 || sr === 14 ? 2 : 0);
  const hl = 4 + coded + extra;
  return hl < b.length && crc8(b.subarray(0, hl)) === b[hl] ? hl : undefined;
}

function header(a: Area, q: number): number | undefined {
  if (q >= a.size) return undefined;
  const b = a.get(q, Math.min(a.size - q, HEADER_MAX));
  return b && headerIn(b);
}

const SCAN = 64 << 10;

/** The first position in [from, to) where a frame header is. */
function nextHeader(a: Area, from: number, to: number): number | undefined {
  for (let q = from; q < to; ) {
    const len = Math.min(to - q, SCAN);
    const w = a.get(q, len);
    if (!w) return undefined;
    const i = w.indexOf(0xff);
    if (i < 0) q += len;
    else {
      const g = q + i;
      if (header(a, g) !== undefined) return g;
      q = g + 1;
    }
  }
  return undefined;
}

/**
 * The end of the frame at `f` whose header is `hl` bytes: the first header (or the input's end) after
 * it where the CRC-16 of the bytes from `f` to the last two before it matches them; the CRC is
 * carried on from one candidate to the next (linear time).
 */
function frameEnd(a: Area, f: number, hl: number): number | undefined {
  const n = a.size;
  let digestTo = f;
  let crc = 0;
  for (let from = f + hl + 3; from <= n; ) {
    const g = nextHeader(a, from, n) ?? n;
    for (let q = digestTo; q < g - 2; ) {
      const len = Math.min(g - 2 - q, SCAN);
      crc = crc16(crc, a.get(q, len) as Uint8Array);
      q += len;
    }
    digestTo = g - 2;
    if (be(a, g - 2, 2) === crc) return g;
    from = g + 1;
  }
  return undefined;
}

const BLOCKS = ['STREAMINFO', 'PADDING', 'APPLICATION', 'SEEKTABLE', 'VORBIS_COMMENT', 'CUESHEET', 'PICTURE'];

export function walkFlac(input: Area): StructureMap {
  const n = input.size;
  const m = new StructureMap('flac', n);
  if (!holds(input, 0, 'fLaC')) return m;
  const s = m.unit('fLaC');
  if (s === undefined) return m;
  m.whole(s, 0, 4, 'magic');
  let p = 4;
  for (;;) {
    const h = input.get(p, 4);
    if (!h) return m;
    const last = (h[0] & 0x80) !== 0;
    const kind = h[0] & 0x7f;
    const len = (h[1] << 16) | (h[2] << 8) | h[3];
    const u = m.unit(BLOCKS[kind] ?? `BLOCK${kind}`);
    if (u === undefined) return m;
    m.field(u, 'header', p, p + 4, 'layout');
    m.field(u, 'data', p + 4, Math.min(p + 4 + len, n), kind === 1 ? 'skipped' : 'payload');
    p += 4 + len;
    if (p > n) return m;
    if (last) break;
  }
  let f = nextHeader(input, p, n);
  while (f !== undefined && f < n) {
    const hl = header(input, f);
    if (hl === undefined) break;
    const g = frameEnd(input, f, hl);
    if (g === undefined) break;
    const u = m.unit('frame');
    if (u === undefined) break;
    m.field(u, 'header', f, f + hl, 'checked');
    m.field(u, 'crc8', f + hl, f + hl + 1, 'checksum');
    m.field(u, 'body', f + hl + 1, g - 2, 'checked');
    m.field(u, 'crc16', g - 2, g, 'checksum');
    f = g;
  }
  return m;
}

// JPEG (docs/contract.md, section 14.3): SOI, then marker segments by marker name (APP0/marker,
// /length, /data), SOS with its entropy-coded data, up to and including EOI.

import { type Area, StructureMap } from './map.ts';
import { be } from './read.ts';

/** The name of marker `m` (the byte after 0xFF). */
export function markerName(m: number): string {
  if (m === 0x01) return 'TEM';
  if (m === 0xc4) return 'DHT';
  if (m === 0xc8) return 'JPG';
  if (m === 0xcc) return 'DAC';
  if (m >= 0xc0 && m <= 0xcf) return `SOF${m - 0xc0}`;
  if (m >= 0xd0 && m <= 0xd7) return `RST${m - 0xd0}`;
  const fixed: Record<number, string> = {
    216: 'SOI',
    217: 'EOI',
    218: 'SOS',
    219: 'DQT',
    220: 'DNL',
    221: 'DRI',
    222: 'DHP',
    223: 'EXP',
    254: 'COM',
  };
  if (fixed[m] !== undefined) return fixed[m];
  if (m >= 0xe0 && m <= 0xef) return `APP${m - 0xe0}`;
  if (m >= 0xf0 && m <= 0xfd) return `JPG${m - 0xf0}`;
  return `RES${m.toString(16).toUpperCase().padStart(2, '0')}`;
}

const SCAN = 64 << 10;

/**
 * The end of the entropy-coded data from `from`: the first 0xFF of a run of 0xFF bytes followed by a
 * byte other than 0x00 (a stuffed 0xFF) and RST0..RST7, or the input's end.
 */
function scanEnd(input: Area, from: number): number {
  const n = input.size;
  let run = -1;
  for (let q = from; q < n; ) {
    const len = Math.min(n - q, SCAN);
    const w = input.get(q, len);
    if (!w) return n;
    for (let i = 0; i < w.length; i++) {
      const b = w[i];
      if (b === 0xff) {
        if (run < 0) run = q + i;
      } else if (run >= 0) {
        if (b === 0x00 || (b >= 0xd0 && b <= 0xd7)) run = -1;
        else return run;
      }
    }
    q += len;
  }
  return n;
}

export function walkJpeg(input: Area): StructureMap {
  const n = input.size;
  const m = new StructureMap('jpeg', n);
  const soi = input.get(0, 2);
  if (soi?.[0] !== 0xff || soi[1] !== 0xd8) return m;
  const s = m.unit('SOI');
  if (s === undefined) return m;
  m.whole(s, 0, 2, 'magic');
  let p = 2;
  for (;;) {
    // Fill bytes: 0xFF before a marker's 0xFF (they become a gap).
    let q = p;
    while (be(input, q, 2) === 0xffff) q++;
    const h = input.get(q, 2);
    if (h?.[0] !== 0xff || h[1] === 0x00) break;
    const marker = h[1];
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      const u = m.unit(markerName(marker));
      if (u === undefined) break;
      m.whole(u, q, q + 2, 'magic');
      p = q + 2;
      if (marker === 0xd9) break;
      continue;
    }
    const len = be(input, q + 2, 2);
    if (len === undefined || len < 2 || q + 2 + len > n) break;
    const u = m.unit(markerName(marker));
    if (u === undefined) break;
    m.field(u, 'marker', q, q + 2, 'magic');
    m.field(u, 'length', q + 2, q + 4, 'layout');
    m.field(u, 'data', q + 4, q + 2 + len, 'payload');
    p = q + 2 + len;
    if (marker === 0xda) {
      const end = scanEnd(input, p);
      m.field(u, 'entropy', p, end, 'payload');
      p = end;
    }
  }
  return m;
}

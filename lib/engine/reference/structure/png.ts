// PNG (docs/contract.md, section 14.3): the signature, then chunks TYPE/length, /type, /data, /crc
// up to and including IEND.

import { type Area, StructureMap } from './map.ts';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const isAlpha = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);

export function walkPng(input: Area): StructureMap {
  const n = input.size;
  const m = new StructureMap('png', n);
  const sig = input.get(0, 8);
  if (!sig || SIGNATURE.some((b, i) => sig[i] !== b)) return m;
  const s = m.unit('signature');
  if (s === undefined) return m;
  m.whole(s, 0, 8, 'magic');
  let p = 8;
  while (p + 12 <= n) {
    const h = input.get(p, 8);
    if (!h) break;
    const len = ((h[0] << 24) | (h[1] << 16) | (h[2] << 8) | h[3]) >>> 0;
    const kind = h.subarray(4, 8);
    if (len > n - p - 12 || !kind.every(isAlpha)) break;
    const u = m.unit(String.fromCharCode(...kind));
    if (u === undefined) break;
    m.field(u, 'length', p, p + 4, 'layout');
    m.field(u, 'type', p + 4, p + 8, 'magic');
    // Decoders discard an ancillary chunk (lower-case first letter) whose CRC fails (PNG 13.2).
    const ancillary = kind[0] >= 0x61;
    m.field(u, 'data', p + 8, p + 8 + len, ancillary ? 'payload' : 'checked');
    m.field(u, 'crc', p + 8 + len, p + 12 + len, ancillary ? 'payload' : 'checksum');
    p += 12 + len;
    if (String.fromCharCode(...kind) === 'IEND') break;
  }
  return m;
}

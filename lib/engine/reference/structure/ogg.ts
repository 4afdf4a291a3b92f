// Ogg (docs/contract.md, section 14.3): pages (page/capture, /header, /crc, /segment_table, /body),
// read as the checksum walk reads them.

import { type Area, StructureMap } from './map.ts';
import { holds } from './read.ts';

export function walkOgg(input: Area): StructureMap {
  const n = input.size;
  const m = new StructureMap('ogg', n);
  let p = 0;
  while (p + 27 <= n && holds(input, p, 'OggS')) {
    const segs = (input.get(p + 26, 1) as Uint8Array)[0];
    const table = input.get(p + 27, segs);
    if (!table) break;
    let size = 27 + segs;
    for (const s of table) size += s;
    if (p + size > n) break;
    const u = m.unit('page');
    if (u === undefined) break;
    m.field(u, 'capture', p, p + 4, 'magic');
    m.field(u, 'header', p + 4, p + 22, 'checked');
    m.field(u, 'crc', p + 22, p + 26, 'checksum');
    m.field(u, 'segment_table', p + 26, p + 27 + segs, 'checked');
    m.field(u, 'body', p + 27 + segs, p + size, 'checked');
    p += size;
  }
  return m;
}

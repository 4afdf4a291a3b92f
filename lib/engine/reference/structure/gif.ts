// GIF (docs/contract.md, section 14.3): the header, the logical screen descriptor, the global color
// table, then extensions and images (each with its data sub-blocks) up to and including the trailer.

import { type Area, StructureMap } from './map.ts';
import { holds } from './read.ts';

/** The end of the data sub-blocks from `p`, or undefined when they pass the end of the input. */
function subBlocks(input: Area, p: number): number | undefined {
  for (;;) {
    const b = input.get(p, 1);
    if (!b) return undefined;
    p += 1 + b[0];
    if (b[0] === 0) return p;
  }
}

/** Records `data` of `u` from `p`: the sub-blocks, or the rest of the input (then undefined: stop). */
function data(m: StructureMap, input: Area, u: number, p: number): number | undefined {
  const end = subBlocks(input, p);
  if (end !== undefined && end <= input.size) {
    m.field(u, 'data', p, end, 'payload');
    return end;
  }
  m.field(u, 'data', p, input.size, 'payload');
  return undefined;
}

const EXTENSIONS: Record<number, string> = {
  249: 'graphic_control',
  254: 'comment',
  1: 'plain_text',
  255: 'application',
};

export function walkGif(input: Area): StructureMap {
  const n = input.size;
  const m = new StructureMap('gif', n);
  if (!(holds(input, 0, 'GIF87a') || holds(input, 0, 'GIF89a')) || n < 13) return m;
  const h = m.unit('header');
  if (h === undefined) return m;
  m.whole(h, 0, 6, 'magic');
  const flags = (input.get(10, 1) as Uint8Array)[0];
  const s = m.unit('logical_screen');
  if (s === undefined) return m;
  m.field(s, 'width', 6, 8, 'layout');
  m.field(s, 'height', 8, 10, 'layout');
  m.field(s, 'flags', 10, 11, 'layout');
  m.soft('gif_flags');
  m.field(s, 'background', 11, 12, 'payload');
  m.field(s, 'aspect', 12, 13, 'payload');
  let p = 13;
  if (flags & 0x80) {
    const size = 3 << ((flags & 7) + 1);
    if (p + size > n) return m;
    const u = m.unit('global_color_table');
    if (u === undefined) return m;
    m.whole(u, p, p + size, 'payload');
    p += size;
  }
  for (;;) {
    const first = input.get(p, 1)?.[0];
    if (first === undefined) break;
    const label = input.get(p + 1, 1)?.[0] ?? 0;
    if (first === 0x3b) {
      const u = m.unit('trailer');
      if (u !== undefined) m.whole(u, p, p + 1, 'magic');
      break;
    }
    if (first === 0x21 && p + 2 <= n) {
      const u = m.unit(EXTENSIONS[label] ?? 'extension');
      if (u === undefined) break;
      m.field(u, 'introducer', p, p + 1, 'magic');
      // Decoders skip an extension whose label they do not know (GIF89a, section 7).
      m.field(u, 'label', p + 1, p + 2, 'payload');
      const end = data(m, input, u, p + 2);
      if (end === undefined) break;
      p = end;
    } else if (first === 0x2c && p + 11 <= n) {
      const imageFlags = (input.get(p + 9, 1) as Uint8Array)[0];
      const table = imageFlags & 0x80 ? 3 << ((imageFlags & 7) + 1) : 0;
      if (p + 11 + table > n) break;
      const u = m.unit('image');
      if (u === undefined) break;
      m.field(u, 'separator', p, p + 1, 'magic');
      m.field(u, 'position', p + 1, p + 5, 'payload');
      m.field(u, 'size', p + 5, p + 9, 'layout');
      m.field(u, 'flags', p + 9, p + 10, 'layout');
      m.soft('gif_flags');
      m.field(u, 'color_table', p + 10, p + 10 + table, 'payload');
      const q = p + 10 + table;
      m.field(u, 'lzw_min', q, q + 1, 'layout');
      const end = data(m, input, u, q + 1);
      if (end === undefined) break;
      p = end;
    } else break;
  }
  return m;
}

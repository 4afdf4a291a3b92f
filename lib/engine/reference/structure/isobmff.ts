// ISO-BMFF, MP4, MOV and HEIC (docs/contract.md, section 14.3): boxes by type (ftyp/size, /type,
// /data), the boxes of a container box nested in it (moov/trak#1/mdia/hdlr/data).

import { type Area, StructureMap } from './map.ts';
import { be, codeName } from './read.ts';

/** How deep boxes nest before a container box is taken as a plain box. */
export const MAX_BOX_DEPTH = 32;

/** Boxes whose data is boxes; `meta` too, after 4 bytes of version and flags when those are 0. */
const CONTAINERS = new Set([
  'moov',
  'trak',
  'tref',
  'edts',
  'mdia',
  'minf',
  'dinf',
  'stbl',
  'mvex',
  'moof',
  'traf',
  'mfra',
  'udta',
  'iprp',
  'ipco',
  'sinf',
  'schi',
]);

const latin1 = (b: Uint8Array) => String.fromCharCode(...b);

/**
 * The boxes a file needs, by container ('' : the top level): ISO/IEC 14496-12, Table 1 (the mandatory
 * boxes), and ISO/IEC 23008-12 (HEIF) for an image file's `meta`. The type of any other box is an
 * unchecked spot (section 14.2): a reader skips a box of a type it does not know (4.2). As
 * engine-rs/core/src/structure/isobmff.rs (`NEEDED`).
 */
const NEEDED = new Map<string, readonly string[]>(
  Object.entries({
    '': ['ftyp', 'moov', 'meta'],
    moov: ['mvhd', 'trak'],
    trak: ['tkhd', 'mdia'],
    mdia: ['mdhd', 'hdlr', 'minf'],
    minf: ['vmhd', 'smhd', 'hmhd', 'nmhd', 'sthd', 'dinf', 'stbl'],
    dinf: ['dref'],
    stbl: ['stsd', 'stts', 'stsc', 'stsz', 'stz2', 'stco', 'co64'],
    mvex: ['trex'],
    moof: ['mfhd', 'traf'],
    traf: ['tfhd'],
    mfra: ['mfro'],
    meta: ['hdlr', 'pitm', 'iloc', 'iinf', 'iprp', 'ipma'],
    iprp: ['ipco', 'ipma'],
  }),
);

/**
 * The boxes in [p, end): where they stopped (`end` when they fill it; before, where a box made no
 * sense), or undefined when the map is full. Bytes of a container from where its boxes stopped are
 * its `rest`.
 */
function boxes(
  m: StructureMap,
  input: Area,
  parent: { unit: number; type: string } | undefined,
  p: number,
  end: number,
  depth: number,
): number | undefined {
  while (p + 8 <= end) {
    const h = input.get(p, 8);
    if (!h) return p;
    const kind = h.slice(4, 8);
    const small = be(input, p, 4) as number;
    if (kind.some((b) => b < 0x20)) return p;
    let size: number;
    let header = 8;
    if (small === 0) size = end - p;
    else if (small === 1) {
      const large = be(input, p + 8, 8);
      if (large === undefined || p + 16 > end) return p;
      // Past 2^53 this is not exact, but then it is past any input's end, as the Rust core's is.
      size = large;
      header = 16;
    } else size = small;
    if (size < header) return p;
    const boxEnd = size > end - p ? end : p + size;
    const name = codeName(kind);
    const u = parent === undefined ? m.unit(name) : m.child(parent.unit, name);
    if (u === undefined) return undefined;
    m.field(u, 'size', p, p + 4, 'layout');
    m.field(u, 'type', p + 4, p + 8, 'magic');
    if (!NEEDED.get(parent?.type ?? '')?.includes(latin1(kind))) m.soft('isobmff_optional');
    if (header === 16) m.field(u, 'largesize', p + 8, p + 16, 'layout');
    let q = p + header;
    const type = latin1(kind);
    if (type === 'uuid' && q + 16 <= boxEnd) {
      m.field(u, 'usertype', q, q + 16, 'magic');
      q += 16;
    }
    if (depth < MAX_BOX_DEPTH && (CONTAINERS.has(type) || type === 'meta')) {
      if (type === 'meta' && be(input, q, 4) === 0) {
        m.field(u, 'version', q, q + 4, 'layout');
        q += 4;
      }
      const at = boxes(m, input, { unit: u, type }, q, boxEnd, depth + 1);
      if (at === undefined) return undefined;
      m.field(u, 'rest', at, boxEnd, 'payload');
    } else m.field(u, 'data', q, boxEnd, 'payload');
    if (size > end - p) return end;
    p += size;
  }
  return p;
}

export function walkIsobmff(input: Area): StructureMap {
  const m = new StructureMap('isobmff', input.size);
  boxes(m, input, undefined, 0, input.size, 0);
  return m;
}

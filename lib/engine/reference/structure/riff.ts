// The RIFF family, WebP, WAV and AVI (docs/contract.md, section 14.3): the RIFF header, then its
// chunks by id (fmt/id, /size, /data, /pad), a LIST chunk as LIST[TYPE] with its chunks nested.

import { type Area, type Role, StructureMap } from './map.ts';
import { codeName, holds, le } from './read.ts';

/** How deep LIST chunks nest before one is taken as a plain chunk. */
export const MAX_RIFF_DEPTH = 32;

const printable = (code: Uint8Array) => code.every((b) => b >= 0x20 && b <= 0x7e);

const open = (m: StructureMap, parent: number | undefined, name: string) =>
  parent === undefined ? m.unit(name) : m.child(parent, name);

/**
 * How LIST chunks count: 'strict' in WebP and AVI, whose lists (hdrl, movi) readers need; in a WAV a
 * LIST is 'optional' (readers skip a chunk they do not need), so its id and type are payload and
 * everything 'inside' it too; its size stays layout. engine-rs/core/src/structure/riff.rs says the same.
 */
type Lists = 'strict' | 'optional' | 'inside';

/**
 * The chunks in [p, end): where they stopped (`end` when they fill it; before, where a chunk made no
 * sense), or undefined when the map is full. Bytes of a list from where its chunks stopped are its
 * `rest`.
 */
function chunks(
  m: StructureMap,
  input: Area,
  parent: number | undefined,
  p: number,
  end: number,
  depth: number,
  lists: Lists,
): number | undefined {
  const [magic, layout]: [Role, Role] = lists === 'inside' ? ['payload', 'payload'] : ['magic', 'layout'];
  const listMagic: Role = lists === 'strict' ? 'magic' : 'payload';
  while (p + 8 <= end) {
    const h = input.get(p, 8);
    if (!h) return p;
    const id = h.slice(0, 4);
    const size = le(input, p + 4, 4) as number;
    if (!printable(id)) return p;
    const bodyEnd = Math.min(p + 8 + size, end);
    const list = codeName(id) === 'LIST' && size >= 4 && p + 12 <= bodyEnd && depth < MAX_RIFF_DEPTH;
    let u: number | undefined;
    if (list) {
      const kind = input.get(p + 8, 4);
      if (!kind) return p;
      u = open(m, parent, `LIST[${codeName(kind)}]`);
      if (u === undefined) return undefined;
      m.field(u, 'id', p, p + 4, listMagic);
      m.field(u, 'size', p + 4, p + 8, layout);
      m.field(u, 'type', p + 8, p + 12, listMagic);
      const at = chunks(m, input, u, p + 12, bodyEnd, depth + 1, lists === 'strict' ? 'strict' : 'inside');
      if (at === undefined) return undefined;
      m.field(u, 'rest', at, bodyEnd, 'payload');
    } else {
      u = open(m, parent, codeName(id));
      if (u === undefined) return undefined;
      m.field(u, 'id', p, p + 4, magic);
      m.field(u, 'size', p + 4, p + 8, layout);
      m.field(u, 'data', p + 8, bodyEnd, 'payload');
    }
    if (p + 8 + size > end) return end;
    p += 8 + size;
    // An odd-sized chunk is followed by a pad byte (none when its list or the input ends).
    if (size % 2 === 1 && p < end) {
      m.field(u, 'pad', p, p + 1, 'skipped');
      p += 1;
    }
  }
  return p;
}

/**
 * `format`: the family's id (webp, wav, avi). Each RIFF header in turn (AVI's OpenDML AVIX parts
 * follow the first), with its chunks at the top of the map.
 */
export function walkRiff(format: string, input: Area): StructureMap {
  const n = input.size;
  const m = new StructureMap(format, n);
  let p = 0;
  while (p + 12 <= n && holds(input, p, 'RIFF')) {
    const size = le(input, p + 4, 4) as number;
    if (size < 4) break;
    const u = m.unit('RIFF');
    if (u === undefined) break;
    m.field(u, 'id', p, p + 4, 'magic');
    m.field(u, 'size', p + 4, p + 8, 'layout');
    m.field(u, 'form', p + 8, p + 12, 'magic');
    const end = Math.min(p + 8 + size, n);
    if (
      chunks(m, input, undefined, p + 12, end, 0, format === 'wav' ? 'optional' : 'strict') !== end ||
      p + 8 + size > n
    )
      break;
    p += 8 + size + (size % 2);
  }
  return m;
}

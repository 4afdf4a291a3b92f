// ZIP family (docs/contract.md, section 14.3.2): members member[NAME]/local_header, /data,
// /descriptor in the order of their local headers, then central[NAME] per central directory entry,
// zip64_eocd, zip64_locator, eocd and the archive comment. engine-rs/core/src/structure/zip.rs.

import { type Area, MAX_WALK_REGIONS, StructureMap } from './map.ts';
import { holds, le, nameAt } from './read.ts';

const FULL = 0xffffffff;

interface Entry {
  central: number;
  next: number;
  nameAt: number;
  nameLen: number;
  flags: number;
  csize: number;
  lho: number;
}

/** The 8-byte values of the ZIP64 record (id 0x0001) in the extra field [from, to), if there is one. */
function zip64Extra(input: Area, from: number, to: number): number[] | undefined {
  for (let q = from; q + 4 <= to; ) {
    const id = le(input, q, 2);
    const size = le(input, q + 2, 2);
    if (id === undefined || size === undefined) return undefined;
    if (id === 1) {
      const end = Math.min(q + 4 + size, to);
      const values: number[] = [];
      for (let v = q + 4; v + 8 <= end; v += 8) {
        const x = le(input, v, 8);
        if (x === undefined) return undefined;
        values.push(x);
      }
      return values;
    }
    q += 4 + size;
  }
  return undefined;
}

/**
 * Without an end record (a cut archive): the local records one after another from the start, each
 * named by its local header, while their sizes are known.
 */
function forward(input: Area, m: StructureMap): StructureMap {
  const n = input.size;
  for (let p = 0; p + 30 <= n && holds(input, p, 'PK\x03\x04'); ) {
    const f = (at: number, len: number) => le(input, p + at, len) as number;
    const [flags, csize, nlen, xlen] = [f(6, 2), f(18, 4), f(26, 2), f(28, 2)];
    const d = p + 30 + nlen + xlen;
    const u = m.unit(`member[${nameAt(input, p + 30, nlen)}]`);
    if (u === undefined) break;
    m.field(u, 'local_header', p, d, 'layout');
    m.soft('zip_local');
    if ((flags & 8) !== 0 || csize === FULL) break;
    m.field(u, 'data', d, d + csize, 'checked');
    p = d + csize;
  }
  return m;
}

export function walkZip(input: Area): StructureMap {
  const n = input.size;
  const m = new StructureMap('zip', n);
  if (n < 22) return forward(input, m);
  let e = -1;
  for (let at = n - 22; at >= Math.max(0, n - 22 - 65535); at--) {
    if (holds(input, at, 'PK\x05\x06')) {
      e = at;
      break;
    }
  }
  if (e < 0) return forward(input, m);
  let count = le(input, e + 10, 2) as number;
  let cd = le(input, e + 16, 4) as number;
  const comment = le(input, e + 20, 2) as number;
  let zip64: { locator: number; record?: [number, number] } | undefined;
  if (e >= 20 && holds(input, e - 20, 'PK\x06\x07')) {
    const z = le(input, e - 12, 8) as number;
    let record: [number, number] | undefined;
    if (z + 56 <= n && holds(input, z, 'PK\x06\x06')) {
      count = le(input, z + 32, 8) ?? 0;
      cd = le(input, z + 48, 8) ?? Number.MAX_SAFE_INTEGER;
      record = [z, le(input, z + 4, 8) ?? 0];
    }
    zip64 = { locator: e - 20, record };
  }
  // The central directory, at most MAX_WALK_REGIONS entries of it (each gives a region).
  const entries: Entry[] = [];
  for (let p = cd; entries.length < Math.min(count, MAX_WALK_REGIONS); ) {
    if (p + 46 > n || !holds(input, p, 'PK\x01\x02')) break;
    const f = (at: number, len: number) => le(input, p + at, len) as number;
    const [flags, usize, nlen, xlen, clen] = [f(8, 2), f(24, 4), f(28, 2), f(30, 2), f(32, 2)];
    let [csize, lho] = [f(20, 4), f(42, 4)];
    if (csize === FULL || usize === FULL || lho === FULL) {
      const x = p + 46 + nlen;
      const values = zip64Extra(input, x, x + xlen) ?? [];
      let i = 0;
      if (usize === FULL) i++;
      if (csize === FULL && i < values.length) csize = values[i++];
      else if (csize === FULL) i++;
      if (lho === FULL && i < values.length) lho = values[i];
    }
    const next = p + 46 + nlen + xlen + clen;
    entries.push({ central: p, next, nameAt: p + 46, nameLen: nlen, flags, csize, lho });
    p = next;
  }
  // Members in the order of their local headers (stable sort: a shared one keeps the directory's
  // order); one whose local header lies before the end of the member before it is not a member.
  const order = entries.map((_, i) => i).sort((a, b) => entries[a].lho - entries[b].lho);
  let to = 0;
  for (const i of order) {
    const z = entries[i];
    if (z.lho < to || z.lho + 30 > n || !holds(input, z.lho, 'PK\x03\x04')) continue;
    const nl = le(input, z.lho + 26, 2) as number;
    const xl = le(input, z.lho + 28, 2) as number;
    const d = z.lho + 30 + nl + xl;
    const end = d + z.csize;
    const u = m.unit(`member[${nameAt(input, z.nameAt, z.nameLen)}]`);
    if (u === undefined) break;
    m.field(u, 'local_header', z.lho, d, 'layout');
    m.soft('zip_local');
    m.field(u, 'data', d, end, 'checked');
    to = end;
    if ((z.flags & 8) !== 0) {
      const wide = zip64Extra(input, z.lho + 30 + nl, d) !== undefined;
      const len = (holds(input, end, 'PK\x07\x08') ? 4 : 0) + 4 + (wide ? 16 : 8);
      m.field(u, 'descriptor', end, end + len, 'checksum');
      to = end + len;
    }
  }
  for (const z of entries) {
    const u = m.unit(`central[${nameAt(input, z.nameAt, z.nameLen)}]`);
    if (u === undefined) return m;
    m.whole(u, z.central, z.next, 'layout');
    m.soft('zip_central');
  }
  if (zip64) {
    if (zip64.record) {
      const [z, size] = zip64.record;
      const u = m.unit('zip64_eocd');
      if (u === undefined) return m;
      m.whole(u, z, z + 12 + size, 'layout');
    }
    const u = m.unit('zip64_locator');
    if (u === undefined) return m;
    m.whole(u, zip64.locator, zip64.locator + 20, 'layout');
  }
  const u = m.unit('eocd');
  if (u === undefined) return m;
  m.whole(u, e, e + 22, 'layout');
  const c = m.unit('comment');
  if (c !== undefined) m.whole(c, e + 22, e + 22 + comment, 'payload');
  return m;
}

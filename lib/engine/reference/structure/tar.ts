// tar (docs/contract.md, section 14.3.3): headers read as the checksum walk reads them (section
// 6.10.1). Each member is member[NAME]/header, /sparse, /data, /padding; the extension headers before
// a member are units of their own (pax, pax_global, gnu_longname, gnu_longlink) with the same
// fields; the end-of-archive blocks are `end`. engine-rs/core/src/structure/tar.rs says the same.

import { paxSize, tarNumber, tarSumHolds } from '../checksums.ts';
import { type Area, type Role, StructureMap } from './map.ts';
import { name, nameToNul } from './read.ts';

/** The most bytes of a pax extended header read for its `path` record. */
export const PAX_PATH_WINDOW = 65536;

/**
 * The value of the last well-formed `path` record lying entirely in `buf`, the first bytes of a pax
 * header's data of `total` bytes; records are read as for `size`, and a malformed one, or one
 * passing `buf`, ends the reading.
 */
export function paxPath(buf: Uint8Array, total: number): string | undefined {
  let path: string | undefined;
  for (let r = 0; ; ) {
    let i = r;
    let len = 0;
    while (i < buf.length && buf[i] >= 0x30 && buf[i] <= 0x39) {
      len = len * 10 + (buf[i] - 0x30);
      if (len > total) return path;
      i++;
    }
    if (i === r || i >= buf.length || buf[i] !== 0x20 || i - r + 1 >= len) return path;
    const end = r + len;
    if (end > buf.length) return path;
    const record = buf.subarray(i + 1, end);
    const last = record.length - 1;
    const eq = record.indexOf(0x3d);
    if (eq <= 0 || eq >= last || record[last] !== 0x0a) return path;
    if (eq === 4 && String.fromCharCode(...record.subarray(0, 4)) === 'path')
      path = name(record.subarray(eq + 1, last));
    r = end;
  }
}

const upToNul = (f: Uint8Array) => {
  const z = f.indexOf(0);
  return z < 0 ? f : f.subarray(0, z);
};

/** The name in a header: ustar's prefix (magic `ustar\0`, prefix not empty), a slash and the name. */
function headerName(h: Uint8Array): string {
  const own = upToNul(h.subarray(0, 100));
  if (String.fromCharCode(...h.subarray(257, 263)) === 'ustar\0') {
    const prefix = upToNul(h.subarray(345, 500));
    if (prefix.length > 0) return name(Uint8Array.from([...prefix, 0x2f, ...own]));
  }
  return name(own);
}

const EXTENSIONS: Record<string, string> = {
  x: 'pax',
  X: 'pax',
  g: 'pax_global',
  L: 'gnu_longname',
  K: 'gnu_longlink',
};

export function walkTar(input: Area): StructureMap {
  const n = input.size;
  const m = new StructureMap('tar', n);
  let paxPending: number | undefined;
  let pendingName: string | undefined;
  for (let b = 0; b + 512 <= n; ) {
    const header = input.get(b, 512);
    if (!header) break;
    if (header.every((x) => x === 0)) {
      const u = m.unit('end');
      if (u === undefined) break;
      const second = input.get(b + 512, 512)?.every((x) => x === 0) ?? false;
      m.whole(u, b, b + (second ? 1024 : 512), 'magic');
      break;
    }
    if (!tarSumHolds(header)) break;
    const size = tarNumber(header.subarray(124, 136), true);
    if (size === undefined) break;
    const kind = String.fromCharCode(header[156]);
    const extended = header[482] !== 0;
    const own = headerName(header);
    let unit = EXTENSIONS[kind];
    if (unit === undefined) {
      unit = `member[${pendingName ?? own}]`;
      pendingName = undefined;
    }
    const u = m.unit(unit);
    if (u === undefined) break;
    m.field(u, 'header', b, b + 512, 'checked');
    let next = b + 512;
    if (kind === 'S' && extended) {
      for (;;) {
        if (next + 512 > n) {
          m.field(u, 'sparse', b + 512, n, 'layout');
          return m;
        }
        const more = input.get(next + 504, 1);
        if (!more) return m;
        next += 512;
        if (more[0] === 0) break;
      }
      m.field(u, 'sparse', b + 512, next, 'layout');
    }
    let len: number;
    let role: Role;
    if (kind === 'x' || kind === 'X') {
      if (size <= n - next) {
        const data = input.get(next, size) as Uint8Array;
        const s = paxSize(data);
        if (s !== undefined) paxPending = s;
        const path = paxPath(data.subarray(0, Math.min(size, PAX_PATH_WINDOW)), size);
        if (path !== undefined) pendingName = path;
      }
      [len, role] = [size, 'layout'];
    } else if (kind === 'g') [len, role] = [size, 'layout'];
    else if (kind === 'L') {
      if (size <= n - next) pendingName = nameToNul(input, next, size);
      [len, role] = [size, 'payload'];
    } else if (kind === 'K') [len, role] = [size, 'payload'];
    else if (kind >= '1' && kind <= '6') {
      paxPending = undefined;
      [len, role] = [0, 'payload'];
    } else {
      len = paxPending ?? size;
      paxPending = undefined;
      role = 'payload';
    }
    const dataEnd = next + len;
    m.field(u, 'data', next, dataEnd, role);
    const end = next + Math.ceil(len / 512) * 512;
    if (end > n) break;
    m.field(u, 'padding', dataEnd, end, 'skipped');
    b = end;
  }
  return m;
}

// `member` (docs/contract.md, section 6.11): damage inside a ZIP (ZIP64 included) or tar archive while
// the archive stays valid. Each member whose name matches the glob is corrupted exactly as a file of
// its own (the caller's `corrupt` on its content, under its base name, with seed + its match index);
// the archive is then rebuilt around the new content. The twin of engine-rs/core/src/member.

import { crc32 } from '../../zip/crc32.ts';
import type { CorruptOptions, Report } from '../shared/types.ts';
import { MAX_INPUT } from './errors.ts';
import { inflateRaw } from './inflate.ts';
import type { Expect, Hit } from './structure/hits.ts';
import type { Region } from './structure/map.ts';
import { WHY } from './structure/why.ts';

/** How many member names the no-match error lists. */
const LISTED = 10;
const FULL = 0xffff_ffff;

/** One member's run: content, base name, seed and options to its output and report. */
export type CorruptMember = (
  content: Uint8Array,
  name: string,
  seed: number,
  options: CorruptOptions,
) => { data: Uint8Array; report: Report };

export interface MemberOutcome {
  data: Uint8Array;
  fields: Record<string, unknown>;
  recipe: string;
  /** What each match's own run did, for the hits (`memberHits`). */
  changed: MemberChange[];
}

/**
 * One match's own run: its header's offset in the input archive (ZIP: its local header; tar: its own
 * header), its content's changed bytes and its own `expect_overall`.
 */
export interface MemberChange {
  header: number;
  changedBytes: number;
  expect: string | undefined;
}

/**
 * The hits of a member run (section 6.11.4), from the input archive's map: one per match whose content
 * changed, on its unit's `data` region (the unit's first region when it has none), the unit being that
 * of the region holding the match's header. The container's rewritten headers, CRC-32s, sizes and
 * directory are repairs, not hits. In map order.
 */
export function memberHits(regions: readonly Region[], changed: readonly MemberChange[]): Hit[] {
  const out: [number, Hit][] = [];
  for (const c of changed) {
    if (c.changedBytes === 0) continue;
    let lo = 0;
    let hi = regions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (regions[mid].end <= c.header) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= regions.length) continue;
    const unit = regions[lo].path.slice(0, regions[lo].unitEnd);
    let at = lo;
    for (let j = lo; j < regions.length && regions[j].path.slice(0, regions[j].unitEnd) === unit; j++) {
      if (regions[j].path === `${unit}/data`) {
        at = j;
        break;
      }
    }
    const r = regions[at];
    // A member whose own map saw no change (bytes only inserted) still has new content.
    const own = c.expect;
    const expect: Expect = own === 'reject' || own === 'may_accept' || own === 'ignored' ? own : 'may_accept';
    out.push([at, { path: r.path, changed_bytes: c.changedBytes, first: r.start, expect, why: WHY.member }]);
  }
  out.sort((a, b) => a[0] - b[0]);
  return out.map(([, h]) => h);
}

// ---- The glob (section 6.11.1) ----

type Token = { kind: 'deep' } | { kind: 'any' } | { kind: 'one' } | { kind: 'char'; c: string };

function tokens(glob: string): Token[] {
  const chars = Array.from(glob);
  const out: Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] === '*' && chars[i + 1] === '*') {
      out.push({ kind: 'deep' });
      i++;
    } else if (chars[i] === '*') out.push({ kind: 'any' });
    else if (chars[i] === '?') out.push({ kind: 'one' });
    else out.push({ kind: 'char', c: chars[i] });
  }
  return out;
}

/** Whether `name` matches `glob`: `**` any characters, `*` any but `/`, `?` one but `/`. */
export function globMatches(glob: string, name: string): boolean {
  const t = tokens(glob);
  const m = t.length;
  let reach = new Array<boolean>(m + 1).fill(false);
  reach[0] = true;
  const close = (r: boolean[]) => {
    for (let j = 0; j < m; j++) if (r[j] && (t[j].kind === 'any' || t[j].kind === 'deep')) r[j + 1] = true;
  };
  close(reach);
  for (const c of Array.from(name)) {
    const next = new Array<boolean>(m + 1).fill(false);
    for (let j = 0; j < m; j++) {
      if (!reach[j]) continue;
      const tok = t[j];
      if (tok.kind === 'deep') next[j] = true;
      else if (tok.kind === 'any') {
        if (c !== '/') next[j] = true;
      } else if (tok.kind === 'one') {
        if (c !== '/') next[j + 1] = true;
      } else if (tok.c === c) next[j + 1] = true;
    }
    reach = next;
    close(reach);
  }
  return reach[m];
}

// ---- Bytes ----

const utf8 = new TextDecoder('utf-8');

function le(b: Uint8Array, at: number, len: number): number {
  if (at < 0 || at + len > b.length) return 0;
  let v = 0;
  for (let i = len - 1; i >= 0; i--) v = v * 256 + b[at + i];
  return v;
}

function holds(b: Uint8Array, at: number, what: string): boolean {
  if (at < 0 || at + what.length > b.length) return false;
  for (let i = 0; i < what.length; i++) if (b[at + i] !== what.charCodeAt(i)) return false;
  return true;
}

function slice(b: Uint8Array, from: number, to: number): Uint8Array {
  const f = Math.min(from, b.length);
  return b.subarray(f, Math.max(f, Math.min(to, b.length)));
}

/** Little-endian bytes, appended to a list of parts. */
class Out {
  parts: Uint8Array[] = [];
  length = 0;
  bytes(b: Uint8Array): void {
    if (b.length === 0) return;
    this.parts.push(b);
    this.length += b.length;
  }
  text(s: string): void {
    this.bytes(Uint8Array.from(s, (c) => c.charCodeAt(0)));
  }
  int(v: number, len: number): void {
    const b = new Uint8Array(len);
    let x = BigInt(v);
    for (let i = 0; i < len; i++) {
      b[i] = Number(x & 0xffn);
      x >>= 8n;
    }
    this.bytes(b);
  }
  join(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

function memberError(name: string, text: string): Error {
  return new Error(`Member "${name}" ${text}`);
}

function broken(text: string): Error {
  return new Error(`The ZIP archive is broken: ${text}`);
}

// ---- ZIP (section 6.11.2) ----

interface ZipEntry {
  name: string;
  central: number;
  nameLen: number;
  extraLen: number;
  commentLen: number;
  flags: number;
  method: number;
  csize: number;
  usize: number;
  lho: number;
  zip64: boolean;
}

interface Local {
  start: number;
  data: number;
  end: number;
}

class Zip {
  constructor(
    readonly b: Uint8Array,
    readonly entries: ZipEntry[],
    readonly cd: number,
    readonly eocd: number,
    readonly zip64End: boolean,
  ) {}

  static find(b: Uint8Array): Zip | undefined {
    const n = b.length;
    if (n < 22) return undefined;
    const low = Math.max(0, n - 22 - 65535);
    for (let e = n - 22; e >= low; e--) if (holds(b, e, 'PK\x05\x06')) return Zip.parse(b, e);
    return undefined;
  }

  static parse(b: Uint8Array, e: number): Zip {
    const n = b.length;
    let count = le(b, e + 10, 2);
    let cd = le(b, e + 16, 4);
    let zip64End = false;
    if (e >= 20 && holds(b, e - 20, 'PK\x06\x07')) {
      const z = le(b, e - 12, 8);
      if (z + 56 <= n && holds(b, z, 'PK\x06\x06')) {
        count = le(b, z + 32, 8);
        cd = le(b, z + 48, 8);
        zip64End = true;
      }
    }
    if (cd > e) throw broken('its central directory starts past its end record');
    const entries: ZipEntry[] = [];
    let p = cd;
    for (let i = 0; i < count; i++) {
      if (p + 46 > n || !holds(b, p, 'PK\x01\x02')) throw broken(`central directory entry ${i} is missing`);
      const nameLen = le(b, p + 28, 2);
      const extraLen = le(b, p + 30, 2);
      const commentLen = le(b, p + 32, 2);
      if (p + 46 + nameLen + extraLen + commentLen > n) {
        throw broken(`central directory entry ${i} runs past the end of the file`);
      }
      const entry: ZipEntry = {
        name: utf8.decode(slice(b, p + 46, p + 46 + nameLen)),
        central: p,
        nameLen,
        extraLen,
        commentLen,
        flags: le(b, p + 8, 2),
        method: le(b, p + 10, 2),
        csize: le(b, p + 20, 4),
        usize: le(b, p + 24, 4),
        lho: le(b, p + 42, 4),
        zip64: false,
      };
      let x = p + 46 + nameLen;
      const xEnd = x + extraLen;
      while (x + 4 <= xEnd) {
        const id = le(b, x, 2);
        const size = le(b, x + 2, 2);
        if (x + 4 + size > xEnd) break;
        if (id === 1) {
          entry.zip64 = true;
          let at = x + 4;
          for (const field of ['usize', 'csize', 'lho'] as const) {
            if (entry[field] === FULL && at + 8 <= x + 4 + size) {
              entry[field] = le(b, at, 8);
              at += 8;
            }
          }
        }
        x += 4 + size;
      }
      entries.push(entry);
      p += 46 + nameLen + extraLen + commentLen;
    }
    return new Zip(b, entries, cd, e, zip64End);
  }

  local(e: ZipEntry): Local {
    const b = this.b;
    if (e.lho + 30 > this.cd || !holds(b, e.lho, 'PK\x03\x04')) {
      throw memberError(e.name, 'has no local header where the central directory says');
    }
    const data = e.lho + 30 + le(b, e.lho + 26, 2) + le(b, e.lho + 28, 2);
    let end = data + e.csize;
    if ((e.flags & 8) !== 0) end += (holds(b, end, 'PK\x07\x08') ? 4 : 0) + (e.zip64 ? 20 : 12);
    if (end > this.cd) throw memberError(e.name, 'has data that runs into the central directory or past the file');
    return { start: e.lho, data, end };
  }

  content(i: number): Uint8Array {
    const e = this.entries[i];
    if ((e.flags & 1) !== 0) throw memberError(e.name, 'is encrypted');
    if (e.method !== 0 && e.method !== 8) {
      throw memberError(
        e.name,
        `is compressed with method ${e.method}; only stored (0) and deflated (8) members can be corrupted`,
      );
    }
    if (e.usize > MAX_INPUT) throw memberError(e.name, `is larger than ${MAX_INPUT} bytes`);
    const local = this.local(e);
    const stored = slice(this.b, local.data, local.data + e.csize);
    if (e.method === 0) return stored.slice();
    // One byte more than the header gives: a stream that fills it inflates to more.
    let v: Uint8Array | undefined;
    try {
      v = inflateRaw(stored, e.usize + 1);
    } catch {
      v = undefined;
    }
    if (v === undefined || v.length !== e.usize) {
      throw memberError(e.name, `does not inflate to the ${e.usize} bytes its header gives`);
    }
    return v.slice();
  }

  /** The extra field without its ZIP64 blocks: the other blocks as they were, and any tail. */
  private extraWithout64(from: number, len: number): Uint8Array[] {
    const b = this.b;
    const out: Uint8Array[] = [];
    let x = from;
    const end = from + len;
    while (x + 4 <= end) {
      const id = le(b, x, 2);
      const size = le(b, x + 2, 2);
      if (x + 4 + size > end) break;
      if (id !== 1) out.push(slice(b, x, x + 4 + size));
      x += 4 + size;
    }
    out.push(slice(b, x, end));
    return out;
  }

  rebuild(replaced: Map<number, Uint8Array>): Uint8Array {
    const b = this.b;
    const records: [number, Local][] = [...replaced.keys()].map((i) => [i, this.local(this.entries[i])]);
    records.sort((x, y) => x[1].start - y[1].start);
    const locals: [number, number, number][] = [];
    this.entries.forEach((e, i) => {
      try {
        const l = this.local(e);
        locals.push([l.start, l.end, i]);
      } catch {
        // Not readable: no record to overlap.
      }
    });
    locals.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
    const starts = this.entries
      .map((e, i) => [e.lho, i] as [number, number])
      .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    const below = <T>(list: T[], key: (t: T) => number, v: number) => {
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (key(list[mid]) < v) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const reach: number[] = [];
    let furthest = 0;
    for (const [, end] of locals) {
      reach.push(furthest);
      furthest = Math.max(furthest, end);
    }
    for (const [i, l] of records) {
      const inside = below(starts, (s) => s[0], l.start);
      const after = below(starts, (s) => s[0], l.end);
      const shared = starts.slice(inside, after).some(([, j]) => j !== i);
      const k = below(locals, (s) => s[0], l.start);
      const covered = k > 0 && Math.max(reach[k - 1], locals[k - 1][1]) > l.start;
      if (shared || covered)
        throw memberError(this.entries[i].name, "shares or overlaps another member's local record");
    }
    const out = new Out();
    const moves: [number, number][] = [];
    const newLocal = new Map<number, { at: number; zip64: boolean }>();
    let shift = 0;
    let pos = 0;
    for (const [i, l] of records) {
      const e = this.entries[i];
      const data = replaced.get(i)!;
      const size = data.length;
      const zip64 = e.zip64 || size >= FULL;
      out.bytes(slice(b, pos, l.start));
      const at = out.length;
      const nameLen = le(b, l.start + 26, 2);
      const name = slice(b, l.start + 30, l.start + 30 + nameLen);
      const extra = new Out();
      if (zip64) {
        extra.int(1, 2);
        extra.int(16, 2);
        extra.int(size, 8);
        extra.int(size, 8);
      }
      for (const part of this.extraWithout64(l.start + 30 + name.length, le(b, l.start + 28, 2))) extra.bytes(part);
      out.text('PK\x03\x04');
      out.int(zip64 ? 45 : 20, 2);
      out.int(e.flags & ~8, 2);
      out.int(0, 2);
      out.bytes(slice(b, l.start + 10, l.start + 14));
      out.int(crc32(data) >>> 0, 4);
      out.int(zip64 ? FULL : size, 4);
      out.int(zip64 ? FULL : size, 4);
      out.int(name.length, 2);
      out.int(extra.length, 2);
      out.bytes(name);
      out.bytes(extra.join());
      out.bytes(data);
      newLocal.set(i, { at, zip64 });
      shift += out.length - at - (l.end - l.start);
      moves.push([l.end, shift]);
      pos = l.end;
    }
    out.bytes(slice(b, pos, this.cd));
    const moved = (lho: number) => {
      // The shift of the last replaced record that ends at or before lho.
      const k = below(moves, (m) => m[0], lho + 1);
      return lho + (k === 0 ? 0 : moves[k - 1][1]);
    };
    const cd = out.length;
    this.entries.forEach((e, i) => {
      const p = e.central;
      const mine = newLocal.get(i);
      const data = replaced.get(i);
      const lho = mine ? mine.at : moved(e.lho);
      const usize = data ? data.length : e.usize;
      const csize = data ? data.length : e.csize;
      const crc = data ? crc32(data) >>> 0 : le(b, p + 16, 4);
      const zip64 = (mine ? mine.zip64 : e.zip64) || lho >= FULL || usize >= FULL || csize >= FULL;
      const extra = new Out();
      if (zip64) {
        extra.int(1, 2);
        extra.int(24, 2);
        extra.int(usize, 8);
        extra.int(csize, 8);
        extra.int(lho, 8);
      }
      for (const part of this.extraWithout64(p + 46 + e.nameLen, e.extraLen)) extra.bytes(part);
      const own = le(b, p + 6, 2);
      const needed = mine ? (zip64 ? 45 : 20) : zip64 ? Math.max(own, 45) : own;
      const v32 = (x: number) => (zip64 ? FULL : x);
      out.text('PK\x01\x02');
      out.bytes(slice(b, p + 4, p + 6));
      out.int(needed, 2);
      out.int(mine ? e.flags & ~8 : e.flags, 2);
      out.int(mine ? 0 : e.method, 2);
      out.bytes(slice(b, p + 12, p + 16));
      out.int(crc, 4);
      out.int(v32(csize), 4);
      out.int(v32(usize), 4);
      out.int(e.nameLen, 2);
      out.int(extra.length, 2);
      out.int(e.commentLen, 2);
      const disk = le(b, p + 34, 2);
      out.int(disk === 0xffff ? 0 : disk, 2);
      out.bytes(slice(b, p + 36, p + 42));
      out.int(v32(lho), 4);
      out.bytes(slice(b, p + 46, p + 46 + e.nameLen));
      out.bytes(extra.join());
      const c = p + 46 + e.nameLen + e.extraLen;
      out.bytes(slice(b, c, c + e.commentLen));
    });
    const count = this.entries.length;
    const cdSize = out.length - cd;
    if (this.zip64End || count >= 0xffff || cdSize >= FULL || cd >= FULL) {
      const z = out.length;
      out.text('PK\x06\x06');
      out.int(44, 8);
      out.int(45, 2);
      out.int(45, 2);
      out.int(0, 4);
      out.int(0, 4);
      out.int(count, 8);
      out.int(count, 8);
      out.int(cdSize, 8);
      out.int(cd, 8);
      out.text('PK\x06\x07');
      out.int(0, 4);
      out.int(z, 8);
      out.int(1, 4);
    }
    const e = this.eocd;
    const comment = slice(b, e + 22, e + 22 + le(b, e + 20, 2));
    out.text('PK\x05\x06');
    out.int(0, 2);
    out.int(0, 2);
    out.int(Math.min(count, 0xffff), 2);
    out.int(Math.min(count, 0xffff), 2);
    out.int(Math.min(cdSize, FULL), 4);
    out.int(Math.min(cd, FULL), 4);
    out.int(comment.length, 2);
    out.bytes(comment);
    return out.join();
  }
}

// ---- tar (section 6.11.3) ----

interface TarEntry {
  name: string;
  header: number;
  data: number;
  len: number;
  paxSize: boolean;
}

function octal(f: Uint8Array): number | undefined {
  let i = 0;
  while (i < f.length && f[i] === 0x20) i++;
  const start = i;
  let v = 0;
  while (i < f.length && f[i] >= 0x30 && f[i] <= 0x37) v = v * 8 + (f[i++] - 0x30);
  return i > start ? v : undefined;
}

function sizeField(f: Uint8Array): number | undefined {
  if ((f[0] & 0x80) !== 0) {
    let v = 0n;
    for (let i = 1; i < f.length; i++) v = (v << 8n) | BigInt(f[i]);
    return v < 1n << 53n ? Number(v) : undefined;
  }
  return octal(f);
}

function sumsHold(h: Uint8Array): boolean {
  const stored = octal(h.subarray(148, 156));
  if (stored === undefined) return false;
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < 512; i++) {
    const inField = i >= 148 && i < 156;
    unsigned += inField ? 32 : h[i];
    signed += inField ? 32 : h[i] >= 128 ? h[i] - 256 : h[i];
  }
  return stored === unsigned || stored === signed;
}

function cText(f: Uint8Array): string {
  const end = f.indexOf(0);
  return utf8.decode(end < 0 ? f : f.subarray(0, end));
}

function pax(data: Uint8Array): { path?: string; size?: number } {
  const r: { path?: string; size?: number } = {};
  let at = 0;
  while (at < data.length) {
    const rest = data.subarray(at);
    let digits = 0;
    while (digits < rest.length && rest[digits] >= 0x30 && rest[digits] <= 0x39) digits++;
    if (digits === 0) break;
    const len = Number(new TextDecoder().decode(rest.subarray(0, digits)));
    if (!Number.isSafeInteger(len) || len > rest.length || len <= digits + 1) break;
    if (rest[digits] !== 0x20 || rest[len - 1] !== 0x0a) break;
    const record = rest.subarray(digits + 1, len - 1);
    const eq = record.indexOf(0x3d);
    if (eq <= 0) break;
    const key = utf8.decode(record.subarray(0, eq));
    const value = record.subarray(eq + 1);
    if (key === 'path') r.path = utf8.decode(value);
    else if (key === 'size' && value.length > 0 && value.every((c) => c >= 0x30 && c <= 0x39)) {
      const v = BigInt(new TextDecoder().decode(value));
      if (v < 1n << 53n) r.size = Number(v);
    }
    at += len;
  }
  return r;
}

class Tar {
  constructor(
    readonly b: Uint8Array,
    readonly entries: TarEntry[],
  ) {}

  static find(b: Uint8Array): Tar | undefined {
    const n = b.length;
    if (n < 512 || !sumsHold(b.subarray(0, 512))) return undefined;
    const entries: TarEntry[] = [];
    let at = 0;
    let longName: string | undefined;
    let paxPath: string | undefined;
    let paxLen: number | undefined;
    walk: while (at + 512 <= n) {
      const h = b.subarray(at, at + 512);
      if (h.every((x) => x === 0) || !sumsHold(h)) break;
      const size = sizeField(h.subarray(124, 136));
      if (size === undefined) break;
      const kind = h[156];
      let data = at + 512;
      if (kind === 0x53 && h[482] !== 0) {
        let more = true;
        while (more) {
          if (data + 512 > n) break walk;
          more = b[data + 504] !== 0;
          data += 512;
        }
      }
      const ch = String.fromCharCode(kind);
      const len =
        '123456'.includes(ch) && kind !== 0 ? 0 : 'xXLKg'.includes(ch) && kind !== 0 ? size : (paxLen ?? size);
      if (data + len > n) break;
      const body = b.subarray(data, data + len);
      if (ch === 'x' || ch === 'X') {
        const r = pax(body);
        paxPath = r.path ?? paxPath;
        paxLen = r.size ?? paxLen;
      } else if (ch === 'L') longName = cText(body);
      else if (ch === 'K' || ch === 'g') {
        // Skipped.
      } else {
        let name = longName ?? paxPath;
        if (name === undefined) {
          const base = cText(h.subarray(0, 100));
          const prefix = cText(h.subarray(345, 500));
          name = holds(h, 257, 'ustar') && prefix !== '' ? `${prefix}/${base}` : base;
        }
        if (kind === 0x30 || kind === 0 || kind === 0x37) {
          entries.push({ name, header: at, data, len, paxSize: paxLen !== undefined });
        }
        longName = undefined;
        paxPath = undefined;
        paxLen = undefined;
      }
      at = data + Math.ceil(len / 512) * 512;
    }
    return new Tar(b, entries);
  }

  content(i: number): Uint8Array {
    const e = this.entries[i];
    return this.b.slice(e.data, e.data + e.len);
  }

  rebuild(replaced: Map<number, Uint8Array>): Uint8Array {
    const b = this.b;
    const order = [...replaced.keys()].sort((x, y) => this.entries[x].header - this.entries[y].header);
    const out = new Out();
    let pos = 0;
    for (const i of order) {
      const e = this.entries[i];
      const data = replaced.get(i)!;
      out.bytes(b.subarray(pos, e.header));
      const h = b.slice(e.header, e.data);
      if (data.length !== e.len) {
        if (e.paxSize) throw memberError(e.name, 'has its size in a pax header, which cannot be rewritten');
        if (data.length < 2 ** 33) {
          h.set(
            Uint8Array.from(`${data.length.toString(8).padStart(11, '0')}\0`, (c) => c.charCodeAt(0)),
            124,
          );
        } else {
          h[124] = 0x80;
          let v = BigInt(data.length);
          for (let k = 10; k >= 0; k--) {
            h[125 + k] = Number(v & 0xffn);
            v >>= 8n;
          }
        }
        h.fill(0x20, 148, 156);
        let sum = 0;
        for (let k = 0; k < 512; k++) sum += h[k];
        h.set(
          Uint8Array.from(`${sum.toString(8).padStart(6, '0')}\0 `, (c) => c.charCodeAt(0)),
          148,
        );
      }
      out.bytes(h);
      out.bytes(data);
      const oldEnd = Math.min(e.data + Math.ceil(e.len / 512) * 512, b.length);
      if (data.length === e.len) out.bytes(b.subarray(e.data + e.len, oldEnd));
      else out.bytes(new Uint8Array(Math.ceil(data.length / 512) * 512 - data.length));
      pos = oldEnd;
    }
    out.bytes(b.subarray(pos));
    return out.join();
  }
}

// ---- The run (sections 6.11 and 6.11.4) ----

/** The entry of one match in the report's `member.members`. */
function entry(name: string, seed: number, before: Uint8Array, after: Uint8Array, r: Report): Record<string, unknown> {
  const common = Math.min(before.length, after.length);
  let changed = Math.max(before.length, after.length) - common;
  for (let i = 0; i < common; i++) if (before[i] !== after[i]) changed++;
  const f: Record<string, unknown> = {
    name,
    seed,
    original_size: before.length,
    result_size: after.length,
    changed_bytes: changed,
    format: r.format,
    strategy: r.strategy,
    recipe: r.recipe,
  };
  const keys = Object.keys(r);
  const from = keys.indexOf('guarantee') + 1;
  const to = keys.indexOf('sha256_before');
  for (const k of keys.slice(from, to)) f[k] = (r as unknown as Record<string, unknown>)[k];
  f.sha256_before = r.sha256_before;
  f.sha256_after = r.sha256_after;
  if (r.hits !== undefined) f.hits = r.hits;
  if (r.expect_overall !== undefined) f.expect_overall = r.expect_overall;
  return f;
}

export function runMember(
  input: Uint8Array,
  glob: string,
  seed: number,
  options: CorruptOptions,
  rangesText: string | undefined,
  corrupt: CorruptMember,
): MemberOutcome {
  if (glob === '') throw new Error('The member glob is empty');
  const zip = Zip.find(input);
  const tar = zip ? undefined : Tar.find(input);
  if (!zip && !tar) {
    throw new Error(
      'Member corruption needs a ZIP or tar archive: this file has no ZIP end of central directory record and does not start with a tar header',
    );
  }
  const names: [number, string][] = zip
    ? zip.entries.flatMap((e, i): [number, string][] => (e.name.endsWith('/') ? [] : [[i, e.name]]))
    : tar!.entries.map((e, i): [number, string] => [i, e.name]);
  const matched = names.filter(([, name]) => globMatches(glob, name));
  if (matched.length === 0) {
    const total = names.length;
    if (total === 0) throw new Error(`No member matches "${glob}": the archive has no members`);
    const listed = names.slice(0, LISTED).map(([, n]) => n);
    const more = total > LISTED ? `, and ${total - LISTED} more` : '';
    throw new Error(`No member matches "${glob}": the archive's ${total} members are ${listed.join(', ')}${more}`);
  }
  const inner: CorruptOptions = { ...options, member: undefined };
  const replaced = new Map<number, Uint8Array>();
  const entries: Record<string, unknown>[] = [];
  const summed: Record<string, number> = {};
  let allowed = 0;
  const changed: MemberChange[] = [];
  matched.forEach(([i, name], k) => {
    const content = zip ? zip.content(i) : tar!.content(i);
    const base = name.slice(name.lastIndexOf('/') + 1);
    const s = seed + k;
    const { data, report } = corrupt(content, base, s, inner);
    allowed += report.allowed_bytes ?? 0;
    for (const [key, count] of Object.entries(report.checksums_fixed ?? {})) summed[key] = (summed[key] ?? 0) + count;
    const e = entry(name, s, content, data, report);
    entries.push(e);
    const header = zip ? zip.entries[i].lho : tar!.entries[i].header;
    changed.push({ header, changedBytes: e.changed_bytes as number, expect: report.expect_overall });
    replaced.set(i, data);
  });
  const data = zip ? zip.rebuild(replaced) : tar!.rebuild(replaced);
  const kind = zip ? 'ZIP' : 'tar';
  const how = zip
    ? 'they are stored uncompressed with their new CRC-32 and sizes, every other member is copied byte for byte, and the central directory is rewritten'
    : "their data is replaced in place, with the header's size and checksum rewritten where the length changed, and every other member is copied byte for byte";
  const recipe = `Corrupted ${matched.length} of the ${names.length} members of this ${kind} archive that match "${glob}", each as a file of its own with seed ${seed} onward; ${how}.`;
  const fields: Record<string, unknown> = {
    member: { glob, archive: kind.toLowerCase(), members_total: names.length, members: entries },
  };
  if (rangesText !== undefined) {
    fields.ranges = rangesText;
    fields.allowed_bytes = allowed;
  }
  if (options.fixChecksums === true) fields.checksums_fixed = summed;
  return { data, fields, recipe, changed };
}

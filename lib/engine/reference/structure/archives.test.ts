// The zip, tar, gzip and elf walks (docs/contract.md, sections 14.3.2 to 14.3.5): the TypeScript
// engine must give, byte for byte, the maps the Rust engine wrote to tests/golden/structure/maps.json
// for the inputs beside it (engine-rs/core/src/structure/archive_tests.rs), and hostile inputs must
// finish fast with every byte covered.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Family } from '../tables.ts';
import { MAX_WALK_REGIONS, type Region, structureMapOfBytes } from './index.ts';
import { Tally } from './hits.ts';
import { name } from './read.ts';
import { WHY } from './why.ts';

const GOLDEN = join(import.meta.dirname, '../../../../tests/golden/structure');
const golden = JSON.parse(readFileSync(join(GOLDEN, 'maps.json'), 'utf8')) as Record<string, unknown[][]>;
const input = (file: string) => new Uint8Array(readFileSync(join(GOLDEN, 'inputs', file)));

/** Damaged copies, as archive_tests.rs makes them: copy k flips 3 bytes chosen by xorshift32 (seed k + 1). */
const DAMAGED = 4;
function damaged(bytes: Uint8Array, k: number): Uint8Array {
  const out = bytes.slice();
  let x = k + 1;
  for (let i = 0; i < 3; i++) {
    x = (x ^ (x << 13)) >>> 0;
    x = (x ^ (x >>> 17)) >>> 0;
    x = (x ^ (x << 5)) >>> 0;
    if (out.length > 0) out[x % out.length] ^= (x >>> 24) | 1;
  }
  return out;
}

function familyOf(file: string): Family {
  const ext = file.split('.').pop();
  if (ext === 'zip' || ext === 'docx' || ext === 'jar') return 'zip';
  if (ext === 'tar') return 'tar';
  if (ext === 'gz') return 'gzip';
  return 'generic';
}

function covers(map: Region[], n: number) {
  let at = 0;
  for (const r of map) {
    expect(r.start).toBe(at);
    expect(r.end).toBeGreaterThan(r.start);
    at = r.end;
  }
  expect(at).toBe(n);
  expect(map.length).toBeLessThanOrEqual(2 * MAX_WALK_REGIONS + 1);
}

const find = (map: Region[], path: string) => {
  const r = map.find((x) => x.path === path);
  if (!r) throw new Error(`no ${path} in ${map.map((x) => x.path).join(', ')}`);
  return r;
};

function quick(family: Family, bytes: Uint8Array): Region[] {
  const t = performance.now();
  const map = structureMapOfBytes(family, bytes);
  expect(performance.now() - t).toBeLessThan(3000);
  covers(map, bytes.length);
  return map;
}

describe('archive and ELF walks', () => {
  const files = readdirSync(join(GOLDEN, 'inputs')).sort();

  it('has an input for every golden map and the reverse', () => {
    expect(
      Object.keys(golden)
        .filter((k) => !k.includes('~'))
        .sort(),
    ).toEqual(files);
    expect(files.length).toBeGreaterThanOrEqual(15);
  });

  for (const file of files) {
    it(`gives the Rust engine's map for ${file}`, () => {
      const bytes = input(file);
      const map = structureMapOfBytes(familyOf(file), bytes);
      covers(map, bytes.length);
      expect(map.map((r) => [r.path, r.start, r.end, r.role])).toEqual(golden[file]);
      for (let k = 0; k < DAMAGED; k++) {
        const copy = damaged(bytes, k);
        const map = structureMapOfBytes(familyOf(file), copy);
        covers(map, copy.length);
        expect(
          map.map((r) => [r.path, r.start, r.end, r.role]),
          `${file}~${k}`,
        ).toEqual(golden[`${file}~${k}`]);
      }
    });
  }

  it('decodes names as Rust String::from_utf8_lossy does, BOM kept', () => {
    const cases: [number[], string][] = [
      [[0xef, 0xbb, 0xbf, 0x61], '\ufeffa'],
      [[0xed, 0xa0, 0x80], '\ufffd\ufffd\ufffd'],
      [[0xf0, 0x9f, 0x98], '\ufffd'],
      [[0xf0, 0x9f, 0x98, 0x41], '\ufffdA'],
      [[0xc0, 0xaf], '\ufffd\ufffd'],
      [[0xf4, 0x90, 0x80, 0x80], '\ufffd\ufffd\ufffd\ufffd'],
      [[0xe2, 0x82, 0xac], '\u20ac'],
    ];
    for (const [bytes, want] of cases) expect(name(Uint8Array.from(bytes))).toBe(want);
    const map = structureMapOfBytes('zip', input('names.zip'));
    find(map, 'zip:member[\ufeff\ufffd\ufffd\ufffd\ufffd\ufffd.txt]/data');
    find(map, 'zip:member[q]x/[y].txt]/data');
  });

  it('maps /bin/true when the machine has it', () => {
    if (!existsSync('/bin/true')) return;
    const bytes = new Uint8Array(readFileSync('/bin/true'));
    const map = structureMapOfBytes('generic', bytes);
    covers(map, bytes.length);
    find(map, 'elf:section[.text]');
    find(map, 'elf:program_headers');
  });

  it('finishes fast on hostile inputs', () => {
    // 60,000 central entries naming one stored entry of the archive's whole length.
    const z: number[] = [0x50, 0x4b, 3, 4, ...new Array(26).fill(0)];
    const cd = z.length;
    for (let i = 0; i < 60000; i++)
      z.push(0x50, 0x4b, 1, 2, ...new Array(16).fill(0), 255, 255, 255, 255, ...new Array(22).fill(0));
    const size = z.length - cd;
    z.push(0x50, 0x4b, 5, 6, 0, 0, 0, 0, 0x60, 0xea, 0x60, 0xea);
    z.push(size & 255, (size >> 8) & 255, (size >> 16) & 255, size >>> 24, cd, 0, 0, 0, 0, 0);
    expect(quick('zip', Uint8Array.from(z)).map((r) => r.path)).toEqual([
      'zip:member[]/local_header',
      'zip:member[]/data',
    ]);

    // gzip: 200,000 empty stored blocks, then a member whose name never ends.
    const g = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3];
    for (let i = 0; i < 200000; i++) g.push(0, 0, 0, 0xff, 0xff);
    g.push(1, 0, 0, 0xff, 0xff, ...new Array(8).fill(0), 0x1f, 0x8b, 8, 8, 0, 0, 0, 0, 0, 3);
    const gz = new Uint8Array(g.length + (1 << 20)).fill(0x61);
    gz.set(g);
    expect(quick('gzip', gz).at(-1)?.path).toBe('gzip:member#1/name');

    // ELF: 65,535 sections whose names all point into one run without 0x00.
    const shoff = 64 + 65536;
    const e = new Uint8Array(shoff + 65535 * 64);
    const v = new DataView(e.buffer);
    e.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
    v.setBigUint64(40, BigInt(shoff), true);
    v.setUint16(58, 64, true);
    v.setUint16(60, 65535, true);
    e.fill(0x78, 64, shoff);
    for (let i = 0; i < 65535; i++) {
      const s = shoff + i * 64;
      e[s + 4] = 3;
      v.setBigUint64(s + 24, 64n, true);
      v.setBigUint64(s + 32, 65536n, true);
    }
    const map = quick('generic', e);
    find(map, `elf:section[${'x'.repeat(4096)}]#0`);
  });
});

describe('unchecked spots of layout regions (section 14.2)', () => {
  /** The expectation and `why` of a one-byte change to `after` at `at`, as hits.rs's test has it. */
  function one(family: Family, bytes: Uint8Array, at: number, after: number): [string, string] {
    const t = new Tally(structureMapOfBytes(family, bytes));
    t.diff(at, bytes.subarray(at, at + 1), Uint8Array.of(after));
    const h = t.hits().at(-1);
    return [h?.expect ?? '', h?.why ?? ''];
  }

  it('lets an ELF header change where no reader checks: the ABI bytes, e_version, e_entry', () => {
    for (const [file, entryEnd] of [
      ['tiny.elf', 32],
      ['be32.elf', 28],
    ] as const) {
      const elf = input(file);
      const e = (at: number) => one('generic', elf, at, elf[at] ^ 0x10);
      for (let at = 7; at < 16; at++) expect(e(at), `${file} +${at}`).toEqual(['may_accept', WHY.elf_info]);
      for (let at = 20; at < entryEnd; at++) expect(e(at), `${file} +${at}`).toEqual(['may_accept', WHY.elf_info]);
      for (const at of [0, 3, 4, 5, 6]) expect(e(at), `${file} +${at}`).toEqual(['reject', WHY.magic]);
      for (const at of [16, 18, entryEnd, entryEnd + 4])
        expect(e(at), `${file} +${at}`).toEqual(['reject', WHY.layout]);
    }
  });

  it("lets an ELF symbol's value, size and visibility change; its name, info and section index are layout", () => {
    const elf = input('tiny.elf');
    const symtab = structureMapOfBytes('generic', elf).find((r) => r.path === 'elf:section[.symtab]')?.start ?? -1;
    const e = (at: number) => one('generic', elf, at, elf[at] ^ 0x10);
    for (const entry of [0, 24, 48]) {
      for (const rel of [5, 8, 15, 16, 23]) expect(e(symtab + entry + rel)).toEqual(['may_accept', WHY.elf_info]);
      for (const rel of [0, 3, 4, 6, 7]) expect(e(symtab + entry + rel)).toEqual(['reject', WHY.layout]);
    }
  });

  it('decides a zip header by which bytes changed', () => {
    const zip = input('two-members.zip');
    const map = structureMapOfBytes('zip', zip);
    const central = map.find((r) => r.path.startsWith('zip:central['))?.start ?? -1;
    const local = map.find((r) => r.path.endsWith('/local_header'))?.start ?? -1;
    const z = (at: number) => one('zip', zip, at, zip[at] ^ 0x10);
    for (const rel of [4, 5, 12, 13, 14, 15, 36, 37, 38, 39, 40, 41])
      expect(z(central + rel)).toEqual(['may_accept', WHY.zip_info]);
    for (const rel of [10, 11, 12, 13]) expect(z(local + rel)).toEqual(['may_accept', WHY.zip_info]);
    for (const rel of [0, 6, 8, 10, 16, 20, 24, 28, 30, 32, 34, 42, 46])
      expect(z(central + rel)).toEqual(['reject', WHY.layout]);
    for (const rel of [0, 4, 6, 8, 14, 18, 22, 26, 28, 30]) expect(z(local + rel)).toEqual(['reject', WHY.layout]);
    const t = new Tally(map);
    t.span(local + 10, local + 11);
    expect(t.hits()[0].expect).toBe('reject');
  });

  it('decides gzip FLG by which bits changed', () => {
    const gz = input('one.gz');
    expect(gz[3] & 2).toBe(0);
    expect(one('gzip', gz, 3, gz[3] ^ 0x01)).toEqual(['may_accept', WHY.gzip_ftext]);
    expect(one('gzip', gz, 3, gz[3] ^ 0x03)[0]).toBe('reject');
    expect(one('gzip', gz, 2, 9)[0]).toBe('reject');
  });

  it('decides a GIF packed-fields byte by which bits changed', () => {
    const gif = new Uint8Array(readFileSync(join(GOLDEN, 'media', 'anim.gif')));
    const flags = gif[10];
    expect(one('gif', gif, 10, flags ^ 0x70)).toEqual(['may_accept', WHY.gif_bits]);
    expect(one('gif', gif, 10, flags ^ 0x08)[0]).toBe('may_accept');
    expect(one('gif', gif, 10, flags ^ 0x80)[0]).toBe('reject');
    expect(one('gif', gif, 10, flags ^ 0x01)[0]).toBe(flags & 0x80 ? 'reject' : 'may_accept');
  });
});

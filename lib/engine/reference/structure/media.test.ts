// The walks of docs/contract.md section 14.3 beyond PNG: the golden maps of
// tests/golden/structure/media.json, which the Rust core checks too (engine-rs/core/src/structure/
// tests.rs), so both engines give the same map byte for byte; real samples; hostile inputs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Family } from '../tables.ts';
import { Tally } from './hits.ts';
import { structureMapOfBytes } from './index.ts';
import { MAX_WALK_REGIONS, type Region, StructureMap } from './map.ts';
import { codeName } from './read.ts';
import { WHY } from './why.ts';

const GOLDEN = path.join(import.meta.dirname, '../../../../tests/golden/structure');

interface Case {
  name: string;
  family: Family;
  file?: string;
  hex?: string;
  cut?: number;
  edits?: [string, number, number | string][];
  map: [string, number, number, string][];
}

function input(c: Case): Uint8Array {
  const bytes = c.file
    ? new Uint8Array(readFileSync(path.join(GOLDEN, c.file)))
    : Uint8Array.from((c.hex as string).match(/../g) ?? [], (h) => Number.parseInt(h, 16));
  const out = [...(c.cut === undefined ? bytes : bytes.subarray(0, c.cut))];
  // Damage, in order: ["set", at, byte], ["delete", at, len], ["insert", at, hex].
  for (const [op, at, arg] of c.edits ?? []) {
    if (op === 'set') out[at] = arg as number;
    else if (op === 'delete') out.splice(at, arg as number);
    else if (op === 'insert')
      out.splice(at, 0, ...((arg as string).match(/../g) ?? []).map((h) => Number.parseInt(h, 16)));
    else throw new Error(`edit ${op}`);
  }
  return Uint8Array.from(out);
}

const sample = (name: string) => new Uint8Array(readFileSync(path.join(GOLDEN, 'media', name)));
const find = (map: Region[], p: string) => {
  const r = map.find((x) => x.path === p);
  if (!r) throw new Error(`${p} not in ${map.map((x) => x.path).join(' ')}`);
  return r;
};

function covers(map: Region[], n: number): void {
  let at = 0;
  for (const r of map) {
    expect(r.start).toBe(at);
    expect(r.end).toBeGreaterThan(r.start);
    at = r.end;
  }
  expect(at).toBe(n);
}

describe('structure walks', () => {
  const cases: Case[] = JSON.parse(readFileSync(path.join(GOLDEN, 'media.json'), 'utf8')).cases;

  it('give the golden maps the Rust core gives', () => {
    expect(cases.length).toBeGreaterThan(50);
    for (const c of cases) {
      const got = structureMapOfBytes(c.family, input(c)).map((r) => [r.path, r.start, r.end, r.role]);
      expect(got, c.name).toEqual(c.map);
    }
  });

  it('walk real samples to their end', () => {
    for (const [name, family, last] of [
      ['photo.jpg', 'jpeg', 'jpeg:EOI'],
      ['anim.gif', 'gif', 'gif:trailer'],
      ['lossy.webp', 'webp', 'webp:VP8/data'],
      ['tone.wav', 'wav', 'wav:data/data'],
      ['tone.flac', 'flac', 'flac:frame#4/crc16'],
      ['updated.pdf', 'pdf', 'pdf:startxref#1/eof'],
    ] as const) {
      const bytes = sample(name);
      const map = structureMapOfBytes(family, bytes);
      covers(map, bytes.length);
      expect(
        map
          .slice(-2)
          .map((r) => r.path)
          .includes(last),
        name,
      ).toBe(true);
    }
  });

  it('names JPEG markers, RIFF chunks, ISO-BMFF boxes, Ogg pages and FLAC frames', () => {
    const jpeg = structureMapOfBytes('jpeg', sample('progressive.jpg'));
    expect(find(jpeg, 'jpeg:SOF2/length').role).toBe('layout');
    expect(find(jpeg, 'jpeg:SOS#1/entropy').role).toBe('payload');
    const avi = structureMapOfBytes('avi', sample('clip.avi'));
    expect(find(avi, 'avi:LIST[hdrl]/LIST[strl]/strh/data').role).toBe('payload');
    const mp4 = structureMapOfBytes('isobmff', sample('clip.mp4'));
    expect(find(mp4, 'isobmff:moov/trak/mdia/minf/stbl/stsd/type').role).toBe('magic');
    const ogg = structureMapOfBytes('ogg', sample('tone.ogg'));
    expect(find(ogg, 'ogg:page#1/crc')).toMatchObject({ role: 'checksum' });
    const flac = structureMapOfBytes('flac', sample('tone.flac'));
    expect(find(flac, 'flac:frame#0/crc8').end - find(flac, 'flac:frame#0/crc8').start).toBe(1);
    expect(codeName(Uint8Array.from([0x56, 0x50, 0x38, 0x20]))).toBe('VP8');
    expect(codeName(new Uint8Array(4).fill(0x20))).toBe('%20%20%20%20');
    expect(codeName(Uint8Array.from([0xa9, 0x2f, 0x23, 0x2a]))).toBe('%A9%2F%23%2A');
  });

  it('numbers child units within their parent', () => {
    const m = new StructureMap('x', 10);
    const a = m.unit('a') as number;
    const b = m.unit('a') as number;
    const units = [a, b, m.child(a, 'c') as number, m.child(b, 'c') as number, m.child(b, 'c') as number];
    units.forEach((u, i) => {
      m.field(u, 'f', i, i + 1, 'payload');
    });
    expect(
      m
        .finish()
        .slice(0, 5)
        .map((r) => r.path),
    ).toEqual(['x:a#0/f', 'x:a#1/f', 'x:a#0/c/f', 'x:a#1/c#0/f', 'x:a#1/c#1/f']);
  });

  it('finish hostile inputs in linear time and cover every byte', () => {
    const N = 4 << 20;
    const repeat = (part: number[], len: number) => {
      const out = new Uint8Array(len);
      for (let i = 0; i < len; i++) out[i] = part[i % part.length];
      return out;
    };
    const text = (s: string) => [...s].map((c) => c.charCodeAt(0));
    const join = (...parts: (number[] | Uint8Array)[]) => {
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    };
    const cases: [Family, Uint8Array][] = [
      ['jpeg', join([0xff, 0xd8, 0xff, 0xda, 0, 2], repeat([0xff], N))],
      ['jpeg', join([0xff, 0xd8, 0xff, 0xda, 0, 2], repeat([0xff, 0], N))],
      ['gif', join(text('GIF89a'), [1, 0, 1, 0, 0, 0, 0, 0x21, 0xfe], repeat([1, 0x41], N))],
      ['avi', join(text('RIFF'), [255, 255, 255, 255], text('AVI '), repeat(text('LIST\xff\xff\xff\xffhdrl'), N))],
      ['isobmff', repeat([0, 0, 0, 0, ...text('moov')], N / 2)],
      ['isobmff', repeat([0, 0, 0, 8, ...text('free')], N)],
      ['ogg', repeat(text('OggS'), N)],
      ['flac', join(text('fLaC'), [0x80, 0, 0, 0x22], new Uint8Array(34), repeat([0xff, 0xf8, 0x69, 0x08, 0], N))],
      ['pdf', join(text('%PDF-1.4\n'), repeat(text('1 0 obj '), N))],
      ['pdf', repeat(text('x'), N)],
      ['pdf', join(text('1 0 obj stream\n'), repeat(text('endstreaendstreamm'), N))],
    ];
    for (const [family, bytes] of cases) {
      const t = performance.now();
      const map = structureMapOfBytes(family, bytes);
      covers(map, bytes.length);
      expect(map.length).toBeLessThanOrEqual(2 * MAX_WALK_REGIONS + 1);
      expect(performance.now() - t, family).toBeLessThan(10_000);
    }
  });
});

describe('ISO-BMFF: the type of a box the file does not need is an unchecked spot (section 14.3.9)', () => {
  /** The expectation and `why` of a one-byte change at the type of the box `type` (its first occurrence after `from`). */
  function typeChange(name: string, type: string, from = 0): [string, string] {
    const bytes = sample(name);
    const at = Buffer.from(bytes).indexOf(type, from, 'latin1');
    if (at < 4) throw new Error(`${name} has no ${type}`);
    const t = new Tally(structureMapOfBytes('isobmff', bytes));
    t.diff(at, bytes.subarray(at, at + 1), Uint8Array.of(0x58)); // 'X': still four printable characters
    const h = t.hits().at(-1);
    return [h?.expect ?? '', h?.why ?? ''];
  }

  it('mdat, free and QuickTime minf/hdlr may be skipped; ftyp, moov, tkhd, stbl tables may not', () => {
    // mp4box.js and ffmpeg open these files (tests/parsers/strict.py's aimed cases).
    expect(typeChange('clip.mp4', 'mdat')).toEqual(['may_accept', WHY.isobmff_optional]);
    expect(typeChange('clip.mp4', 'free')).toEqual(['may_accept', WHY.isobmff_optional]);
    const mov = sample('clip.mov');
    const minf = Buffer.from(mov).indexOf('minf', 0, 'latin1');
    expect(typeChange('clip.mov', 'hdlr', minf)).toEqual(['may_accept', WHY.isobmff_optional]);
    for (const needed of ['ftyp', 'moov', 'mvhd', 'tkhd', 'mdhd', 'stsd', 'stco']) {
      expect(typeChange('clip.mp4', needed), needed).toEqual(['reject', WHY.magic]);
    }
    expect(typeChange('tiny.heic', 'iloc')).toEqual(['reject', WHY.magic]);
  });
});

import { describe, expect, it } from 'vitest';
import { flipRegion } from './flip.ts';
import { recipeContext, recipeFor } from './recipes/index.ts';
import {
  be,
  clamp,
  invert,
  killStartCodes,
  killSyncs,
  le,
  overwriteAll,
  overwriteSignatures,
  scatter,
  scatterCount,
  zero,
} from './recipes/prims.ts';
import { POISON, STRUCTURAL } from './recipes/text.ts';
import { FAMILIES, STRATEGIES } from './tables.ts';

const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('recipe building blocks', () => {
  it('scatterCount is floor((n - h) * intensity / 500)', () => {
    expect(scatterCount(1000, 0, 1)).toBe(2);
    expect(scatterCount(1000, 0, 100)).toBe(200);
    expect(scatterCount(1000, 16, 100)).toBe(196);
    expect(scatterCount(10, 16, 100)).toBe(0);
  });

  it('scatter flips with the flip algorithm and returns its count', () => {
    const a = Uint8Array.from({ length: 5000 }, (_, i) => i & 255);
    const b = a.slice();
    expect(scatter(a, 10, 50, 3)).toBe(499);
    flipRegion(b, 10, 499, 3);
    expect(a).toEqual(b);
  });

  it('overwriteAll scans left to right without overlap', () => {
    const b = ascii('aaaab');
    expect(overwriteAll(b, ascii('aa'), 0)).toBe(2);
    expect(Array.from(b)).toEqual([0, 0, 0, 0, 0x62]);
    const c = ascii('xobjyobj');
    expect(overwriteAll(c, [0x6f, 0x62, 0x6a], 0x20)).toBe(2);
    expect(new TextDecoder().decode(c)).toBe('x   y   ');
    const d = ascii('ababa');
    expect(overwriteAll(d, ascii('aba'), 0x2e)).toBe(1);
    expect(new TextDecoder().decode(d)).toBe('...ba');
    expect(overwriteAll(ascii('ab'), ascii('abc'), 0)).toBe(0);
    expect(overwriteAll(ascii('ab'), [], 0)).toBe(0);
  });

  it('overwriteSignatures takes the first listed match at each position', () => {
    const sig = (s: string, fill = 0) => ({ bytes: ascii(s), fill });
    const b = ascii('xmoov moov');
    expect(overwriteSignatures(b, [sig('moov'), sig('xmoo')])).toBe(2);
    expect(Array.from(b)).toEqual([0, 0, 0, 0, 0x76, 0x20, 0, 0, 0, 0]);
    // Each signature gets its own fill byte.
    const pe = ascii('PEPE\0\0');
    expect(overwriteSignatures(pe, [sig('PE\0\0', 0xff)])).toBe(1);
    expect(Array.from(pe)).toEqual([0x50, 0x45, 0xff, 0xff, 0xff, 0xff]);
    expect(overwriteSignatures(new Uint8Array(0), [sig('PK')])).toBe(0);
    expect(overwriteSignatures(ascii('P'), [sig('PK')])).toBe(0);
    expect(overwriteSignatures(ascii('PK'), [sig(''), sig('PK')])).toBe(1);
  });

  it('killSyncs judges pairs on the bytes before the step', () => {
    const a = Uint8Array.of(0xff, 0xff, 0xe0, 0xff, 0x10, 0xff);
    expect(killSyncs(a, 0xe0, 0xff)).toBe(2);
    expect(Array.from(a)).toEqual([0x00, 0x00, 0xe0, 0xff, 0x10, 0xff]);
    const b = Uint8Array.of(0xff, 0xd8, 0xff, 0x00, 0xff, 0xff);
    expect(killSyncs(b, 0xc0, 0xfe)).toBe(1);
    expect(Array.from(b)).toEqual([0x00, 0xd8, 0xff, 0x00, 0xff, 0xff]);
  });

  it('killStartCodes sets the third byte of 00 00 01 and 00 00 80-83 to 0x02', () => {
    const b = Uint8Array.of(0, 0, 1, 0, 0, 0x83, 0, 0, 0x84, 0, 0, 0, 1, 0, 0);
    expect(killStartCodes(b)).toBe(3);
    expect(Array.from(b)).toEqual([0, 0, 2, 0, 0, 2, 0, 0, 0x84, 0, 0, 0, 2, 0, 0]);
  });

  it('le, be and clamp never go past the end', () => {
    const b = Uint8Array.of(1, 2, 3, 4);
    expect(le(b, 0, 4)).toBe(0x04030201n);
    expect(be(b, 1, 3)).toBe(0x020304n);
    expect(le(b, 2, 3)).toBeUndefined();
    expect(be(b, 0xffff_ffff_ffff_ffffn, 2)).toBeUndefined();
    expect(le(new Uint8Array(8).fill(0xff), 0, 8)).toBe(0xffff_ffff_ffff_ffffn);
    expect(clamp(10, 8, 5)).toEqual([8, 2]);
    expect(clamp(10, 0xffff_ffff_ffff_ffffn, 0xffff_ffff_ffff_ffffn)).toEqual([10, 0]);
    const z = new Uint8Array(3).fill(9);
    zero(z, 2, Number.MAX_SAFE_INTEGER);
    expect(Array.from(z)).toEqual([9, 9, 0]);
    zero(z, 5, 2);
    expect(Array.from(z)).toEqual([9, 9, 0]);
  });

  it('invert is a bitwise NOT clamped to the buffer', () => {
    const b = Uint8Array.of(0x00, 0x0f, 0xf0, 0xff);
    invert(b, 1, 10);
    expect(Array.from(b)).toEqual([0x00, 0xf0, 0x0f, 0x00]);
    invert(b, 9, 3);
    expect(Array.from(b)).toEqual([0x00, 0xf0, 0x0f, 0x00]);
  });
});

describe('the recipe table', () => {
  it("gives every family a recipe under the table's strategy name", () => {
    expect(recipeFor('text').strategy).toBe('text_poison_truncate');
    expect(recipeFor('svg').strategy).toBe('svg_markup_poison');
    for (const family of FAMILIES) expect(recipeFor(family).strategy).toBe(STRATEGIES[family]);
  });

  it('runs the shape row for shape-only families and the own code for the others', () => {
    const input = ascii('PK\x03\x04 IHDR %PDF obj '.repeat(20));
    const sentence = (family: (typeof FAMILIES)[number]) => recipeFor(family).apply(input, recipeContext(5, 0)).recipe;
    expect(sentence('zip')).toMatch(
      /^Scrambled 0 bytes, zeroed the first 4 bytes \(the first local header's signature\), overwrote 19 ZIP/,
    );
    expect(sentence('ico')).toMatch(/, zeroed the \d+-byte icon directory, overwrote \d+ embedded PNG/);
    expect(sentence('svg')).toBe(sentence('text'));
    expect(sentence('generic')).toMatch(/^Inverted the first 16 bytes/);
  });

  it('recipes never modify their input', () => {
    for (const family of FAMILIES) {
      const input = ascii('{"a": [1, 2], "b": "c"}\n'.repeat(40));
      const copy = input.slice();
      recipeFor(family).apply(input, recipeContext(5, 60));
      expect(input).toEqual(copy);
    }
  });
});

describe('text_poison_truncate', () => {
  const apply = (input: Uint8Array, intensity: number, seed = 9) =>
    recipeFor('text').apply(input, recipeContext(seed, intensity));

  it('at intensity 0: no scramble, every structural byte becomes 0xFF, the last max(50, n/10) bytes go, poison in front', () => {
    const input = ascii('name,age;"x"\t|`{}[]()<>:=\'\n'.repeat(100)); // 2700 bytes
    const n = input.length;
    const { data, recipe } = apply(input, 0);
    const structural = input.reduce((c, b) => c + (STRUCTURAL.has(b) ? 1 : 0), 0);
    expect(structural).toBe(18 * 100);
    const kept = input.slice(0, n - 270).map((b) => (STRUCTURAL.has(b) ? 0xff : b));
    expect(data).toEqual(Uint8Array.from([...POISON, ...kept]));
    expect(recipe).toBe(
      `Prepended a NUL and invalid UTF-8 bytes, scrambled 0 bytes, replaced ${structural} delimiter, quote and bracket bytes with 0xFF and cut the last 270 bytes.`,
    );
  });

  it('cuts max(50, n/10) + n*intensity/400 bytes, never more than the file', () => {
    const long = apply(new Uint8Array(10_000).fill(0x61), 100);
    expect(long.data.length).toBe(4 + 10_000 - (1000 + 2500));
    expect(long.recipe).toMatch(/scrambled 2000 bytes, .* cut the last 3500 bytes\.$/);
    const short = apply(ascii('tiny'), 100);
    expect(Array.from(short.data)).toEqual([...POISON]);
    expect(short.recipe).toMatch(/cut the last 4 bytes\.$/);
  });

  it('scrambles first, then destroys structure, so no scrambled byte is left structural', () => {
    const input = new Uint8Array(20_000).fill(0x61);
    const { data } = apply(input, 100, 3);
    expect(data.subarray(4).some((b) => STRUCTURAL.has(b))).toBe(false);
    // 4000 scrambled bytes, of which the 13000 kept bytes hold about 65%.
    const scrambled = data.subarray(4).filter((b) => b !== 0x61).length;
    expect(scrambled).toBeGreaterThan(2400);
    expect(scrambled).toBeLessThanOrEqual(4000);
  });
});

describe('generic_header_damage', () => {
  const apply = (input: Uint8Array, intensity: number, seed = 9) =>
    recipeFor('generic').apply(input, recipeContext(seed, intensity));

  it('flips max(64, n/100) + scatter bytes after 16, then inverts the first 16', () => {
    const input = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 13) & 255);
    const { data, recipe } = apply(input, 50, 21);
    const k = 100 + Math.floor((9984 * 50) / 500);
    const expected = input.slice();
    flipRegion(expected, 16, k, 21);
    for (let i = 0; i < 16; i++) expected[i] = ~expected[i];
    expect(data).toEqual(expected);
    expect(recipe).toBe(`Inverted the first 16 bytes and changed ${k} bytes after them.`);
  });

  it('handles files of 16 bytes or fewer', () => {
    expect(Array.from(apply(Uint8Array.of(1, 2, 3), 100).data)).toEqual([0xfe, 0xfd, 0xfc]);
    expect(apply(new Uint8Array(16), 100).recipe).toBe('Inverted the first 16 bytes and changed 0 bytes after them.');
    expect(apply(new Uint8Array(20), 100).recipe).toBe('Inverted the first 16 bytes and changed 4 bytes after them.');
  });
});

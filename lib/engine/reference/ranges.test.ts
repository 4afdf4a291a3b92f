import { describe, expect, it } from 'vitest';
import { corrupt } from './engine.ts';
import {
  canonicalRange,
  countIn,
  freeBytes,
  parseRange,
  parseRanges,
  rangesText,
  resolveRange,
  subtract,
  unionOf,
} from './ranges.ts';

describe('byte ranges (docs/contract.md, section 6.9)', () => {
  it('parse A:B texts and print them canonically', () => {
    const canon = (t: string) => canonicalRange(parseRange(t));
    expect(canon('0x10:-0X20')).toBe('16:-32');
    expect(canon(':0x200')).toBe(':512');
    expect(canon('-0:')).toBe('-0:');
    expect(canon('007:08')).toBe('7:8');
    expect(canon('9007199254740991:')).toBe('9007199254740991:');
    for (const bad of [
      '',
      '5',
      '1:2:3',
      ' 1:2',
      '+1:2',
      '0x:1',
      '1:0xg',
      '--1:2',
      '1.5:2',
      '9007199254740992:',
      '١:2',
    ]) {
      expect(() => parseRange(bad), bad).toThrow(`Invalid byte range "${bad}": expected A:B`);
    }
    for (const reversed of ['100:50', '-10:-20', '0x20:0x1f']) {
      expect(() => parseRange(reversed)).toThrow(`Invalid byte range "${reversed}": the start is after the end`);
    }
  });

  it('resolve against the length, clamped, negative from the end', () => {
    expect(resolveRange(parseRange('-10:5'), 100)).toEqual([90, 5]);
    expect(resolveRange(parseRange('-200:'), 100)).toEqual([0, 100]);
    expect(resolveRange(parseRange('50:1000'), 100)).toEqual([50, 100]);
    expect(resolveRange(parseRange(':-0'), 100)).toEqual([0, 100]);
  });

  it('make the free bytes: only minus protect, as sorted non-touching spans', () => {
    const r = parseRanges({ only: ['10:20', '15:30', '-5:'], protect: ['12:14', '98:1000'] });
    expect(freeBytes(r, 100)).toEqual([
      [10, 12],
      [14, 30],
      [95, 98],
    ]);
    expect(rangesText(r)).toBe('only 10:20, only 15:30, only -5:, protect 12:14, protect 98:1000');
    expect(
      unionOf([
        [5, 6],
        [6, 9],
        [1, 2],
      ]),
    ).toEqual([
      [1, 2],
      [5, 9],
    ]);
    expect(
      subtract(
        [[0, 10]],
        [
          [0, 3],
          [5, 6],
          [9, 20],
        ],
      ),
    ).toEqual([
      [3, 5],
      [6, 9],
    ]);
  });

  it('keep every byte outside the ranges, and count changes on the bytes that may change', () => {
    const input = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 7) & 0xff);
    for (const mode of ['byte_flip', 'header_preserve_flip', 'bad_sectors', 'bit_rot']) {
      const { data, report } = corrupt(input, 'x.bin', {
        mode,
        intensity: 100,
        seed: 3,
        ranges: { only: ['70000:140000'], protect: ['100000:110000'] },
      });
      for (let i = 0; i < input.length; i++) {
        const free = i >= 70_000 && i < 140_000 && !(i >= 100_000 && i < 110_000);
        if (!free && data[i] !== input[i]) throw new Error(`${mode}: byte ${i} changed outside the ranges`);
      }
      expect(report.allowed_bytes, mode).toBe(60_000);
      expect(report.ranges).toBe('only 70000:140000, protect 100000:110000');
    }
  });

  it('refuse ranges and the fix where the mode takes none, and ranges that leave nothing', () => {
    const input = new Uint8Array(100);
    expect(() =>
      corrupt(input, 'x', { mode: 'shuffle_blocks', intensity: 1, seed: 1, ranges: { only: ['x'] } }),
    ).toThrow(
      'Byte ranges work with byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write, not shuffle_blocks',
    );
    expect(() => corrupt(input, 'x', { mode: 'guaranteed_break', intensity: 1, seed: 1, fixChecksums: true })).toThrow(
      'Keeping checksums valid works with byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write, not guaranteed_break',
    );
    expect(() => corrupt(input, 'x', { mode: 'bit_rot', intensity: 1, seed: 1, ranges: { protect: [':'] } })).toThrow(
      'The byte ranges leave no byte that may change in this 100-byte file',
    );
    expect(() =>
      corrupt(new Uint8Array(4000), 'x', {
        mode: 'header_preserve_flip',
        intensity: 1,
        seed: 1,
        ranges: { only: [':100'] },
      }),
    ).toThrow('The byte ranges leave no byte that may change in this 4000-byte file after its 200-byte header');
  });
});

describe('countIn', () => {
  it('counts as a scan of every span does, by binary search over prefix sums', () => {
    let x = 12345;
    const next = (m: number) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x % m;
    };
    for (let round = 0; round < 50; round++) {
      const set = unionOf(Array.from({ length: next(40) }, () => [next(5000), next(5000)] as const));
      for (let q = 0; q < 100; q++) {
        const [from, to] = [next(5200), next(5200)];
        let scan = 0;
        for (const [a, b] of set) scan += Math.max(0, Math.min(b, to) - Math.max(a, from));
        expect(countIn(set, from, to), `${JSON.stringify(set)} [${from}, ${to})`).toBe(from < to ? scan : 0);
      }
    }
  });
});

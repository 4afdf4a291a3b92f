import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLIPBOARD_UNAVAILABLE,
  SEED_LIMIT,
  copyText,
  displaySeed,
  escapeByte,
  markedRuns,
  randomSeed,
} from './bytes.ts';

describe('seeds', () => {
  it('rejects the one 31-bit value at the limit and keeps the rest', () => {
    const words = [0xffffffff, 0x7fffffff, 0x80000005];
    const source = vi.fn((a: Uint32Array) => {
      a[0] = words.shift()!;
      return a;
    });
    expect(randomSeed(source)).toBe(5);
    expect(source).toHaveBeenCalledTimes(3);
  });
  it('stays below 2147483647 with the real generator', () => {
    for (let i = 0; i < 1000; i++) {
      const seed = randomSeed();
      expect(Number.isInteger(seed) && seed >= 0 && seed < SEED_LIMIT).toBe(true);
    }
  });
  it('shows only the first 8 digits', () => {
    expect(displaySeed(1234567890)).toBe('12345678…');
    expect(displaySeed(12345678)).toBe('12345678');
    expect(displaySeed(42)).toBe('42');
  });
});

describe('preview bytes', () => {
  it('escapes everything but printable ASCII, and doubles backslashes', () => {
    expect([0x41, 0x20, 0x7e, 0x00, 0x0a, 0x7f, 0xff, 0x5c].map(escapeByte)).toEqual([
      'A',
      ' ',
      '~',
      '\\x00',
      '\\x0a',
      '\\x7f',
      '\\xff',
      '\\\\',
    ]);
  });
  it('splits into runs of changed and unchanged bytes by the change flags', () => {
    const after = Uint8Array.from([0x61, 0x62, 0x00, 0x64, 0x65, 0x66, 0x67]);
    expect(markedRuns(after, Uint8Array.from([0, 0, 1, 0, 0, 0, 1]))).toEqual([
      { text: 'ab', changed: false },
      { text: '\\x00', changed: true },
      { text: 'def', changed: false },
      { text: 'g', changed: true },
    ]);
    expect(markedRuns(new Uint8Array(), new Uint8Array())).toEqual([]);
  });
});

describe('copyText', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('fails with the spec message when there is no clipboard', async () => {
    vi.stubGlobal('navigator', {});
    await expect(copyText('x')).rejects.toThrow(CLIPBOARD_UNAVAILABLE);
    expect(CLIPBOARD_UNAVAILABLE).toBe('Clipboard API unavailable in this environment');
  });
  it('writes through the Clipboard API', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await copyText('1234');
    expect(writeText).toHaveBeenCalledWith('1234');
  });
});

describe('parseSeed', () => {
  it('takes whole numbers in the engine range and nothing else', async () => {
    const { parseSeed } = await import('./bytes.ts');
    expect(parseSeed(' 42 ')).toBe(42);
    expect(parseSeed('0')).toBe(0);
    expect(parseSeed('9007199254740991')).toBe(9007199254740991);
    for (const bad of ['', '-1', '1.5', '1e3', '12x', '9007199254740992', '99999999999999999', '0x10'])
      expect(parseSeed(bad)).toBeUndefined();
  });
});

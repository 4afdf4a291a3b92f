import { describe, expect, it } from 'vitest';
import { byteCounts, entropy, round4 } from './entropy.ts';

describe('entropy', () => {
  it('is 0 for empty input, never NaN', () => {
    expect(entropy(new Uint8Array(0))).toBe(0);
  });

  it('is 8 bits for uniform bytes, 0 for one value, 1 for two', () => {
    expect(round4(entropy(Uint8Array.from({ length: 256 }, (_, i) => i)))).toBe(8);
    expect(round4(entropy(new Uint8Array(100).fill(7)))).toBe(0);
    expect(round4(entropy(Uint8Array.from([0, 1])))).toBe(1);
  });

  it('sums -p*log2(p) over byte values 0..255 in order', () => {
    const bytes = Uint8Array.from({ length: 1001 }, (_, i) => (i * i) % 251);
    const counts = new Map<number, number>();
    for (const b of bytes) counts.set(b, (counts.get(b) ?? 0) + 1);
    let h = 0;
    for (let v = 0; v < 256; v++) {
      const c = counts.get(v);
      if (c) h = h - (c / bytes.length) * Math.log2(c / bytes.length);
    }
    expect(entropy(bytes)).toBe(h); // the same order gives the same bits, not just a close value
  });

  it('counts every byte, including the last 1-3 after whole groups of four', () => {
    for (const len of [1, 2, 3, 4, 5, 7, 1025]) {
      const bytes = Uint8Array.from({ length: len }, (_, i) => (i * 37) & 255);
      const counts = byteCounts(bytes);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(len);
      expect(counts[bytes[len - 1]]).toBeGreaterThan(0);
    }
  });
});

describe('round4', () => {
  it('rounds half away from zero, symmetric in sign', () => {
    expect(round4(0.12345)).toBe(0.1235);
    expect(round4(-0.12345)).toBe(-0.1235);
    expect(round4(7.99996)).toBe(8);
    expect(round4(1.23444)).toBe(1.2344);
  });

  it('never gives negative zero', () => {
    expect(Object.is(round4(-0.00001), 0)).toBe(true);
    expect(Object.is(round4(-0), 0)).toBe(true);
    expect(JSON.stringify(round4(-0.00004))).toBe('0');
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatEntropy,
  formatEntropyDelta,
  formatMs,
  formatSeconds,
  formatSize,
  recoverability,
  sizeChange,
} from './format.ts';

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1024.0 KB'],
    [1024 * 1024, '1.00 MB'],
    [15482880, '14.77 MB'],
    [200 * 1024 * 1024, '200.00 MB'],
  ])('%i bytes is %s', (bytes, text) => expect(formatSize(bytes)).toBe(text));
});

describe('sizeChange', () => {
  it('says No change for equal sizes', () => expect(sizeChange(957, 957)).toBe('No change'));
  it('signs growth and shrinkage with one decimal', () => {
    expect(sizeChange(1024, 957)).toBe('-6.5%');
    expect(sizeChange(1000, 1500)).toBe('+50.0%');
    expect(sizeChange(3, 2)).toBe('-33.3%');
  });
  it('gives the added size when the original was empty', () => expect(sizeChange(0, 2048)).toBe('+2.0 KB'));
});

describe('entropy and time', () => {
  it('uses 4 decimals in the report and 3 in telemetry', () => {
    expect(formatEntropy(7.98714, 'report')).toBe('7.9871');
    expect(formatEntropy(7.98714, 'telemetry')).toBe('7.987');
    expect(formatEntropyDelta(0.1637, 'report')).toBe('+0.1637');
    expect(formatEntropyDelta(-0.1637, 'telemetry')).toBe('-0.164');
    expect(formatEntropyDelta(0, 'telemetry')).toBe('+0.000');
  });
  it('gives report times in seconds with 2 decimals and telemetry times in ms with 1', () => {
    expect(formatSeconds(1230)).toBe('1.23 s');
    expect(formatSeconds(4)).toBe('0.00 s');
    expect(formatMs(12.345)).toBe('12.3 ms');
    expect(formatMs(0)).toBe('0.0 ms');
  });
});

describe('recoverability', () => {
  it.each([
    [81, 0, 'Unlikely'],
    [80, 0.51, 'Unlikely'],
    [10, -0.6, 'Unlikely'],
    [80, 0.5, 'Difficult'],
    [51, 0, 'Difficult'],
    [10, 0.21, 'Difficult'],
    [10, -0.3, 'Difficult'],
    [50, 0.2, 'Possible'],
    [1, 0, 'Possible'],
  ])('intensity %i, entropy change %d: %s', (intensity, delta, verdict) => {
    expect(recoverability(intensity, delta)).toBe(verdict);
  });
});

describe('formatCount', () => {
  it('writes whole numbers as en-US does, without Intl', () => {
    for (const n of [
      0,
      7,
      999,
      1000,
      1024,
      65535,
      999999,
      1000000,
      6766018,
      15482880,
      209715200,
      2 ** 53 - 1,
      -1234567,
    ]) {
      expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});

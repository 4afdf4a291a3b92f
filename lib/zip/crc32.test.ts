import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.ts';
import { pseudoRandom } from './testing/bytes.ts';

/** The definition, one bit at a time: the obviously-correct reference the fast version must match. */
function naiveCrc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

const ascii = (s: string) => new TextEncoder().encode(s);

describe('crc32', () => {
  it.each([
    ['', 0x00000000],
    ['a', 0xe8b7be43],
    ['abc', 0x352441c2],
    ['123456789', 0xcbf43926], // the check value of CRC-32/ISO-HDLC
    ['The quick brown fox jumps over the lazy dog', 0x414fa339],
  ])('matches the published value for %j', (text, expected) => {
    expect(crc32(ascii(text))).toBe(expected);
  });

  it('returns unsigned values', () => {
    expect(crc32(new Uint8Array([0xff, 0xff, 0xff, 0xff]))).toBe(0xffffffff);
    expect(crc32(new Uint8Array(32))).toBe(0x190a55ad);
  });

  it('agrees with the bitwise definition for every length around the 16-byte stride, at odd offsets', () => {
    const pool = pseudoRandom(200, 7);
    for (let offset = 0; offset < 5; offset++) {
      for (let length = 0; length <= 70; length++) {
        const view = pool.subarray(offset, offset + length);
        expect(crc32(view), `offset ${offset} length ${length}`).toBe(naiveCrc32(view));
      }
    }
  });

  it('continues across chunk boundaries: crc(a ++ b) = crc(b, crc(a))', () => {
    const data = pseudoRandom(10_000, 99);
    const whole = crc32(data);
    for (const cut of [0, 1, 15, 16, 17, 4096, 9_999, 10_000]) {
      expect(crc32(data.subarray(cut), crc32(data.subarray(0, cut))), `cut at ${cut}`).toBe(whole);
    }
  });

  it('agrees with zlib on a few megabytes of random data', () => {
    const data = pseudoRandom(3 * 1024 * 1024 + 5, 12345);
    expect(crc32(data)).toBe(zlibCrc32(data));
    const unaligned = data.subarray(3, data.length - 2);
    expect(crc32(unaligned)).toBe(zlibCrc32(unaligned));
  });
});

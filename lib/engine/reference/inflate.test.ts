// The reference engine's inflate against zlib's (node:zlib) on streams of every block type.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateRaw } from './inflate.ts';

describe('inflateRaw', () => {
  it('decodes what zlib encodes, at every level, and stops at the limit', () => {
    let x = 7;
    const random = Uint8Array.from({ length: 70_000 }, () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return x & 0xff;
    });
    const text = new TextEncoder().encode('<w:p>hello member</w:p>'.repeat(3000));
    for (const data of [new Uint8Array(0), text, random, random.map((b) => b & 3)]) {
      for (const level of [0, 1, 6, 9]) {
        const packed = deflateRawSync(data, { level });
        expect(Buffer.from(inflateRaw(packed, data.length + 1)).equals(Buffer.from(data)), `level ${level}`).toBe(true);
        if (data.length > 0) expect(inflateRaw(packed, data.length - 1).length).toBe(data.length - 1);
      }
    }
    expect(
      Buffer.from(inflateRaw(deflateRawSync(text, { strategy: 4 }), text.length + 1)).equals(Buffer.from(text)),
    ).toBe(true);
  });

  it('refuses what does not decode', () => {
    const packed = deflateRawSync(new TextEncoder().encode('abc'.repeat(100)));
    expect(() => inflateRaw(packed.subarray(0, packed.length - 2), 1000)).toThrow();
    expect(() => inflateRaw(Uint8Array.of(0x07), 10)).toThrow();
    expect(() => inflateRaw(Uint8Array.of(0x01, 0x05, 0x00, 0x00, 0x00), 10)).toThrow();
  });
});

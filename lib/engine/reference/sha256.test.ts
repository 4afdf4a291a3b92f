import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256.ts';
import { Sequence } from './sequence.ts';

const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('sha256Hex', () => {
  it('gives the FIPS 180-4 example digests', () => {
    expect(sha256Hex(new Uint8Array(0))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex(ascii('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with Node crypto on every length around the padding boundaries and on larger inputs', () => {
    const rng = new Sequence(99, 0n);
    const lengths = [...Array.from({ length: 200 }, (_, i) => i), 1000, 4095, 65536, 1_000_003];
    for (const len of lengths) {
      const bytes = rng.fill(len);
      expect(sha256Hex(bytes), `length ${len}`).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('hashes a view without looking outside it', () => {
    const whole = Uint8Array.from({ length: 300 }, (_, i) => i & 255);
    const view = whole.subarray(17, 250);
    expect(sha256Hex(view)).toBe(createHash('sha256').update(view).digest('hex'));
  });
});

import { describe, expect, it } from 'vitest';
import { chacha8Block, chachaBlock, initialState, keyOfSeed } from './chacha8.ts';
import { ESCALATION_SEQUENCE, high32, low32, PLAN_SEQUENCE, Sequence } from './sequence.ts';

const words = (s: Sequence, count: number): number[] => Array.from({ length: count }, () => s.u32());

describe("ChaCha8 sequences: the contract's known answers (rand_chacha 0.3.1)", () => {
  it('seed 0, sequence 0', () => {
    expect(words(new Sequence(0, PLAN_SEQUENCE), 3)).toEqual([804192318, 3594542985, 3904396159]);
  });
  it('seed 1234567890, sequence 1', () => {
    expect(words(new Sequence(1234567890, 1n), 3)).toEqual([1827269566, 2190482529, 1053545376]);
  });
  it('seed 42, sequence 7', () => {
    expect(words(new Sequence(42, 7n), 3)).toEqual([2725005161, 797486905, 3481845663]);
  });
  it('seed 1234567890, sequence 1, five draws of below(1000)', () => {
    const s = new Sequence(1234567890, 1n);
    expect(Array.from({ length: 5 }, () => s.below(1000))).toEqual([425, 510, 245, 863, 895]);
  });
});

describe('ChaCha8 block function', () => {
  it('has the quarter rounds and word layout of RFC 8439: its ChaCha20 block test vector (2.3.2)', () => {
    // Key 00 01 .. 1f, block counter 1, nonce 00000009 0000004a 00000000 (the RFC's 32-bit counter
    // and 96-bit nonce occupy the same words 12-15 as our 64-bit counter and sequence id).
    const key = new Uint32Array(8);
    for (let i = 0; i < 8; i++) key[i] = (4 * i) | ((4 * i + 1) << 8) | ((4 * i + 2) << 16) | ((4 * i + 3) << 24);
    const state = initialState(key, 0, 0);
    state.set([1, 0x09000000, 0x4a000000, 0], 12);
    const out = new Uint32Array(16);
    chachaBlock(state, out, 20);
    expect(Array.from(out)).toEqual([
      0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3, 0xc7f4d1c7, 0x0368c033, 0x9aaa2204, 0x4e6cd4c3, 0x466482d2,
      0x09aa9f07, 0x05d7c214, 0xa2028bd9, 0xd19c12b5, 0xb94e16de, 0xe883d0cb, 0x4e3c50a2,
    ]);
    expect(state[12]).toBe(2);
  });

  it('carries the 64-bit block counter from word 12 into word 13', () => {
    const state = initialState(keyOfSeed(5), 0, 0);
    state[12] = 0xffffffff;
    chacha8Block(state, new Uint32Array(16));
    expect([state[12], state[13]]).toEqual([0, 1]);
  });

  it('keeps all 53 bits of a seed in key words 0 and 1', () => {
    expect(Array.from(keyOfSeed(Number.MAX_SAFE_INTEGER).subarray(0, 3))).toEqual([0xffffffff, 0x1fffff, 0]);
    expect(Array.from(keyOfSeed(2 ** 32 + 7).subarray(0, 2))).toEqual([7, 1]);
  });

  it('puts the sequence id in words 14 (low half) and 15 (high half)', () => {
    const block = (seed: number, lo: number, hi: number): number[] => {
      const out = new Uint32Array(16);
      chacha8Block(initialState(keyOfSeed(seed), lo, hi), out);
      return Array.from(out);
    };
    expect(words(new Sequence(3, ESCALATION_SEQUENCE), 16)).toEqual(block(3, 0xffffffff, 0xffffffff));
    expect(words(new Sequence(3, 0x1_0000_0005n), 16)).toEqual(block(3, 5, 1));
    expect(words(new Sequence(2 ** 40 + 9, 7n), 16)).toEqual(block(2 ** 40 + 9, 7, 0));
  });
});

describe('draws', () => {
  it('a sequence runs on through consecutive blocks: word 16 is word 0 of block 1', () => {
    const all = words(new Sequence(1234567890, 1n), 48);
    const state = initialState(keyOfSeed(1234567890), 1, 0);
    const out = new Uint32Array(16);
    for (let b = 0; b < 3; b++) {
      chacha8Block(state, out);
      expect(all.slice(16 * b, 16 * b + 16)).toEqual(Array.from(out));
    }
  });

  it('below(1) is always 0 and draws exactly one word', () => {
    const a = new Sequence(9, 3n);
    const b = new Sequence(9, 3n);
    expect(a.below(1)).toBe(0);
    b.u32();
    expect(a.u32()).toBe(b.u32());
  });

  it('fill drops the surplus bytes of the last word and consumes ceil(len/4) words', () => {
    const a = new Sequence(5, 0n);
    const b = new Sequence(5, 0n);
    const bytes = a.fill(6);
    const w0 = b.u32();
    const w1 = b.u32();
    expect(Array.from(bytes)).toEqual([
      w0 & 255,
      (w0 >>> 8) & 255,
      (w0 >>> 16) & 255,
      w0 >>> 24,
      w1 & 255,
      (w1 >>> 8) & 255,
    ]);
    expect(a.u32()).toBe(b.u32());
  });

  it('computes the 64-bit product exactly (checked against BigInt)', () => {
    const cases: [number, number][] = [
      [0xffffffff, 0xffffffff],
      [0xffffffff, 1],
      [0x80000000, 0xfffffffe],
      [123456789, 987654321],
      [0, 0xffffffff],
      [0x0001ffff, 0xffff0001],
    ];
    const s = new Sequence(77, 0n);
    for (let i = 0; i < 2000; i++) cases.push([s.u32(), s.u32() || 1]);
    for (const [x, b] of cases) {
      const m = BigInt(x) * BigInt(b);
      expect(high32(x, b)).toBe(Number(m >> 32n));
      expect(low32(x, b)).toBe(Number(m & 0xffffffffn));
    }
  });

  it('below rejects exactly as Lemire with t = (2^32 - b) mod b, checked against a BigInt version', () => {
    const naiveBelow = (s: Sequence, b: number): number => {
      const B = BigInt(b);
      let m = BigInt(s.u32()) * B;
      if (Number(m & 0xffffffffn) < b) {
        const t = (2n ** 32n - B) % B;
        while ((m & 0xffffffffn) < t) m = BigInt(s.u32()) * B;
      }
      return Number(m >> 32n);
    };
    // Bounds just above 2^31 reject about half the time, so the rejection loop is exercised.
    for (const b of [1, 2, 3, 1000, 65536, 0x80000001, 0xc0000000, 0xffffffff]) {
      const fast = new Sequence(2024, 11n);
      const slow = new Sequence(2024, 11n);
      for (let i = 0; i < 500; i++) expect(fast.below(b)).toBe(naiveBelow(slow, b));
      expect(fast.u32()).toBe(slow.u32());
    }
  });
});

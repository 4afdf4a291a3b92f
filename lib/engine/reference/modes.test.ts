import { describe, expect, it } from 'vitest';
import { CHUNK, chunkShare, flip, flipChunk, flipCount, flipRegion, headerLength } from './flip.ts';
import {
  applyShuffle,
  SHUFFLE_BLOCK_BYTES,
  planShuffle,
  planShuffleWindowed,
  shuffleWindows,
  WINDOW,
} from './shuffle.ts';
import { PLAN_SEQUENCE, Sequence } from './sequence.ts';
import { applyTruncate, planTruncate } from './truncate.ts';

const pattern = (n: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i % 251) & 255);
const changed = (a: Uint8Array, b: Uint8Array): number => a.reduce((c, x, i) => c + (x !== b[i] ? 1 : 0), 0);

describe('flip modes', () => {
  it('keep the headers of docs/contract.md', () => {
    expect([0, 1, 199, 200, 1000, 204_800, 10_000_000].map((n) => headerLength(n, false))).toEqual([
      0, 0, 0, 1, 5, 1024, 1024,
    ]);
    expect([0, 1, 2, 20, 40, 1024, 81_920, 10_000_000].map((n) => headerLength(n, true))).toEqual([
      0, 0, 1, 1, 2, 51, 4096, 4096,
    ]);
  });

  it('change 5% + 45% x intensity/100 of the file, at least 1 and at most the region', () => {
    expect(flipCount(1024, 1019, 80)).toBe(419);
    expect(flipCount(1000, 995, 0)).toBe(50);
    expect(flipCount(1000, 995, 100)).toBe(500);
    expect(flipCount(10, 9, 0)).toBe(1);
    expect(flipCount(1, 1, 100)).toBe(1);
    expect(flipCount(2 ** 32 - 1, 2 ** 32 - 1025, 100)).toBe(2147483647);
  });

  it('apportion k over chunks so the shares sum to k, with exact 64-bit products', () => {
    const cases: [number, number, number][] = [
      [3 * CHUNK + 17, 1000, 12345],
      [2 ** 32 - 1, 1024, 2147483647], // k*(x+L) reaches 2^63: a float product would drift
      [209_715_200, 1024, 104_857_600],
      [CHUNK + 1, 0, 1],
    ];
    for (const [n, h, k] of cases) {
      const m = n - h;
      let sum = 0;
      for (let c = Math.floor(h / CHUNK); c <= Math.floor((n - 1) / CHUNK); c++) {
        const a = Math.max(h, c * CHUNK);
        const len = Math.min(n, (c + 1) * CHUNK) - a;
        const share = chunkShare(k, m, a - h, len);
        const exact = (BigInt(k) * BigInt(a - h + len)) / BigInt(m) - (BigInt(k) * BigInt(a - h)) / BigInt(m);
        expect(share).toBe(Number(exact));
        sum += share;
      }
      expect(sum).toBe(k);
    }
  });

  it('change exactly k distinct bytes after the header (a set may write back the same value)', () => {
    const input = pattern(200_000);
    for (const [intensity, preserve] of [
      [0, false],
      [37, true],
      [100, false],
    ] as const) {
      const out = flip(input, intensity, 99, preserve);
      const c = changed(input, out.data);
      expect(c).toBeLessThanOrEqual(out.ops);
      expect(c * 100).toBeGreaterThanOrEqual(out.ops * 99);
      expect(out.data.subarray(0, out.preserveHeader)).toEqual(input.subarray(0, out.preserveHeader));
    }
  });

  it('choose positions independently of the bytes: the same positions change in any input of the same length', () => {
    const a = new Uint8Array(150_000);
    const b = new Uint8Array(150_000).fill(0x5a);
    flipRegion(a, 700, 40_000, 5);
    flipRegion(b, 700, 40_000, 5);
    // XOR masks are non-zero, so a byte changed in one run is either changed in the other or was set to its own value.
    const inA = a.reduce((s, x) => s + (x !== 0 ? 1 : 0), 0);
    const both = a.reduce((s, x, i) => s + (x !== 0 && b[i] !== 0x5a ? 1 : 0), 0);
    expect(both / inA).toBeGreaterThan(0.99);
  });

  it('process chunks in any order with the same result', () => {
    const n = 5 * CHUNK + 1234;
    const forward = pattern(n);
    flipRegion(forward, 3000, 90_000, 17);
    const backward = pattern(n);
    for (let c = 5; c >= 0; c--) flipChunk(backward, [[3000, n]], 90_000, 17, c, 'flip');
    expect(backward).toEqual(forward);
  });

  it('draw each chunk from sequence 1 + c: chunk 2 alone reproduces by hand', () => {
    const n = 3 * CHUNK;
    const out = new Uint8Array(n);
    flipRegion(out, 0, 30, 8);
    // k = 30 over 3 chunks of equal size: 10 each.
    const expected = new Uint8Array(CHUNK);
    const rng = new Sequence(8, 3n);
    const idx = Array.from({ length: CHUNK }, (_, i) => i);
    for (let j = 0; j < 10; j++) {
      const r = j + rng.below(CHUNK - j);
      [idx[j], idx[r]] = [idx[r], idx[j]];
      const v = rng.u32();
      expected[idx[j]] = v >>> 8 < 5033165 ? v & 255 : 0 ^ (1 + (((v & 255) * 255) >> 8));
    }
    expect(out.subarray(2 * CHUNK)).toEqual(expected);
  });

  it('change the only byte of a one-byte file', () => {
    const out = flip(Uint8Array.of(42), 0, 1, true);
    expect([out.ops, out.preserveHeader]).toEqual([1, 0]);
    expect(out.data[0]).not.toBe(42);
  });
});

describe('truncate_insert', () => {
  it('removes span = n*intensity/200 bytes at a plan-sequence position and inserts plan-sequence bytes', () => {
    const input = pattern(10_000);
    const p = planTruncate(input.length, 30, 4);
    expect(p.removed).toBe(1500);
    const rng = new Sequence(4, PLAN_SEQUENCE);
    expect(p.removeStart).toBe(rng.below(10_000 - 1500 + 1));
    expect(p.inserted.length).toBe(rng.below(1501));
    expect(p.inserted).toEqual(rng.fill(p.inserted.length));
    const out = applyTruncate(input, p);
    expect(out.length).toBe(10_000 - 1500 + p.inserted.length);
    expect(out.subarray(0, p.removeStart)).toEqual(input.subarray(0, p.removeStart));
    expect(out.subarray(p.removeStart, p.removeStart + p.inserted.length)).toEqual(p.inserted);
    expect(out.subarray(p.removeStart + p.inserted.length)).toEqual(input.subarray(p.removeStart + 1500));
  });

  it('removes at least one byte and at most the file', () => {
    expect(planTruncate(10, 0, 1).removed).toBe(1);
    expect(planTruncate(10, 100, 1).removed).toBe(5);
    expect(planTruncate(1, 100, 1)).toMatchObject({ removed: 1, removeStart: 0 });
    expect(planTruncate(0, 100, 1)).toEqual({ removed: 0, removeStart: 0, inserted: new Uint8Array(0) });
  });
});

describe('shuffle_blocks', () => {
  /** The only window's plan (files of at most WINDOW blocks). */
  const only = (n: number, intensity: number, seed: number) => {
    const ws = [...shuffleWindows(planShuffle(n, intensity, seed))];
    return ws[0] ?? { first: 0, slots: [], perm: [] };
  };

  it('moves every chosen block and keeps the tail', () => {
    const input = Uint8Array.from({ length: SHUFFLE_BLOCK_BYTES * 10 + 100 }, (_, i) =>
      Math.floor(i / SHUFFLE_BLOCK_BYTES),
    );
    const p = planShuffle(input.length, 100, 7);
    const w = only(input.length, 100, 7);
    expect(p.shuffled).toBe(5);
    const out = applyShuffle(input, p);
    const moved = Array.from({ length: 10 }, (_, b) => b).filter((b) => out[b * SHUFFLE_BLOCK_BYTES] !== b);
    expect(moved).toEqual(w.slots);
    expect(out.subarray(SHUFFLE_BLOCK_BYTES * 10)).toEqual(input.subarray(SHUFFLE_BLOCK_BYTES * 10));
    expect([...w.perm].sort((x, y) => x - y)).toEqual(w.slots);
  });

  it('moves k = min(nb, max(2, nb*intensity/200)) blocks', () => {
    expect(planShuffle(SHUFFLE_BLOCK_BYTES * 1000, 0, 1).shuffled).toBe(2);
    expect(only(SHUFFLE_BLOCK_BYTES * 1000, 50, 1).slots.length).toBe(250);
    expect(planShuffle(SHUFFLE_BLOCK_BYTES * 2, 100, 1).shuffled).toBe(2);
    expect(planShuffle(SHUFFLE_BLOCK_BYTES * 3, 100, 1).shuffled).toBe(2);
  });

  it('leaves files with fewer than two whole blocks alone', () => {
    for (const n of [0, SHUFFLE_BLOCK_BYTES, SHUFFLE_BLOCK_BYTES * 2 - 1]) {
      const p = planShuffle(n, 100, 7);
      expect(p.shuffled).toBe(0);
      expect(applyShuffle(pattern(n), p)).toEqual(pattern(n));
    }
  });

  it('draws the choice then Sattolo from the plan sequence', () => {
    const w = only(SHUFFLE_BLOCK_BYTES * 6, 80, 1234567890);
    const rng = new Sequence(1234567890, PLAN_SEQUENCE);
    const idx = [0, 1, 2, 3, 4, 5];
    for (let j = 0; j < 2; j++) {
      const r = j + rng.below(6 - j);
      [idx[j], idx[r]] = [idx[r], idx[j]];
    }
    const slots = idx.slice(0, 2).sort((a, b) => a - b);
    expect(w.slots).toEqual(slots);
    // Sattolo with k = 2: the two blocks swap.
    expect(w.perm).toEqual([slots[1], slots[0]]);
  });

  it('plans windows one after another on one plan sequence, as the rule by hand', () => {
    const byHand = (input: Uint8Array, intensity: number, seed: number, window: number) => {
      const nb = Math.floor(input.length / SHUFFLE_BLOCK_BYTES);
      const rng = new Sequence(seed, PLAN_SEQUENCE);
      const out = input.slice();
      let total = 0;
      for (let first = 0; first < nb; first += window) {
        const nbw = Math.min(window, nb - first);
        if (nbw < 2) continue;
        const k = Math.min(nbw, Math.max(2, Math.floor((nbw * intensity) / 200)));
        total += k;
        const idx = Array.from({ length: nbw }, (_, i) => first + i);
        for (let j = 0; j < k; j++) {
          const r = j + rng.below(nbw - j);
          [idx[j], idx[r]] = [idx[r], idx[j]];
        }
        const slots = idx.slice(0, k).sort((x, y) => x - y);
        const perm = slots.slice();
        for (let j = k - 1; j >= 1; j--) {
          const r = rng.below(j);
          [perm[j], perm[r]] = [perm[r], perm[j]];
        }
        slots.forEach((s, j) => {
          out.set(
            input.subarray(perm[j] * SHUFFLE_BLOCK_BYTES, perm[j] * SHUFFLE_BLOCK_BYTES + SHUFFLE_BLOCK_BYTES),
            s * SHUFFLE_BLOCK_BYTES,
          );
        });
      }
      return { out, total };
    };
    const cases: [number, number, number, number, number][] = [
      [10, 100, 3, 100, 7],
      [10, 0, 4, 30, 1],
      [9, 5, 3, 100, 99],
      [7, 1, 2, 1, 5],
      [12, 0, 12, 100, 3],
    ];
    for (const [nb, tail, window, intensity, seed] of cases) {
      const input = Uint8Array.from(
        { length: SHUFFLE_BLOCK_BYTES * nb + tail },
        (_, i) => Math.floor(i / SHUFFLE_BLOCK_BYTES) * 7 + (i % 251),
      );
      const p = planShuffleWindowed(input.length, intensity, seed, window);
      const want = byHand(input, intensity, seed, window);
      expect(applyShuffle(input, p)).toEqual(want.out);
      expect(p.shuffled).toBe(want.total);
    }
  });

  it('plans small windows as the Rust engine does (the same literal in modes/shuffle.rs)', () => {
    expect([...shuffleWindows(planShuffleWindowed(SHUFFLE_BLOCK_BYTES * 30 + 5, 100, 7, 8))]).toEqual([
      { first: 0, slots: [1, 5, 6, 7], perm: [7, 6, 1, 5] },
      { first: 8, slots: [2, 4, 6, 7], perm: [6, 2, 7, 4] },
      { first: 16, slots: [0, 2, 4, 6], perm: [4, 0, 6, 2] },
      { first: 24, slots: [3, 4, 5], perm: [4, 5, 3] },
    ]);
  });

  it('counts k over windows without planning them (20 TiB)', () => {
    const p = planShuffle(20 * 2 ** 40, 100, 1);
    expect(p.blockCount).toBe(5 * 2 ** 30);
    expect(p.shuffled).toBe(5 * 1024 * (WINDOW / 2));
  });
});

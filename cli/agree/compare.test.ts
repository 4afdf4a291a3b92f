// fracture agree's comparison as a value: outputs fed piece by piece against a baseline read at the
// same offsets (the command itself runs as a subprocess in tests/cross-engine/agree.test.ts).
import { describe, expect, it } from 'vitest';
import { Comparison } from './compare.ts';

const baseline = (bytes: Uint8Array) => {
  const reads: [number, number][] = [];
  const read = async (pos: number, len: number) => {
    reads.push([pos, len]);
    return bytes.subarray(pos, pos + len);
  };
  return { read, reads };
};

async function compare(base: Uint8Array, pieces: Uint8Array[]) {
  const b = baseline(base);
  const c = new Comparison(b.read, base.length);
  for (const p of pieces) await c.feed(p);
  await c.finish();
  return { offset: c.offset, bytes: c.bytes, reads: b.reads };
}

const bytes = (n: number, f = (i: number) => i & 255) => Uint8Array.from({ length: n }, (_, i) => f(i));

describe('Comparison', () => {
  const base = bytes(1000);
  it('finds nothing in the same bytes, whatever the pieces', async () => {
    const r = await compare(base, [base.subarray(0, 7), base.subarray(7, 500), base.subarray(500)]);
    expect([r.offset, r.bytes]).toEqual([null, null]);
  });
  it('names the first differing offset and both bytes, in a later piece', async () => {
    const other = base.slice();
    other[613] ^= 0x10;
    other[900] ^= 0x01;
    const r = await compare(base, [other.subarray(0, 600), other.subarray(600)]);
    expect([r.offset, r.bytes]).toEqual([613, [other[613], base[613]]]);
  });
  it('stops reading the baseline once a difference is found', async () => {
    const other = base.slice();
    other[5] = 255;
    const r = await compare(base, [other.subarray(0, 100), other.subarray(100, 200), other.subarray(200)]);
    expect(r.offset).toBe(5);
    expect(r.reads).toEqual([[0, 100]]);
  });
  it('an output longer than the baseline differs where the baseline ends', async () => {
    const longer = bytes(1010);
    const r = await compare(base, [longer.subarray(0, 999), longer.subarray(999)]);
    expect([r.offset, r.bytes]).toEqual([1000, [longer[1000], null]]);
  });
  it('an output shorter than the baseline differs where it ends', async () => {
    const r = await compare(base, [base.subarray(0, 400), base.subarray(400, 990)]);
    expect([r.offset, r.bytes]).toEqual([990, [null, base[990]]]);
  });
  it('an empty output against an empty baseline agrees; against a non-empty one differs at 0', async () => {
    expect((await compare(new Uint8Array(0), [])).offset).toBe(null);
    expect((await compare(base, [])).bytes).toEqual([null, 0]);
  });
});

import { describe, expect, it } from 'vitest';
import { structureMapOfBytes } from './index.ts';
import { MAX_WALK_REGIONS, StructureMap } from './map.ts';

function png(chunks: [string, number[]][]): Uint8Array {
  const out = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  for (const [kind, data] of chunks) {
    const n = data.length;
    out.push(
      n >>> 24,
      (n >>> 16) & 255,
      (n >>> 8) & 255,
      n & 255,
      ...[...kind].map((c) => c.charCodeAt(0)),
      ...data,
      0,
      0,
      0,
      0,
    );
  }
  return Uint8Array.from(out);
}

const paths = (regions: { path: string; start: number; end: number }[]) => regions.map((r) => [r.path, r.start, r.end]);

describe('structure map', () => {
  it('numbers repeated PNG chunks and names the rest trailing', () => {
    const bytes = [
      ...png([
        ['IHDR', Array(13).fill(1)],
        ['IDAT', Array(5).fill(2)],
        ['IDAT', [3, 3]],
        ['IEND', []],
      ]),
    ];
    const map = structureMapOfBytes('png', Uint8Array.from([...bytes, 1, 2, 3]));
    expect(paths(map).slice(0, 6)).toEqual([
      ['png:signature', 0, 8],
      ['png:IHDR/length', 8, 12],
      ['png:IHDR/type', 12, 16],
      ['png:IHDR/data', 16, 29],
      ['png:IHDR/crc', 29, 33],
      ['png:IDAT#0/length', 33, 37],
    ]);
    expect(map.some((r) => r.path === 'png:IDAT#1/data' && r.end - r.start === 2)).toBe(true);
    expect(paths(map).at(-1)).toEqual(['png:trailing', bytes.length, bytes.length + 3]);
  });

  it('covers every byte in order', () => {
    const good = png([
      ['IHDR', Array(13).fill(1)],
      ['IEND', []],
    ]);
    for (const [family, bytes] of [
      ['png', good],
      ['png', good.subarray(0, 20)],
      ['generic', new Uint8Array(10)],
      ['png', new Uint8Array(0)],
    ] as const) {
      let at = 0;
      for (const r of structureMapOfBytes(family, bytes)) {
        expect(r.start).toBe(at);
        expect(r.end).toBeGreaterThan(r.start);
        at = r.end;
      }
      expect(at).toBe(bytes.length);
    }
  });

  it('clips overlaps and names gaps', () => {
    const m = new StructureMap('x', 20);
    const a = m.unit('a') as number;
    const b = m.unit('b') as number;
    m.whole(a, 2, 10, 'payload');
    m.whole(b, 5, 12, 'payload');
    expect(paths(m.finish())).toEqual([
      ['x:gap', 0, 2],
      ['x:a', 2, 10],
      ['x:b', 10, 12],
      ['x:trailing', 12, 20],
    ]);
  });

  it('stops at the cap and names the rest unmapped', () => {
    const m = new StructureMap('x', 1 << 20);
    let p = 0;
    for (let u = m.unit('u'); u !== undefined; u = m.unit('u')) {
      m.whole(u, p, p + 1, 'payload');
      p++;
    }
    const map = m.finish();
    expect(map.length).toBe(MAX_WALK_REGIONS + 1);
    expect(map.at(-1)?.path).toBe('x:unmapped');
    expect(map[0].path).toBe('x:u#0');
  });
});

import { describe, expect, it } from 'vitest';
import { bytesSource, changeMap, nextRun, previousRun, windowAround, type ByteSource } from './changes.ts';

/** The rules of changes.ts written the obvious way: one flag per offset of the longer file. */
function naive(a: Uint8Array, b: Uint8Array) {
  const span = Math.max(a.length, b.length);
  const shorter = Math.min(a.length, b.length);
  let suffix = 0;
  if (a.length !== b.length) while (suffix < shorter && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const aligned = shorter - suffix;
  const flags: boolean[] = [];
  for (let i = 0; i < span; i++) flags.push(i < aligned ? a[i] !== b[i] : i < aligned + span - shorter);
  const runs: { start: number; end: number }[] = [];
  for (let i = 0; i < span; i++) {
    if (flags[i] && (i === 0 || !flags[i - 1])) runs.push({ start: i, end: i });
    if (flags[i]) runs[runs.length - 1].end = i + 1;
  }
  return { span, aligned, flags, runs };
}

/** A small xorshift generator, so every case is reproducible. */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** An original and a corrupted copy: scattered flips, long changed stretches, a cut or an insertion. */
function pair(seed: number) {
  const r = rng(seed);
  const n = Math.floor(r() * 3000);
  const a = new Uint8Array(n).map(() => Math.floor(r() * 4));
  let b = a.slice();
  const density = r();
  for (let i = 0; i < n; i++) if (r() < density * 0.3) b[i] = (b[i] + 1 + Math.floor(r() * 3)) & 3;
  if (n > 10 && r() < 0.3) b.fill(9, Math.floor(r() * n), Math.floor(r() * n));
  const kind = r();
  if (kind < 0.25 && n > 0) {
    const at = Math.floor(r() * n);
    b = Uint8Array.from([...b.subarray(0, at), ...b.subarray(at + Math.floor(r() * (n - at)))]);
  } else if (kind < 0.5) {
    const at = Math.floor(r() * (n + 1));
    const extra = new Uint8Array(Math.floor(r() * 500)).map(() => Math.floor(r() * 4));
    b = Uint8Array.from([...b.subarray(0, at), ...extra, ...b.subarray(at)]);
  }
  return { a, b };
}

describe('changeMap', () => {
  it('agrees with the obvious rules on 400 random pairs, for several segment counts', async () => {
    for (let seed = 1; seed <= 400; seed++) {
      const { a, b } = pair(seed);
      const ref = naive(a, b);
      for (const segments of [1, 7, 256]) {
        const map = await changeMap(bytesSource(a), bytesSource(b), { segments });
        const where = `seed ${seed}, ${segments} segments`;
        expect(map.span, where).toBe(ref.span);
        expect(map.aligned, where).toBe(ref.aligned);
        expect(map.changedBytes, where).toBe(ref.flags.filter(Boolean).length);
        expect(map.runs, where).toBe(ref.runs.length);
        expect(map.firstChange, where).toBe(ref.runs[0]?.start ?? -1);
        for (let s = 0; s < map.changed.length; s++) {
          const lo = Math.floor((s * ref.span) / map.changed.length);
          const hi = Math.floor(((s + 1) * ref.span) / map.changed.length);
          expect(map.changed[s], where).toBe(ref.flags.slice(lo, hi).filter(Boolean).length);
          expect(map.runStarts[s], where).toBe(ref.runs.filter((run) => run.start >= lo && run.start < hi).length);
        }
      }
    }
  });

  it('walks every run forwards and backwards, with its index', async () => {
    for (let seed = 1; seed <= 150; seed++) {
      const { a, b } = pair(seed);
      const ref = naive(a, b);
      const map = await changeMap(bytesSource(a), bytesSource(b), { segments: 13 });
      const forward = [];
      for (let run = await nextRun(map, bytesSource(a), bytesSource(b), 0); run; ) {
        forward.push(run);
        run = await nextRun(map, bytesSource(a), bytesSource(b), run.start + 1);
      }
      expect(forward, `seed ${seed}`).toEqual(ref.runs.map((run, i) => ({ index: i + 1, ...run })));
      const backward = [];
      for (let run = await previousRun(map, bytesSource(a), bytesSource(b), ref.span); run; ) {
        backward.push(run);
        run = await previousRun(map, bytesSource(a), bytesSource(b), run.start);
      }
      expect(backward.reverse(), `seed ${seed}`).toEqual(forward);
    }
  });

  it('marks a cut in the original and an insertion in the result at the same offset', async () => {
    const a = new TextEncoder().encode('0123456789abcdefghij');
    const cut = new TextEncoder().encode('01234XYfghij');
    const map = await changeMap(bytesSource(a), bytesSource(cut));
    // 'fghij' is the common suffix; 56789abcde (10 bytes) became XY: 2 compared, 8 cut.
    expect(map.splice).toEqual({ at: 7, removed: 8, inserted: 0 });
    expect(map.aligned).toBe(7);
    expect(map.changedBytes).toBe(10);
    expect(map.runs).toBe(1);
    const win = await windowAround(map, bytesSource(a), bytesSource(cut), { start: 5, end: 15 });
    expect(win.start).toBe(0);
    expect(Array.from(win.originalChanged).join('')).toBe('00000111111111100000');
    expect(Array.from(win.resultChanged).join('')).toBe('000001100000');
    const grown = await changeMap(bytesSource(cut), bytesSource(a));
    expect(grown.splice).toEqual({ at: 7, removed: 0, inserted: 8 });
  });

  it('finds nothing in identical or empty files', async () => {
    const same = new Uint8Array([1, 2, 3]);
    const map = await changeMap(bytesSource(same), bytesSource(same.slice()));
    expect(map).toMatchObject({ changedBytes: 0, runs: 0, firstChange: -1, splice: null });
    expect(await nextRun(map, bytesSource(same), bytesSource(same), 0)).toBeNull();
    const empty = await changeMap(bytesSource(new Uint8Array()), bytesSource(new Uint8Array()));
    expect(empty).toMatchObject({ span: 0, changed: [], runs: 0, firstChange: -1 });
    const win = await windowAround(empty, bytesSource(new Uint8Array()), bytesSource(new Uint8Array()), null);
    expect(win.original.length + win.result.length).toBe(0);
  });

  it('reads a 64 MiB file with one changed byte by the segments that hold changes', async () => {
    const a = new Uint8Array(64 << 20);
    const b = a.slice();
    b[50_000_123] = 7;
    let read = 0;
    const counted = (bytes: Uint8Array): ByteSource => ({
      size: bytes.length,
      read: (s, e) => {
        read += e - s;
        return bytes.subarray(s, e);
      },
    });
    const map = await changeMap(counted(a), counted(b));
    read = 0;
    const run = await nextRun(map, counted(a), counted(b), 0);
    expect(run).toEqual({ index: 1, start: 50_000_123, end: 50_000_124 });
    // Two segments of about 256 KiB each side at most, not 64 MiB.
    expect(read).toBeLessThan((4 * (64 << 20)) / 256 + 1024);
    const win = await windowAround(map, counted(a), counted(b), run);
    expect(win.start).toBe(50_000_123 - 99);
    expect(win.resultChanged.indexOf(1)).toBe(99);
  });
});

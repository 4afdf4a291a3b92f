import { describe, expect, it } from 'vitest';
import { bytesSource, type ByteSource, changeMapOf } from '../../../lib/engine/host-module/reports.ts';
import { loadOutputsModule } from '../../../lib/engine/host-module/node.ts';
import { naive, pair } from '../../../lib/engine/host-module/testing/pairs.ts';
import { nextRun, previousRun, windowAround } from './change-runs.ts';

const outputs = await loadOutputsModule();
const changeMap = (a: ByteSource, b: ByteSource) => changeMapOf(outputs, a, b);

describe('the preview walking the change map', () => {
  it('walks every run forwards and backwards, with its index', async () => {
    for (let seed = 1; seed <= 150; seed++) {
      const { a, b } = pair(seed);
      const ref = naive(a, b);
      const map = await changeMap(bytesSource(a), bytesSource(b));
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

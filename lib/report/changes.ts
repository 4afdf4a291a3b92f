// Where a corrupted file differs from its original: the change map (how many bytes changed in each
// of a fixed number of segments across the file, how many runs of changed bytes there are, where the
// first one starts) and, for the preview, the runs themselves one at a time. Reads go through
// `ByteSource`, so the same code runs on Blobs in the browser's worker and on Uint8Arrays in the npm
// CLI; the native CLI has the same rules in engine-rs/host/src/report/changes.rs.
//
// The rules (docs/contract.md, "Host fields", change map):
// - Same length: byte i changed when original[i] != result[i].
// - Other lengths: the longest common suffix (at most the shorter length) is unchanged; before it,
//   the first L = shorter − suffix bytes are compared offset by offset; the remaining |n − m| bytes
//   of the longer file, at offsets [L, L + |n − m|), are a cut (the original was longer) or an
//   insertion (the result is longer), all counted as changed.
// - The map's axis is the longer length; segment i covers [floor(i·span/S), floor((i+1)·span/S)).

/** Segments across the file (fewer for files shorter than this many bytes). */
export const MAP_SEGMENTS = 256;

/** Bytes read from each side per step. */
const CHUNK = 4 * 1024 * 1024;

export interface ByteSource {
  size: number;
  read(start: number, end: number): Promise<Uint8Array> | Uint8Array;
}

export function bytesSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: (start, end) => bytes.subarray(start, end) };
}

export function blobSource(blob: Blob): ByteSource {
  return { size: blob.size, read: async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer()) };
}

/** The cut or insertion of a result whose length differs from the original's. */
export interface Splice {
  /** Offset in both files where the cut or inserted bytes begin. */
  at: number;
  /** Bytes of the original missing from the result (0 for an insertion). */
  removed: number;
  /** Bytes of the result not in the original (0 for a cut). */
  inserted: number;
}

export interface ChangeMap {
  originalSize: number;
  resultSize: number;
  /** The axis: the longer of the two lengths. */
  span: number;
  /** Changed bytes in each segment. */
  changed: number[];
  /** Runs of changed bytes that start in each segment. */
  runStarts: number[];
  changedBytes: number;
  runs: number;
  /** Offset of the first changed byte, or -1 when nothing changed. */
  firstChange: number;
  splice: Splice | null;
  /** Offsets below this are compared one for one; the splice follows, then the common suffix. */
  aligned: number;
}

export function segmentStart(map: Pick<ChangeMap, 'span' | 'changed'>, i: number): number {
  return Math.floor((i * map.span) / map.changed.length);
}

export function segmentOf(map: Pick<ChangeMap, 'span' | 'changed'>, offset: number): number {
  const count = map.changed.length;
  // floor(offset * S / span) can land one segment late or early at the bounds: correct it.
  let s = Math.min(count - 1, Math.floor((offset * count) / map.span));
  while (s > 0 && segmentStart(map, s) > offset) s--;
  while (s + 1 < count && segmentStart(map, s + 1) <= offset) s++;
  return s;
}

export interface MapOptions {
  segments?: number;
  /** Called between chunks, so a caller on a page's thread can yield. */
  pause?: () => Promise<void>;
}

async function commonSuffix(a: ByteSource, b: ByteSource, limit: number, pause?: () => Promise<void>) {
  let same = 0;
  while (same < limit) {
    const len = Math.min(CHUNK, limit - same);
    const [x, y] = await Promise.all([
      a.read(a.size - same - len, a.size - same),
      b.read(b.size - same - len, b.size - same),
    ]);
    for (let j = len - 1; j >= 0; j--) {
      if (x[j] !== y[j]) return same + (len - 1 - j);
    }
    same += len;
    await pause?.();
  }
  return same;
}

export async function changeMap(a: ByteSource, b: ByteSource, options: MapOptions = {}): Promise<ChangeMap> {
  const n = a.size;
  const m = b.size;
  const shorter = Math.min(n, m);
  const span = Math.max(n, m);
  const suffix = n === m ? 0 : await commonSuffix(a, b, shorter, options.pause);
  const aligned = shorter - suffix;
  const splice = n === m ? null : { at: aligned, removed: Math.max(0, n - m), inserted: Math.max(0, m - n) };
  const segments = Math.min(options.segments ?? MAP_SEGMENTS, span);
  const map: ChangeMap = {
    originalSize: n,
    resultSize: m,
    span,
    changed: new Array(segments).fill(0),
    runStarts: new Array(segments).fill(0),
    changedBytes: 0,
    runs: 0,
    firstChange: -1,
    splice,
    aligned,
  };
  let previous = false;
  let seg = 0;
  let segEnd = segments > 0 ? segmentStart(map, 1) : 0;
  for (let at = 0; at < aligned; ) {
    const end = Math.min(aligned, at + CHUNK);
    const [x, y] = await Promise.all([a.read(at, end), b.read(at, end)]);
    let i = at;
    while (i < end) {
      while (i >= segEnd) segEnd = segmentStart(map, ++seg + 1);
      const stop = Math.min(end, segEnd);
      let changed = 0;
      let starts = 0;
      for (let j = i - at, last = stop - at; j < last; j++) {
        if (x[j] !== y[j]) {
          changed++;
          if (!previous) {
            starts++;
            if (map.firstChange < 0) map.firstChange = at + j;
          }
          previous = true;
        } else previous = false;
      }
      map.changed[seg] += changed;
      map.runStarts[seg] += starts;
      i = stop;
    }
    at = end;
    await options.pause?.();
  }
  const extra = Math.abs(n - m);
  if (extra > 0) {
    if (!previous) {
      map.runStarts[segmentOf(map, aligned)]++;
      if (map.firstChange < 0) map.firstChange = aligned;
    }
    for (let s = segmentOf(map, aligned); s < segments; s++) {
      const from = Math.max(aligned, segmentStart(map, s));
      const to = Math.min(aligned + extra, segmentStart(map, s + 1));
      if (from >= to) break;
      map.changed[s] += to - from;
    }
  }
  for (let s = 0; s < segments; s++) {
    map.changedBytes += map.changed[s];
    map.runs += map.runStarts[s];
  }
  return map;
}

/** Which of `side`'s bytes in [start, end) count as changed: 1 or 0 per byte. */
async function flags(
  map: ChangeMap,
  a: ByteSource,
  b: ByteSource,
  side: 'original' | 'result',
  start: number,
  end: number,
) {
  const size = side === 'original' ? map.originalSize : map.resultSize;
  const last = Math.min(end, size);
  const out = new Uint8Array(Math.max(0, last - start));
  const cmpEnd = Math.min(last, map.aligned);
  if (cmpEnd > start) {
    const [x, y] = await Promise.all([a.read(start, cmpEnd), b.read(start, cmpEnd)]);
    for (let j = 0; j < cmpEnd - start; j++) out[j] = x[j] !== y[j] ? 1 : 0;
  }
  const extra = side === 'original' ? (map.splice?.removed ?? 0) : (map.splice?.inserted ?? 0);
  for (let i = Math.max(start, map.aligned); i < Math.min(last, map.aligned + extra); i++) out[i - start] = 1;
  return out;
}

/** Changed flags on the map's axis: the longer side's, which holds the splice. */
function axisFlags(map: ChangeMap, a: ByteSource, b: ByteSource, start: number, end: number) {
  return flags(map, a, b, map.originalSize >= map.resultSize ? 'original' : 'result', start, end);
}

function segmentEnd(map: ChangeMap, s: number): number {
  return segmentStart(map, s + 1);
}

function isFull(map: ChangeMap, s: number): boolean {
  return map.changed[s] === segmentEnd(map, s) - segmentStart(map, s);
}

export interface Run {
  /** 1-based position among all runs. */
  index: number;
  start: number;
  /** Exclusive. */
  end: number;
}

/** Where the run starting at `start` ends, skipping segments that changed entirely. */
async function runEnd(map: ChangeMap, a: ByteSource, b: ByteSource, start: number): Promise<number> {
  let at = start;
  while (at < map.span) {
    const s = segmentOf(map, at);
    const segEnd = segmentEnd(map, s);
    if (isFull(map, s)) {
      at = segEnd;
      continue;
    }
    const f = await axisFlags(map, a, b, at, segEnd);
    const stop = f.indexOf(0);
    if (stop >= 0) return at + stop;
    at = segEnd;
  }
  return map.span;
}

/** 1-based index of the run starting at `start` in segment `s`. */
async function runIndex(map: ChangeMap, a: ByteSource, b: ByteSource, s: number, start: number): Promise<number> {
  let before = 0;
  for (let k = 0; k < s; k++) before += map.runStarts[k];
  const from = segmentStart(map, s);
  const f = await axisFlags(map, a, b, Math.max(0, from - 1), start + 1);
  const offset = from > 0 ? 1 : 0;
  for (let j = offset; j < f.length; j++) if (f[j] && (j === 0 || !f[j - 1])) before++;
  return before;
}

/** The first run that starts at or after `from`, or null. */
export async function nextRun(map: ChangeMap, a: ByteSource, b: ByteSource, from: number): Promise<Run | null> {
  if (map.runs === 0 || from >= map.span) return null;
  for (let s = segmentOf(map, Math.max(0, from)); s < map.changed.length; s++) {
    if (map.runStarts[s] === 0) continue;
    const lo = Math.max(from, segmentStart(map, s));
    const hi = segmentEnd(map, s);
    const f = await axisFlags(map, a, b, Math.max(0, lo - 1), hi);
    const shift = lo > 0 ? 1 : 0;
    for (let j = shift; j < f.length; j++) {
      if (f[j] && (j === 0 || !f[j - 1])) {
        const start = lo - shift + j;
        return { index: await runIndex(map, a, b, s, start), start, end: await runEnd(map, a, b, start) };
      }
    }
  }
  return null;
}

/** The last run that starts before `before`, or null. */
export async function previousRun(map: ChangeMap, a: ByteSource, b: ByteSource, before: number): Promise<Run | null> {
  if (map.runs === 0 || before <= 0) return null;
  for (let s = segmentOf(map, Math.min(before, map.span) - 1); s >= 0; s--) {
    if (map.runStarts[s] === 0) continue;
    const lo = segmentStart(map, s);
    const hi = Math.min(before, segmentEnd(map, s));
    const f = await axisFlags(map, a, b, Math.max(0, lo - 1), hi);
    const shift = lo > 0 ? 1 : 0;
    for (let j = f.length - 1; j >= shift; j--) {
      if (f[j] && (j === 0 || !f[j - 1])) {
        const start = lo - shift + j;
        return { index: await runIndex(map, a, b, s, start), start, end: await runEnd(map, a, b, start) };
      }
    }
  }
  return null;
}

/** Bytes shown around a run: the brief's 200-byte rule, kept as the window's size. */
export const WINDOW_BYTES = 200;

export interface ByteWindow {
  start: number;
  original: Uint8Array;
  result: Uint8Array;
  /** 1 where the byte beside it changed. */
  originalChanged: Uint8Array;
  resultChanged: Uint8Array;
}

/** The 200 bytes around `run` (or from offset 0 without one), of both files, with changed flags. */
export async function windowAround(
  map: ChangeMap,
  a: ByteSource,
  b: ByteSource,
  run: Pick<Run, 'start' | 'end'> | null,
): Promise<ByteWindow> {
  let start = 0;
  if (run) {
    const len = Math.min(WINDOW_BYTES, run.end - run.start);
    start = Math.max(0, Math.min(run.start - Math.floor((WINDOW_BYTES - len) / 2), map.span - WINDOW_BYTES));
  }
  const end = start + WINDOW_BYTES;
  const clip = (size: number) => [Math.min(start, size), Math.min(end, size)] as const;
  const [oa, ob] = clip(map.originalSize);
  const [ra, rb] = clip(map.resultSize);
  const [original, result, originalChanged, resultChanged] = await Promise.all([
    Promise.resolve(a.read(oa, ob)).then((x) => x.slice()),
    Promise.resolve(b.read(ra, rb)).then((x) => x.slice()),
    flags(map, a, b, 'original', start, end),
    flags(map, a, b, 'result', start, end),
  ]);
  return { start, original, result, originalChanged, resultChanged };
}

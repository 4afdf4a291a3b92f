// Walking the change map's runs in the preview (the "Next change" and "Previous change" buttons) and
// the 200 bytes shown around one: the page's own, reading the two files only in the segments that
// hold changes. The map itself is fracture-host's (lib/engine/host-module/reports.ts, changeMapOf),
// the one the command lines' PDF reports draw.
import type { ByteSource, ChangeMap } from '../../../lib/engine/host-module/reports.ts';

export function blobSource(blob: Blob): ByteSource {
  return { size: blob.size, read: async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer()) };
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

// Byte ranges (docs/contract.md, section 6.9): the range texts, their canonical form, and the sets of
// offsets they make (the free and allowed bytes), kept as sorted, disjoint, non-touching spans, so a
// set is as large as the list of ranges, never as the file.

import { isSelector, type MapRegion, parseSelector, resolveSelector, type Selector } from './select.ts';

/** The largest value a range may name: 2^53 - 1. */
const MAX_VALUE = Number.MAX_SAFE_INTEGER;

/** One end of a range: absent, counted from the start, or back from the end (written with `-`). */
type End = { kind: 'empty' } | { kind: 'forward' | 'backward'; value: number };

export interface RangeSpec {
  start: End;
  end: End;
  /** A selector (section 14.4), and the spans it resolved to (`selectRanges`). */
  selector?: Selector;
  spans?: Span[];
}

/** A span [from, to) of offsets. */
export type Span = readonly [number, number];

const DECIMAL = /^[0-9]+$/;
const HEX = /^0[xX]([0-9a-fA-F]+)$/;

function parseEnd(text: string): End | undefined {
  if (text === '') return { kind: 'empty' };
  const backward = text.startsWith('-');
  const body = backward ? text.slice(1) : text;
  const hex = HEX.exec(body);
  let value: bigint;
  if (hex) value = BigInt(`0x${hex[1]}`);
  else if (DECIMAL.test(body)) value = BigInt(body);
  else return undefined;
  if (value > BigInt(MAX_VALUE)) return undefined;
  return { kind: backward ? 'backward' : 'forward', value: Number(value) };
}

/** Parses `A:B`; throws the engine's error text (checks 6 and 7 of section 2). */
export function parseRange(text: string): RangeSpec {
  const bad = () =>
    new Error(
      `Invalid byte range "${text}": expected A:B (byte offsets, B exclusive; decimal or 0x hex; negative counts from the end)`,
    );
  if (isSelector(text)) return { start: { kind: 'empty' }, end: { kind: 'empty' }, selector: parseSelector(text, bad) };
  const colon = text.indexOf(':');
  if (colon < 0) throw bad();
  const start = parseEnd(text.slice(0, colon));
  const end = parseEnd(text.slice(colon + 1));
  if (!start || !end) throw bad();
  if (start.kind !== 'empty' && start.kind === end.kind) {
    const s = start.value;
    const e = (end as { value: number }).value;
    // -10:-20 means n-10 .. n-20.
    const reversed = start.kind === 'forward' ? s > e : s < e;
    if (reversed) throw new Error(`Invalid byte range "${text}": the start is after the end`);
  }
  return { start, end };
}

function endText(e: End): string {
  if (e.kind === 'empty') return '';
  return e.kind === 'backward' ? `-${e.value}` : String(e.value);
}

/** The canonical text: decimal, sign kept, empty ends empty (`0x10:-0X20` is `16:-32`). */
export function canonicalRange(r: RangeSpec): string {
  if (r.selector) return r.selector.text;
  return `${endText(r.start)}:${endText(r.end)}`;
}

function resolveEnd(e: End, n: number, ifEmpty: number): number {
  if (e.kind === 'empty') return ifEmpty;
  const v = Math.min(e.value, n);
  return e.kind === 'forward' ? v : n - v;
}

/** [a, b) in an n-byte input (empty when a >= b). */
export function resolveRange(r: RangeSpec, n: number): Span {
  return [resolveEnd(r.start, n, 0), resolveEnd(r.end, n, n)];
}

/** The union of spans, in any order, as sorted disjoint non-touching spans. */
export function unionOf(spans: readonly Span[]): Span[] {
  const sorted = spans.filter(([a, b]) => a < b).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** The offsets of `set` not in `minus`, offset by offset as a sweep over both lists. */
export function subtract(set: readonly Span[], minus: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const [a, b] of set) {
    let from = a;
    for (const [c, d] of minus) {
      if (d <= from || c >= b) continue;
      if (c > from) out.push([from, c]);
      from = Math.max(from, d);
      if (from >= b) break;
    }
    if (from < b) out.push([from, b]);
  }
  return out;
}

export function sizeOf(set: readonly Span[]): number {
  let total = 0;
  for (const [a, b] of set) total += b - a;
  return total;
}

/** Per set (sorted, disjoint spans), the offsets its first i spans hold: made once, on first use. */
const prefixes = new WeakMap<readonly Span[], Float64Array>();

/** The number of offsets of `set` below `x`: a binary search, so a walk asking for each of many
 * fields costs O(log spans) per field, not a scan of every span before it. */
function countBefore(set: readonly Span[], x: number): number {
  let pre = prefixes.get(set);
  if (pre === undefined || pre.length !== set.length + 1) {
    pre = new Float64Array(set.length + 1);
    for (let i = 0; i < set.length; i++) pre[i + 1] = pre[i] + (set[i][1] - set[i][0]);
    prefixes.set(set, pre);
  }
  // The first span that ends after x.
  let lo = 0;
  let hi = set.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (set[mid][1] <= x) lo = mid + 1;
    else hi = mid;
  }
  return pre[lo] + (lo < set.length ? Math.max(0, x - set[lo][0]) : 0);
}

/** The number of offsets of `set` (sorted, disjoint spans) inside [from, to). */
export function countIn(set: readonly Span[], from: number, to: number): number {
  return from >= to ? 0 : countBefore(set, to) - countBefore(set, from);
}

/** The parts of `set` inside [from, to), in order. */
export function partsIn(set: readonly Span[], from: number, to: number): Span[] {
  const out: Span[] = [];
  for (const [a, b] of set) {
    if (a >= to) break;
    const lo = Math.max(a, from);
    const hi = Math.min(b, to);
    if (hi > lo) out.push([lo, hi]);
  }
  return out;
}

/** The numbers of the `size`-byte blocks that hold an offset of `set`. */
export function blocksOf(set: readonly Span[], size: number): Span[] {
  return unionOf(set.map(([a, b]) => [Math.floor(a / size), Math.ceil(b / size)] as Span));
}

/** The ranges as the caller gives them (SDK option `ranges`, command lines --only and --protect). */
export interface RangeTexts {
  only?: readonly string[];
  protect?: readonly string[];
}

/** The ranges parsed, `only` first, then `protect`, each in its order. */
export interface ParsedRanges {
  only: RangeSpec[];
  protect: RangeSpec[];
}

export function parseRanges(texts: RangeTexts | undefined): ParsedRanges {
  return { only: (texts?.only ?? []).map(parseRange), protect: (texts?.protect ?? []).map(parseRange) };
}

export function hasRanges(r: ParsedRanges): boolean {
  return r.only.length + r.protect.length > 0;
}

/** The report's `ranges` text: `only 0:4096, protect -512:`. */
export function rangesText(r: ParsedRanges): string {
  return [
    ...r.only.map((x) => `only ${canonicalRange(x)}`),
    ...r.protect.map((x) => `protect ${canonicalRange(x)}`),
  ].join(', ');
}

/** The spans a range covers: one for a byte range, those a selector resolved to. */
function spansOf(x: RangeSpec, n: number): Span[] {
  return x.selector ? (x.spans ?? []) : [resolveRange(x, n)];
}

export function hasSelectors(r: ParsedRanges): boolean {
  return [...r.only, ...r.protect].some((x) => x.selector !== undefined);
}

/** Resolves every selector against the structure map (section 14.4); throws the engine's error. */
export function selectRanges(r: ParsedRanges, map: readonly MapRegion[]): void {
  for (const x of [...r.only, ...r.protect]) if (x.selector) x.spans = resolveSelector(x.selector, map);
}

/** The report's `selected` text: `only png:IDAT/data = 41:8233 8245:16437`, joined by `; `. */
export function selectedText(r: ParsedRanges): string {
  const one = (kind: string) => (x: RangeSpec) =>
    x.selector ? [`${kind} ${x.selector.text} = ${(x.spans ?? []).map(([a, b]) => `${a}:${b}`).join(' ')}`] : [];
  return [...r.only.flatMap(one('only')), ...r.protect.flatMap(one('protect'))].join('; ');
}

/** The bytes the `protect` ranges cover. */
export function protectedBytes(r: ParsedRanges, n: number): Span[] {
  return unionOf(r.protect.flatMap((x) => spansOf(x, n)));
}

/** The free bytes: the `only` ranges (all of [0, n) without any) minus the `protect` ranges. */
export function freeBytes(r: ParsedRanges, n: number): Span[] {
  const only = r.only.length > 0 ? unionOf(r.only.flatMap((x) => spansOf(x, n))) : unionOf([[0, n]]);
  return subtract(only, protectedBytes(r, n));
}

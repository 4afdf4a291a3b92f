// Selectors (docs/contract.md, section 14.4): `FORMAT:PATH` texts among the byte ranges, matched
// against the structure map's paths and resolved to the byte spans of the regions they match. The
// same rules and error texts as engine-rs/core/src/options/select.rs.

/** A region of the structure map (structure/index.ts's Region, as far as selectors read it). */
export interface MapRegion {
  path: string;
  start: number;
  end: number;
}

/** Units named in the error for a selector that matches nothing. */
export const UNITS_NAMED = 12;

export interface Selector {
  text: string;
  format: string;
  segments: string[];
}

/** A range text is a selector when it starts with an ASCII letter (a byte range never does). */
export function isSelector(text: string): boolean {
  return /^[A-Za-z]/.test(text);
}

/** The segments of a path: split at each `/` outside brackets (`member[word/document.xml]` is one). */
export function segmentsOf(path: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (c === '/' && depth === 0) {
      out.push(path.slice(from, i));
      from = i + 1;
    }
  }
  out.push(path.slice(from));
  return out;
}

/** Parses a selector; a text that is not one is check 6 of section 2 (`bad`). */
export function parseSelector(text: string, bad: () => Error): Selector {
  const colon = text.indexOf(':');
  if (colon < 0) throw bad();
  const format = text.slice(0, colon);
  const segments = segmentsOf(text.slice(colon + 1));
  if (!/^[a-z][a-z0-9]*$/.test(format) || segments.some((s) => s === '')) throw bad();
  return { text, format, segments };
}

/** `*` matches any run of characters; everything else itself (greedy, one backtrack point). */
export function glob(p: string, t: string): boolean {
  let i = 0;
  let j = 0;
  let si = -1;
  let sj = 0;
  while (j < t.length) {
    if (i < p.length && p[i] === '*') {
      si = i++;
      sj = j;
    } else if (i < p.length && p[i] === t[j]) {
      i++;
      j++;
    } else if (si >= 0) {
      i = si + 1;
      j = ++sj;
    } else return false;
  }
  while (i < p.length && p[i] === '*') i++;
  return i === p.length;
}

const NUMBERED = /^(.*)#[0-9]+$/s;

function segmentMatches(want: string, seg: string): boolean {
  if (glob(want, seg)) return true;
  if (want.includes('#')) return false;
  const m = NUMBERED.exec(seg);
  return m !== null && glob(want, m[1]);
}

function splitPath(path: string): [string, string] {
  const colon = path.indexOf(':');
  return colon < 0 ? ['', path] : [path.slice(0, colon), path.slice(colon + 1)];
}

function matches(sel: Selector, path: string): boolean {
  const [format, rest] = splitPath(path);
  if (format !== sel.format) return false;
  const segs = segmentsOf(rest);
  return sel.segments.length <= segs.length && sel.segments.every((w, k) => segmentMatches(w, segs[k]));
}

/** The spans of the regions of `map` the selector matches (merged where they touch), or the error. */
export function resolveSelector(sel: Selector, map: readonly MapRegion[]): [number, number][] {
  if (map.length === 0) return [];
  const format = splitPath(map[0].path)[0];
  if (format !== sel.format) {
    throw new Error(`Selector "${sel.text}" is for ${sel.format} files, but this file's structure map is ${format}`);
  }
  const spans: [number, number][] = [];
  for (const r of map) {
    if (!matches(sel, r.path)) continue;
    const last = spans[spans.length - 1];
    if (last && last[1] === r.start) last[1] = r.end;
    else spans.push([r.start, r.end]);
  }
  if (spans.length === 0) {
    const units = new Set<string>();
    for (const r of map) units.add(segmentsOf(splitPath(r.path)[1])[0]);
    throw new Error(
      `Selector "${sel.text}" matches nothing in this file; its units are ${[...units].slice(0, UNITS_NAMED).join(', ')} (${units.size} in all)`,
    );
  }
  return spans;
}

// PDF (docs/contract.md, section 14.3): read as tokens in one pass, tolerant of any damage: the header
// line, objects object[N G] from `N G obj` to `endobj`, xref sections, trailers and startxref up to
// %%EOF (an incremental update repeats them, numbered #k). Literal strings and stream data are
// skipped, so a keyword inside them is not one.

import { type Area, StructureMap } from './map.ts';

const WINDOW = 64 << 10;

const isWhitespace = (b: number) => b === 0 || b === 9 || b === 10 || b === 12 || b === 13 || b === 32;
// ( ) < > [ ] { } / %
const isDelimiter = (b: number) =>
  b === 0x28 ||
  b === 0x29 ||
  b === 0x3c ||
  b === 0x3e ||
  b === 0x5b ||
  b === 0x5d ||
  b === 0x7b ||
  b === 0x7d ||
  b === 0x2f ||
  b === 0x25;

/** A run of regular characters, its first 10 bytes, and whether only whitespace came before it. */
interface Token {
  start: number;
  len: number;
  head: number[];
  spaced: boolean;
}

const is = (t: Token, word: string) => t.len === word.length && String.fromCharCode(...t.head) === word;

function integer(t: Token): number | undefined {
  if (t.len > 10 || !t.head.every((d) => d >= 0x30 && d <= 0x39)) return undefined;
  let v = 0;
  for (const d of t.head) v = v * 10 + (d - 0x30);
  return v;
}

type Open =
  | { kind: 'none' }
  | { kind: 'object'; u: number; body: number }
  | { kind: 'xref' | 'trailer'; u: number; start: number }
  | { kind: 'startxref'; u: number; kw: number };

class Walk {
  readonly m: StructureMap;
  open: Open = { kind: 'none' };
  before: (Token | undefined)[] = [undefined, undefined];
  stopped = false;

  constructor(n: number) {
    this.m = new StructureMap('pdf', n);
  }

  close(at: number): void {
    const o = this.open;
    this.open = { kind: 'none' };
    if (o.kind === 'object') this.m.field(o.u, 'body', o.body, at, 'payload');
    else if (o.kind === 'xref' || o.kind === 'trailer') this.m.whole(o.u, o.start, at, 'layout');
    else if (o.kind === 'startxref') this.m.field(o.u, 'offset', o.kw, at, 'layout');
  }

  unit(name: string): number | undefined {
    const u = this.m.unit(name);
    if (u === undefined) this.stopped = true;
    return u;
  }

  token(t: Token): void {
    const end = t.start + t.len;
    const [a, b] = this.before;
    if (is(t, 'obj')) {
      if (a && b) {
        const num = integer(a);
        const gen = integer(b);
        if (num !== undefined && gen !== undefined && b.spaced && t.spaced) {
          this.close(a.start);
          const u = this.unit(`object[${num} ${gen}]`);
          if (u !== undefined) {
            this.m.field(u, 'header', a.start, end, 'magic');
            this.open = { kind: 'object', u, body: end };
          }
        }
      }
    } else if (is(t, 'endobj')) {
      const o = this.open;
      if (o.kind === 'object') {
        this.m.field(o.u, 'body', o.body, t.start, 'payload');
        this.m.field(o.u, 'end', t.start, end, 'magic');
        this.open = { kind: 'none' };
      }
    } else if (is(t, 'xref') || is(t, 'trailer')) {
      this.close(t.start);
      const kind = is(t, 'xref') ? 'xref' : 'trailer';
      const u = this.unit(kind);
      if (u !== undefined) this.open = { kind, u, start: t.start };
    } else if (is(t, 'startxref')) {
      this.close(t.start);
      const u = this.unit('startxref');
      if (u !== undefined) {
        this.m.field(u, 'keyword', t.start, end, 'magic');
        this.open = { kind: 'startxref', u, kw: end };
      }
    }
    this.before = [b, t];
  }

  /** A comment [start, end) (to the end of its line) whose first bytes are `head`. */
  comment(start: number, end: number, head: string): void {
    if (start === 0 && head.startsWith('%PDF-')) {
      const u = this.unit('header');
      if (u !== undefined) this.m.whole(u, 0, end, 'magic');
    } else if (head.startsWith('%%EOF')) {
      const o = this.open;
      if (o.kind === 'startxref') {
        this.m.field(o.u, 'offset', o.kw, start, 'layout');
        this.m.field(o.u, 'eof', start, end, 'magic');
        this.open = { kind: 'none' };
      } else {
        this.close(start);
        const u = this.unit('eof');
        if (u !== undefined) this.m.whole(u, start, end, 'magic');
      }
    }
  }
}

const ENDSTREAM = [...'endstream'].map((c) => c.charCodeAt(0));
/** For each prefix of `endstream`, the longest proper suffix that is also a prefix (KMP). */
const ENDSTREAM_FAIL = [0, 0, 0, 0, 0, 0, 1, 0, 0];

type Lex =
  | { kind: 'normal' }
  | { kind: 'comment'; start: number; head: number[] }
  | { kind: 'literal'; depth: number; escaped: boolean }
  | { kind: 'stream'; matched: number };

export function walkPdf(input: Area): StructureMap {
  const n = input.size;
  const w = new Walk(n);
  let token: Token | undefined;
  let lex: Lex = { kind: 'normal' };
  // Whether only whitespace has come since the last token.
  let spaced = false;
  for (let p = 0; p < n && !w.stopped; ) {
    const len = Math.min(n - p, WINDOW);
    const window = input.get(p, len);
    if (!window) break;
    for (let i = 0; i < window.length; i++) {
      const b = window[i];
      const at = p + i;
      if (lex.kind === 'comment') {
        if (b === 10 || b === 13) {
          const { start, head } = lex;
          lex = { kind: 'normal' };
          w.comment(start, at, String.fromCharCode(...head));
          spaced = false;
        } else if (lex.head.length < 5) lex.head.push(b);
        continue;
      }
      if (lex.kind === 'literal') {
        if (lex.escaped) lex.escaped = false;
        else if (b === 0x5c) lex.escaped = true;
        else if (b === 0x28) lex.depth++;
        else if (b === 0x29 && --lex.depth === 0) lex = { kind: 'normal' };
        continue;
      }
      if (lex.kind === 'stream') {
        let j = lex.matched;
        while (j > 0 && ENDSTREAM[j] !== b) j = ENDSTREAM_FAIL[j - 1];
        if (ENDSTREAM[j] === b) j++;
        lex.matched = j;
        if (j === ENDSTREAM.length) {
          lex = { kind: 'normal' };
          spaced = false;
        }
        continue;
      }
      if (isWhitespace(b) || isDelimiter(b)) {
        if (token) {
          const t = token;
          token = undefined;
          w.token(t);
          spaced = true;
          if (is(t, 'stream')) {
            lex = { kind: 'stream', matched: 0 };
            continue;
          }
        }
        if (b === 0x25) lex = { kind: 'comment', start: at, head: [b] };
        else if (b === 0x28) lex = { kind: 'literal', depth: 1, escaped: false };
        if (isDelimiter(b)) spaced = false;
        continue;
      }
      if (token) {
        if (token.len < 10) token.head.push(b);
        token.len++;
      } else token = { start: at, len: 1, head: [b], spaced };
    }
    p += len;
  }
  if (!w.stopped) {
    if (token) w.token(token);
    if (lex.kind === 'comment') w.comment(lex.start, n, String.fromCharCode(...lex.head));
    w.close(n);
  }
  return w.m;
}

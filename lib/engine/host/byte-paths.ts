// File names as the system gives them (docs/cli.md, "Names"): a Unix name is bytes and need not be
// UTF-8, but Node decodes argv and readdir's strings as UTF-8, replacing what is not. The npm CLI and
// the SDK keep such a path as a string in which each byte that is not part of valid UTF-8 is the lone
// surrogate U+DC00 + byte (PEP 383's "surrogateescape", which no name the system gives can hold
// otherwise: a surrogate is not valid UTF-8), and hand it to node:fs as a Buffer of the exact bytes.
// path.join, basename and the plan work on the string unchanged; output names are made from the
// bytes by the outputs module (fracture_host::names), as the native CLI makes them.
import { readFileSync } from 'node:fs';

const FIRST = 0xdc80;
const LAST = 0xdcff;
// A lone surrogate of the escaped range (not half of a pair: those are below U+DC00's high half).
const ESCAPED = /(?<![\ud800-\udbff])[\udc80-\udcff]/;

/** Whether `s` holds an escaped byte (a name that is not UTF-8). */
export function hasEscapedBytes(s: string): boolean {
  return ESCAPED.test(s);
}

/** The length of the valid UTF-8 sequence at `b[i]`, or 0 (RFC 3629: no overlong forms, no surrogates). */
function sequenceLength(b: Uint8Array, i: number): number {
  const x = b[i];
  if (x < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < b.length && b[i + k] >= lo && b[i + k] <= hi;
  if (x >= 0xc2 && x <= 0xdf) return cont(1) ? 2 : 0;
  if (x >= 0xe0 && x <= 0xef) {
    const [lo, hi] = x === 0xe0 ? [0xa0, 0xbf] : x === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (x >= 0xf0 && x <= 0xf4) {
    const [lo, hi] = x === 0xf0 ? [0x90, 0xbf] : x === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A name's bytes as a string: valid UTF-8 decoded, every other byte escaped as U+DC00 + byte. */
export function fromBytes(b: Uint8Array): string {
  let out = '';
  let i = 0;
  let start = 0;
  while (i < b.length) {
    const n = sequenceLength(b, i);
    if (n > 0) {
      i += n;
      continue;
    }
    out += utf8.decode(b.subarray(start, i)) + String.fromCharCode(0xdc00 + b[i]);
    i += 1;
    start = i;
  }
  return out + utf8.decode(b.subarray(start));
}

const encoder = new TextEncoder();

/** The bytes of a name held as fromBytes makes it (any other lone surrogate is U+FFFD's bytes, as Node writes it). */
export function toBytes(s: string): Uint8Array {
  if (!hasEscapedBytes(s)) return encoder.encode(s);
  const parts: number[] = [];
  for (const ch of s) {
    const code = ch.codePointAt(0) as number;
    if (code >= FIRST && code <= LAST) parts.push(code - 0xdc00);
    else for (const byte of encoder.encode(ch)) parts.push(byte);
  }
  return Uint8Array.from(parts);
}

/** A path for node:fs: the string itself when it is UTF-8, else a Buffer of its exact bytes. */
export function fsPath(s: string): string | Buffer {
  return hasEscapedBytes(s) ? Buffer.from(toBytes(s)) : s;
}

/**
 * A name as text for the engine and the reports: each sequence that is not UTF-8 as U+FFFD, as the
 * native CLI's `to_string_lossy` makes it (both follow Unicode's "maximal subpart" rule).
 */
export function lossyName(s: string): string {
  return hasEscapedBytes(s) ? new TextDecoder().decode(toBytes(s)) : s;
}

/**
 * The command line's arguments with their exact bytes: Node decodes argv as UTF-8, replacing what is
 * not; on Linux /proc/self/cmdline still holds the bytes, and its last `argv.length` entries are
 * the arguments (before them: node, its options and the script). Any argument that does not match
 * is left as Node gave it.
 */
export function exactArguments(argv: string[]): string[] {
  if (!argv.some((a) => a.includes('\ufffd'))) return argv;
  let raw: Buffer;
  try {
    raw = readFileSync('/proc/self/cmdline');
  } catch {
    return argv;
  }
  const entries: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === 0) {
      entries.push(raw.subarray(start, i));
      start = i + 1;
    }
  }
  if (entries.length < argv.length) return argv;
  const tail = entries.slice(entries.length - argv.length);
  return argv.map((a, i) => (new TextDecoder().decode(tail[i]) === a ? fromBytes(tail[i]) : a));
}

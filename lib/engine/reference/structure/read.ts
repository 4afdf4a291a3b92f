// Reading helpers the walks share (docs/contract.md, section 14.3): integers by position and names
// decoded as the contract says. engine-rs/core/src/structure/read.rs says the same.

import type { Area } from './map.ts';

/** The most bytes of a name a walk decodes; a longer name is cut to its first NAME_MAX bytes. */
export const NAME_MAX = 4096;

export function le(a: Area, at: number, len: number): number | undefined {
  const b = a.get(at, len);
  if (!b) return undefined;
  let v = 0;
  for (let i = len - 1; i >= 0; i--) v = v * 256 + b[i];
  return v;
}

export function be(a: Area, at: number, len: number): number | undefined {
  const b = a.get(at, len);
  if (!b) return undefined;
  let v = 0;
  for (let i = 0; i < len; i++) v = v * 256 + b[i];
  return v;
}

/** Whether the input holds the byte string `what` (each char a byte) at `at`, entirely. */
export function holds(a: Area, at: number, what: string): boolean {
  const b = a.get(at, what.length);
  if (!b) return false;
  for (let i = 0; i < what.length; i++) if (b[i] !== what.charCodeAt(i)) return false;
  return true;
}

// Keeps a leading U+FEFF, as Rust's String::from_utf8_lossy does; replaces each maximal invalid
// subpart with U+FFFD, as it does too.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Bytes as a name: UTF-8 with U+FFFD for invalid sequences, at most NAME_MAX bytes of it. */
export const name = (bytes: Uint8Array): string => utf8.decode(bytes.subarray(0, NAME_MAX));

/** The name [at, at + len) of the input, cut to NAME_MAX bytes and to the input's end. */
export function nameAt(a: Area, at: number, len: number): string {
  const l = Math.min(len, NAME_MAX, Math.max(0, a.size - at));
  const b = a.get(at, l);
  return b ? name(b) : '';
}

/** The name at `at` up to its first 0x00 (or `max` bytes, the input's end, or NAME_MAX bytes). */
export function nameToNul(a: Area, at: number, max: number): string {
  const l = Math.min(max, NAME_MAX, Math.max(0, a.size - at));
  const b = a.get(at, l);
  if (!b) return '';
  const z = b.indexOf(0);
  return name(z < 0 ? b : b.subarray(0, z));
}

/**
 * A RIFF chunk id or ISO-BMFF box type as a path segment: trailing spaces dropped (`VP8 ` is `VP8`)
 * unless the code is all spaces; then each byte as itself when it is printable ASCII other than
 * space and `/ # [ ] % *`, else as `%XX` (uppercase hex).
 */
export function codeName(code: Uint8Array): string {
  let kept = code.length;
  while (kept > 0 && code[kept - 1] === 0x20) kept--;
  if (kept === 0) kept = code.length;
  let s = '';
  for (const b of code.subarray(0, kept)) {
    s +=
      b >= 0x21 && b <= 0x7e && !'/#[]%*'.includes(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return s;
}

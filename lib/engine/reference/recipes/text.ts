// text: its own recipe, also svg's (docs/contract.md, section 6.5.6). Scramble, destroy every
// delimiter, quote and bracket, cut the end, and put a NUL and bytes that are never valid UTF-8 in
// front: strict UTF-8 decoding fails on the first four bytes, and no CSV, JSON, XML or YAML reader
// can resynchronise on structure that is gone.

import type { Broken, RecipeContext } from './types.ts';
import { scatter } from './prims.ts';

/** NUL, then 0xC0 (never valid in UTF-8), 0xFF (never valid) and 0x80 (a lone continuation byte). */
export const POISON = [0x00, 0xc0, 0xff, 0x80] as const;

/** Bytes that carry structure in text formats: , ; TAB | " ' ` { } [ ] ( ) < > : = */
export const STRUCTURAL: ReadonlySet<number> = new Set(Array.from(',;\t|"\'`{}[]()<>:=', (ch) => ch.charCodeAt(0)));

/** Replacement for every structural byte. */
const DESTROYED = 0xff;

export function text(input: Uint8Array, ctx: RecipeContext): Broken {
  const n = input.length;
  const data = input.slice();
  const scrambled = scatter(data, 0, ctx.intensity, ctx.seed);

  let destroyed = 0;
  for (let i = 0; i < n; i++) {
    if (STRUCTURAL.has(data[i])) {
      data[i] = DESTROYED;
      destroyed++;
    }
  }

  // At least max(50 bytes, 10%), plus up to a further 25% with intensity.
  const cut = Math.min(n, Math.max(50, Math.floor(n / 10)) + Math.floor((n * ctx.intensity) / 400));
  const out = new Uint8Array(POISON.length + n - cut);
  out.set(POISON, 0);
  out.set(data.subarray(0, n - cut), POISON.length);

  return {
    data: out,
    recipe:
      `Prepended a NUL and invalid UTF-8 bytes, scrambled ${scrambled} bytes, replaced ${destroyed} delimiter, ` +
      `quote and bracket bytes with 0xFF and cut the last ${cut} bytes.`,
  };
}

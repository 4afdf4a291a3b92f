// generic: its own recipe, for every file no other family claims (docs/contract.md, section 6.5.6).
// Invert the first 16 bytes, then change max(64, n/100) bytes after them plus the intensity-scaled
// scatter.

import type { Broken, RecipeContext } from './types.ts';
import { flipRegion, invert, scatterCount } from './prims.ts';

/** Bytes inverted at the start. */
const HEADER = 16;

export function generic(input: Uint8Array, ctx: RecipeContext): Broken {
  const n = input.length;
  const data = input.slice();
  const h = Math.min(HEADER, n);
  const k = Math.min(n - h, Math.max(64, Math.floor(n / 100)) + scatterCount(n, h, ctx.intensity));
  flipRegion(data, h, k, ctx.seed);
  invert(data, 0, h);
  return { data, recipe: `Inverted the first ${h} bytes and changed ${k} bytes after them.` };
}

// generic: `generic_header_damage` (docs/engine.md), for every family without a recipe of its own.
// Invert the first 16 bytes, then change max(64, n/100) bytes after them plus the intensity-scaled
// scatter.

import type { Recipe } from './index.ts';
import { flipRegion, invert, scatterCount } from './prims.ts';

/** Bytes inverted at the start. */
const HEADER = 16;

export const generic: Recipe = {
  strategy: 'generic_header_damage',
  apply(input, ctx) {
    const n = input.length;
    const data = input.slice();
    const h = Math.min(HEADER, n);
    const k = Math.min(n - h, Math.max(64, Math.floor(n / 100)) + scatterCount(n, h, ctx.intensity));
    flipRegion(data, h, k, ctx.seed);
    invert(data, 0, h);
    return { data, recipe: `Inverted the first ${h} bytes and changed ${k} bytes after them.` };
  },
};

// xz: the shape with its own step, the stream footer (docs/contract.md, sections 6.5.4 and 6.5.5).
// xz. Readers check the stream header magic of every stream and read each stream backwards from its
// footer (`YZ`, the index size): stream header magics are overwritten and the final stream footer
// inverted.

import { SHAPES } from '../tables.ts';
import type { Broken, RecipeContext } from './types.ts';
import { invert } from './prims.ts';
import { runShape, shapeSentence } from './shape.ts';

/** The stream footer: CRC32, backward size, stream flags and `YZ`. */
const FOOTER = 12;

export function xz(input: Uint8Array, ctx: RecipeContext): Broken {
  const n = input.length;
  const tail = Math.min(n, FOOTER);
  const { data, done } = runShape(SHAPES.xz, input, ctx, (_, d) => invert(d, n - tail, tail));
  return { data, recipe: shapeSentence(SHAPES.xz, n, done, `, inverted the last ${tail} bytes (the stream footer)`) };
}

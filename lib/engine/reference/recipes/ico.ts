// ico: the shape with its own step, the icon directory (docs/contract.md, sections 6.5.4 and 6.5.5).
// ICO (and CUR). Readers check the 6-byte header, then follow the directory's offsets to BMP or PNG
// images: header and directory are zeroed (type 0 is no icon), and embedded PNGs lose their
// signature and chunk types so nothing can be carved out.

import { SHAPES } from '../tables.ts';
import type { Broken, RecipeContext } from './types.ts';
import { clamp, le, zero } from './prims.ts';
import { runShape, shapeSentence } from './shape.ts';

/** Bytes per directory entry. */
const ENTRY = 16n;

export function ico(input: Uint8Array, ctx: RecipeContext): Broken {
  // The directory length comes from the input's image count (u16 LE at 4).
  const count = le(input, 4, 2) ?? 0n;
  const [start, len] = clamp(input.length, 6, count * ENTRY);
  const { data, done } = runShape(SHAPES.ico, input, ctx, (_, d) => zero(d, start, len));
  return { data, recipe: shapeSentence(SHAPES.ico, input.length, done, `, zeroed the ${len}-byte icon directory`) };
}

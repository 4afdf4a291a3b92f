// rar: the shape with its own step, the main archive header inverted (docs/contract.md, sections
// 6.5.4 and 6.5.5).
// RAR (4 and 5). Readers, and SFX scanners, search for the `Rar!\x1A\x07` signature and read the
// main archive header after it: every signature is overwritten and the first header inverted.

import { SHAPES } from '../tables.ts';
import type { Broken, RecipeContext } from './types.ts';
import { invertAfterHeader } from './shape.ts';

export function rar(input: Uint8Array, ctx: RecipeContext): Broken {
  return invertAfterHeader(SHAPES.rar, input, ctx, 32, 'bytes (the main archive header)');
}

// cab: the shape with its own step, the header fields inverted (docs/contract.md, sections 6.5.4 and
// 6.5.5).
// Microsoft Cabinet. Readers search for `MSCF` and read the header fields after it (sizes, file
// table offset, folder and file counts): every signature is overwritten and the first header's
// fields inverted.

import { SHAPES } from '../tables.ts';
import type { Broken, RecipeContext } from './types.ts';
import { invertAfterHeader } from './shape.ts';

export function cab(input: Uint8Array, ctx: RecipeContext): Broken {
  return invertAfterHeader(SHAPES.cab, input, ctx, 32, 'bytes (the cabinet header fields)');
}

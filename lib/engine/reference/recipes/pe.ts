// pe: the shape with its own step, e_lfanew and the COFF header (docs/contract.md, sections 6.5.4
// and 6.5.5).
// PE executables and DLLs. Loaders and objdump check `MZ`, follow e_lfanew (u32 LE at 0x3C) to
// `PE\0\0` and read the COFF file header after it: all three are zeroed, and every other
// `PE\0\0` in the file is overwritten.

import { SHAPES } from '../tables.ts';
import type { Broken, RecipeContext } from './types.ts';
import { clamp, le, zero } from './prims.ts';
import { runShape, shapeSentence } from './shape.ts';

const E_LFANEW = 0x3c;
/** `PE\0\0` and the 20-byte COFF file header (machine, sections, ..., characteristics). */
const PE_HEADER = 24;

export function pe(input: Uint8Array, ctx: RecipeContext): Broken {
  const n = input.length;
  let peLength = 0;
  const { data, done } = runShape(SHAPES.pe, input, ctx, (inp, d) => {
    const e = le(inp, E_LFANEW, 4);
    if (e !== undefined) {
      const [start, len] = clamp(n, e, PE_HEADER);
      zero(d, start, len);
      peLength = len;
    }
    zero(d, E_LFANEW, 4);
  });
  const clause = `, zeroed e_lfanew and the ${peLength} bytes of PE signature and COFF header it pointed to`;
  return { data, recipe: shapeSentence(SHAPES.pe, n, done, clause) };
}

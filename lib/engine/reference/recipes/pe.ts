// pe: `pe_mz_pe` (docs/engine.md), mirroring engine-rs/core/src/recipes/pe.rs.
// PE executables and DLLs. Loaders and objdump check `MZ`, follow e_lfanew (u32 LE at 0x3C) to
// `PE\0\0` and read the COFF file header after it: all three are zeroed, and every other
// `PE\0\0` in the file is overwritten.

import type { Recipe } from './index.ts';
import { clamp, le, zero } from './prims.ts';
import { bytes, runShape, shapeSentence, type Shape } from './shape.ts';

export const PE_SHAPE: Shape = {
  strategy: 'pe_mz_pe',
  header: 2,
  headerWhat: 'the MZ signature',
  signatures: [bytes('PE\x00\x00')],
  signaturesWhat: 'PE signatures',
  syncs: 'none',
};

const E_LFANEW = 0x3c;
/** `PE\0\0` and the 20-byte COFF file header (machine, sections, ..., characteristics). */
const PE_HEADER = 24;

export const pe: Recipe = {
  strategy: PE_SHAPE.strategy,
  apply(input, ctx) {
    const n = input.length;
    let peLength = 0;
    const { data, done } = runShape(PE_SHAPE, input, ctx, (inp, d) => {
      const e = le(inp, E_LFANEW, 4);
      if (e !== undefined) {
        const [start, len] = clamp(n, e, PE_HEADER);
        zero(d, start, len);
        peLength = len;
      }
      zero(d, E_LFANEW, 4);
    });
    return {
      data,
      recipe: shapeSentence(
        PE_SHAPE,
        n,
        done,
        `, zeroed e_lfanew and the ${peLength} bytes of PE signature and COFF header it pointed to`,
      ),
    };
  },
};

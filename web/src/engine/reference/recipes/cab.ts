// cab: `cab_mscf_header` (docs/engine.md), mirroring engine-rs/src/recipes/cab.rs.
// Microsoft Cabinet. Readers search for `MSCF` and read the header fields after it (sizes, file
// table offset, folder and file counts): every signature is overwritten and the first header's
// fields inverted.

import type { Recipe } from './index.ts';
import { clamp, invert } from './prims.ts';
import { bytes, runShape, shapeSentence, type Shape } from './shape.ts';

export const CAB_SHAPE: Shape = {
  strategy: 'cab_mscf_header',
  header: 4,
  headerWhat: 'the MSCF signature',
  signatures: [bytes('MSCF')],
  signaturesWhat: 'MSCF signatures',
  syncs: 'none',
};

export const cab: Recipe = {
  strategy: CAB_SHAPE.strategy,
  apply(input, ctx) {
    const [start, len] = clamp(input.length, 4, 32);
    const { data, done } = runShape(CAB_SHAPE, input, ctx, (_, d) => invert(d, start, len));
    return { data, recipe: shapeSentence(CAB_SHAPE, input.length, done, `, inverted the next ${len} bytes (the cabinet header fields)`) };
  },
};

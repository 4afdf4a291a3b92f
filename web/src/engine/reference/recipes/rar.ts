// rar: `rar_signature_header` (docs/engine.md), mirroring engine-rs/src/recipes/rar.rs.
// RAR (4 and 5). Readers, and SFX scanners, search for the `Rar!\x1A\x07` signature and read the
// main archive header after it: every signature is overwritten and the first header inverted.

import type { Recipe } from './index.ts';
import { clamp, invert } from './prims.ts';
import { bytes, runShape, shapeSentence, type Shape } from './shape.ts';

export const RAR_SHAPE: Shape = {
  strategy: 'rar_signature_header',
  header: 8,
  headerWhat: 'the RAR signature',
  signatures: [bytes('Rar!\x1A\x07')],
  signaturesWhat: 'RAR signatures',
  syncs: 'none',
};

export const rar: Recipe = {
  strategy: RAR_SHAPE.strategy,
  apply(input, ctx) {
    const [start, len] = clamp(input.length, 8, 32);
    const { data, done } = runShape(RAR_SHAPE, input, ctx, (_, d) => invert(d, start, len));
    return { data, recipe: shapeSentence(RAR_SHAPE, input.length, done, `, inverted the next ${len} bytes (the main archive header)`) };
  },
};

// xz: `xz_stream_header_footer` (docs/engine.md), mirroring engine-rs/core/src/recipes/xz.rs.
// xz. Readers check the stream header magic of every stream and read each stream backwards from its
// footer (`YZ`, the index size): stream header magics are overwritten and the final stream footer
// inverted.

import type { Recipe } from './index.ts';
import { invert } from './prims.ts';
import { bytes, runShape, shapeSentence, type Shape } from './shape.ts';

export const XZ_SHAPE: Shape = {
  strategy: 'xz_stream_header_footer',
  header: 12,
  headerWhat: 'the stream header',
  signatures: [bytes('\xFD7zXZ\x00')],
  signaturesWhat: 'xz stream header magics',
  syncs: 'none',
};

/** The stream footer: CRC32, backward size, stream flags and `YZ`. */
const FOOTER = 12;

export const xz: Recipe = {
  strategy: XZ_SHAPE.strategy,
  apply(input, ctx) {
    const n = input.length;
    const tail = Math.min(n, FOOTER);
    const { data, done } = runShape(XZ_SHAPE, input, ctx, (_, d) => invert(d, n - tail, tail));
    return { data, recipe: shapeSentence(XZ_SHAPE, n, done, `, inverted the last ${tail} bytes (the stream footer)`) };
  },
};

// 7z: `7z_signature_header` (docs/engine.md), mirroring engine-rs/core/src/recipes/sevenzip.rs.
// 7z. Readers (and SFX scanners) search for the 6-byte signature, then read the 32-byte signature
// header, whose next-header offset and size lead to the archive's only directory at the end: the
// signature header is zeroed, the next header inverted, and every signature overwritten.

import type { Recipe } from './index.ts';
import { clamp, invert, le } from './prims.ts';
import { bytes, runShape, shapeSentence, type Shape } from './shape.ts';

export const SEVENZIP_SHAPE: Shape = {
  strategy: '7z_signature_header',
  header: 32,
  headerWhat: 'the signature header',
  signatures: [bytes('7z\xBC\xAF\x27\x1C')],
  signaturesWhat: '7z signatures',
  syncs: 'none',
};

const SIGNATURE_HEADER = 32n;

export const sevenZip: Recipe = {
  strategy: SEVENZIP_SHAPE.strategy,
  apply(input, ctx) {
    const n = input.length;
    // Next header offset (u64 LE at 12, counted from the end of the signature header) and size (at 20).
    // Bigints: u64 offsets near 2^64 must clamp to the end, never wrap to the start.
    const offset = le(input, 12, 8);
    const size = le(input, 20, 8);
    const [start, len] =
      offset !== undefined && size !== undefined ? clamp(n, SIGNATURE_HEADER + offset, size) : [0, 0];
    const { data, done } = runShape(SEVENZIP_SHAPE, input, ctx, (_, d) => invert(d, start, len));
    return { data, recipe: shapeSentence(SEVENZIP_SHAPE, n, done, `, inverted the ${len}-byte next header`) };
  },
};

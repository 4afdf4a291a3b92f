// ico: `ico_directory` (docs/engine.md), mirroring engine-rs/core/src/recipes/ico.rs.
// ICO (and CUR). Readers check the 6-byte header, then follow the directory's offsets to BMP or PNG
// images: header and directory are zeroed (type 0 is no icon), and embedded PNGs lose their
// signature and chunk types so nothing can be carved out.

import type { Recipe } from './index.ts';
import { clamp, le, zero } from './prims.ts';
import { bytes, runShape, shapeSentence, type Shape } from './shape.ts';

export const ICO_SHAPE: Shape = {
  strategy: 'ico_directory',
  header: 6,
  headerWhat: 'the icon header',
  signatures: [bytes('\x89PNG\r\n\x1A\n'), bytes('IHDR'), bytes('IDAT'), bytes('IEND')],
  signaturesWhat: 'embedded PNG signatures and chunk types',
  syncs: 'none',
};

/** Bytes per directory entry. */
const ENTRY = 16n;

export const ico: Recipe = {
  strategy: ICO_SHAPE.strategy,
  apply(input, ctx) {
    // The directory length comes from the input's image count (u16 LE at 4).
    const count = le(input, 4, 2) ?? 0n;
    const [start, len] = clamp(input.length, 6, count * ENTRY);
    const { data, done } = runShape(ICO_SHAPE, input, ctx, (_, d) => zero(d, start, len));
    return { data, recipe: shapeSentence(ICO_SHAPE, input.length, done, `, zeroed the ${len}-byte icon directory`) };
  },
};

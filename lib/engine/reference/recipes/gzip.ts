// gzip: `gzip_member_magic` (docs/engine.md), mirroring engine-rs/core/src/recipes/gzip.rs.
// gzip. Readers check the magic and method of every member (multi-member streams are one file);
// each member header's magic is overwritten.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const GZIP_SHAPE: Shape = {
  strategy: 'gzip_member_magic',
  header: 10,
  headerWhat: "the first member's fixed header",
  signatures: [bytes('\x1F\x8B\x08')],
  signaturesWhat: 'gzip member magics',
  syncs: 'none',
};

export const gzip = shapeRecipe(GZIP_SHAPE);

// bmp: `bmp_file_header` (docs/engine.md), mirroring engine-rs/core/src/recipes/bmp.rs.
// BMP. The 14-byte file header (signature, size, pixel offset) and the DIB header's size field,
// which tells readers which header version follows.

import { shapeRecipe, type Shape } from './shape.ts';

export const BMP_SHAPE: Shape = {
  strategy: 'bmp_file_header',
  header: 18,
  headerWhat: 'the BMP file header and the DIB header size',
  signatures: [],
  signaturesWhat: '',
  syncs: 'none',
};

export const bmp = shapeRecipe(BMP_SHAPE);

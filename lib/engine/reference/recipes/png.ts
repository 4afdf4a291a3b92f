// png: `png_magic_ihdr` (docs/engine.md), mirroring engine-rs/core/src/recipes/png.rs.
// PNG. libpng stops at a wrong signature; other readers walk chunks by type, so the signature
// and the IHDR chunk (always first, 25 bytes at offset 8) are zeroed and every critical and
// animation chunk type is overwritten.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const PNG_SHAPE: Shape = {
  strategy: 'png_magic_ihdr',
  header: 33,
  headerWhat: 'the PNG signature and the IHDR chunk',
  signatures: [bytes('IHDR'), bytes('PLTE'), bytes('IDAT'), bytes('IEND'), bytes('acTL'), bytes('fcTL'), bytes('fdAT')],
  signaturesWhat: 'PNG chunk types',
  syncs: 'none',
};

export const png = shapeRecipe(PNG_SHAPE);

// tiff: `tiff_header_ifd` (docs/engine.md), mirroring engine-rs/core/src/recipes/tiff.rs.
// TIFF. libtiff checks the byte order, the version 42 and then follows the first IFD offset;
// embedded TIFF headers (Exif blocks) are overwritten too.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const TIFF_SHAPE: Shape = {
  strategy: 'tiff_header_ifd',
  header: 8,
  headerWhat: 'byte order, version and first IFD offset',
  signatures: [bytes('II*\x00'), bytes('MM\x00*')],
  signaturesWhat: 'TIFF headers',
  syncs: 'none',
};

export const tiff = shapeRecipe(TIFF_SHAPE);

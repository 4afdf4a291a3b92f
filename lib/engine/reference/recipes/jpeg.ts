// jpeg: `jpeg_soi` (docs/engine.md), mirroring engine-rs/core/src/recipes/jpeg.rs.
// JPEG. Decoders need the start-of-image marker and then walk markers (0xFF followed by a
// marker code); every marker in the file, thumbnails included, loses its 0xFF.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const JPEG_SHAPE: Shape = {
  strategy: 'jpeg_soi',
  header: 2,
  headerWhat: 'the start-of-image marker',
  signatures: [bytes('JFIF'), bytes('Exif')],
  signaturesWhat: 'JFIF and Exif identifiers',
  syncs: 'jpeg_markers',
};

export const jpeg = shapeRecipe(JPEG_SHAPE);

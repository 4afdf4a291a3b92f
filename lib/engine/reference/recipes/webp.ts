// webp: `webp_riff_chunks` (docs/engine.md), mirroring engine-rs/core/src/recipes/webp.rs.
// WebP. A RIFF form: readers check RIFF, WEBP and the first chunk's FourCC.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const WEBP_SHAPE: Shape = {
  strategy: 'webp_riff_chunks',
  header: 16,
  headerWhat: 'the RIFF header, WEBP form type and first chunk FourCC',
  signatures: [
    bytes('RIFF'),
    bytes('WEBP'),
    bytes('VP8 '),
    bytes('VP8L'),
    bytes('VP8X'),
    bytes('ALPH'),
    bytes('ANIM'),
    bytes('ANMF'),
  ],
  signaturesWhat: 'RIFF and WebP chunk FourCCs',
  syncs: 'none',
};

export const webp = shapeRecipe(WEBP_SHAPE);

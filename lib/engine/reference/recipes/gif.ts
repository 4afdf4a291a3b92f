// gif: `gif_signature_screen` (docs/engine.md), mirroring engine-rs/core/src/recipes/gif.rs.
// GIF. Readers check the signature and read the logical screen descriptor before any block.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const GIF_SHAPE: Shape = {
  strategy: 'gif_signature_screen',
  header: 13,
  headerWhat: 'the GIF signature and logical screen descriptor',
  signatures: [bytes('GIF87a'), bytes('GIF89a'), bytes('NETSCAPE2.0')],
  signaturesWhat: 'GIF signatures and animation extensions',
  syncs: 'none',
};

export const gif = shapeRecipe(GIF_SHAPE);

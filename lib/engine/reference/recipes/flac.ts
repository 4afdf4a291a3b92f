// flac: `flac_frame_sync` (docs/engine.md), mirroring engine-rs/core/src/recipes/flac.rs.
// FLAC. Without `fLaC` and STREAMINFO, decoders still find frames by their sync (0xFFF8 or
// 0xFFF9) and checksummed headers; every sync is killed.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const FLAC_SHAPE: Shape = {
  strategy: 'flac_frame_sync',
  header: 42,
  headerWhat: 'fLaC and the STREAMINFO block',
  signatures: [bytes('fLaC')],
  signaturesWhat: 'fLaC markers',
  syncs: 'media',
};

export const flac = shapeRecipe(FLAC_SHAPE);

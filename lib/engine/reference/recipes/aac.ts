// aac: `aac_adts_sync` (docs/engine.md), mirroring engine-rs/core/src/recipes/aac.rs.
// AAC in ADTS (or ADIF). Demuxers skip junk up to the next ADTS sync (0xFFF); every sync is killed.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const AAC_SHAPE: Shape = {
  strategy: 'aac_adts_sync',
  header: 7,
  headerWhat: 'the first ADTS header',
  signatures: [bytes('ID3'), bytes('ADIF')],
  signaturesWhat: 'ID3 and ADIF identifiers',
  syncs: 'media',
};

export const aac = shapeRecipe(AAC_SHAPE);

// wma: `wma_asf_guids` (docs/engine.md), mirroring engine-rs/core/src/recipes/wma.rs.
// WMA, WMV and other ASF files. Readers check the header object's GUID and find the data object
// by GUID; the common tails of the ASF GUIDs are overwritten throughout the file.
// Audio frame syncs and video start codes in the payload are killed too (the media sync step), so
// no raw-stream demuxer can pick the payload up instead.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const WMA_SHAPE: Shape = {
  strategy: 'wma_asf_guids',
  header: 30,
  headerWhat: "the ASF header object's GUID, size, count and reserved bytes",
  signatures: [bytes('\x00\xAA\x00\x62\xCE\x6C'), bytes('\x00\xC0\x0C\x20\x53\x65'), bytes('\x00\xA0\xC9\x03')],
  signaturesWhat: 'ASF GUID tails',
  syncs: 'media',
};

export const wma = shapeRecipe(WMA_SHAPE);

// ogg: `ogg_page_sync` (docs/engine.md), mirroring engine-rs/core/src/recipes/ogg.rs.
// Ogg (Vorbis, Opus, FLAC, Speex, Theora). Demuxers resynchronise on the page capture pattern
// `OggS`; every one is overwritten, as are the codec identification headers.
// Audio frame syncs and video start codes in the payload are killed too (the media sync step), so
// no raw-stream demuxer can pick the payload up instead.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const OGG_SHAPE: Shape = {
  strategy: 'ogg_page_sync',
  header: 4,
  headerWhat: "the first page's capture pattern",
  signatures: [
    bytes('OggS'),
    bytes('vorbis'),
    bytes('OpusHead'),
    bytes('OpusTags'),
    bytes('FLAC'),
    bytes('Speex'),
    bytes('theora'),
  ],
  signaturesWhat: 'Ogg capture patterns and codec identifiers',
  syncs: 'media',
};

export const ogg = shapeRecipe(OGG_SHAPE);

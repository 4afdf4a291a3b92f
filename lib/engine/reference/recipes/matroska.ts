// matroska: `matroska_ebml_ids` (docs/engine.md), mirroring engine-rs/core/src/recipes/matroska.rs.
// Matroska and WebM. Readers start at the EBML header and resynchronise on the level-1 element
// IDs (Segment, Cluster, Tracks, Cues...); each of those 4-byte IDs, and the doc type names, is
// overwritten throughout the file.
// Audio frame syncs and video start codes in the payload are killed too (the media sync step), so
// no raw-stream demuxer can pick the payload up instead.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const MATROSKA_SHAPE: Shape = {
  strategy: 'matroska_ebml_ids',
  header: 4,
  headerWhat: 'the EBML header ID',
  signatures: [
    bytes('\x1A\x45\xDF\xA3'),
    bytes('\x18\x53\x80\x67'),
    bytes('\x11\x4D\x9B\x74'),
    bytes('\x15\x49\xA9\x66'),
    bytes('\x16\x54\xAE\x6B'),
    bytes('\x1F\x43\xB6\x75'),
    bytes('\x1C\x53\xBB\x6B'),
    bytes('\x12\x54\xC3\x67'),
    bytes('\x10\x43\xA7\x70'),
    bytes('\x19\x41\xA4\x69'),
    bytes('matroska'),
    bytes('webm'),
  ],
  signaturesWhat: 'EBML element IDs and doc type names',
  syncs: 'media',
};

export const matroska = shapeRecipe(MATROSKA_SHAPE);

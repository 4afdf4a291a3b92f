// avi: `avi_riff_lists` (docs/engine.md), mirroring engine-rs/core/src/recipes/avi.rs.
// AVI. A RIFF form; tolerant players resynchronise on RIFF, LIST, movi, idx1 and stream chunk
// ids such as 00dc and 01wb, so all of them are overwritten throughout the file.
// Audio frame syncs and video start codes in the payload are killed too (the media sync step), so
// no raw-stream demuxer can pick the payload up instead.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const AVI_SHAPE: Shape = {
  strategy: 'avi_riff_lists',
  header: 12,
  headerWhat: 'the RIFF header and AVI form type',
  signatures: [
    bytes('RIFF'),
    bytes('LIST'),
    bytes('AVI '),
    bytes('AVIX'),
    bytes('hdrl'),
    bytes('avih'),
    bytes('strl'),
    bytes('strh'),
    bytes('strf'),
    bytes('strn'),
    bytes('movi'),
    bytes('idx1'),
    bytes('indx'),
    bytes('odml'),
    bytes('JUNK'),
    bytes('00dc'),
    bytes('00db'),
    bytes('00wb'),
    bytes('01dc'),
    bytes('01db'),
    bytes('01wb'),
    bytes('ix00'),
    bytes('ix01'),
  ],
  signaturesWhat: 'RIFF and AVI FourCCs',
  syncs: 'media',
};

export const avi = shapeRecipe(AVI_SHAPE);

// mp3: `mp3_frame_sync` (docs/engine.md), mirroring engine-rs/core/src/recipes/mp3.rs.
// MP3 (MPEG audio). Decoders find frame syncs (0xFF then 0xE0 or above) anywhere in the file and
// skip any junk before them, so every sync is killed; ID3v2 tags and VBR headers lose their
// identifiers.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const MP3_SHAPE: Shape = {
  strategy: 'mp3_frame_sync',
  header: 10,
  headerWhat: 'an ID3v2 header or the first frame header',
  signatures: [bytes('ID3'), bytes('Xing'), bytes('Info'), bytes('LAME')],
  signaturesWhat: 'ID3 and VBR header identifiers',
  syncs: 'media',
};

export const mp3 = shapeRecipe(MP3_SHAPE);

// wav: `wav_riff_chunks` (docs/engine.md), mirroring engine-rs/core/src/recipes/wav.rs.
// WAV. A RIFF form: readers need RIFF and WAVE, then find `fmt ` and `data` by chunk id.
// Audio frame syncs and video start codes in the payload are killed too (the media sync step), so
// no raw-stream demuxer can pick the payload up instead.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const WAV_SHAPE: Shape = {
  strategy: 'wav_riff_chunks',
  header: 12,
  headerWhat: 'the RIFF header and WAVE form type',
  signatures: [
    bytes('RIFF'),
    bytes('RIFX'),
    bytes('RF64'),
    bytes('WAVE'),
    bytes('fmt '),
    bytes('data'),
    bytes('LIST'),
    bytes('fact'),
    bytes('bext'),
    bytes('ds64'),
  ],
  signaturesWhat: 'RIFF and WAV chunk ids',
  syncs: 'media',
};

export const wav = shapeRecipe(WAV_SHAPE);

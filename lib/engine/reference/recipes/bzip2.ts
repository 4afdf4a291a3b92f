// bzip2: `bzip2_stream_magic` (docs/engine.md), mirroring engine-rs/core/src/recipes/bzip2.rs.
// bzip2. Readers check `BZh` and the block size of every stream, and recovery tools look for
// the block magic `1AY&SY` and the end-of-stream magic; byte-aligned ones are overwritten.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const BZIP2_SHAPE: Shape = {
  strategy: 'bzip2_stream_magic',
  header: 4,
  headerWhat: 'the stream header',
  signatures: [
    bytes('BZh1'),
    bytes('BZh2'),
    bytes('BZh3'),
    bytes('BZh4'),
    bytes('BZh5'),
    bytes('BZh6'),
    bytes('BZh7'),
    bytes('BZh8'),
    bytes('BZh9'),
    bytes('1AY&SY'),
    bytes('\x17\x72\x45\x38\x50\x90'),
  ],
  signaturesWhat: 'bzip2 stream, block and end-of-stream magics',
  syncs: 'none',
};

export const bzip2 = shapeRecipe(BZIP2_SHAPE);

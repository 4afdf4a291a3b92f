// isobmff: `isobmff_box_types` (docs/engine.md), mirroring engine-rs/core/src/recipes/isobmff.rs.
// ISO base media files (mp4, mov, m4a, m4v, 3gp). Readers walk boxes by size and type and
// need `moov` (or `moof` fragments); probing looks for `ftyp`, `moov`, `mdat` and the like. Every
// structural box type in the file is overwritten.
// Audio frame syncs and video start codes in the payload are killed too (the media sync step), so
// no raw-stream demuxer can pick the payload up instead.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const ISOBMFF_SHAPE: Shape = {
  strategy: 'isobmff_box_types',
  header: 8,
  headerWhat: "the first box's size and type",
  signatures: [
    bytes('ftyp'),
    bytes('styp'),
    bytes('moov'),
    bytes('moof'),
    bytes('mfra'),
    bytes('mdat'),
    bytes('mvhd'),
    bytes('mvex'),
    bytes('trak'),
    bytes('tkhd'),
    bytes('mdia'),
    bytes('mdhd'),
    bytes('hdlr'),
    bytes('minf'),
    bytes('stbl'),
    bytes('stsd'),
    bytes('stts'),
    bytes('stsc'),
    bytes('stsz'),
    bytes('stco'),
    bytes('co64'),
    bytes('sidx'),
    bytes('free'),
    bytes('skip'),
    bytes('wide'),
    bytes('udta'),
    bytes('meta'),
  ],
  signaturesWhat: 'ISO-BMFF box types',
  syncs: 'media',
};

export const isobmff = shapeRecipe(ISOBMFF_SHAPE);

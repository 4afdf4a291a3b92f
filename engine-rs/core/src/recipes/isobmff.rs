//! ISO base media files (mp4, mov, m4a, m4v, 3gp). Readers walk boxes by size and type and
//! need `moov` (or `moof` fragments); probing looks for `ftyp`, `moov`, `mdat` and the like. Every
//! structural box type in the file is overwritten.
//! Audio frame syncs and video start codes in the payload are killed too (the media sync step), so
//! no raw-stream demuxer can pick the payload up instead.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "isobmff_box_types",
    header: 8,
    header_what: "the first box's size and type",
    signatures: &[
        b"ftyp", b"styp", b"moov", b"moof", b"mfra", b"mdat", b"mvhd", b"mvex", b"trak", b"tkhd", b"mdia", b"mdhd",
        b"hdlr", b"minf", b"stbl", b"stsd", b"stts", b"stsc", b"stsz", b"stco", b"co64", b"sidx", b"free", b"skip",
        b"wide", b"udta", b"meta",
    ],
    signatures_what: "ISO-BMFF box types",
    syncs: Syncs::Media,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

//! AVI. A RIFF form; tolerant players resynchronise on RIFF, LIST, movi, idx1 and stream chunk
//! ids such as 00dc and 01wb, so all of them are overwritten throughout the file.
//! Audio frame syncs and video start codes in the payload are killed too (the media sync step), so
//! no raw-stream demuxer can pick the payload up instead.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "avi_riff_lists",
    header: 12,
    header_what: "the RIFF header and AVI form type",
    signatures: &[
        b"RIFF", b"LIST", b"AVI ", b"AVIX", b"hdrl", b"avih", b"strl", b"strh", b"strf", b"strn", b"movi", b"idx1",
        b"indx", b"odml", b"JUNK", b"00dc", b"00db", b"00wb", b"01dc", b"01db", b"01wb", b"ix00", b"ix01",
    ],
    signatures_what: "RIFF and AVI FourCCs",
    syncs: Syncs::Media,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

//! MP3 (MPEG audio). Decoders find frame syncs (0xFF then 0xE0 or above) anywhere in the file and
//! skip any junk before them, so every sync is killed; ID3v2 tags and VBR headers lose their
//! identifiers.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "mp3_frame_sync",
    header: 10,
    header_what: "an ID3v2 header or the first frame header",
    signatures: &[b"ID3", b"Xing", b"Info", b"LAME"],
    signatures_what: "ID3 and VBR header identifiers",
    syncs: Syncs::Media,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

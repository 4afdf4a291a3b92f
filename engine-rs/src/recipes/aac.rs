//! AAC in ADTS (or ADIF). Demuxers skip junk up to the next ADTS sync (0xFFF); every sync is killed.

use super::shape::Shape;
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "aac_adts_sync",
    header: 7,
    header_what: "the first ADTS header",
    signatures: &[b"ID3", b"ADIF"],
    signatures_what: "ID3 and ADIF identifiers",
    syncs: Some((0xE0, 0xFF, "frame syncs (0xFF followed by 0xE0-0xFF)")),
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

//! AAC in ADTS (or ADIF). Demuxers skip junk up to the next ADTS sync (0xFFF); every sync is killed.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "aac_adts_sync",
    header: 7,
    header_what: "the first ADTS header",
    signatures: &[b"ID3", b"ADIF"],
    signatures_what: "ID3 and ADIF identifiers",
    syncs: Syncs::Media,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

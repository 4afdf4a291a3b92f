//! FLAC. Without `fLaC` and STREAMINFO, decoders still find frames by their sync (0xFFF8 or
//! 0xFFF9) and checksummed headers; every sync is killed.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "flac_frame_sync",
    header: 42,
    header_what: "fLaC and the STREAMINFO block",
    signatures: &[b"fLaC"],
    signatures_what: "fLaC markers",
    syncs: Syncs::Media,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

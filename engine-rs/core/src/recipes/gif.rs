//! GIF. Readers check the signature and read the logical screen descriptor before any block.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "gif_signature_screen",
    header: 13,
    header_what: "the GIF signature and logical screen descriptor",
    signatures: &[b"GIF87a", b"GIF89a", b"NETSCAPE2.0"],
    signatures_what: "GIF signatures and animation extensions",
    syncs: Syncs::None,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

//! gzip. Readers check the magic and method of every member (multi-member streams are one file);
//! each member header's magic is overwritten.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "gzip_member_magic",
    header: 10,
    header_what: "the first member's fixed header",
    signatures: &[b"\x1F\x8B\x08"],
    signatures_what: "gzip member magics",
    syncs: Syncs::None,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

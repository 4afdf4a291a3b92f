//! PNG. libpng stops at a wrong signature; other readers walk chunks by type, so the signature
//! and the IHDR chunk (always first, 25 bytes at offset 8) are zeroed and every critical and
//! animation chunk type is overwritten.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "png_magic_ihdr",
    header: 33,
    header_what: "the PNG signature and the IHDR chunk",
    signatures: &[b"IHDR", b"PLTE", b"IDAT", b"IEND", b"acTL", b"fcTL", b"fdAT"],
    signatures_what: "PNG chunk types",
    syncs: Syncs::None,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

//! WebP. A RIFF form: readers check RIFF, WEBP and the first chunk's FourCC.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "webp_riff_chunks",
    header: 16,
    header_what: "the RIFF header, WEBP form type and first chunk FourCC",
    signatures: &[b"RIFF", b"WEBP", b"VP8 ", b"VP8L", b"VP8X", b"ALPH", b"ANIM", b"ANMF"],
    signatures_what: "RIFF and WebP chunk FourCCs",
    syncs: Syncs::None,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

//! BMP. The 14-byte file header (signature, size, pixel offset) and the DIB header's size field,
//! which tells readers which header version follows.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "bmp_file_header",
    header: 18,
    header_what: "the BMP file header and the DIB header size",
    signatures: &[],
    signatures_what: "",
    syncs: Syncs::None,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

//! TIFF. libtiff checks the byte order, the version 42 and then follows the first IFD offset;
//! embedded TIFF headers (Exif blocks) are overwritten too.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "tiff_header_ifd",
    header: 8,
    header_what: "byte order, version and first IFD offset",
    signatures: &[b"II*\x00", b"MM\x00*"],
    signatures_what: "TIFF headers",
    syncs: Syncs::None,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

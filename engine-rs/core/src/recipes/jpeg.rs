//! JPEG. Decoders need the start-of-image marker and then walk markers (0xFF followed by a
//! marker code); every marker in the file, thumbnails included, loses its 0xFF.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "jpeg_soi",
    header: 2,
    header_what: "the start-of-image marker",
    signatures: &[b"JFIF", b"Exif"],
    signatures_what: "JFIF and Exif identifiers",
    syncs: Syncs::JpegMarkers,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

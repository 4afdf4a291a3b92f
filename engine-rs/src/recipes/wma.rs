//! WMA, WMV and other ASF files. Readers check the header object's GUID and find the data object
//! by GUID; the common tails of the ASF GUIDs are overwritten throughout the file.

use super::shape::Shape;
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "wma_asf_guids",
    header: 30,
    header_what: "the ASF header object's GUID, size, count and reserved bytes",
    signatures: &[b"\x00\xAA\x00\x62\xCE\x6C", b"\x00\xC0\x0C\x20\x53\x65", b"\x00\xA0\xC9\x03"],
    signatures_what: "ASF GUID tails",
    syncs: None,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

//! WMA, WMV and other ASF files. Readers check the header object's GUID and find the data object
//! by GUID; the common tails of the ASF GUIDs are overwritten throughout the file.
//! Audio frame syncs and video start codes in the payload are killed too (the media sync step), so
//! no raw-stream demuxer can pick the payload up instead.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "wma_asf_guids",
    header: 30,
    header_what: "the ASF header object's GUID, size, count and reserved bytes",
    signatures: &[b"\x00\xAA\x00\x62\xCE\x6C", b"\x00\xC0\x0C\x20\x53\x65", b"\x00\xA0\xC9\x03"],
    signatures_what: "ASF GUID tails",
    syncs: Syncs::Media,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

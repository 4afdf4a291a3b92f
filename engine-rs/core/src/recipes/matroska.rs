//! Matroska and WebM. Readers start at the EBML header and resynchronise on the level-1 element
//! IDs (Segment, Cluster, Tracks, Cues...); each of those 4-byte IDs, and the doc type names, is
//! overwritten throughout the file.
//! Audio frame syncs and video start codes in the payload are killed too (the media sync step), so
//! no raw-stream demuxer can pick the payload up instead.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "matroska_ebml_ids",
    header: 4,
    header_what: "the EBML header ID",
    signatures: &[
        b"\x1A\x45\xDF\xA3",
        b"\x18\x53\x80\x67",
        b"\x11\x4D\x9B\x74",
        b"\x15\x49\xA9\x66",
        b"\x16\x54\xAE\x6B",
        b"\x1F\x43\xB6\x75",
        b"\x1C\x53\xBB\x6B",
        b"\x12\x54\xC3\x67",
        b"\x10\x43\xA7\x70",
        b"\x19\x41\xA4\x69",
        b"matroska",
        b"webm",
    ],
    signatures_what: "EBML element IDs and doc type names",
    syncs: Syncs::Media,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

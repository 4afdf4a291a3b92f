//! Ogg (Vorbis, Opus, FLAC, Speex, Theora). Demuxers resynchronise on the page capture pattern
//! `OggS`; every one is overwritten, as are the codec identification headers.

use super::shape::Shape;
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "ogg_page_sync",
    header: 4,
    header_what: "the first page's capture pattern",
    signatures: &[b"OggS", b"vorbis", b"OpusHead", b"OpusTags", b"FLAC", b"Speex", b"theora"],
    signatures_what: "Ogg capture patterns and codec identifiers",
    syncs: None,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

//! Ogg (Vorbis, Opus, FLAC, Speex, Theora). Demuxers resynchronise on the page capture pattern
//! `OggS`; every one is overwritten, as are the codec identification headers.
//! Audio frame syncs and video start codes in the payload are killed too (the media sync step), so
//! no raw-stream demuxer can pick the payload up instead.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "ogg_page_sync",
    header: 4,
    header_what: "the first page's capture pattern",
    signatures: &[b"OggS", b"vorbis", b"OpusHead", b"OpusTags", b"FLAC", b"Speex", b"theora"],
    signatures_what: "Ogg capture patterns and codec identifiers",
    syncs: Syncs::Media,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

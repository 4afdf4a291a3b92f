//! WAV. A RIFF form: readers need RIFF and WAVE, then find `fmt ` and `data` by chunk id.
//! Audio frame syncs and video start codes in the payload are killed too (the media sync step), so
//! no raw-stream demuxer can pick the payload up instead.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "wav_riff_chunks",
    header: 12,
    header_what: "the RIFF header and WAVE form type",
    signatures: &[b"RIFF", b"RIFX", b"RF64", b"WAVE", b"fmt ", b"data", b"LIST", b"fact", b"bext", b"ds64"],
    signatures_what: "RIFF and WAV chunk ids",
    syncs: Syncs::Media,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

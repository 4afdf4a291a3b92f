//! FLV. There is no index: demuxers read tag after tag and, on a mismatch, resynchronise on any two
//! consecutive tags whose data sizes agree with the PreviousTagSize fields after them. Walking the
//! input's tag chain, every tag's type and data size and every PreviousTagSize is zeroed, so no two
//! tags agree anywhere.
//! Audio frame syncs and video start codes in the payload are killed too (the media sync step), so
//! no raw-stream demuxer can pick the payload up instead.

use super::prims::{be, clamp, zero};
use super::tables::FLV as SHAPE;
use super::{Broken, Ctx};

/// The FLV header is 9 bytes; the tag chain starts right after it.
const HEADER: u64 = 9;
/// Tag header: type (1), data size (3, big-endian), timestamp (4), stream id (3).
const TAG_HEADER: u64 = 11;

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    let n = input.len();
    let mut tags = 0u64;
    let (data, done) = SHAPE.run(input, ctx, |input, d| {
        let n64 = n as u64;
        let mut p = HEADER;
        while p + 4 <= n64 {
            let (s, l) = clamp(n, p, 4);
            zero(d, s, l); // PreviousTagSize
            let t = p + 4;
            let size = match be(input, t + 1, 3) {
                Some(size) if t + TAG_HEADER <= n64 => size,
                _ => break,
            };
            let (s, l) = clamp(n, t, 4);
            zero(d, s, l); // tag type and data size
            tags += 1;
            p = t + TAG_HEADER + size;
        }
    });
    Broken {
        data,
        recipe: SHAPE.sentence(
            n,
            &done,
            &format!(", zeroed the type and size of {tags} tags and every PreviousTagSize field"),
        ),
    }
}

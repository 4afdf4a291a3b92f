//! bzip2. Readers check `BZh` and the block size of every stream, and recovery tools look for
//! the block magic `1AY&SY` and the end-of-stream magic; byte-aligned ones are overwritten.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "bzip2_stream_magic",
    header: 4,
    header_what: "the stream header",
    signatures: &[
        b"BZh1",
        b"BZh2",
        b"BZh3",
        b"BZh4",
        b"BZh5",
        b"BZh6",
        b"BZh7",
        b"BZh8",
        b"BZh9",
        b"1AY&SY",
        b"\x17\x72\x45\x38\x50\x90",
    ],
    signatures_what: "bzip2 stream, block and end-of-stream magics",
    syncs: Syncs::None,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

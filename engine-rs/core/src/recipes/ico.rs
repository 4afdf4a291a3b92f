//! ICO (and CUR). Readers check the 6-byte header, then follow the directory's offsets to BMP or PNG
//! images: header and directory are zeroed (type 0 is no icon), and embedded PNGs lose their
//! signature and chunk types so nothing can be carved out.

use super::prims::{clamp, le, zero};
use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "ico_directory",
    header: 6,
    header_what: "the icon header",
    signatures: &[b"\x89PNG\r\n\x1A\n", b"IHDR", b"IDAT", b"IEND"],
    signatures_what: "embedded PNG signatures and chunk types",
    syncs: Syncs::None,
};

/// Bytes per directory entry.
const ENTRY: u64 = 16;

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    // The directory length comes from the input's image count (u16 LE at 4).
    let count = le(input, 4, 2).unwrap_or(0);
    let (start, len) = clamp(input.len(), 6, count * ENTRY);
    let (data, done) = SHAPE.run(input, ctx, |_, d| zero(d, start, len));
    Broken {
        data,
        strategy: SHAPE.strategy,
        recipe: SHAPE.sentence(input.len(), &done, &format!(", zeroed the {len}-byte icon directory")),
    }
}

//! ICO (and CUR). Readers check the 6-byte header, then follow the directory's offsets to BMP or PNG
//! images: header and directory are zeroed (type 0 is no icon), and embedded PNGs lose their
//! signature and chunk types so nothing can be carved out.

use super::prims::{clamp, le, zero};
use super::tables::ICO as SHAPE;
use super::{Broken, Ctx};

/// Bytes per directory entry.
const ENTRY: u64 = 16;

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    // The directory length comes from the input's image count (u16 LE at 4).
    let count = le(input, 4, 2).unwrap_or(0);
    let (start, len) = clamp(input.len(), 6, count * ENTRY);
    let (data, done) = SHAPE.run(input, ctx, |_, d| zero(d, start, len));
    Broken { data, recipe: SHAPE.sentence(input.len(), &done, &format!(", zeroed the {len}-byte icon directory")) }
}

//! 7z. Readers (and SFX scanners) search for the 6-byte signature, then read the 32-byte signature
//! header, whose next-header offset and size lead to the archive's only directory at the end: the
//! signature header is zeroed, the next header inverted, and every signature overwritten.

use super::prims::{clamp, invert, le};
use super::tables::SEVEN_ZIP as SHAPE;
use super::{Broken, Ctx};

const SIGNATURE_HEADER: u64 = 32;

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    let n = input.len();
    // Next header offset (u64 LE at 12, counted from the end of the signature header) and size (at 20).
    let next = match (le(input, 12, 8), le(input, 20, 8)) {
        (Some(offset), Some(size)) => clamp(n, SIGNATURE_HEADER.saturating_add(offset), size),
        _ => (0, 0),
    };
    let (data, done) = SHAPE.run(input, ctx, |_, d| invert(d, next.0, next.1));
    Broken { data, recipe: SHAPE.sentence(n, &done, &format!(", inverted the {}-byte next header", next.1)) }
}

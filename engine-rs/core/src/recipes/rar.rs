//! RAR (4 and 5). Readers, and SFX scanners, search for the `Rar!\x1A\x07` signature and read the
//! main archive header after it: every signature is overwritten and the first header inverted.

use super::tables::RAR as SHAPE;
use super::{Broken, Ctx};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.invert_after_header(input, ctx, 32, "bytes (the main archive header)")
}

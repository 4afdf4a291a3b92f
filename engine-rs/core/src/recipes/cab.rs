//! Microsoft Cabinet. Readers search for `MSCF` and read the header fields after it (sizes, file
//! table offset, folder and file counts): every signature is overwritten and the first header's
//! fields inverted.

use super::tables::CAB as SHAPE;
use super::{Broken, Ctx};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.invert_after_header(input, ctx, 32, "bytes (the cabinet header fields)")
}

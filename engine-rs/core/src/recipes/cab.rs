//! Microsoft Cabinet. Readers search for `MSCF` and read the header fields after it (sizes, file
//! table offset, folder and file counts): every signature is overwritten and the first header's
//! fields inverted.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "cab_mscf_header",
    header: 4,
    header_what: "the MSCF signature",
    signatures: &[b"MSCF"],
    signatures_what: "MSCF signatures",
    syncs: Syncs::None,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.invert_after_header(input, ctx, 32, "bytes (the cabinet header fields)")
}

//! Microsoft Cabinet. Readers search for `MSCF` and read the header fields after it (sizes, file
//! table offset, folder and file counts): every signature is overwritten and the first header's
//! fields inverted.

use super::prims::{clamp, invert};
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
    let (start, len) = clamp(input.len(), 4, 32);
    let (data, done) = SHAPE.run(input, ctx, |_, d| invert(d, start, len));
    Broken {
        data,
        strategy: SHAPE.strategy,
        recipe: SHAPE.sentence(
            input.len(),
            &done,
            &format!(", inverted the next {len} bytes (the cabinet header fields)"),
        ),
    }
}

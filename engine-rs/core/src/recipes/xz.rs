//! xz. Readers check the stream header magic of every stream and read each stream backwards from its
//! footer (`YZ`, the index size): stream header magics are overwritten and the final stream footer
//! inverted.

use super::prims::invert;
use super::tables::XZ as SHAPE;
use super::{Broken, Ctx};

/// The stream footer: CRC32, backward size, stream flags and `YZ`.
const FOOTER: usize = 12;

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    let n = input.len();
    let tail = n.min(FOOTER);
    let (data, done) = SHAPE.run(input, ctx, |_, d| invert(d, n - tail, tail));
    Broken { data, recipe: SHAPE.sentence(n, &done, &format!(", inverted the last {tail} bytes (the stream footer)")) }
}

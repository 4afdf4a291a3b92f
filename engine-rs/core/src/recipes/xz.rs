//! xz. Readers check the stream header magic of every stream and read each stream backwards from its
//! footer (`YZ`, the index size): stream header magics are overwritten and the final stream footer
//! inverted.

use super::steps::{Op, Structure};

/// The stream footer: CRC32, backward size, stream flags and `YZ`.
const FOOTER: u64 = 12;

pub fn plan(n: u64) -> Structure {
    let tail = n.min(FOOTER);
    Structure::one(Op::Invert, n - tail, tail, format!(", inverted the last {tail} bytes (the stream footer)"))
}

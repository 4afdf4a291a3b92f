//! ICO (and CUR). Readers check the 6-byte header, then follow the directory's offsets to BMP or PNG
//! images: header and directory are zeroed (type 0 is no icon), and embedded PNGs lose their
//! signature and chunk types so nothing can be carved out.

use super::prims::{clamp, le};
use super::steps::{Op, Structure};

/// Bytes per directory entry.
const ENTRY: u64 = 16;

/// `head`: the input's first bytes (at least 6 when the input has them).
pub fn plan(head: &[u8], n: u64) -> Structure {
    // The directory length comes from the input's image count (u16 LE at 4).
    let count = le(head, 4, 2).unwrap_or(0);
    let (start, len) = clamp(n, 6, count * ENTRY);
    Structure::one(Op::Zero, start, len, format!(", zeroed the {len}-byte icon directory"))
}

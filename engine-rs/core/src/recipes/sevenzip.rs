//! 7z. Readers (and SFX scanners) search for the 6-byte signature, then read the 32-byte signature
//! header, whose next-header offset and size lead to the archive's only directory at the end: the
//! signature header is zeroed, the next header inverted, and every signature overwritten.

use super::prims::{clamp, le};
use super::steps::{Op, Structure};

const SIGNATURE_HEADER: u64 = 32;

pub fn plan(head: &[u8], n: u64) -> Structure {
    // Next header offset (u64 LE at 12, counted from the end of the signature header) and size (at 20).
    let (start, len) = match (le(head, 12, 8), le(head, 20, 8)) {
        (Some(offset), Some(size)) => clamp(n, SIGNATURE_HEADER.saturating_add(offset), size),
        _ => (0, 0),
    };
    Structure::one(Op::Invert, start, len, format!(", inverted the {len}-byte next header"))
}

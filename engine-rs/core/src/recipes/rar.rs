//! RAR (4 and 5). Readers, and SFX scanners, search for the `Rar!\x1A\x07` signature and read the
//! main archive header after it: every signature is overwritten and the first header inverted.

use super::steps::Structure;
use super::tables::RAR as SHAPE;

pub fn plan(n: u64) -> Structure {
    Structure::invert_after_header(&SHAPE, n, 32, "bytes (the main archive header)")
}

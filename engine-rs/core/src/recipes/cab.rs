//! Microsoft Cabinet. Readers search for `MSCF` and read the header fields after it (sizes, file
//! table offset, folder and file counts): every signature is overwritten and the first header's
//! fields inverted.

use super::steps::Structure;
use super::tables::CAB as SHAPE;

pub fn plan(n: u64) -> Structure {
    Structure::invert_after_header(&SHAPE, n, 32, "bytes (the cabinet header fields)")
}

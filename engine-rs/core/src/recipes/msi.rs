//! MSI and other OLE compound files (doc, xls, msg). Readers check the signature, then need the
//! header's sector size, FAT and directory locations and DIFAT: the signature is zeroed and the rest
//! of the 512-byte header inverted.

use super::steps::Structure;
use super::tables::MSI as SHAPE;

pub fn plan(n: u64) -> Structure {
    Structure::invert_after_header(
        &SHAPE,
        n,
        512 - 8,
        "header bytes (sector sizes, FAT, directory and DIFAT locations)",
    )
}

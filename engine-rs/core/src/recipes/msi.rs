//! MSI and other OLE compound files (doc, xls, msg). Readers check the signature, then need the
//! header's sector size, FAT and directory locations and DIFAT: the signature is zeroed and the rest
//! of the 512-byte header inverted.

use super::tables::MSI as SHAPE;
use super::{Broken, Ctx};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.invert_after_header(input, ctx, 512 - 8, "header bytes (sector sizes, FAT, directory and DIFAT locations)")
}

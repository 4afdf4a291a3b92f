//! MSI and other OLE compound files (doc, xls, msg). Readers check the signature, then need the
//! header's sector size, FAT and directory locations and DIFAT: the signature is zeroed and the rest
//! of the 512-byte header inverted.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "msi_ole_header",
    header: 8,
    header_what: "the compound file signature",
    signatures: &[b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", b"R\0o\0o\0t\0 \0E\0n\0t\0r\0y\0"],
    signatures_what: "compound file signatures and root directory names",
    syncs: Syncs::None,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.invert_after_header(input, ctx, 512 - 8, "header bytes (sector sizes, FAT, directory and DIFAT locations)")
}

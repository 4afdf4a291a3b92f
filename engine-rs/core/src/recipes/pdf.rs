//! PDF. Readers repair a broken cross-reference table by scanning for `obj`, `stream`, `xref`,
//! `trailer` and `%%EOF` (poppler and qpdf both reconstruct), so every one of those keywords is
//! overwritten throughout the file: with no object left to find, no catalog can be rebuilt.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "pdf_nuclear_destruction",
    header: 8,
    header_what: "the %PDF-x.y header",
    signatures: &[b"%PDF", b"%%EOF", b"obj", b"stream", b"xref", b"trailer"],
    signatures_what:
        "PDF keywords (%PDF, %%EOF, obj, stream, xref, trailer, also inside endobj, endstream and startxref)",
    syncs: Syncs::None,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

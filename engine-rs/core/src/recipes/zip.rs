//! ZIP and everything built on it (docx, xlsx, jar, odt, epub, apk...). Readers find the end of
//! central directory record by its signature (Python's zipfile, unzip), or walk local headers from
//! the start (7-Zip): every ZIP record signature in the file is overwritten, so neither has anything
//! to find, nested archives stored inside included.

use super::shape::{Shape, Syncs};
use super::{Broken, Ctx};

pub const SHAPE: Shape = Shape {
    strategy: "zip_magic_eocd",
    header: 4,
    header_what: "the first local header's signature",
    signatures: &[b"PK\x01\x02", b"PK\x03\x04", b"PK\x05\x06", b"PK\x06\x06", b"PK\x06\x07", b"PK\x07\x08"],
    signatures_what:
        "ZIP record signatures (local and central headers, end of central directory, ZIP64 records, data descriptors)",
    syncs: Syncs::None,
};

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    SHAPE.apply(input, ctx)
}

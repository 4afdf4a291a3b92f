//! What the rules of one file read (`single`, and `structural` beside it): the file's family, head,
//! statistics, rewritten signature, shape and repeated blocks. Its own module so the two rule sets
//! use it without using each other.

use crate::dups::Copy;
use crate::scan::Stats;
use crate::shape::Shape;
use crate::signature::Rewritten;
use fracture_engine::Family;

/// Everything the rules read.
pub struct Seen<'a> {
    pub family: Family,
    /// Whether the family comes from the bytes (a magic, possibly rewritten), not the name alone.
    pub head: &'a [u8],
    pub stats: &'a Stats,
    pub rewritten: Option<&'a Rewritten>,
    /// A damaged signature: the expected magic, its offset, bytes differing, and whether the rest of
    /// the structure reads well once it is restored.
    pub damaged_signature: Option<(&'static [u8], usize, usize, bool)>,
    pub shape: Option<&'a Shape>,
    pub copies: &'a [(Copy, u32)],
}

/// Families whose data is compressed or binary throughout: no run of zero sectors, no 7-bit file.
pub fn dense(f: Family) -> bool {
    matches!(
        f,
        Family::Png
            | Family::Jpeg
            | Family::Gzip
            | Family::Zip
            | Family::Pdf
            | Family::Gif
            | Family::Webp
            | Family::Xz
            | Family::Bzip2
            | Family::SevenZip
            | Family::Rar
            | Family::Flac
            | Family::Ogg
            | Family::Mp3
    )
}

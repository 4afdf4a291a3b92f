//! Format families and how the scan stage finds them: magic bytes, then the extension, then text
//! detection (docs/contract.md, section 7). `Family` and the tables are generated from
//! engine-data/formats.toml; the rules that read them are here.

mod extensions;
mod magic;
mod tables;

pub use extensions::family_for_extension;
pub use magic::{is_text, TEXT_WINDOW};
// Diagnose (engine-rs/diagnose) matches damaged signatures against the same table.
pub use tables::MAGIC;
pub use tables::{Family, EXTENSIONS};

/// How much of the start of the input the scan stage reads for text detection.
/// The family of `bytes` named `ext` (already lower-cased, possibly empty).
pub fn detect(bytes: &[u8], ext: &str) -> Family {
    if let Some(f) = magic::family_by_magic(bytes) {
        return f;
    }
    if let Some(f) = family_for_extension(ext) {
        return f;
    }
    if is_text(bytes) {
        if magic::looks_like_svg(bytes) {
            return Family::Svg;
        }
        return Family::Text;
    }
    Family::Generic
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_wins_over_extension() {
        assert_eq!(detect(b"%PDF-1.7\n", "txt"), Family::Pdf);
        assert_eq!(detect(b"PK\x03\x04rest", "pdf"), Family::Zip);
        assert_eq!(detect(b"plain words here", "png"), Family::Png);
        assert_eq!(detect(b"plain words here", ""), Family::Text);
        assert_eq!(detect(&[0, 1, 2, 3, 200, 201], ""), Family::Generic);
        assert_eq!(detect(b"<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>", ""), Family::Svg);
        assert_eq!(detect(b"", "CSV"), Family::Generic, "extensions arrive lower-cased");
        assert_eq!(detect(b"", "csv"), Family::Text);
    }

    #[test]
    fn bzip2_magic_reads_the_block_size_digit() {
        // Regression: the rule read byte 2 (the 'h'), so it never fired.
        assert_eq!(detect(b"BZh91AY&SY\xff\x00", ""), Family::Bzip2);
        assert_eq!(detect(b"BZh01AY&SY\xff\x00", ""), Family::Generic);
    }

    #[test]
    fn every_family_has_a_unique_id() {
        let mut ids: Vec<_> = Family::ALL.iter().map(|f| f.id()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), Family::ALL.len());
    }
}

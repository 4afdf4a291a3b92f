//! Format families and how the scan stage finds them: magic bytes, then the extension, then text
//! detection (docs/contract.md, section 7). `Family` and the tables are generated from
//! engine-data/formats.toml; the rules that read them are here.

mod extensions;
mod magic;
mod tables;

pub use extensions::family_for_extension;
#[cfg(test)]
pub(crate) use tables::MAGIC;
pub use tables::{Family, EXTENSIONS};

/// How much of the start of the input the scan stage reads for text detection.
pub const TEXT_WINDOW: usize = 8192;

/// Text: over 95% of the first 8192 bytes printable (tab, LF, FF, CR, 0x20-0x7E, or any byte >= 0x80,
/// which lets UTF-8 text count). Empty input is not text.
pub fn is_text(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(TEXT_WINDOW)];
    if head.is_empty() {
        return false;
    }
    let printable = head.iter().filter(|&&b| matches!(b, 9 | 10 | 12 | 13 | 0x20..=0x7E | 0x80..=0xFF)).count();
    printable * 100 > head.len() * 95
}

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

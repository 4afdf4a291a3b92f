//! Magic numbers: the table read in order, first match wins (with the RIFF rule), then the pattern
//! rules (docs/contract.md, sections 7.1 and 7.2).

use super::tables::Family;
use super::tables::MAGIC;

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

pub fn family_by_magic(b: &[u8]) -> Option<Family> {
    let riff = b.starts_with(b"RIFF");
    for &(family, offset, magic) in MAGIC {
        if b.len() >= offset + magic.len() && &b[offset..offset + magic.len()] == magic {
            // The RIFF forms are only RIFF forms when the file says RIFF.
            if matches!(family, Family::Webp | Family::Avi | Family::Wav) && !riff {
                continue;
            }
            return Some(family);
        }
    }
    // Patterns that need more than a fixed string.
    if b.len() >= 4 && b.starts_with(b"BZh") && (b'1'..=b'9').contains(&b[3]) {
        return Some(Family::Bzip2);
    }
    if b.len() >= 18
        && b.starts_with(b"BM")
        && matches!(u32::from_le_bytes([b[14], b[15], b[16], b[17]]), 12 | 40 | 52 | 56 | 64 | 108 | 124)
    {
        return Some(Family::Bmp);
    }
    if b.len() >= 6 && b[..4] == [0, 0, 1, 0] && u16::from_le_bytes([b[4], b[5]]) > 0 {
        return Some(Family::Ico);
    }
    if b.len() >= 2 && b[0] == 0xFF {
        // MPEG audio frame sync: 11 set bits; ADTS (AAC) is the layer-00 case.
        if b[1] & 0xF6 == 0xF0 {
            return Some(Family::Aac);
        }
        if b[1] & 0xE0 == 0xE0 && b[1] & 0x06 != 0 {
            return Some(Family::Mp3);
        }
    }
    None
}

/// An SVG document: `<svg` within the text window.
pub fn looks_like_svg(b: &[u8]) -> bool {
    let head = &b[..b.len().min(TEXT_WINDOW)];
    head.windows(4).any(|w| w == b"<svg")
}

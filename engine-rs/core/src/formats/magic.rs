//! Magic numbers: a table read in order, first match wins.

use super::Family;

/// `(family, offset, bytes)`; each row must match exactly at its offset.
const MAGIC: &[(Family, usize, &[u8])] = &[
    (Family::Png, 0, b"\x89PNG\r\n\x1a\n"),
    (Family::Pdf, 0, b"%PDF-"),
    (Family::Zip, 0, b"PK\x03\x04"),
    (Family::Zip, 0, b"PK\x05\x06"),
    (Family::Zip, 0, b"PK\x07\x08"),
    (Family::Jpeg, 0, b"\xFF\xD8\xFF"),
    (Family::Gif, 0, b"GIF87a"),
    (Family::Gif, 0, b"GIF89a"),
    (Family::Tiff, 0, b"II*\x00"),
    (Family::Tiff, 0, b"MM\x00*"),
    (Family::Webp, 8, b"WEBP"),
    (Family::Avi, 8, b"AVI "),
    (Family::Wav, 8, b"WAVE"),
    (Family::IsoBmff, 4, b"ftyp"),
    (Family::Matroska, 0, b"\x1A\x45\xDF\xA3"),
    (Family::Flv, 0, b"FLV\x01"),
    (Family::Flac, 0, b"fLaC"),
    (Family::Ogg, 0, b"OggS"),
    (Family::Wma, 0, b"\x30\x26\xB2\x75\x8E\x66\xCF\x11"),
    (Family::Msi, 0, b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1"),
    (Family::Rar, 0, b"Rar!\x1A\x07"),
    (Family::SevenZip, 0, b"7z\xBC\xAF\x27\x1C"),
    (Family::Tar, 257, b"ustar"),
    (Family::Xz, 0, b"\xFD7zXZ\x00"),
    (Family::Gzip, 0, b"\x1F\x8B"),
    (Family::Cab, 0, b"MSCF"),
    (Family::Mp3, 0, b"ID3"),
    (Family::Pe, 0, b"MZ"),
];

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
    let head = &b[..b.len().min(super::TEXT_WINDOW)];
    head.windows(4).any(|w| w == b"<svg")
}

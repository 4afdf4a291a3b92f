//! The format's signature, read as the damage would have left it. A text-mode transfer, a 7-bit
//! transport, a charset conversion or an added BOM each rewrite a signature in a way of its own
//! (the PNG signature was designed to show the first two: its CR LF, its 0x89 and its lone LF), so
//! the first bytes can name both the format and the damage. A signature that matches none of these
//! but is close to the one the extension promises is damaged.

use crate::utf8::CP1252_HIGH;
use fracture_engine::formats::MAGIC;
use fracture_engine::Family;

/// How a signature was rewritten.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rewrite {
    /// LF to CRLF where the LF had no CR (unix2dos, an ASCII-mode download).
    LfToCrlf,
    /// LF to CRLF everywhere (a CR LF became CR CR LF).
    LfToCrlfAll,
    CrlfToLf,
    SevenBit,
    Latin1ToUtf8,
    Cp1252ToUtf8,
    Bom,
}

pub fn rewrite(r: Rewrite, m: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut prev = 0u8;
    for (i, &b) in m.iter().enumerate() {
        match r {
            Rewrite::LfToCrlf if b == b'\n' && prev != b'\r' => out.extend_from_slice(b"\r\n"),
            Rewrite::LfToCrlfAll if b == b'\n' => out.extend_from_slice(b"\r\n"),
            Rewrite::CrlfToLf if b == b'\r' && m.get(i + 1) == Some(&b'\n') => {}
            Rewrite::SevenBit => out.push(b & 0x7F),
            Rewrite::Latin1ToUtf8 => push_char(&mut out, u32::from(b)),
            Rewrite::Cp1252ToUtf8 => match b {
                0x80..=0x9F if CP1252_HIGH[usize::from(b - 0x80)] != 0 => {
                    push_char(&mut out, CP1252_HIGH[usize::from(b - 0x80)])
                }
                _ => push_char(&mut out, u32::from(b)),
            },
            _ => out.push(b),
        }
        prev = b;
    }
    if r == Rewrite::Bom {
        out.splice(0..0, *b"\xEF\xBB\xBF");
    }
    out
}

fn push_char(out: &mut Vec<u8>, c: u32) {
    let mut buf = [0u8; 4];
    out.extend_from_slice(char::from_u32(c).unwrap_or('\u{FFFD}').encode_utf8(&mut buf).as_bytes());
}

/// A signature found rewritten: the family it belongs to, the rewrite, and both forms.
#[derive(Clone, Debug)]
pub struct Rewritten {
    pub family: Family,
    pub rewrite: Rewrite,
    pub magic: &'static [u8],
    pub seen: Vec<u8>,
}

/// The first magic of MAGIC (at offset 0) that `head` starts with once rewritten by some rewrite
/// that changes it.
pub fn rewritten(head: &[u8]) -> Option<Rewritten> {
    const REWRITES: [Rewrite; 7] = [
        Rewrite::LfToCrlf,
        Rewrite::LfToCrlfAll,
        Rewrite::CrlfToLf,
        Rewrite::SevenBit,
        Rewrite::Cp1252ToUtf8,
        Rewrite::Latin1ToUtf8,
        Rewrite::Bom,
    ];
    for &(family, offset, magic) in MAGIC {
        if offset != 0 || magic.len() < 2 {
            continue;
        }
        for r in REWRITES {
            let seen = rewrite(r, magic);
            if seen != magic && head.starts_with(&seen) {
                return Some(Rewritten { family, rewrite: r, magic, seen });
            }
        }
    }
    None
}

/// A signature that differs from `family`'s in a few bytes: (the expected magic, its offset, how many
/// bytes differ). None when the file holds one of the family's magics, or none is close.
pub fn damaged(family: Family, head: &[u8]) -> Option<(&'static [u8], usize, usize)> {
    let mut best: Option<(&'static [u8], usize, usize)> = None;
    for &(f, offset, magic) in MAGIC {
        if f != family {
            continue;
        }
        let Some(seen) = head.get(offset..offset + magic.len()) else { continue };
        let differ = seen.iter().zip(magic).filter(|(a, b)| a != b).count();
        if differ == 0 {
            return None;
        }
        if differ * 2 <= magic.len() && best.is_none_or(|b| differ < b.2) {
            best = Some((magic, offset, differ));
        }
    }
    best
}

/// Bytes as hex pairs: `89 50 4E 47`.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_png_signature_shows_each_rewrite() {
        let png = b"\x89PNG\r\n\x1a\n";
        assert_eq!(rewrite(Rewrite::LfToCrlf, png), b"\x89PNG\r\n\x1a\r\n");
        assert_eq!(rewrite(Rewrite::LfToCrlfAll, png), b"\x89PNG\r\r\n\x1a\r\n");
        assert_eq!(rewrite(Rewrite::CrlfToLf, png), b"\x89PNG\n\x1a\n");
        assert_eq!(rewrite(Rewrite::SevenBit, png), b"\x09PNG\r\n\x1a\n");
        assert_eq!(rewrite(Rewrite::Latin1ToUtf8, png), b"\xC2\x89PNG\r\n\x1a\n");
        assert_eq!(rewrite(Rewrite::Cp1252ToUtf8, png), b"\xE2\x80\xB0PNG\r\n\x1a\n");
        let r = rewritten(b"\x89PNG\r\n\x1a\r\n\0\0\0\x0dIHDR").unwrap();
        assert_eq!((r.family, r.rewrite), (Family::Png, Rewrite::LfToCrlf));
        assert!(rewritten(b"\x89PNG\r\n\x1a\n\0\0").is_none());
        assert_eq!(rewritten(b"\x7fX\x7f\xe0").map(|r| (r.family, r.rewrite)), Some((Family::Jpeg, Rewrite::SevenBit)));
    }

    #[test]
    fn a_close_signature_is_damaged() {
        assert_eq!(damaged(Family::Png, b"\x89PNF\r\n\x1a\n...").map(|d| d.2), Some(1));
        assert_eq!(damaged(Family::Png, b"\x89PNG\r\n\x1a\n..."), None);
        assert_eq!(damaged(Family::Png, b"GIF89a.........."), None);
    }
}

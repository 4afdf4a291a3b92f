//! charset_roundtrip: bytes read in one character set and written back in another
//! (docs/contract.md, section 6.15). To UTF-8: each byte above 0x7F read as CP1252 or Latin-1 and
//! written as UTF-8 (`iconv -c -f CP1252 -t UTF-8`: CP1252's five unassigned bytes are dropped).
//! From UTF-8: each UTF-8 character and written in CP1252 or Latin-1, a
//! character the charset lacks and every byte that begins no well-formed sequence dropped
//! (`iconv -c -f UTF-8 -t CP1252`). A UTF-8 BOM may be added or stripped as well.
//!
//! Written here rather than taken from encoding_rs: its windows-1252 is the WHATWG one, which gives
//! the five unassigned bytes characters of their own (U+0081, ...), where iconv, whose output the
//! mode must equal, has none; and a mode that converts a seeded fraction needs each unit on its own.

use super::charsets::CP1252_HIGH;
use super::fraction::{Piece, Sink};

/// The UTF-8 byte order mark.
pub const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// The single-byte character set on the other side of UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    Cp1252,
    Latin1,
}

impl Charset {
    pub fn name(self) -> &'static str {
        match self {
            Charset::Cp1252 => "cp1252",
            Charset::Latin1 => "latin1",
        }
    }

    /// The name a sentence gives it.
    pub fn label(self) -> &'static str {
        match self {
            Charset::Cp1252 => "CP1252",
            Charset::Latin1 => "Latin-1",
        }
    }

    pub fn parse(text: &str) -> Option<Charset> {
        [Charset::Cp1252, Charset::Latin1].into_iter().find(|c| c.name() == text)
    }

    /// The character of byte `b` (0x80 to 0xFF), None where the charset assigns none.
    fn decode(self, b: u8) -> Option<u32> {
        match (self, b) {
            (Charset::Cp1252, 0x80..=0x9F) => Some(CP1252_HIGH[usize::from(b - 0x80)]).filter(|&c| c != 0),
            _ => Some(u32::from(b)),
        }
    }

    /// The byte of character `c` (at least U+0080), None where the charset has none.
    fn encode(self, c: u32) -> Option<u8> {
        match (self, c) {
            (_, 0xA0..=0xFF) | (Charset::Latin1, 0x80..=0x9F) => Some(c as u8),
            (Charset::Cp1252, _) => CP1252_HIGH.iter().position(|&h| h == c && h != 0).map(|i| 0x80 + i as u8),
            (Charset::Latin1, _) => None,
        }
    }
}

/// Which way the bytes go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transcode {
    ToUtf8,
    FromUtf8,
}

impl Transcode {
    pub fn name(self) -> &'static str {
        match self {
            Transcode::ToUtf8 => "to_utf8",
            Transcode::FromUtf8 => "from_utf8",
        }
    }

    pub fn parse(text: &str) -> Option<Transcode> {
        [Transcode::ToUtf8, Transcode::FromUtf8].into_iter().find(|d| d.name() == text)
    }
}

/// The BOM variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bom {
    Keep,
    Add,
    Strip,
}

impl Bom {
    pub fn name(self) -> &'static str {
        match self {
            Bom::Keep => "keep",
            Bom::Add => "add",
            Bom::Strip => "strip",
        }
    }

    pub fn parse(text: &str) -> Option<Bom> {
        [Bom::Keep, Bom::Add, Bom::Strip].into_iter().find(|b| b.name() == text)
    }
}

/// What starts at a byte above 0x7F when the input is read as UTF-8.
enum Utf8 {
    /// A well-formed sequence of this many bytes (2 to 4) and its character.
    Char(usize, u32),
    /// A byte that begins no well-formed sequence.
    Stray,
    /// The bytes to the end could still begin a well-formed sequence: the next piece decides.
    Short,
}

/// What the bytes at the start of `s` are (`s[0]` above 0x7F), by the Unicode Standard's table of
/// well-formed UTF-8 byte sequences (table 3-7).
fn utf8_at(s: &[u8]) -> Utf8 {
    let (len, second) = match s[0] {
        0xC2..=0xDF => (2, 0x80..=0xBF),
        0xE0 => (3, 0xA0..=0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80..=0xBF),
        0xED => (3, 0x80..=0x9F),
        0xF0 => (4, 0x90..=0xBF),
        0xF1..=0xF3 => (4, 0x80..=0xBF),
        0xF4 => (4, 0x80..=0x8F),
        _ => return Utf8::Stray,
    };
    let mut c = u32::from(s[0]) & (0x7F >> len);
    for i in 1..len {
        let Some(&b) = s.get(i) else { return Utf8::Short };
        let fits = if i == 1 { second.contains(&b) } else { (0x80..=0xBF).contains(&b) };
        if !fits {
            return Utf8::Stray;
        }
        c = (c << 6) | u32::from(b & 0x3F);
    }
    Utf8::Char(len, c)
}

/// Character `c` written as UTF-8.
fn push_utf8(out: &mut Vec<u8>, c: u32) {
    let mut buf = [0u8; 4];
    if let Some(ch) = char::from_u32(c) {
        out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
    }
}

/// Converts the piece into the sink. Returns the index from which bytes are held back for the next
/// piece (a UTF-8 character the piece's end cuts), `data.len()` when none is.
pub(crate) fn convert(way: Transcode, charset: Charset, piece: &Piece, sink: &mut Sink) -> usize {
    let Piece { data, base, from, last, .. } = *piece;
    let Sink { draws, out, c, hit } = sink;
    let mut copied = from;
    let mut p = from;
    while p < data.len() {
        if data[p] < 0x80 {
            p += 1;
            continue;
        }
        let (len, target) = match way {
            Transcode::ToUtf8 => (1, charset.decode(data[p]).map(Target::Char)),
            Transcode::FromUtf8 => match utf8_at(&data[p..]) {
                Utf8::Short if !last => {
                    out.extend_from_slice(&data[copied..p]);
                    return p;
                }
                Utf8::Char(len, ch) => (len, charset.encode(ch).map(Target::Byte)),
                Utf8::Stray | Utf8::Short => (1, None),
            },
        };
        c.units += 1;
        let at = base + p as u64;
        if draws.converts(at) {
            out.extend_from_slice(&data[copied..p]);
            match target {
                Some(Target::Char(ch)) => push_utf8(out, ch),
                Some(Target::Byte(b)) => out.push(b),
                None => c.dropped += 1,
            }
            copied = p + len;
            c.converted += 1;
            hit(at, at + len as u64);
        }
        p += len;
    }
    out.extend_from_slice(&data[copied..]);
    data.len()
}

/// What a converted unit becomes: a character written as UTF-8, or a byte of the charset.
enum Target {
    Char(u32),
    Byte(u8),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_follows_the_well_formed_table() {
        let kind = |s: &[u8]| match utf8_at(s) {
            Utf8::Char(l, c) => format!("char {l} {c:X}"),
            Utf8::Stray => "stray".into(),
            Utf8::Short => "short".into(),
        };
        assert_eq!(kind(&[0xC3, 0xA9]), "char 2 E9");
        assert_eq!(kind(&[0xE2, 0x82, 0xAC]), "char 3 20AC");
        assert_eq!(kind(&[0xF0, 0x9F, 0x98, 0x80]), "char 4 1F600");
        for stray in [&[0x80u8][..], &[0xC0, 0xAF], &[0xC1, 0xBF], &[0xE0, 0x80, 0x80], &[0xED, 0xA0, 0x80]] {
            assert_eq!(kind(stray), "stray", "{stray:02X?}");
        }
        for stray in [&[0xF4u8, 0x90, 0x80, 0x80][..], &[0xF5, 0x80], &[0xFF], &[0xE2, 0x28, 0xA1]] {
            assert_eq!(kind(stray), "stray", "{stray:02X?}");
        }
        assert_eq!(kind(&[0xE2, 0x82]), "short");
        assert_eq!(kind(&[0xF0]), "short");
    }

    #[test]
    fn cp1252_maps_both_ways_and_latin1_is_the_identity() {
        assert_eq!(Charset::Cp1252.decode(0x80), Some(0x20AC));
        assert_eq!(Charset::Cp1252.decode(0x81), None);
        assert_eq!(Charset::Cp1252.decode(0xE9), Some(0xE9));
        assert_eq!(Charset::Cp1252.encode(0x20AC), Some(0x80));
        assert_eq!(Charset::Cp1252.encode(0x81), None);
        assert_eq!(Charset::Latin1.decode(0x81), Some(0x81));
        assert_eq!(Charset::Latin1.encode(0x81), Some(0x81));
        assert_eq!(Charset::Latin1.encode(0x100), None);
        for b in 0x80..=0xFFu8 {
            if let Some(c) = Charset::Cp1252.decode(b) {
                assert_eq!(Charset::Cp1252.encode(c), Some(b));
            }
        }
    }
}

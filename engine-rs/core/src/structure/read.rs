//! Reading helpers the walks share: integers by position and names decoded as section 14.3 says.

use crate::checksums::area::Area;

/// The most bytes of a name a walk decodes (a ZIP or tar member name, an ELF section name): a longer
/// name is cut to its first `NAME_MAX` bytes, so hostile names cannot make a map large.
pub(super) const NAME_MAX: usize = 4096;

pub(super) fn le(a: &mut impl Area, at: u64, len: usize) -> Option<u64> {
    a.get(at, len).map(|s| s.iter().rev().fold(0, |v, &x| (v << 8) | u64::from(x)))
}

pub(super) fn be(a: &mut impl Area, at: u64, len: usize) -> Option<u64> {
    a.get(at, len).map(|s| s.iter().fold(0, |v, &x| (v << 8) | u64::from(x)))
}

pub(super) fn holds(a: &mut impl Area, at: u64, what: &[u8]) -> bool {
    a.get(at, what.len()) == Some(what)
}

/// Bytes as a name: UTF-8 with each maximal invalid subpart replaced by U+FFFD (as
/// `String::from_utf8_lossy` and the WHATWG decoder both do), at most `NAME_MAX` bytes of it.
pub(super) fn name(bytes: &[u8]) -> String {
    String::from_utf8_lossy(&bytes[..bytes.len().min(NAME_MAX)]).into_owned()
}

/// The name `[at, at + len)` of the input, cut to `NAME_MAX` bytes (and to the input's end).
pub(super) fn name_at(a: &mut impl Area, at: u64, len: u64) -> String {
    let len = len.min(NAME_MAX as u64).min(a.len().saturating_sub(at));
    a.get(at, len as usize).map(name).unwrap_or_default()
}

/// The name at `at` up to its first 0x00 (or `max` bytes, or the input's end, or `NAME_MAX` bytes).
pub(super) fn name_to_nul(a: &mut impl Area, at: u64, max: u64) -> String {
    let len = max.min(NAME_MAX as u64).min(a.len().saturating_sub(at));
    match a.get(at, len as usize) {
        Some(b) => name(&b[..b.iter().position(|&x| x == 0).unwrap_or(b.len())]),
        None => String::new(),
    }
}

/// A RIFF chunk id or ISO-BMFF box type as a path segment (section 14.3): trailing spaces dropped
/// (`VP8 ` is `VP8`) unless the code is all spaces; then each byte as itself when it is printable
/// ASCII other than space and `/ # [ ] % *`, else as `%XX` (uppercase hex).
pub(super) fn code_name(code: &[u8]) -> String {
    let kept = code.iter().rposition(|&b| b != b' ').map_or(code.len(), |i| i + 1);
    let mut s = String::new();
    for &b in &code[..kept] {
        if (0x21..=0x7E).contains(&b) && !b"/#[]%*".contains(&b) {
            s.push(char::from(b));
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    s
}

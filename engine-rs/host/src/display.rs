//! The display form of a name (docs/cli.md, "Names"): never a raw control character, never a byte
//! that is not UTF-8, whatever the file system gave. Both command lines' messages and per-file lines
//! show names so (the native CLI through its `display`, the npm CLI through lib/report/display.ts),
//! and the PDF reports draw them so.

use std::fmt::Write;

/// `bytes` in the display form: each byte that is not part of valid UTF-8 as `\xHH`; `\n`, `\t`, `\r`
/// escaped; other characters below U+0020 and U+007F as `\xHH`; U+0080 to U+009F and the line,
/// paragraph and bidirectional controls as `\u{HHHH}`; everything else as itself.
pub fn bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            push_char(&mut out, c);
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02X}");
        }
    }
    out
}

fn push_char(out: &mut String, c: char) {
    let n = c as u32;
    match c {
        '\n' => out.push_str("\\n"),
        '\t' => out.push_str("\\t"),
        '\r' => out.push_str("\\r"),
        _ if n < 0x20 || n == 0x7F => {
            let _ = write!(out, "\\x{n:02X}");
        }
        '\u{80}'..='\u{9F}' | '\u{2028}' | '\u{2029}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => {
            let _ = write!(out, "\\u{{{n:04X}}}");
        }
        _ => out.push(c),
    }
}

/// A report's text value (lossy UTF-8 already) in the display form, as the PDF reports draw names.
pub fn text(value: &str) -> String {
    bytes(value.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_form() {
        assert_eq!(bytes(b"caf\xe9.txt"), "caf\\xE9.txt");
        assert_eq!(bytes("café.txt".as_bytes()), "café.txt");
        assert_eq!(bytes(b"a\nb\tc\rd\x1b\x7f"), "a\\nb\\tc\\rd\\x1B\\x7F");
        assert_eq!(bytes("x\u{85}\u{202E}\u{2066}y".as_bytes()), "x\\u{0085}\\u{202E}\\u{2066}y");
        assert_eq!(bytes(b"back\\slash"), "back\\slash");
        // A truncated multi-byte sequence: each of its bytes escaped.
        assert_eq!(bytes(b"\xe2\x82"), "\\xE2\\x82");
        assert_eq!(bytes(b"rows.csv"), "rows.csv");
    }
}

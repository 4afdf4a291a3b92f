//! Selectors (docs/contract.md, section 14.4): `FORMAT:PATH` texts among the byte ranges, matched
//! against the structure map's paths and resolved to the byte spans of the regions they match.

use crate::error::EngineError;
use crate::structure::Region;

/// Units named in the error for a selector that matches nothing.
pub const UNITS_NAMED: usize = 12;

/// A selector text, checked: the format and the path's segments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selector {
    pub text: String,
    format: String,
    segments: Vec<String>,
}

/// Whether a range text is a selector: it starts with an ASCII letter (a byte range never does).
pub fn is_selector(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic())
}

impl Selector {
    pub fn parse(text: &str) -> Result<Selector, EngineError> {
        // A text that is neither a byte range nor a selector is check 6 of section 2, as it always was.
        let bad = || EngineError::BadRange(text.to_string());
        let (format, path) = text.split_once(':').ok_or_else(bad)?;
        let format_ok = format.starts_with(|c: char| c.is_ascii_lowercase())
            && format.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
        let segments: Vec<String> = segments(path).map(str::to_string).collect();
        if !format_ok || segments.iter().any(String::is_empty) {
            return Err(bad());
        }
        Ok(Selector { text: text.to_string(), format: format.to_string(), segments })
    }

    /// Whether the region path `path` (`FORMAT:UNIT/FIELD`) is selected.
    fn matches(&self, path: &str) -> bool {
        let Some((format, rest)) = path.split_once(':') else { return false };
        if format != self.format {
            return false;
        }
        let mut segs = segments(rest);
        self.segments.iter().all(|want| segs.next().is_some_and(|seg| segment_matches(want, seg)))
    }

    /// The spans of the regions of `map` the selector matches (sorted, merged where they touch), or
    /// the contract's error: another format, or nothing matched (naming the map's units).
    pub fn resolve(&self, map: &[Region]) -> Result<Vec<(u64, u64)>, EngineError> {
        let Some(first) = map.first() else { return Ok(Vec::new()) };
        let format = first.path.split_once(':').map_or("", |(f, _)| f);
        if format != self.format {
            return Err(EngineError::SelectorFormat { text: self.text.clone(), format: format.to_string() });
        }
        let mut spans: Vec<(u64, u64)> = Vec::new();
        for r in map.iter().filter(|r| self.matches(&r.path)) {
            match spans.last_mut() {
                Some(last) if last.1 == r.start => last.1 = r.end,
                _ => spans.push((r.start, r.end)),
            }
        }
        if spans.is_empty() {
            let mut units: Vec<&str> = Vec::new();
            let mut seen = std::collections::HashSet::new();
            for r in map {
                let rest = r.path.split_once(':').map_or("", |(_, rest)| rest);
                let unit = segments(rest).next().unwrap_or("");
                if seen.insert(unit) {
                    units.push(unit);
                }
            }
            let count = units.len();
            units.truncate(UNITS_NAMED);
            return Err(EngineError::SelectorNoMatch {
                text: self.text.clone(),
                units: units.iter().map(|u| u.to_string()).collect(),
                count,
            });
        }
        Ok(spans)
    }
}

/// The segments of a path: split at each `/` outside brackets, so `member[word/document.xml]` is one.
fn segments(path: &str) -> impl Iterator<Item = &str> {
    let mut depth = 0usize;
    let mut from = 0;
    let mut cuts = Vec::new();
    for (i, b) in path.bytes().enumerate() {
        match b {
            b'[' => depth += 1,
            b']' => depth = depth.saturating_sub(1),
            b'/' if depth == 0 => {
                cuts.push(&path[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    cuts.push(&path[from..]);
    cuts.into_iter()
}

/// A selector segment against a path segment: `*` matches any characters; a segment written
/// without `#` also matches every numbered repeat (`IDAT` matches `IDAT#2`).
fn segment_matches(want: &str, seg: &str) -> bool {
    if glob(want.as_bytes(), seg.as_bytes()) {
        return true;
    }
    if want.contains('#') {
        return false;
    }
    match seg.rfind('#') {
        Some(i) if i + 1 < seg.len() && seg[i + 1..].bytes().all(|b| b.is_ascii_digit()) => {
            glob(want.as_bytes(), &seg.as_bytes()[..i])
        }
        _ => false,
    }
}

/// `*` matches any run of bytes; everything else matches itself. The classic greedy match with one
/// backtrack point: O(len(pattern) * len(text)) at worst, without recursion.
fn glob(p: &[u8], t: &[u8]) -> bool {
    let (mut i, mut j) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while j < t.len() {
        if i < p.len() && p[i] == b'*' {
            star = Some((i, j));
            i += 1;
        } else if i < p.len() && p[i] == t[j] {
            i += 1;
            j += 1;
        } else if let Some((si, sj)) = star {
            i = si + 1;
            j = sj + 1;
            star = Some((si, sj + 1));
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&b| b == b'*')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::Family;
    use crate::structure::map_bytes;

    fn png() -> Vec<u8> {
        let mut v = b"\x89PNG\r\n\x1a\n".to_vec();
        for (t, data) in [(&b"IHDR"[..], &[0u8; 13][..]), (b"IDAT", b"abc"), (b"IDAT", b"defg"), (b"IEND", b"")] {
            v.extend((data.len() as u32).to_be_bytes());
            v.extend(t);
            v.extend(data);
            v.extend([0, 0, 0, 0]);
        }
        v.extend(b"tail");
        v
    }

    fn spans(sel: &str) -> Result<Vec<(u64, u64)>, EngineError> {
        Selector::parse(sel)?.resolve(&map_bytes(Family::Png, &png()))
    }

    #[test]
    fn selectors_resolve_to_the_regions_they_match() {
        // signature 0..8, IHDR 8..33, IDAT#0 33..48 (data 41..44), IDAT#1 48..64 (data 56..60), IEND 64..76.
        assert_eq!(spans("png:IDAT/data"), Ok(vec![(41, 44), (56, 60)]));
        assert_eq!(spans("png:IDAT#1/data"), Ok(vec![(56, 60)]));
        assert_eq!(spans("png:IDAT"), Ok(vec![(33, 64)]));
        assert_eq!(spans("png:I*/crc"), Ok(vec![(29, 33), (44, 48), (60, 64), (72, 76)]));
        assert_eq!(spans("png:signature"), Ok(vec![(0, 8)]));
        assert_eq!(spans("png:trailing"), Ok(vec![(76, 80)]));
        assert_eq!(spans("png:*/type"), Ok(vec![(12, 16), (37, 41), (52, 56), (68, 72)]));
        // `*` stays within a segment.
        assert!(matches!(spans("png:*"), Ok(s) if s == vec![(0, 80)]));
    }

    #[test]
    fn selectors_fail_with_the_contract_errors() {
        let units: Vec<String> =
            ["signature", "IHDR", "IDAT#0", "IDAT#1", "IEND", "trailing"].iter().map(|s| s.to_string()).collect();
        assert_eq!(
            spans("png:tEXt"),
            Err(EngineError::SelectorNoMatch { text: "png:tEXt".into(), units: units.clone(), count: 6 })
        );
        assert_eq!(
            spans("png:IDAT#7"),
            Err(EngineError::SelectorNoMatch { text: "png:IDAT#7".into(), units, count: 6 })
        );
        assert_eq!(
            spans("zip:eocd"),
            Err(EngineError::SelectorFormat { text: "zip:eocd".into(), format: "png".into() })
        );
        for bad in ["png", "png:", "PNG:IDAT", "png:IDAT//data", "png:/IDAT", "p-g:x"] {
            assert_eq!(Selector::parse(bad), Err(EngineError::BadRange(bad.to_string())), "{bad}");
        }
        assert_eq!(
            spans("png:tEXt").unwrap_err().to_string(),
            "Selector \"png:tEXt\" matches nothing in this file; its units are signature, IHDR, IDAT#0, IDAT#1, IEND, trailing (6 in all)"
        );
        assert_eq!(
            spans("zip:eocd").unwrap_err().to_string(),
            "Selector \"zip:eocd\" is for zip files, but this file's structure map is png"
        );
    }

    #[test]
    fn globs() {
        assert!(glob(b"*", b""));
        assert!(glob(b"a*c", b"abbbc"));
        assert!(!glob(b"a*c", b"abbb"));
        assert!(glob(b"member[*.xml]", b"member[word/document.xml]"));
        assert!(!glob(b"*a*a*a*b", &[b'a'; 200]));
        assert_eq!(
            segments("member[word/document.xml]/data").collect::<Vec<_>>(),
            ["member[word/document.xml]", "data"]
        );
    }
}

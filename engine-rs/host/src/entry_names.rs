//! The batch ZIP's entry names (docs/contract.md, section 11.6): safe on every system the archive is
//! unpacked on, at most 255 bytes, unique case-insensitively. Written once, for every host: the
//! command lines directly, the page and the SDK through the outputs module.

use std::collections::{HashMap, HashSet};

use crate::names::split_ext;

use unicode_normalization::UnicodeNormalization;
use unicode_segmentation::UnicodeSegmentation;

/// Most file systems (ext4, NTFS, APFS) cap a name at 255 bytes or UTF-16 units; bytes is the tighter.
pub const MAX_NAME_BYTES: usize = 255;
/// What an empty name becomes.
const FALLBACK_NAME: &str = "file";

/// JavaScript's white space (`\s`, `String.prototype.trim`): its WhiteSpace and LineTerminator.
fn js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}' | '\u{feff}'
    )
}

/// Replaced by `_`: what the display form escapes, and the characters Windows forbids in names.
fn unsafe_in_entry(c: char) -> bool {
    crate::hidden(c) || matches!(c, '<' | '>' | ':' | '"' | '|' | '?' | '*')
}

fn trim_trailing_dots_and_spaces(s: &str) -> &str {
    s.trim_end_matches(|c| c == '.' || js_space(c))
}

/// Windows reserves these device names with any extension ("nul.txt" opens the null device).
fn windows_device(name: &str) -> bool {
    let b = name.as_bytes();
    let word = |w: &[u8]| b.len() >= 3 && b[..3].eq_ignore_ascii_case(w);
    let rest = if [b"con", b"prn", b"aux", b"nul"].iter().any(|w| word(*w)) {
        &name[3..]
    } else if word(b"com") || word(b"lpt") {
        let mut tail = name[3..].chars();
        match tail.next() {
            Some('0'..='9' | '¹' | '²' | '³') => tail.as_str(),
            _ => return false,
        }
    } else {
        return false;
    };
    let rest = rest.trim_start_matches(js_space);
    rest.is_empty() || rest.starts_with('.')
}

/// Splits at the last dot, as [`crate::names::corrupted_name`] does; a leading dot alone is not an
/// extension.
fn split_extension(name: &str) -> (&str, &str) {
    // The split falls before an ASCII dot, so both sides stay UTF-8.
    name.split_at(split_ext(name.as_bytes()).0.len())
}

/// The longest prefix of `text` within `max` bytes that ends between extended grapheme clusters.
fn truncate(text: &str, max: usize) -> &str {
    let mut end = 0;
    for g in text.graphemes(true) {
        if end + g.len() > max {
            break;
        }
        end += g.len();
    }
    &text[..end]
}

/// `base + suffix + extension`, shortening base (or, when the tail is most of it, the whole) at
/// grapheme boundaries until it is at most MAX_NAME_BYTES.
fn fit_name(base: &str, suffix: &str, extension: &str) -> String {
    let whole = format!("{base}{suffix}{extension}");
    if whole.len() <= MAX_NAME_BYTES {
        return whole;
    }
    let tail = suffix.len() + extension.len();
    // An absurdly long "extension" is just part of the name: cut the whole thing instead.
    if 2 * tail > MAX_NAME_BYTES {
        let cut = trim_trailing_dots_and_spaces(truncate(&whole, MAX_NAME_BYTES));
        return if cut.is_empty() { FALLBACK_NAME.to_string() } else { cut.to_string() };
    }
    let kept = truncate(base, MAX_NAME_BYTES - tail);
    format!("{}{suffix}{extension}", if kept.is_empty() { FALLBACK_NAME } else { kept })
}

/// One safe file name from an untrusted one (contract 11.6): NFC, the last path segment (either
/// slash), no drive prefix, unsafe characters replaced by `_`, no leading white space nor trailing
/// dots and white space, never empty, Windows device names prefixed with `_`, at most 255 bytes.
pub fn safe_entry_name(raw: &str) -> String {
    let name: String = raw.nfc().collect();
    let last = name.split(['/', '\\']).rfind(|s| !s.is_empty()).unwrap_or("");
    let b = last.as_bytes();
    let last = if b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' { &last[2..] } else { last };
    let replaced: String = last.chars().map(|c| if unsafe_in_entry(c) { '_' } else { c }).collect();
    let trimmed = trim_trailing_dots_and_spaces(replaced.trim_start_matches(js_space));
    if trimmed.is_empty() {
        return FALLBACK_NAME.to_string();
    }
    let name = if windows_device(trimmed) { format!("_{trimmed}") } else { trimmed.to_string() };
    let (base, extension) = split_extension(&name);
    fit_name(base, "", extension)
}

/// The comparison key of a case-insensitive file system: upper- then lower-case (`ß`/`SS`,
/// `ς`/`σ`/`Σ`), then NFC.
fn fold_key(name: &str) -> String {
    name.to_uppercase().to_lowercase().nfc().collect()
}

/// Hands out safe names, unique as [`fold_key`] compares them; a repeat gets ` (2)`, ` (3)`, ...
/// before its extension. One namer per archive.
#[derive(Default)]
pub struct EntryNamer {
    taken: HashSet<String>,
    /// For a name already handed out, the next suffix worth trying, so 1,000 copies stay linear.
    next_suffix: HashMap<String, u64>,
}

impl EntryNamer {
    pub fn take(&mut self, raw: &str) -> String {
        let name = safe_entry_name(raw);
        let key = fold_key(&name);
        if self.taken.insert(key.clone()) {
            return name;
        }
        let (base, extension) = split_extension(&name);
        let mut n = self.next_suffix.get(&key).copied().unwrap_or(2);
        loop {
            let candidate = fit_name(base, &format!(" ({n})"), extension);
            if self.taken.insert(fold_key(&candidate)) {
                self.next_suffix.insert(key, n + 1);
                return candidate;
            }
            n += 1;
        }
    }
}

/// The batch ZIP's entry names (contract 11.6): `reserved` (the session report's names) are claimed
/// first; then each file (`filename` and seed, in run order) gets the corrupted name of its safe
/// name (its variant name when the run makes variants), fitted to 255 bytes with `_corrupted` and
/// the extension kept, made unique.
pub fn archive_names(reserved: &[&str], files: &[(&str, u64)], variants: bool) -> Vec<String> {
    let mut namer = EntryNamer::default();
    for name in reserved {
        namer.take(name);
    }
    files
        .iter()
        .map(|(filename, seed)| {
            let safe = safe_entry_name(filename);
            let (base, extension) = match split_extension(&safe) {
                (base, "") => (base, ".bin"),
                split => split,
            };
            let marker = if variants { format!("_corrupted_{seed}") } else { "_corrupted".to_string() };
            namer.take(&fit_name(base, &marker, extension))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(text: &str) -> Vec<u8> {
        (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap()).collect()
    }

    /// The rule of contract 11.6 against the vectors that the independent oracle
    /// (tests/cross-engine/archive-names.ts) also passes.
    #[test]
    fn shared_entry_name_vectors() {
        let doc: serde_json::Value =
            serde_json::from_str(include_str!("../../../tests/golden/zip-names.json")).expect("zip-names.json");
        let safe = doc["safe"].as_array().expect("safe");
        assert!(safe.len() >= 50);
        for case in safe {
            let raw = match (case["raw"].as_str(), case["raw_hex"].as_str()) {
                (Some(raw), _) => raw.to_string(),
                (None, Some(h)) => String::from_utf8_lossy(&hex(h)).into_owned(),
                _ => panic!("no raw name in {case}"),
            };
            assert_eq!(safe_entry_name(&raw), case["safe"].as_str().unwrap(), "{}", case["why"]);
        }
        let archives = doc["archives"].as_array().expect("archives");
        assert!(archives.len() >= 10);
        for case in archives {
            let reserved: Vec<&str> =
                case["reserved"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
            let files: Vec<(&str, u64)> = case["files"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| (f["filename"].as_str().unwrap(), f["seed"].as_u64().unwrap()))
                .collect();
            let names: Vec<&str> = case["names"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
            assert_eq!(archive_names(&reserved, &files, case["variants"].as_bool().unwrap()), names, "{}", case["why"]);
        }
    }

    #[test]
    fn entry_names_are_safe_bounded_and_unique() {
        // Every name the namer hands out passes the rule's own checks, over generated hostile names.
        let alphabet = [
            "a",
            "Z",
            ".",
            "..",
            "/",
            "\\",
            " ",
            ":",
            "C:",
            "\0",
            "\n",
            "\u{202e}",
            "\u{2069}",
            "é",
            "e\u{301}",
            "😀",
            "👩\u{200d}👧",
            "\u{fffd}",
            "ß",
            "Σ",
            "ς",
            "א",
            "*",
            "?",
            "con",
            "\u{200d}",
            "\u{85}",
            "\u{7f}",
            "\u{feff}",
        ];
        let mut x: u32 = 42;
        let mut rand = |n: usize| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            x as usize % n
        };
        let mut namer = EntryNamer::default();
        let mut seen = HashSet::new();
        for i in 0..3000 {
            let len = rand(if i % 10 == 0 { 200 } else { 12 });
            let raw: String = (0..len).map(|_| alphabet[rand(alphabet.len())]).collect();
            let name = namer.take(&raw);
            assert!(!name.is_empty() && name.len() <= MAX_NAME_BYTES, "{raw:?} -> {name:?}");
            assert!(!name.chars().any(|c| unsafe_in_entry(c) || c == '/' || c == '\\'), "{raw:?} -> {name:?}");
            assert!(name != "." && name != ".." && !name.ends_with(['.', ' ']), "{raw:?} -> {name:?}");
            assert_eq!(name, name.nfc().collect::<String>());
            assert!(seen.insert(fold_key(&name)), "{raw:?} -> {name:?} twice");
        }
    }
}

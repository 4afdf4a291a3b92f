//! Output names: `{base}_corrupted{.ext}`, report names, and de-duplication within one run.

use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};

/// The index of the extension's dot, if the name has an extension (docs/contract.md, section 3).
fn ext_dot(name: &[u8]) -> Option<usize> {
    match name.iter().rposition(|&b| b == b'.') {
        Some(0) | None => None,
        Some(i) => Some(i),
    }
}

/// `{base}{middle}{.ext}`, or `{name}{middle}.bin` without an extension: the bytes of the name kept.
fn with_middle(name: &OsStr, middle: &str) -> OsString {
    let name = name.as_bytes();
    let mut out = Vec::with_capacity(name.len() + middle.len() + 4);
    match ext_dot(name) {
        Some(i) => {
            out.extend_from_slice(&name[..i]);
            out.extend_from_slice(middle.as_bytes());
            out.extend_from_slice(&name[i..]);
        }
        None => {
            out.extend_from_slice(name);
            out.extend_from_slice(middle.as_bytes());
            out.extend_from_slice(b".bin");
        }
    }
    OsString::from_vec(out)
}

pub fn corrupted_name(name: &OsStr) -> OsString {
    with_middle(name, "_corrupted")
}

/// `--count` above 1: `{base}_corrupted_{seed}{.ext}`, or `{name}_corrupted_{seed}.bin`.
pub fn variant_name(name: &OsStr, seed: u64) -> OsString {
    with_middle(name, &format!("_corrupted_{seed}"))
}

pub fn report_name(name: &OsStr) -> OsString {
    let mut out: Vec<u8> = name.as_bytes().iter().map(|&b| if b == b' ' { b'_' } else { b }).collect();
    out.extend_from_slice(b"_corruption_report.json");
    OsString::from_vec(out)
}

/// The PDF report's name beside a JSON report's: `{name}_corruption_report.pdf`.
pub fn pdf_name(report_name: &OsStr) -> OsString {
    let b = report_name.as_bytes();
    let mut out = b.strip_suffix(b".json").unwrap_or(b).to_vec();
    out.extend_from_slice(b".pdf");
    OsString::from_vec(out)
}

/// `--count` above 1: `{name}_{seed}_corruption_report.json`.
pub fn variant_report_name(name: &OsStr, seed: u64) -> OsString {
    let mut named = name.to_os_string();
    named.push(format!("_{seed}"));
    report_name(&named)
}

/// Hands out each name once per run, case-insensitively: `x.pdf`, `x (2).pdf`, `x (3).pdf`, ...
#[derive(Default)]
pub struct Dedup {
    taken: HashSet<Vec<u8>>,
}

/// The name compared case-insensitively (Unicode lower case; ASCII only in a name that is not UTF-8).
fn key(name: &OsStr) -> Vec<u8> {
    match name.to_str() {
        Some(s) => s.to_lowercase().into_bytes(),
        None => name.as_bytes().to_ascii_lowercase(),
    }
}

impl Dedup {
    pub fn claim(&mut self, name: &OsStr) -> OsString {
        let bytes = name.as_bytes();
        let (stem, ext) = match ext_dot(bytes) {
            Some(i) => (&bytes[..i], &bytes[i..]),
            None => (bytes, &b""[..]),
        };
        let mut candidate = name.to_os_string();
        let mut k = 2;
        while !self.taken.insert(key(&candidate)) {
            let mut next = stem.to_vec();
            next.extend_from_slice(format!(" ({k})").as_bytes());
            next.extend_from_slice(ext);
            candidate = OsString::from_vec(next);
            k += 1;
        }
        candidate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        let corrupted_name = |n: &str| corrupted_name(OsStr::new(n)).into_string().unwrap();
        let report_name = |n: &str| report_name(OsStr::new(n)).into_string().unwrap();
        let variant_name = |n: &str, s| variant_name(OsStr::new(n), s).into_string().unwrap();
        let variant_report_name = |n: &str, s| variant_report_name(OsStr::new(n), s).into_string().unwrap();
        assert_eq!(corrupted_name("a.pdf"), "a_corrupted.pdf");
        assert_eq!(corrupted_name("README"), "README_corrupted.bin");
        assert_eq!(corrupted_name(".bashrc"), ".bashrc_corrupted.bin");
        assert_eq!(report_name("my file.pdf"), "my_file.pdf_corruption_report.json");
        assert_eq!(variant_name("a.pdf", 7), "a_corrupted_7.pdf");
        assert_eq!(variant_name("README", 7), "README_corrupted_7.bin");
        assert_eq!(variant_report_name("my file.pdf", 7), "my_file.pdf_7_corruption_report.json");
        assert_eq!(pdf_name(OsStr::new("a_corruption_report.json")), "a_corruption_report.pdf");
        let mut d = Dedup::default();
        assert_eq!(d.claim(OsStr::new("x.pdf")), "x.pdf");
        assert_eq!(d.claim(OsStr::new("X.PDF")), "X (2).PDF");
        assert_eq!(d.claim(OsStr::new("x.pdf")), "x (3).pdf");
        // Names that are not UTF-8 keep their bytes.
        let raw = OsStr::from_bytes(b"caf\xe9.txt");
        assert_eq!(super::corrupted_name(raw).as_bytes(), b"caf\xe9_corrupted.txt");
        assert_eq!(d.claim(raw).as_bytes(), b"caf\xe9.txt");
        assert_eq!(d.claim(OsStr::from_bytes(b"CAF\xe9.TXT")).as_bytes(), b"CAF\xe9 (2).TXT");
    }
}

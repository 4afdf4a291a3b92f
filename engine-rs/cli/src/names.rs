//! Output names: `{base}_corrupted{.ext}`, report names, and de-duplication within one run.

use std::collections::HashSet;

/// The index of the extension's dot, if the name has an extension (docs/contract.md, section 3).
fn ext_dot(name: &str) -> Option<usize> {
    match name.rfind('.') {
        Some(0) | None => None,
        Some(i) => Some(i),
    }
}

pub fn corrupted_name(name: &str) -> String {
    match ext_dot(name) {
        Some(i) => format!("{}_corrupted{}", &name[..i], &name[i..]),
        None => format!("{name}_corrupted.bin"),
    }
}

/// `--count` above 1: `{base}_corrupted_{seed}{.ext}`, or `{name}_corrupted_{seed}.bin`.
pub fn variant_name(name: &str, seed: u64) -> String {
    match ext_dot(name) {
        Some(i) => format!("{}_corrupted_{seed}{}", &name[..i], &name[i..]),
        None => format!("{name}_corrupted_{seed}.bin"),
    }
}

pub fn report_name(name: &str) -> String {
    format!("{}_corruption_report.json", name.replace(' ', "_"))
}

/// The PDF report's name beside a JSON report's: `{name}_corruption_report.pdf`.
pub fn pdf_name(report_name: &str) -> String {
    format!("{}.pdf", report_name.strip_suffix(".json").unwrap_or(report_name))
}

/// `--count` above 1: `{name}_{seed}_corruption_report.json`.
pub fn variant_report_name(name: &str, seed: u64) -> String {
    report_name(&format!("{name}_{seed}"))
}

/// Hands out each name once per run, case-insensitively: `x.pdf`, `x (2).pdf`, `x (3).pdf`, ...
#[derive(Default)]
pub struct Dedup {
    taken: HashSet<String>,
}

impl Dedup {
    pub fn claim(&mut self, name: &str) -> String {
        let (stem, ext) = match ext_dot(name) {
            Some(i) => (&name[..i], &name[i..]),
            None => (name, ""),
        };
        let mut candidate = name.to_string();
        let mut k = 2;
        while !self.taken.insert(candidate.to_lowercase()) {
            candidate = format!("{stem} ({k}){ext}");
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
        assert_eq!(corrupted_name("a.pdf"), "a_corrupted.pdf");
        assert_eq!(corrupted_name("README"), "README_corrupted.bin");
        assert_eq!(corrupted_name(".bashrc"), ".bashrc_corrupted.bin");
        assert_eq!(report_name("my file.pdf"), "my_file.pdf_corruption_report.json");
        assert_eq!(variant_name("a.pdf", 7), "a_corrupted_7.pdf");
        assert_eq!(variant_name("README", 7), "README_corrupted_7.bin");
        assert_eq!(variant_report_name("my file.pdf", 7), "my_file.pdf_7_corruption_report.json");
        let mut d = Dedup::default();
        assert_eq!(d.claim("x.pdf"), "x.pdf");
        assert_eq!(d.claim("X.PDF"), "X (2).PDF");
        assert_eq!(d.claim("x.pdf"), "x (3).pdf");
    }
}

//! Output names: `{base}_corrupted{.ext}`, the variants' and the reports' names (docs/contract.md,
//! section 3). Written once for both command lines and the SDK: a name is the bytes the system gave (a
//! Unix file name need not be UTF-8; Node hands it over as a Buffer), and an output name keeps them.
//! The page and the SDK's exported `corruptedName` and `variantName` have their twin in
//! lib/engine/shared/names.ts (synchronous, in the page); the batch ZIP's entry names are
//! [`crate::entry_names`] and the run's de-duplication [`crate::output_plan`], written once.

/// `name` split before its extension's dot, `(stem, ".ext")`, or `(name, empty)` when it has no
/// extension: no dot, or only a leading one (docs/contract.md, section 3).
pub(crate) fn split_ext(name: &[u8]) -> (&[u8], &[u8]) {
    match name.iter().rposition(|&b| b == b'.') {
        Some(0) | None => (name, &[]),
        Some(i) => name.split_at(i),
    }
}

/// `{base}{middle}{.ext}`, or `{name}{middle}.bin` without an extension: the bytes of the name kept.
fn with_middle(name: &[u8], middle: &str) -> Vec<u8> {
    let (stem, ext) = split_ext(name);
    let ext: &[u8] = if ext.is_empty() { b".bin" } else { ext };
    [stem, middle.as_bytes(), ext].concat()
}

pub fn corrupted_name(name: &[u8]) -> Vec<u8> {
    with_middle(name, "_corrupted")
}

/// `--count` above 1: `{base}_corrupted_{seed}{.ext}`, or `{name}_corrupted_{seed}.bin`.
pub fn variant_name(name: &[u8], seed: u64) -> Vec<u8> {
    with_middle(name, &format!("_corrupted_{seed}"))
}

pub fn report_name(name: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = name.iter().map(|&b| if b == b' ' { b'_' } else { b }).collect();
    out.extend_from_slice(b"_corruption_report.json");
    out
}

/// The PDF report's name beside a JSON report's: `{name}_corruption_report.pdf`.
pub fn pdf_name(report_name: &[u8]) -> Vec<u8> {
    let mut out = report_name.strip_suffix(b".json").unwrap_or(report_name).to_vec();
    out.extend_from_slice(b".pdf");
    out
}

/// `--count` above 1: `{name}_{seed}_corruption_report.json`.
pub fn variant_report_name(name: &[u8], seed: u64) -> Vec<u8> {
    let mut named = name.to_vec();
    named.extend_from_slice(format!("_{seed}").as_bytes());
    report_name(&named)
}

/// `{stem}_minimized{.ext}` of a file name (`{name}_minimized.bin` without an extension): what
/// `fracture minimize` writes beside CORRUPTED, and a campaign beside a crash's variant.
pub fn minimized_name(name: &[u8]) -> Vec<u8> {
    with_middle(name, "_minimized")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
        let corrupted_name = |n: &str| text(corrupted_name(n.as_bytes()));
        let report_name = |n: &str| text(report_name(n.as_bytes()));
        let variant_name = |n: &str, s| text(variant_name(n.as_bytes(), s));
        let variant_report_name = |n: &str, s| text(variant_report_name(n.as_bytes(), s));
        assert_eq!(corrupted_name("a.pdf"), "a_corrupted.pdf");
        assert_eq!(corrupted_name("README"), "README_corrupted.bin");
        assert_eq!(corrupted_name(".bashrc"), ".bashrc_corrupted.bin");
        assert_eq!(report_name("my file.pdf"), "my_file.pdf_corruption_report.json");
        assert_eq!(variant_name("a.pdf", 7), "a_corrupted_7.pdf");
        assert_eq!(variant_name("README", 7), "README_corrupted_7.bin");
        assert_eq!(variant_report_name("my file.pdf", 7), "my_file.pdf_7_corruption_report.json");
        assert_eq!(pdf_name(b"a_corruption_report.json"), b"a_corruption_report.pdf");
        assert_eq!(minimized_name(b"a_corrupted_7.png"), b"a_corrupted_7_minimized.png");
        assert_eq!(minimized_name(b"README"), b"README_minimized.bin");
        // Names that are not UTF-8 keep their bytes.
        let raw = b"caf\xe9.txt";
        assert_eq!(super::corrupted_name(raw), b"caf\xe9_corrupted.txt");
    }
}

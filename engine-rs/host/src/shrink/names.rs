//! The minimiser's names (docs/cli.md, "The minimiser"), for both command lines: where
//! `fracture minimize` writes without `--out`, the name a candidate has in its job slot (also a
//! campaign's variants), and the test command with `{}` replaced. Paths are the bytes the system gave.

use crate::host_fields::shell_word;

/// The last component of a path, trailing slashes ignored; and where it starts.
fn base(path: &[u8]) -> (usize, &[u8]) {
    let end = path.iter().rposition(|&b| b != b'/').map_or(0, |i| i + 1);
    let at = path[..end].iter().rposition(|&b| b == b'/').map_or(0, |i| i + 1);
    (at, &path[at..end])
}

/// `{stem}_minimized{.ext}` beside CORRUPTED (`{name}_minimized.bin` without an extension).
pub fn minimized_path(corrupted: &[u8]) -> Vec<u8> {
    let (at, name) = base(corrupted);
    [&corrupted[..at], &crate::names::minimized_name(name)[..]].concat()
}

/// A file's name in a job slot: letters, digits, `.`, `_` and `-` kept, every other character `_`
/// (so a program that looks at the extension sees it, and the path needs no quoting), and `input`
/// before a name that would be empty or start with `-` (an option to the program).
pub fn slot_name(file: &[u8]) -> String {
    let safe: String = String::from_utf8_lossy(base(file).1)
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '_' })
        .collect();
    if safe.is_empty() || safe.starts_with('-') {
        format!("input{safe}")
    } else {
        safe
    }
}

/// The test command for a candidate at `file`: every `{}` replaced by the path as one shell word;
/// None when the command has no `{}`: then it reads the candidate on standard input.
pub fn test_script(template: &str, file: &str) -> Option<String> {
    template.contains("{}").then(|| template.replace("{}", &shell_word(file)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_words() {
        assert_eq!(minimized_path(b"d/a_corrupted.pdf"), b"d/a_corrupted_minimized.pdf");
        assert_eq!(minimized_path(b"README"), b"README_minimized.bin");
        assert_eq!(minimized_path(b"/x/.hidden"), b"/x/.hidden_minimized.bin");
        assert_eq!(minimized_path(b"d/caf\xe9.gz"), b"d/caf\xe9_minimized.gz");
        assert_eq!(slot_name("d/ünï ✓.png".as_bytes()), "_n___.png");
        assert_eq!(slot_name(b"d/caf\xe9.gz"), "caf_.gz");
        assert_eq!(slot_name(b"-x"), "input-x");
        assert_eq!(slot_name(b"dir/"), "dir");
        assert_eq!(slot_name(b""), "input");
        assert_eq!(test_script("gzip -t {}", "/tmp/x/a.png").as_deref(), Some("gzip -t /tmp/x/a.png"));
        assert_eq!(test_script("cmp {} {}", "/tmp/it's/a").as_deref(), Some("cmp '/tmp/it'\\''s/a' '/tmp/it'\\''s/a'"));
        assert_eq!(test_script("gzip -t", "/tmp/a"), None);
    }
}

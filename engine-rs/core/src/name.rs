//! File names as the contract reads them.

/// The text after the last `.`, lower-cased; empty when there is no dot or the only dot is first.
pub fn extension_of(name: &str) -> String {
    match name.rfind('.') {
        Some(0) | None => String::new(),
        Some(i) => name[i + 1..].to_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::extension_of;

    #[test]
    fn extensions() {
        assert_eq!(extension_of("report.PDF"), "pdf");
        assert_eq!(extension_of("archive.tar.gz"), "gz");
        assert_eq!(extension_of(".bashrc"), "");
        assert_eq!(extension_of("README"), "");
        assert_eq!(extension_of("trailing."), "");
        assert_eq!(extension_of("..x"), "x");
    }
}

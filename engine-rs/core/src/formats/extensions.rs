//! Looking an extension up in the extension table (docs/contract.md, section 7.3), the table behind
//! the "200+ formats" claim.

use super::tables::EXTENSIONS;
use super::Family;

/// The family `ext` (lower-cased, no dot) names in the table, if any.
pub fn family_for_extension(ext: &str) -> Option<Family> {
    EXTENSIONS.binary_search_by(|(e, _)| (*e).cmp(ext)).ok().map(|i| EXTENSIONS[i].1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_unique_and_over_two_hundred() {
        assert!(EXTENSIONS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(EXTENSIONS.len() > 200, "{}", EXTENSIONS.len());
        assert_eq!(family_for_extension("docx"), Some(Family::Zip));
        assert_eq!(family_for_extension("nope"), None);
    }
}

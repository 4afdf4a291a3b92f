//! interrupted_transfer: the output is a prefix of the input, cut at a seeded point
//! (docs/contract.md, section 6.6).

use crate::rng::{Sequence, PLAN_SEQUENCE};

/// `(cut, lost)`: the output is `input[..cut]`, `lost = n - cut`. Between half of and all of
/// intensity% of n - 1 bytes are lost, at least 1: a file of 2 bytes or more keeps at least 1, and a
/// 1-byte file loses its byte.
pub fn plan(n: u64, intensity: u32, seed: u64) -> (u64, u64) {
    if n == 0 {
        return (0, 0);
    }
    let hi = ((n - 1) * u64::from(intensity) / 100).max(1);
    let lo = (hi / 2).max(1);
    let lost = lo + Sequence::new(seed, PLAN_SEQUENCE).below_wide(hi - lo + 1);
    (n - lost, lost)
}

#[cfg(test)]
mod tests {
    use super::plan;

    #[test]
    fn keeps_at_least_one_byte_and_loses_at_least_one() {
        assert_eq!(plan(0, 50, 1), (0, 0));
        assert_eq!(plan(1, 100, 1), (0, 1));
        for n in [2u64, 3, 10, 1000, 65537] {
            for intensity in [0, 1, 37, 100] {
                for seed in 0..20 {
                    let (cut, lost) = plan(n, intensity, seed);
                    assert!(cut >= 1 && lost >= 1 && cut + lost == n, "{n} {intensity} {seed}");
                    let hi = ((n - 1) * u64::from(intensity) / 100).max(1);
                    assert!(lost <= hi && lost >= (hi / 2).max(1));
                }
            }
        }
        // Intensity 0 loses exactly one byte.
        assert_eq!(plan(5000, 0, 9), (4999, 1));
    }
}

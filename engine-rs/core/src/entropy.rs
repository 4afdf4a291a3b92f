//! Shannon entropy over byte values and the contract's rounding.

/// Entropy in bits per byte, summed in byte-value order 0..255; 0 for empty input.
pub fn entropy(bytes: &[u8]) -> f64 {
    entropy_of_counts(&byte_counts(bytes), bytes.len() as u64)
}

/// Byte-value histogram; four interleaved tables keep the counting loop free of store stalls.
pub fn byte_counts(bytes: &[u8]) -> [u64; 256] {
    let mut t = [[0u32; 256]; 4];
    let mut out = [0u64; 256];
    // u32 tables overflow after 2^32 bytes per lane; flush every 1 GiB to stay far below that.
    for big in bytes.chunks(1 << 30) {
        let mut quads = big.chunks_exact(4);
        for q in &mut quads {
            t[0][q[0] as usize] += 1;
            t[1][q[1] as usize] += 1;
            t[2][q[2] as usize] += 1;
            t[3][q[3] as usize] += 1;
        }
        for &b in quads.remainder() {
            t[0][b as usize] += 1;
        }
        for v in 0..256 {
            out[v] += u64::from(t[0][v]) + u64::from(t[1][v]) + u64::from(t[2][v]) + u64::from(t[3][v]);
        }
        t = [[0u32; 256]; 4];
    }
    out
}

pub fn entropy_of_counts(counts: &[u64; 256], n: u64) -> f64 {
    if n == 0 {
        return 0.0;
    }
    let n = n as f64;
    let mut h = 0.0f64;
    for &c in counts.iter() {
        if c > 0 {
            let p = c as f64 / n;
            h -= p * p.log2();
        }
    }
    h
}

/// sign(x) * floor(|x| * 10000 + 0.5) / 10000, never -0.
pub fn round4(x: f64) -> f64 {
    let r = (x.abs() * 10000.0 + 0.5).floor() / 10000.0;
    (if x < 0.0 { -r } else { r }) + 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_is_zero_not_nan() {
        assert_eq!(entropy(&[]), 0.0);
    }

    #[test]
    fn uniform_bytes_have_eight_bits() {
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(round4(entropy(&all)), 8.0);
        assert_eq!(round4(entropy(&[7u8; 100])), 0.0);
        assert_eq!(round4(entropy(&[0, 1])), 1.0);
    }

    #[test]
    fn rounding_is_symmetric_and_has_no_negative_zero() {
        assert_eq!(round4(0.12345), 0.1235);
        assert_eq!(round4(-0.12345), -0.1235);
        assert!(round4(-0.00001).is_sign_positive());
    }
}

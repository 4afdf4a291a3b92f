//! Building blocks shared by the recipes.

use crate::modes::flip::flip_region;

/// Intensity-scaled extra damage over `[h, n)`: floor((n-h) * intensity / 500) bytes, so 0.2% at
/// intensity 1 and 20% at 100.
pub fn scatter_count(n: usize, h: usize, intensity: u32) -> u64 {
    let m = n.saturating_sub(h) as u64;
    m * u64::from(intensity) / 500
}

/// Flips `scatter_count` bytes of `buf[h..]` exactly as the flip modes do (chunk streams of `seed`).
pub fn scatter(buf: &mut [u8], h: usize, intensity: u32, seed: u64) -> u64 {
    let k = scatter_count(buf.len(), h, intensity);
    flip_region(buf, h, k, seed);
    k
}

/// Replaces every occurrence of `pattern`, scanning left to right without overlap, with `fill`
/// bytes; returns how many it replaced.
pub fn overwrite_all(buf: &mut [u8], pattern: &[u8], fill: u8) -> usize {
    if pattern.is_empty() || buf.len() < pattern.len() {
        return 0;
    }
    let mut count = 0;
    let mut i = 0;
    while i + pattern.len() <= buf.len() {
        if buf[i] == pattern[0] && &buf[i..i + pattern.len()] == pattern {
            buf[i..i + pattern.len()].fill(fill);
            count += 1;
            i += pattern.len();
        } else {
            i += 1;
        }
    }
    count
}

/// Bitwise NOT of `buf[range]` (clamped to the buffer).
pub fn invert(buf: &mut [u8], start: usize, len: usize) {
    let end = buf.len().min(start.saturating_add(len));
    if start < end {
        buf[start..end].iter_mut().for_each(|b| *b = !*b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overwrite_all_is_left_to_right_without_overlap() {
        let mut b = b"aaaab".to_vec();
        assert_eq!(overwrite_all(&mut b, b"aa", 0), 2);
        assert_eq!(b, b"\0\0\0\0b");
        let mut b = b"xobjyobj".to_vec();
        assert_eq!(overwrite_all(&mut b, b"obj", b' '), 2);
        assert_eq!(b, b"x   y   ");
    }
}

//! Building blocks shared by the recipes.

use crate::modes::flip::flip_region;

/// Intensity-scaled extra damage over `[h, n)`: floor((n-h) * intensity / 500) bytes, so 0.2% at
/// intensity 1 and 20% at 100.
pub fn scatter_count(n: u64, h: u64, intensity: u32) -> u64 {
    n.saturating_sub(h) * u64::from(intensity) / 500
}

/// Flips `scatter_count` bytes of `buf[h..]` exactly as the flip modes do (chunk sequences of `seed`).
pub fn scatter(buf: &mut [u8], h: usize, intensity: u32, seed: u64) -> u64 {
    let k = scatter_count(buf.len() as u64, h as u64, intensity);
    flip_region(buf, h, k, seed);
    k
}

/// A signature a recipe overwrites wherever it occurs, and the byte it is overwritten with (0x00, or
/// 0xFF for a signature that itself holds a 0x00: zeros there could leave or recreate it).
pub struct Signature {
    pub bytes: &'static [u8],
    pub fill: u8,
}

/// overwrite_signatures(list): one scan left to right; at each position the first signature of
/// `list` (in list order) that occurs there is overwritten with its fill byte and the scan continues
/// after it. Returns how many signatures it overwrote.
#[cfg(test)]
pub fn overwrite_signatures(buf: &mut [u8], list: &[Signature]) -> u64 {
    overwrite_signatures_from(buf, 0, list, true).1
}

/// The scan of `overwrite_signatures` from position `from` of a window of the file, for a stream:
/// unless `last` (the window ends the file), it stops at the first position whose match cannot be
/// decided yet (a signature's first byte too near the end). Returns where it stopped and how many
/// it overwrote; bytes before the stop are final, bytes from it unchanged.
pub fn overwrite_signatures_from(buf: &mut [u8], from: usize, list: &[Signature], last: bool) -> (usize, u64) {
    // Which bytes start some signature, so most positions cost one table look-up.
    let mut starts = [false; 256];
    for s in list.iter().filter(|s| !s.bytes.is_empty()) {
        starts[s.bytes[0] as usize] = true;
    }
    let longest = list.iter().map(|s| s.bytes.len()).max().unwrap_or(0);
    let n = buf.len();
    let mut count = 0;
    let mut i = from;
    while i < n {
        if starts[buf[i] as usize] {
            if !last && i + longest > n {
                break;
            }
            if let Some(s) = list.iter().find(|s| !s.bytes.is_empty() && buf[i..].starts_with(s.bytes)) {
                buf[i..i + s.bytes.len()].fill(s.fill);
                count += 1;
                i += s.bytes.len();
                continue;
            }
        }
        i += 1;
    }
    (i.min(n).max(from), count)
}

/// kill_syncs(lo, hi): every 0xFF byte followed by a byte in lo..=hi becomes 0x00 (the pair is judged
/// on the bytes before this step; the following byte is left alone). Frame syncs of MPEG audio, ADTS
/// and FLAC, and JPEG markers, are such pairs. Returns how many it changed.
#[cfg(test)]
pub fn kill_syncs(buf: &mut [u8], lo: u8, hi: u8) -> u64 {
    kill_syncs_from(buf, 0, buf.len(), lo, hi).1
}

/// `kill_syncs` on the positions `from..` whose pair lies below `limit` (the bytes an earlier step
/// has finished). Returns the first position not judged and the count.
pub fn kill_syncs_from(buf: &mut [u8], from: usize, limit: usize, lo: u8, hi: u8) -> (usize, u64) {
    let mut count = 0;
    let end = limit.saturating_sub(1);
    for i in from..end {
        // Only buf[i] changes, so buf[i + 1] still holds its value from before the step.
        if buf[i] == 0xFF && (lo..=hi).contains(&buf[i + 1]) {
            buf[i] = 0;
            count += 1;
        }
    }
    (end.max(from), count)
}

/// kill_start_codes: every `00 00` followed by 0x01 (MPEG-1/2/4 and H.264 start codes) or by 0x80-0x83
/// (H.263 picture start codes) gets that third byte set to 0x02. Raw-stream demuxers probe for these,
/// so video left in a broken container cannot be picked up as an elementary stream. Returns how many.
#[cfg(test)]
pub fn kill_start_codes(buf: &mut [u8]) -> u64 {
    kill_start_codes_from(buf, 0, buf.len()).1
}

/// `kill_start_codes` on the positions `from..` whose three bytes lie below `limit`. Returns the
/// first position not tested and the count.
pub fn kill_start_codes_from(buf: &mut [u8], from: usize, limit: usize) -> (usize, u64) {
    let mut count = 0;
    let end = limit.saturating_sub(2);
    for i in from..end {
        // 0x02 is neither 0x00 nor a start code byte, so no change affects another position's test.
        if buf[i] == 0 && buf[i + 1] == 0 && (buf[i + 2] == 0x01 || (0x80..=0x83).contains(&buf[i + 2])) {
            buf[i + 2] = 0x02;
            count += 1;
        }
    }
    (end.max(from), count)
}

/// Little-endian unsigned integer of `len` (1..=8) bytes at `at`, or None past the end.
pub fn le(buf: &[u8], at: u64, len: u64) -> Option<u64> {
    let end = at.checked_add(len)?;
    if end > buf.len() as u64 {
        return None;
    }
    Some(buf[at as usize..end as usize].iter().rev().fold(0u64, |v, &b| (v << 8) | u64::from(b)))
}

/// Big-endian unsigned integer of `len` (1..=8) bytes at `at`, or None past the end.
#[cfg(test)]
pub fn be(buf: &[u8], at: u64, len: u64) -> Option<u64> {
    let end = at.checked_add(len)?;
    if end > buf.len() as u64 {
        return None;
    }
    Some(buf[at as usize..end as usize].iter().fold(0u64, |v, &b| (v << 8) | u64::from(b)))
}

/// `[start, start + len)` clamped to a file of `n` bytes, as (start, len); no sum overflows.
pub fn clamp(n: u64, start: u64, len: u64) -> (u64, u64) {
    let s = start.min(n);
    let e = start.saturating_add(len).min(n);
    (s, e - s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overwrite_signatures_takes_the_first_listed_match_at_each_position() {
        let sig = |bytes, fill| Signature { bytes, fill };
        let mut b = b"xmoov moov".to_vec();
        assert_eq!(overwrite_signatures(&mut b, &[sig(b"moov", 0), sig(b"xmoo", 0)]), 2);
        assert_eq!(b, b"\0\0\0\0v \0\0\0\0");
        // Each signature gets its own fill byte.
        let mut b = b"PEPE\0\0".to_vec();
        assert_eq!(overwrite_signatures(&mut b, &[sig(b"PE\0\0", 0xFF)]), 1);
        assert_eq!(b, b"PE\xFF\xFF\xFF\xFF");
        assert_eq!(overwrite_signatures(&mut [], &[sig(b"PK", 0)]), 0);
        assert_eq!(overwrite_signatures(&mut b"P".to_vec(), &[sig(b"PK", 0)]), 0);
    }

    #[test]
    fn kill_syncs_judges_pairs_on_the_bytes_before_the_step() {
        let mut b = vec![0xFF, 0xFF, 0xE0, 0xFF, 0x10, 0xFF];
        assert_eq!(kill_syncs(&mut b, 0xE0, 0xFF), 2);
        assert_eq!(b, [0x00, 0x00, 0xE0, 0xFF, 0x10, 0xFF]);
        let mut b = vec![0xFF, 0xD8, 0xFF, 0x00, 0xFF, 0xFF];
        assert_eq!(kill_syncs(&mut b, 0xC0, 0xFE), 1);
        assert_eq!(b, [0x00, 0xD8, 0xFF, 0x00, 0xFF, 0xFF]);
    }

    #[test]
    fn kill_start_codes_leaves_no_start_code_behind() {
        let mut b = vec![0, 0, 0, 1, 1, 0, 0, 0x81, 0, 0, 0x84, 0, 0];
        assert_eq!(kill_start_codes(&mut b), 2);
        assert_eq!(b, [0, 0, 0, 2, 1, 0, 0, 2, 0, 0, 0x84, 0, 0]);
        assert_eq!(kill_start_codes(&mut [0, 0]), 0);
    }

    #[test]
    fn readers_and_clamp_never_go_past_the_end() {
        let b = [1u8, 2, 3, 4];
        assert_eq!(le(&b, 0, 4), Some(0x04030201));
        assert_eq!(be(&b, 1, 3), Some(0x020304));
        assert_eq!(le(&b, 2, 3), None);
        assert_eq!(be(&b, u64::MAX, 2), None);
        assert_eq!(clamp(10, 8, 5), (8, 2));
        assert_eq!(clamp(10, u64::MAX, u64::MAX), (10, 0));
    }
}

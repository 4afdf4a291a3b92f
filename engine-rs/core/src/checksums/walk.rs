//! The structure walks of docs/contract.md, section 6.10: each reads the input's structure and hands
//! every checksum field, with its value computed over the output, to the writer in order.

use super::{Kind, Writer, CRC32, FLAC_CRC16, FLAC_CRC8, OGG_CRC32};

fn be(b: &[u8], at: usize, len: usize) -> Option<u64> {
    b.get(at..at.checked_add(len)?).map(|s| s.iter().fold(0, |v, &x| (v << 8) | u64::from(x)))
}

fn le(b: &[u8], at: usize, len: usize) -> Option<u64> {
    b.get(at..at.checked_add(len)?).map(|s| s.iter().rev().fold(0, |v, &x| (v << 8) | u64::from(x)))
}

fn holds(b: &[u8], at: usize, what: &[u8]) -> bool {
    at.checked_add(what.len()).and_then(|end| b.get(at..end)) == Some(what)
}

pub(super) fn png(w: &mut Writer, kind: Kind) {
    if !holds(w.input, 0, b"\x89PNG\r\n\x1a\n") {
        return;
    }
    let n = w.input.len();
    let mut p = 8;
    while p + 12 <= n {
        let len = be(w.input, p, 4).unwrap() as usize;
        if len > n - p - 12 {
            return;
        }
        let crc = CRC32.checksum(&w.output[p + 4..p + 8 + len]);
        w.write(kind, p + 8 + len, &crc.to_be_bytes());
        if holds(w.input, p + 4, b"IEND") {
            return;
        }
        p += 12 + len;
    }
}

/// Returns the number of entries that cannot be fixed.
pub(super) fn zip(w: &mut Writer, [local, central, descriptor]: [Kind; 3]) -> u64 {
    let n = w.input.len();
    if n < 22 {
        return 0;
    }
    let lowest = (n - 22).saturating_sub(65535);
    let Some(e) = (lowest..=n - 22).rev().find(|&e| holds(w.input, e, b"PK\x05\x06")) else { return 0 };
    let count = le(w.input, e + 10, 2).unwrap();
    let mut p = le(w.input, e + 16, 4).unwrap() as usize;
    let mut unfixable = 0;
    for _ in 0..count {
        if p + 46 > n || !holds(w.input, p, b"PK\x01\x02") {
            break;
        }
        let field = |at: usize, len: usize| le(w.input, p + at, len).unwrap();
        let (flags, method, csize, usize_, lho) = (field(8, 2), field(10, 2), field(20, 4), field(24, 4), field(42, 4));
        let next = p + 46 + (field(28, 2) + field(30, 2) + field(32, 2)) as usize;
        let lho = lho as usize;
        let data = (|| {
            if method != 0 || flags & 1 != 0 || csize != usize_ || csize == 0xFFFF_FFFF || lho == 0xFFFF_FFFF {
                return None;
            }
            if !holds(w.input, lho, b"PK\x03\x04") {
                return None;
            }
            let d = lho + 30 + (le(w.input, lho + 26, 2)? + le(w.input, lho + 28, 2)?) as usize;
            (d + csize as usize <= n).then_some(d)
        })();
        match data {
            None => unfixable += 1,
            Some(d) => {
                let end = d + csize as usize;
                let crc = CRC32.checksum(&w.output[d..end]).to_le_bytes();
                let descriptor_only = flags & 8 != 0 && le(w.input, lho + 14, 4) == Some(0);
                if !descriptor_only {
                    w.write(local, lho + 14, &crc);
                }
                w.write(central, p + 16, &crc);
                if flags & 8 != 0 {
                    let at = if holds(w.input, end, b"PK\x07\x08") { end + 4 } else { end };
                    w.write(descriptor, at, &crc);
                }
            }
        }
        p = next;
    }
    unfixable
}

/// A tar numeric field of the input: base-256 when its first byte has bit 0x80, else octal after
/// leading spaces.
fn tar_number(field: &[u8], base256: bool) -> Option<u64> {
    if base256 && field[0] & 0x80 != 0 {
        let v = field[1..].iter().try_fold(0u64, |v, &x| v.checked_mul(256).map(|v| v | u64::from(x)))?;
        return (v < 1 << 53).then_some(v);
    }
    let digits: Vec<u8> =
        field.iter().copied().skip_while(|&b| b == b' ').take_while(|b| (b'0'..=b'7').contains(b)).collect();
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u64, |v, &d| v.checked_mul(8).map(|v| v + u64::from(d - b'0')))
}

fn tar_sum(header: &[u8]) -> u64 {
    header.iter().enumerate().map(|(i, &b)| if (148..156).contains(&i) { 0x20 } else { u64::from(b) }).sum()
}

pub(super) fn tar(w: &mut Writer, kind: Kind) {
    let n = w.input.len();
    let mut b = 0usize;
    while b + 512 <= n {
        let header = &w.input[b..b + 512];
        if header.iter().all(|&x| x == 0) {
            return;
        }
        if tar_number(&header[148..156], false) != Some(tar_sum(header)) {
            return;
        }
        let Some(size) = tar_number(&header[124..136], true) else { return };
        let no_data = (b'1'..=b'6').contains(&header[156]);
        let sum = tar_sum(&w.output[b..b + 512]);
        let mut field = [0u8; 8];
        field[..6].copy_from_slice(format!("{sum:06o}").as_bytes());
        field[7] = b' ';
        w.write(kind, b + 148, &field);
        let blocks = if no_data { 0 } else { size.div_ceil(512) };
        match blocks.checked_mul(512).and_then(|d| (b as u64 + 512).checked_add(d)) {
            Some(next) if next <= n as u64 => b = next as usize,
            _ => return,
        }
    }
}

pub(super) fn ogg(w: &mut Writer, kind: Kind) {
    let n = w.input.len();
    let mut p = 0;
    while p + 27 <= n && holds(w.input, p, b"OggS") {
        let segs = usize::from(w.input[p + 26]);
        if p + 27 + segs > n {
            return;
        }
        let size = 27 + segs + w.input[p + 27..p + 27 + segs].iter().map(|&s| usize::from(s)).sum::<usize>();
        if p + size > n {
            return;
        }
        let mut digest = OGG_CRC32.digest();
        digest.update(&w.output[p..p + 22]);
        digest.update(&[0; 4]);
        digest.update(&w.output[p + 26..p + size]);
        w.write(kind, p + 22, &digest.finalize().to_le_bytes());
        p += size;
    }
}

/// The length of a FLAC frame header at `q` of `b` (up to, not including, its CRC-8) when one is
/// there: sync, the coded number, the optional block size and sample rate bytes, and a CRC-8 that
/// matches.
fn flac_header(b: &[u8], q: usize) -> Option<usize> {
    if b.get(q) != Some(&0xFF) || !matches!(b.get(q + 1), Some(0xF8 | 0xF9)) {
        return None;
    }
    let (bs, sr) = (b.get(q + 2)? >> 4, b.get(q + 2)? & 0x0F);
    let first = *b.get(q + 4)?;
    let coded = match first.leading_ones() {
        0 => 1,
        n @ 2..=7 => n as usize,
        _ => return None,
    };
    if !(1..coded).all(|i| b.get(q + 4 + i).is_some_and(|&x| x & 0xC0 == 0x80)) {
        return None;
    }
    let extra = match bs {
        6 => 1,
        7 => 2,
        _ => 0,
    } + match sr {
        12 => 1,
        13 | 14 => 2,
        _ => 0,
    };
    let hl = 4 + coded + extra;
    (q + hl < b.len() && FLAC_CRC8.checksum(&b[q..q + hl]) == b[q + hl]).then_some(hl)
}

/// Returns whether the input's STREAMINFO MD5 is set (a check that cannot be fixed).
pub(super) fn flac(w: &mut Writer, [crc8, crc16]: [Kind; 2]) -> bool {
    if !holds(w.input, 0, b"fLaC") {
        return false;
    }
    let md5_set = w.input.get(26..42).is_some_and(|m| m.iter().any(|&x| x != 0));
    let n = w.input.len();
    let mut p = 4;
    loop {
        if p + 4 > n {
            return md5_set;
        }
        let last = w.input[p] & 0x80 != 0;
        p += 4 + be(w.input, p + 1, 3).unwrap() as usize;
        if last {
            break;
        }
    }
    let Some(mut f) = (p..n).find(|&q| flac_header(w.input, q).is_some()) else { return md5_set };
    // Each frame: its header, then its end, the first header (or the input's end) after it where the
    // CRC-16 of the input's bytes before the last two matches them.
    while f < n {
        let hl = flac_header(w.input, f).unwrap();
        let mut digest_to = f;
        let mut crc = FLAC_CRC16.digest();
        let mut end = None;
        for g in f + hl + 3..=n {
            if g < n && flac_header(w.input, g).is_none() {
                continue;
            }
            crc.update(&w.input[digest_to..g - 2]);
            digest_to = g - 2;
            if be(w.input, g - 2, 2) == Some(u64::from(crc.clone().finalize())) {
                end = Some(g);
                break;
            }
        }
        let Some(g) = end else { return md5_set };
        let header_crc = FLAC_CRC8.checksum(&w.output[f..f + hl]);
        w.write(crc8, f + hl, &[header_crc]);
        let frame_crc = FLAC_CRC16.checksum(&w.output[f..g - 2]);
        w.write(crc16, g - 2, &frame_crc.to_be_bytes());
        f = g;
    }
    md5_set
}

//! The structure walks of docs/contract.md, section 6.10: each reads the input's structure and hands
//! every checksum field, with its value computed over the output, to the writer in order. Positions
//! are 64-bit and every access is positional (`Area`), so the same walk runs over slices and files.

use super::area::{Area, AreaMut};
use super::fields::{Kind, Writer, CRC32, FLAC_CRC16, FLAC_CRC8, OGG_CRC32};

fn be(b: &mut impl Area, at: u64, len: usize) -> Option<u64> {
    b.get(at, len).map(|s| s.iter().fold(0, |v, &x| (v << 8) | u64::from(x)))
}

fn le(b: &mut impl Area, at: u64, len: usize) -> Option<u64> {
    b.get(at, len).map(|s| s.iter().rev().fold(0, |v, &x| (v << 8) | u64::from(x)))
}

fn holds(b: &mut impl Area, at: u64, what: &[u8]) -> bool {
    // Compared byte by byte: signatures are 4 bytes, shorter than a call to memcmp.
    b.get(at, what.len()).is_some_and(|s| s.iter().zip(what).all(|(x, y)| x == y))
}

pub(super) fn png<I: Area, O: AreaMut>(w: &mut Writer<I, O>, kind: Kind) {
    if !holds(&mut w.input, 0, b"\x89PNG\r\n\x1a\n") {
        return;
    }
    let n = w.input.len();
    let mut p = 8;
    while p + 12 <= n {
        // The chunk's length and type in one read.
        let Some(h) = w.input.get(p, 8) else { return };
        let len = u64::from(u32::from_be_bytes([h[0], h[1], h[2], h[3]]));
        let iend = h[4..8] == *b"IEND";
        if len > n - p - 12 {
            return;
        }
        let mut digest = CRC32.digest();
        w.output.feed(p + 4, p + 8 + len, &mut |b| digest.update(b));
        w.write(kind, p + 8 + len, &digest.finalize().to_be_bytes());
        if iend {
            return;
        }
        p += 12 + len;
    }
}

/// What the zip walk left: entries whose CRC covers data it cannot recompute, and entries whose
/// local record lies inside one already fixed.
#[derive(Default)]
pub(super) struct ZipLeft {
    pub unfixable: u64,
    pub overlapping: u64,
}

/// A central directory entry that passed the central header's tests: where its header is, its
/// flags, its stored length and where its local header is.
struct ZipEntry {
    central: u64,
    flags: u64,
    csize: u64,
    lho: u64,
}

/// Reads the central directory once, then takes the entries in the order of their local headers
/// (which reads those in order too, not where a hostile directory points next), fixing each only
/// when its local header starts at or after the end of the stored data fixed before it: stored data
/// is read once, whatever the central directory claims.
pub(super) fn zip<I: Area, O: AreaMut>(w: &mut Writer<I, O>, [local, central, descriptor]: [Kind; 3]) -> ZipLeft {
    let mut left = ZipLeft::default();
    let n = w.input.len();
    if n < 22 {
        return left;
    }
    let lowest = (n - 22).saturating_sub(65535);
    // The record's signature, searched from the last place it can start back to 65,535 bytes before.
    let Some(tail) = w.input.get(lowest, (n - 22 - lowest) as usize + 4) else { return left };
    let Some(e) = tail.windows(4).rposition(|s| s == b"PK\x05\x06") else { return left };
    let e = lowest + e as u64;
    let (Some(count), Some(mut p)) = (le(&mut w.input, e + 10, 2), le(&mut w.input, e + 16, 4)) else { return left };
    let mut entries = Vec::new();
    for _ in 0..count {
        if p + 46 > n || !holds(&mut w.input, p, b"PK\x01\x02") {
            break;
        }
        let Some(h) = w.input.get(p, 46) else { break };
        let field = |at: usize, len: usize| h[at..at + len].iter().rev().fold(0u64, |v, &x| (v << 8) | u64::from(x));
        let (flags, method, csize, usize_, lho) = (field(8, 2), field(10, 2), field(20, 4), field(24, 4), field(42, 4));
        let next = p + 46 + field(28, 2) + field(30, 2) + field(32, 2);
        if method != 0 || flags & 1 != 0 || csize != usize_ || csize == 0xFFFF_FFFF || lho == 0xFFFF_FFFF {
            left.unfixable += 1;
        } else {
            entries.push(ZipEntry { central: p, flags, csize, lho });
        }
        p = next;
    }
    // Stable: entries sharing a local header keep the central directory's order.
    entries.sort_by_key(|z| z.lho);
    let mut fixed_to = 0;
    for z in entries {
        let input = &mut w.input;
        let data = (|| {
            if !holds(input, z.lho, b"PK\x03\x04") {
                return None;
            }
            let d = z.lho + 30 + le(input, z.lho + 26, 2)? + le(input, z.lho + 28, 2)?;
            (d + z.csize <= n).then_some(d)
        })();
        let Some(d) = data else {
            left.unfixable += 1;
            continue;
        };
        if z.lho < fixed_to {
            left.overlapping += 1;
            continue;
        }
        let end = d + z.csize;
        fixed_to = end;
        let mut digest = CRC32.digest();
        w.output.feed(d, end, &mut |b| digest.update(b));
        let crc = digest.finalize().to_le_bytes();
        let descriptor_only = z.flags & 8 != 0 && le(&mut w.input, z.lho + 14, 4) == Some(0);
        if !descriptor_only {
            w.write(local, z.lho + 14, &crc);
        }
        w.write(central, z.central + 16, &crc);
        if z.flags & 8 != 0 {
            let at = if holds(&mut w.input, end, b"PK\x07\x08") { end + 4 } else { end };
            w.write(descriptor, at, &crc);
        }
    }
    left
}

/// A tar numeric field of the input: base-256 when its first byte has bit 0x80, else octal after
/// leading spaces.
pub(crate) fn tar_number(field: &[u8], base256: bool) -> Option<u64> {
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

/// Whether the header's checksum field holds its sum, with the field counted as eight spaces: the
/// bytes taken unsigned, or signed as some old tars summed them (GNU tar and Python accept both).
pub(crate) fn tar_sum_holds(header: &[u8]) -> bool {
    let Some(recorded) = tar_number(&header[148..156], false) else { return false };
    let field = |i: usize, b: u8| if (148..156).contains(&i) { 0x20 } else { b };
    let signed: i64 = header.iter().enumerate().map(|(i, &b)| i64::from(field(i, b) as i8)).sum();
    recorded == tar_sum(header) || i64::try_from(recorded) == Ok(signed)
}

fn tar_sum(header: &[u8]) -> u64 {
    header.iter().enumerate().map(|(i, &b)| if (148..156).contains(&i) { 0x20 } else { u64::from(b) }).sum()
}

/// Reads a pax extended header's records (`LEN KEY=VALUE\n`, LEN counting the whole record), fed
/// in parts, for `size`: the last record with a valid value (decimal digits, below 2^53) is the size
/// of the member the header describes. A malformed record ends the reading; the ones before it count.
#[derive(Default)]
pub(crate) struct PaxSize {
    /// The record's length and the bytes of it read so far.
    len: u64,
    read: u64,
    state: PaxState,
    /// The key's first bytes (five: `size` and one more, to tell `sizes` apart) and its length.
    key: [u8; 5],
    key_len: usize,
    /// The value so far when the key is `size` (None once a byte is not a digit or it passes 2^53),
    /// and its digits.
    value: Option<u64>,
    digits: u64,
    pub(crate) found: Option<u64>,
}

#[derive(Default, PartialEq)]
enum PaxState {
    #[default]
    Len,
    Key,
    Value,
    Done,
}

impl PaxSize {
    /// `total`: the header's data length, which no record can pass.
    pub(crate) fn feed(&mut self, bytes: &[u8], total: u64) {
        for &b in bytes {
            self.read += 1;
            match self.state {
                PaxState::Done => return,
                PaxState::Len if b.is_ascii_digit() => {
                    self.len = self.len * 10 + u64::from(b - b'0');
                    if self.len > total {
                        self.state = PaxState::Done;
                    }
                }
                PaxState::Len if b == b' ' && self.read > 1 && self.read < self.len => self.state = PaxState::Key,
                // The record ends inside its key.
                PaxState::Key if self.read == self.len => self.state = PaxState::Done,
                PaxState::Key if b == b'=' && self.key_len > 0 => {
                    self.state = PaxState::Value;
                    self.value = (&self.key[..self.key_len] == b"size").then_some(0);
                }
                PaxState::Key if b != b'=' => {
                    if self.key_len < self.key.len() {
                        self.key[self.key_len] = b;
                        self.key_len += 1;
                    }
                }
                // The record's last byte: a newline after the value.
                PaxState::Value if self.read == self.len => {
                    if b != b'\n' {
                        self.state = PaxState::Done;
                        return;
                    }
                    if self.digits > 0 && self.value.is_some() {
                        self.found = self.value;
                    }
                    *self = PaxSize { found: self.found, ..PaxSize::default() };
                }
                PaxState::Value => {
                    self.digits += 1;
                    self.value = self.value.and_then(|v| {
                        let d = b.checked_sub(b'0').filter(|&d| d <= 9)?;
                        Some(v * 10 + u64::from(d)).filter(|&v| v < 1 << 53)
                    });
                }
                _ => self.state = PaxState::Done,
            }
        }
    }
}

pub(super) fn tar<I: Area, O: AreaMut>(w: &mut Writer<I, O>, kind: Kind) {
    let n = w.input.len();
    let mut b = 0u64;
    // The size a pax extended header gave the member it describes.
    let mut pax_size = None;
    while b + 512 <= n {
        let Some(header) = w.input.get(b, 512) else { return };
        if header.iter().all(|&x| x == 0) || !tar_sum_holds(header) {
            return;
        }
        let Some(size) = tar_number(&header[124..136], true) else { return };
        let (kind_byte, extended) = (header[156], header[482] != 0);
        let Some(sum) = w.output.get(b, 512).map(tar_sum) else { return };
        let mut field = [0u8; 8];
        field[..6].copy_from_slice(format!("{sum:06o}").as_bytes());
        field[7] = b' ';
        w.write(kind, b + 148, &field);
        let mut next = b + 512;
        // An old GNU sparse member: its extension blocks (no checksum) come before its data, while
        // the byte at 482 of the header, then at 504 of each block, is not 0.
        if kind_byte == b'S' && extended {
            loop {
                if next + 512 > n {
                    return;
                }
                let Some(more) = w.input.get(next + 504, 1).map(|x| x[0] != 0) else { return };
                next += 512;
                if !more {
                    break;
                }
            }
        }
        let data = match kind_byte {
            b'x' | b'X' => {
                if size > n - next {
                    return;
                }
                let mut pax = PaxSize::default();
                w.input.feed(next, next + size, &mut |part| pax.feed(part, size));
                if let Some(s) = pax.found {
                    pax_size = Some(s);
                }
                size
            }
            b'L' | b'K' | b'g' => size,
            b'1'..=b'6' => {
                pax_size = None;
                0
            }
            _ => pax_size.take().unwrap_or(size),
        };
        match data.div_ceil(512).checked_mul(512).and_then(|d| next.checked_add(d)) {
            Some(end) if end <= n => b = end,
            _ => return,
        }
    }
}

pub(super) fn ogg<I: Area, O: AreaMut>(w: &mut Writer<I, O>, kind: Kind) {
    let n = w.input.len();
    let mut p = 0;
    while p + 27 <= n && holds(&mut w.input, p, b"OggS") {
        let Some(segs) = be(&mut w.input, p + 26, 1) else { return };
        if p + 27 + segs > n {
            return;
        }
        let Some(table) = w.input.get(p + 27, segs as usize) else { return };
        let size = 27 + segs + table.iter().map(|&s| u64::from(s)).sum::<u64>();
        if p + size > n {
            return;
        }
        let mut digest = OGG_CRC32.digest();
        w.output.feed(p, p + 22, &mut |b| digest.update(b));
        digest.update(&[0; 4]);
        w.output.feed(p + 26, p + size, &mut |b| digest.update(b));
        w.write(kind, p + 22, &digest.finalize().to_le_bytes());
        p += size;
    }
}

/// The longest FLAC frame header with its CRC-8: sync and block size (4), a 7-byte coded number,
/// 2 + 2 bytes of block size and sample rate, the CRC.
const FLAC_HEADER_MAX: usize = 16;

/// The length of a FLAC frame header at `q` of `a` (up to, not including, its CRC-8) when one is
/// there: sync, the coded number, the optional block size and sample rate bytes, and a CRC-8 that
/// matches.
pub(crate) fn flac_header(a: &mut impl Area, q: u64) -> Option<usize> {
    let avail = (a.len().checked_sub(q)?).min(FLAC_HEADER_MAX as u64) as usize;
    flac_header_in(a.get(q, avail)?)
}

/// `flac_header` on the bytes from `q` (at most `FLAC_HEADER_MAX`, fewer near the end).
fn flac_header_in(b: &[u8]) -> Option<usize> {
    if b.first() != Some(&0xFF) || !matches!(b.get(1), Some(0xF8 | 0xF9)) {
        return None;
    }
    let (bs, sr) = (b.get(2)? >> 4, b.get(2)? & 0x0F);
    let first = *b.get(4)?;
    let coded = match first.leading_ones() {
        0 => 1,
        n @ 2..=7 => n as usize,
        _ => return None,
    };
    if !(1..coded).all(|i| b.get(4 + i).is_some_and(|&x| x & 0xC0 == 0x80)) {
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
    (hl < b.len() && FLAC_CRC8.checksum(&b[..hl]) == b[hl]).then_some(hl)
}

/// The first position in `[from, to)` where a FLAC frame header is (`flac_header`), skipping to each
/// 0xFF (a header's first byte) a window at a time rather than testing every byte.
pub(crate) fn next_flac_header(a: &mut impl Area, from: u64, to: u64) -> Option<u64> {
    const SCAN: u64 = 64 << 10;
    let mut q = from;
    while q < to {
        let len = (to - q).min(SCAN);
        let at = a.get(q, len as usize)?.iter().position(|&b| b == 0xFF);
        match at {
            None => q += len,
            Some(i) => {
                let g = q + i as u64;
                if flac_header(a, g).is_some() {
                    return Some(g);
                }
                q = g + 1;
            }
        }
    }
    None
}

/// The end of the FLAC frame at `f` of `a` whose header is `hl` bytes long (to its CRC-8): the first
/// header (or the input's end) after it where the CRC-16 of the bytes from `f` to the last two
/// before it matches them. Linear in the bytes read, however many false sync codes there are: the
/// CRC is carried on from one candidate to the next.
pub(crate) fn flac_frame_end(a: &mut impl Area, f: u64, hl: u64) -> Option<u64> {
    let n = a.len();
    let mut digest_to = f;
    let mut crc = FLAC_CRC16.digest();
    let mut from = f + hl + 3;
    while from <= n {
        let g = next_flac_header(a, from, n).unwrap_or(n);
        a.feed(digest_to, g - 2, &mut |b| crc.update(b));
        digest_to = g - 2;
        if be(a, g - 2, 2) == Some(u64::from(crc.clone().finalize())) {
            return Some(g);
        }
        from = g + 1;
    }
    None
}

/// Returns whether the input's STREAMINFO MD5 is set (a check that cannot be fixed).
pub(super) fn flac<I: Area, O: AreaMut>(w: &mut Writer<I, O>, [crc8, crc16]: [Kind; 2]) -> bool {
    if !holds(&mut w.input, 0, b"fLaC") {
        return false;
    }
    let md5_set = w.input.get(26, 16).is_some_and(|m| m.iter().any(|&x| x != 0));
    let n = w.input.len();
    let mut p = 4;
    loop {
        if p + 4 > n {
            return md5_set;
        }
        let Some(block) = w.input.get(p, 4) else { return md5_set };
        let last = block[0] & 0x80 != 0;
        p += 4 + block[1..].iter().fold(0u64, |v, &x| (v << 8) | u64::from(x));
        if last {
            break;
        }
    }
    let Some(mut f) = next_flac_header(&mut w.input, p, n) else { return md5_set };
    // Each frame: its header, then its end, the first header (or the input's end) after it where the
    // CRC-16 of the input's bytes before the last two matches them.
    while f < n {
        let Some(hl) = flac_header(&mut w.input, f) else { return md5_set };
        let hl = hl as u64;
        let Some(g) = flac_frame_end(&mut w.input, f, hl) else { return md5_set };
        let mut header_crc = FLAC_CRC8.digest();
        w.output.feed(f, f + hl, &mut |b| header_crc.update(b));
        w.write(crc8, f + hl, &[header_crc.finalize()]);
        let mut frame_crc = FLAC_CRC16.digest();
        w.output.feed(f, g - 2, &mut |b| frame_crc.update(b));
        w.write(crc16, g - 2, &frame_crc.finalize().to_be_bytes());
        f = g;
    }
    md5_set
}

//! gzip (section 14.3.4): each member `member/magic`, `/header`, `/info`, `/extra`, `/name`, `/comment`,
//! `/header_crc`, `/deflate`, `/crc32`, `/isize`, numbered when there are several. The deflate
//! stream's end is found by decoding its blocks (RFC 1951) without producing their output.

use super::map::{Map, Role, Soft};
use super::read::le;
use crate::checksums::area::Area;

/// Bits of the input from a position, least significant first (RFC 1951, section 3.1.1). Bytes are
/// taken ahead into `val` (up to 56 bits); `pos` is the position after the last byte taken.
struct Bits<'a, A: Area> {
    input: &'a mut A,
    pos: u64,
    val: u64,
    cnt: u32,
}

impl<A: Area> Bits<'_, A> {
    /// Takes bytes until `val` holds at least 56 bits or the input ends.
    fn refill(&mut self) {
        let want = ((64 - self.cnt) / 8) as u64;
        let take = want.min(self.input.len().saturating_sub(self.pos));
        if take == 0 {
            return;
        }
        if let Some(b) = self.input.get(self.pos, take as usize) {
            for &x in b {
                self.val |= u64::from(x) << self.cnt;
                self.cnt += 8;
            }
            self.pos += take;
        }
    }

    fn bits(&mut self, need: u32) -> Option<u32> {
        if self.cnt < need {
            self.refill();
            if self.cnt < need {
                return None;
            }
        }
        let v = (self.val & ((1 << need) - 1)) as u32;
        self.val >>= need;
        self.cnt -= need;
        Some(v)
    }

    /// The position after the byte holding the last bit taken.
    fn end(&self) -> u64 {
        self.pos - u64::from(self.cnt / 8)
    }

    /// Drops the bits left in the current byte (a stored block starts on a byte).
    fn align(&mut self) {
        self.pos = self.end();
        (self.val, self.cnt) = (0, 0);
    }
}

/// Codes up to this many bits long are decoded by one look-up (`Huffman::fast`); longer ones, and
/// any code near the input's end, bit by bit. Both give the same symbol, or none, for the same bits.
const FAST: u32 = 9;

/// A canonical Huffman code: the number of codes of each length, the symbols in code order, and for
/// each value of the next `FAST` bits the symbol and length of the code they start with (length 0:
/// no code of at most `FAST` bits).
struct Huffman {
    count: [u16; 16],
    symbol: Vec<u16>,
    fast: Vec<(u16, u8)>,
}

/// The code for `lengths`, and how many codes of the 2^15 space are left unused (negative when
/// over-subscribed).
fn construct(lengths: &[u8]) -> (Huffman, i32) {
    let mut count = [0u16; 16];
    for &l in lengths {
        count[l as usize] += 1;
    }
    let mut left = 1i32;
    for &c in &count[1..] {
        left = (left << 1) - i32::from(c);
        if left < 0 {
            return (Huffman { count, symbol: Vec::new(), fast: Vec::new() }, left);
        }
    }
    let mut offs = [0u16; 16];
    for len in 1..15 {
        offs[len + 1] = offs[len] + count[len];
    }
    let mut symbol = vec![0u16; lengths.len()];
    for (s, &l) in lengths.iter().enumerate() {
        if l != 0 {
            symbol[offs[l as usize] as usize] = s as u16;
            offs[l as usize] += 1;
        }
    }
    // Canonical codes: consecutive within a length, in symbol order (RFC 1951, section 3.2.2),
    // read from the stream most significant bit first, so the table is indexed by them reversed.
    let mut fast = vec![(0u16, 0u8); 1 << FAST];
    let (mut code, mut index) = (0u32, 0usize);
    for len in 1..=FAST {
        for _ in 0..count[len as usize] {
            let reversed = (0..len).fold(0, |r, i| (r << 1) | ((code >> i) & 1));
            let mut j = reversed;
            while j < 1 << FAST {
                fast[j as usize] = (symbol[index], len as u8);
                j += 1 << len;
            }
            code += 1;
            index += 1;
        }
        code <<= 1;
    }
    (Huffman { count, symbol, fast }, left)
}

fn decode<A: Area>(s: &mut Bits<A>, h: &Huffman) -> Option<u16> {
    if s.cnt < FAST {
        s.refill();
    }
    if s.cnt >= FAST {
        let (sym, len) = h.fast[(s.val & ((1 << FAST) - 1)) as usize];
        if len > 0 {
            s.val >>= len;
            s.cnt -= u32::from(len);
            return Some(sym);
        }
    }
    let (mut code, mut first, mut index) = (0i32, 0i32, 0i32);
    for len in 1..16 {
        code |= s.bits(1)? as i32;
        let count = i32::from(h.count[len]);
        if code - count < first {
            return h.symbol.get((index + code - first) as usize).copied();
        }
        index += count;
        first = (first + count) << 1;
        code <<= 1;
    }
    None
}

const LBASE_EXTRA: [u8; 29] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_EXTRA: [u8; 30] =
    [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];

fn codes<A: Area>(s: &mut Bits<A>, lencode: &Huffman, distcode: &Huffman) -> Option<()> {
    loop {
        let sym = decode(s, lencode)?;
        if sym < 256 {
            continue;
        }
        if sym == 256 {
            return Some(());
        }
        let sym = usize::from(sym - 257);
        s.bits(u32::from(*LBASE_EXTRA.get(sym)?))?;
        let d = usize::from(decode(s, distcode)?);
        s.bits(u32::from(*DIST_EXTRA.get(d)?))?;
    }
}

fn dynamic<A: Area>(s: &mut Bits<A>) -> Option<()> {
    const ORDER: [usize; 19] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
    let nlen = s.bits(5)? as usize + 257;
    let ndist = s.bits(5)? as usize + 1;
    let ncode = s.bits(4)? as usize + 4;
    if nlen > 286 || ndist > 30 {
        return None;
    }
    let mut lengths = [0u8; 320];
    for &o in &ORDER[..ncode] {
        lengths[o] = s.bits(3)? as u8;
    }
    let (lencode, left) = construct(&lengths[..19]);
    if left != 0 {
        return None;
    }
    let mut index = 0;
    while index < nlen + ndist {
        let sym = decode(s, &lencode)?;
        if sym < 16 {
            lengths[index] = sym as u8;
            index += 1;
            continue;
        }
        let (len, repeat) = match sym {
            16 if index > 0 => (lengths[index - 1], 3 + s.bits(2)?),
            16 => return None,
            17 => (0, 3 + s.bits(3)?),
            _ => (0, 11 + s.bits(7)?),
        };
        if index + repeat as usize > nlen + ndist {
            return None;
        }
        lengths[index..index + repeat as usize].fill(len);
        index += repeat as usize;
    }
    if lengths[256] == 0 {
        return None;
    }
    // An incomplete code is allowed only when it is a single code of length 1 (as zlib's puff).
    let complete = |h: &Huffman, left: i32, n: usize| {
        left == 0 || (left > 0 && n - usize::from(h.count[0]) == usize::from(h.count[1]))
    };
    let (lencode, left) = construct(&lengths[..nlen]);
    if !complete(&lencode, left, nlen) {
        return None;
    }
    let (distcode, left) = construct(&lengths[nlen..nlen + ndist]);
    if !complete(&distcode, left, ndist) {
        return None;
    }
    codes(s, &lencode, &distcode)
}

/// The end of the deflate stream starting at `at`: the position after the byte holding its last
/// bit, or None when it does not decode to the end of a final block inside the input.
pub(super) fn deflate_end(input: &mut impl Area, at: u64) -> Option<u64> {
    let mut s = Bits { input, pos: at, val: 0, cnt: 0 };
    let mut fixed = None;
    loop {
        let last = s.bits(1)?;
        match s.bits(2)? {
            0 => {
                s.align();
                let len = le(s.input, s.pos, 2)?;
                if le(s.input, s.pos + 2, 2)? != !len & 0xFFFF {
                    return None;
                }
                s.pos += 4 + len;
                if s.pos > s.input.len() {
                    return None;
                }
            }
            1 => {
                let (lencode, distcode) = fixed.get_or_insert_with(|| {
                    let mut l = [8u8; 288];
                    l[144..256].fill(9);
                    l[256..280].fill(7);
                    (construct(&l).0, construct(&[5; 30]).0)
                });
                codes(&mut s, lencode, distcode)?;
            }
            2 => dynamic(&mut s)?,
            _ => return None,
        }
        if last == 1 {
            return Some(s.end());
        }
    }
}

/// The position of the first 0x00 at or after `at`, read a window at a time.
fn nul(input: &mut impl Area, mut at: u64) -> Option<u64> {
    let n = input.len();
    while at < n {
        let len = (n - at).min(4096) as usize;
        let w = input.get(at, len)?;
        if let Some(i) = w.iter().position(|&b| b == 0) {
            return Some(at + i as u64);
        }
        at += len as u64;
    }
    None
}

pub(super) fn walk(input: &mut impl Area) -> Map {
    let n = input.len();
    let mut m = Map::new("gzip", n);
    let mut p = 0;
    while p + 10 <= n && input.get(p, 3) == Some(&[0x1f, 0x8b, 8][..]) {
        let Some(flags) = input.get(p + 3, 1).map(|b| b[0]) else { break };
        let Some(u) = m.unit("member") else { break };
        // With FHCRC the header's CRC-16 covers every header byte before it.
        let covered = if flags & 2 != 0 { Role::Checked } else { Role::Payload };
        m.field(u, "magic", p, p + 2, Role::Magic);
        // CM and FLG shape the rest; MTIME, XFL and OS (`info`) are read by no check (RFC 1952, 2.3.1).
        m.field(u, "header", p + 2, p + 4, if flags & 2 != 0 { Role::Checked } else { Role::Layout });
        m.soft(Soft::GzipHeader);
        m.field(u, "info", p + 4, p + 10, covered);
        let mut q = p + 10;
        if flags & 4 != 0 {
            let Some(xlen) = le(input, q, 2) else { break };
            m.field(u, "extra", q, q + 2 + xlen, covered);
            q += 2 + xlen;
        }
        for (bit, field) in [(8, "name"), (16, "comment")] {
            if flags & bit != 0 {
                let Some(z) = nul(input, q) else {
                    m.field(u, field, q, n, covered);
                    return m;
                };
                m.field(u, field, q, z + 1, covered);
                q = z + 1;
            }
        }
        if flags & 2 != 0 {
            m.field(u, "header_crc", q, q + 2, Role::Checksum);
            q += 2;
        }
        let Some(end) = deflate_end(input, q) else {
            // Undecodable: the member is taken to run to the input's end, its trailer the last 8 bytes.
            if q + 8 <= n {
                m.field(u, "deflate", q, n - 8, Role::Checked);
                m.field(u, "crc32", n - 8, n - 4, Role::Checksum);
                m.field(u, "isize", n - 4, n, Role::Layout);
            } else {
                m.field(u, "deflate", q, n, Role::Checked);
            }
            break;
        };
        m.field(u, "deflate", q, end, Role::Checked);
        m.field(u, "crc32", end, end + 4, Role::Checksum);
        m.field(u, "isize", end + 4, end + 8, Role::Layout);
        p = end + 8;
    }
    m
}

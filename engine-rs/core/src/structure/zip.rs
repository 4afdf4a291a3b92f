//! ZIP family (section 14.3.2): members `member[NAME]/local_header`, `/data`, `/descriptor` in the
//! order of their local headers, then `central[NAME]` per central directory entry, `zip64_eocd`,
//! `zip64_locator`, `eocd` and the archive `comment`. Read as the checksum walk reads a zip (section
//! 6.10): the end record searched from the end, the central directory once, local records in
//! offset order, each stored byte at most once.

use super::map::{Map, Role, Soft, MAX_WALK_REGIONS};
use super::read::{holds, le, name_at};
use crate::checksums::area::Area;

struct Entry {
    central: u64,
    next: u64,
    name_at: u64,
    name_len: u64,
    flags: u64,
    csize: u64,
    lho: u64,
}

/// Whether the extra field `[from, to)` holds a ZIP64 record (id 0x0001), and its 8-byte values in
/// order while they lie inside the record.
fn zip64_extra(input: &mut impl Area, from: u64, to: u64) -> Option<Vec<u64>> {
    let mut q = from;
    while q + 4 <= to {
        let (id, size) = (le(input, q, 2)?, le(input, q + 2, 2)?);
        if id == 1 {
            let end = (q + 4 + size).min(to);
            let mut values = Vec::new();
            let mut v = q + 4;
            while v + 8 <= end {
                values.push(le(input, v, 8)?);
                v += 8;
            }
            return Some(values);
        }
        q += 4 + size;
    }
    None
}

/// Without an end record (a cut archive): the local records one after another from the start, each
/// named by its local header, while their sizes are known.
fn forward(input: &mut impl Area, mut m: Map) -> Map {
    let n = input.len();
    let mut p = 0;
    while p + 30 <= n && holds(input, p, b"PK\x03\x04") {
        let Some(h) = input.get(p, 30) else { break };
        let f = |at: usize, len: usize| h[at..at + len].iter().rev().fold(0u64, |v, &x| (v << 8) | u64::from(x));
        let (flags, csize, nlen, xlen) = (f(6, 2), f(18, 4), f(26, 2), f(28, 2));
        let d = p + 30 + nlen + xlen;
        let Some(u) = m.unit(format!("member[{}]", name_at(input, p + 30, nlen))) else { break };
        m.field(u, "local_header", p, d, Role::Layout);
        m.soft(Soft::ZipLocal);
        if flags & 8 != 0 || csize == 0xFFFF_FFFF {
            break;
        }
        m.field(u, "data", d, d + csize, Role::Checked);
        p = d + csize;
    }
    m
}

pub(super) fn walk(input: &mut impl Area) -> Map {
    let n = input.len();
    let mut m = Map::new("zip", n);
    if n < 22 {
        return forward(input, m);
    }
    let lowest = (n - 22).saturating_sub(65535);
    let Some(tail) = input.get(lowest, (n - 22 - lowest) as usize + 4) else { return m };
    let Some(e) = tail.windows(4).rposition(|s| s == b"PK\x05\x06") else { return forward(input, m) };
    let e = lowest + e as u64;
    let (Some(mut count), Some(mut cd), Some(comment)) =
        (le(input, e + 10, 2), le(input, e + 16, 4), le(input, e + 20, 2))
    else {
        return m;
    };
    let mut zip64 = None;
    if e >= 20 && holds(input, e - 20, b"PK\x06\x07") {
        let z = le(input, e - 12, 8).unwrap_or(u64::MAX);
        let record = if z.checked_add(56).is_some_and(|end| end <= n) && holds(input, z, b"PK\x06\x06") {
            count = le(input, z + 32, 8).unwrap_or(0);
            cd = le(input, z + 48, 8).unwrap_or(u64::MAX);
            Some((z, le(input, z + 4, 8).unwrap_or(0)))
        } else {
            None
        };
        zip64 = Some((e - 20, record));
    }
    // The central directory, at most MAX_WALK_REGIONS entries of it (each gives a region).
    let mut entries = Vec::new();
    let mut p = cd;
    while (entries.len() as u64) < count.min(MAX_WALK_REGIONS as u64) {
        if p.checked_add(46).is_none_or(|end| end > n) || !holds(input, p, b"PK\x01\x02") {
            break;
        }
        let Some(h) = input.get(p, 46) else { break };
        let f = |at: usize, len: usize| h[at..at + len].iter().rev().fold(0u64, |v, &x| (v << 8) | u64::from(x));
        let (flags, mut csize, usize_, nlen, xlen, clen, mut lho) =
            (f(8, 2), f(20, 4), f(24, 4), f(28, 2), f(30, 2), f(32, 2), f(42, 4));
        if csize == 0xFFFF_FFFF || usize_ == 0xFFFF_FFFF || lho == 0xFFFF_FFFF {
            let x = p + 46 + nlen;
            let mut values = zip64_extra(input, x, x + xlen).unwrap_or_default().into_iter();
            if usize_ == 0xFFFF_FFFF {
                values.next();
            }
            if csize == 0xFFFF_FFFF {
                csize = values.next().unwrap_or(csize);
            }
            if lho == 0xFFFF_FFFF {
                lho = values.next().unwrap_or(lho);
            }
        }
        let next = p + 46 + nlen + xlen + clen;
        entries.push(Entry { central: p, next, name_at: p + 46, name_len: nlen, flags, csize, lho });
        p = next;
    }
    // Members in the order of their local headers (stable: a shared one keeps the directory's order);
    // one whose local header lies before the end of the member before it is not a member.
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by_key(|&i| entries[i].lho);
    let mut to = 0;
    for i in order {
        let z = &entries[i];
        if z.lho < to || z.lho.checked_add(30).is_none_or(|end| end > n) || !holds(input, z.lho, b"PK\x03\x04") {
            continue;
        }
        let (Some(nl), Some(xl)) = (le(input, z.lho + 26, 2), le(input, z.lho + 28, 2)) else { continue };
        let d = z.lho + 30 + nl + xl;
        let end = d.saturating_add(z.csize);
        let Some(u) = m.unit(format!("member[{}]", name_at(input, z.name_at, z.name_len))) else { break };
        m.field(u, "local_header", z.lho, d, Role::Layout);
        m.soft(Soft::ZipLocal);
        m.field(u, "data", d, end, Role::Checked);
        to = end;
        if z.flags & 8 != 0 {
            let wide = zip64_extra(input, z.lho + 30 + nl, d).is_some();
            let len = if holds(input, end, b"PK\x07\x08") { 4 } else { 0 } + 4 + if wide { 16 } else { 8 };
            m.field(u, "descriptor", end, end.saturating_add(len), Role::Checksum);
            to = end.saturating_add(len);
        }
    }
    for z in &entries {
        let Some(u) = m.unit(format!("central[{}]", name_at(input, z.name_at, z.name_len))) else { return m };
        m.whole(u, z.central, z.next, Role::Layout);
        m.soft(Soft::ZipCentral);
    }
    if let Some((locator, record)) = zip64 {
        if let Some((z, size)) = record {
            let Some(u) = m.unit("zip64_eocd") else { return m };
            m.whole(u, z, z.saturating_add(12).saturating_add(size), Role::Layout);
        }
        let Some(u) = m.unit("zip64_locator") else { return m };
        m.whole(u, locator, locator + 20, Role::Layout);
    }
    let Some(u) = m.unit("eocd") else { return m };
    m.whole(u, e, e + 22, Role::Layout);
    if let Some(u) = m.unit("comment") {
        m.whole(u, e + 22, e + 22 + comment, Role::Payload);
    }
    m
}

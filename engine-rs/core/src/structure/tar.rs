//! tar (section 14.3.3): headers read as the checksum walk reads them (section 6.10.1). Each member
//! is `member[NAME]/header`, `/sparse` (old GNU sparse extension blocks), `/data`, `/padding`; the
//! extension headers before a member are units of their own (`pax`, `pax_global`, `gnu_longname`,
//! `gnu_longlink`) with the same fields; the end-of-archive blocks are `end`.

use super::map::{Map, Role};
use super::read::{name, name_to_nul};
use crate::checksums::area::Area;
use crate::checksums::walk::{tar_number, tar_sum_holds, PaxSize};

/// The most bytes of a pax extended header read for its `path` record.
pub(super) const PAX_PATH_WINDOW: u64 = 65536;

/// The value of the last well-formed `path` record lying entirely in `buf`, the first bytes of a pax
/// header's data of `total` bytes; records are read as for `size` (section 6.10.1), and a malformed
/// one, or one passing `buf`, ends the reading.
pub(super) fn pax_path(buf: &[u8], total: u64) -> Option<String> {
    let mut path = None;
    let mut r = 0usize;
    loop {
        let mut i = r;
        let mut len = 0u64;
        while i < buf.len() && buf[i].is_ascii_digit() {
            len = len * 10 + u64::from(buf[i] - b'0');
            if len > total {
                return path;
            }
            i += 1;
        }
        if i == r || i >= buf.len() || buf[i] != b' ' || (i - r + 1) as u64 >= len {
            return path;
        }
        let end = r + len as usize;
        if end > buf.len() {
            return path;
        }
        let record = &buf[i + 1..end];
        let last = record.len() - 1;
        match record.iter().position(|&b| b == b'=') {
            Some(eq) if eq > 0 && eq < last && record[last] == b'\n' => {
                if &record[..eq] == b"path" {
                    path = Some(name(&record[eq + 1..last]));
                }
            }
            _ => return path,
        }
        r = end;
    }
}

/// The name in a header: ustar's prefix (when the magic is `ustar\0` and the prefix is not empty),
/// a slash and the name field, each up to its first 0x00.
fn header_name(h: &[u8]) -> String {
    let field = |f: &[u8]| f[..f.iter().position(|&x| x == 0).unwrap_or(f.len())].to_vec();
    let mut bytes = field(&h[..100]);
    if &h[257..263] == b"ustar\0" {
        let mut prefix = field(&h[345..500]);
        if !prefix.is_empty() {
            prefix.push(b'/');
            prefix.extend(bytes);
            bytes = prefix;
        }
    }
    name(&bytes)
}

pub(super) fn walk(input: &mut impl Area) -> Map {
    let n = input.len();
    let mut m = Map::new("tar", n);
    let mut b = 0u64;
    let (mut pax_size, mut pending_name) = (None, None);
    while b + 512 <= n {
        let Some(header) = input.get(b, 512) else { break };
        if header.iter().all(|&x| x == 0) {
            let Some(u) = m.unit("end") else { break };
            let second = input.get(b + 512, 512).is_some_and(|h| h.iter().all(|&x| x == 0));
            m.whole(u, b, b + if second { 1024 } else { 512 }, Role::Magic);
            break;
        }
        if !tar_sum_holds(header) {
            break;
        }
        let Some(size) = tar_number(&header[124..136], true) else { break };
        let (kind, extended) = (header[156], header[482] != 0);
        let own = header_name(header);
        let unit = match kind {
            b'x' | b'X' => "pax".to_string(),
            b'g' => "pax_global".to_string(),
            b'L' => "gnu_longname".to_string(),
            b'K' => "gnu_longlink".to_string(),
            _ => format!("member[{}]", pending_name.take().unwrap_or(own)),
        };
        let Some(u) = m.unit(unit) else { break };
        m.field(u, "header", b, b + 512, Role::Checked);
        let mut next = b + 512;
        if kind == b'S' && extended {
            loop {
                if next + 512 > n {
                    m.field(u, "sparse", b + 512, n, Role::Layout);
                    return m;
                }
                let Some(more) = input.get(next + 504, 1).map(|x| x[0] != 0) else { return m };
                next += 512;
                if !more {
                    break;
                }
            }
            m.field(u, "sparse", b + 512, next, Role::Layout);
        }
        let (len, role) = match kind {
            b'x' | b'X' => {
                if size <= n - next {
                    let mut pax = PaxSize::default();
                    input.feed(next, next + size, &mut |part| pax.feed(part, size));
                    if let Some(s) = pax.found {
                        pax_size = Some(s);
                    }
                    let window = size.min(PAX_PATH_WINDOW) as usize;
                    if let Some(path) = input.get(next, window).and_then(|w| pax_path(w, size)) {
                        pending_name = Some(path);
                    }
                }
                (size, Role::Layout)
            }
            b'g' => (size, Role::Layout),
            b'L' => {
                if size <= n - next {
                    pending_name = Some(name_to_nul(input, next, size));
                }
                (size, Role::Payload)
            }
            b'K' => (size, Role::Payload),
            b'1'..=b'6' => {
                pax_size = None;
                (0, Role::Payload)
            }
            _ => (pax_size.take().unwrap_or(size), Role::Payload),
        };
        let data_end = next.saturating_add(len);
        m.field(u, "data", next, data_end, role);
        match len.div_ceil(512).checked_mul(512).and_then(|d| next.checked_add(d)) {
            Some(end) if end <= n => {
                m.field(u, "padding", data_end, end, Role::Skipped);
                b = end;
            }
            _ => break,
        }
    }
    m
}

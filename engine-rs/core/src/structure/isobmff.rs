//! ISO-BMFF, MP4, MOV and HEIC (section 14.3): boxes by type (`ftyp/size`, `/type`, `/data`), the
//! boxes of a container box nested in it (`moov/trak#1/mdia/hdlr/data`).

use super::map::{Map, Role, Unit};
use super::read::{be, code_name};
use crate::checksums::area::Area;

/// How deep boxes nest before a container box is taken as a plain box.
pub(super) const MAX_DEPTH: usize = 32;

/// Boxes whose data is boxes. `meta` too: after 4 bytes of version and flags when those are 0
/// (ISO), straight away otherwise (QuickTime).
const CONTAINERS: [&[u8; 4]; 17] = [
    b"moov", b"trak", b"tref", b"edts", b"mdia", b"minf", b"dinf", b"stbl", b"mvex", b"moof", b"traf", b"mfra",
    b"udta", b"iprp", b"ipco", b"sinf", b"schi",
];

/// The boxes in `[p, end)`: where they stopped (`end` when they fill it; before, where a box made no
/// sense), or None when the map is full. Bytes of a container from where its boxes stopped are its
/// `rest`.
fn boxes(m: &mut Map, input: &mut impl Area, parent: Option<Unit>, mut p: u64, end: u64, depth: usize) -> Option<u64> {
    while p + 8 <= end {
        let Some(h) = input.get(p, 8) else { return Some(p) };
        let kind = [h[4], h[5], h[6], h[7]];
        let small = u64::from(u32::from_be_bytes([h[0], h[1], h[2], h[3]]));
        if kind.iter().any(|&b| b < 0x20) {
            return Some(p);
        }
        let (size, header) = match small {
            0 => (end - p, 8),
            1 => match be(input, p + 8, 8) {
                Some(large) if p + 16 <= end => (large, 16),
                _ => return Some(p),
            },
            s => (s, 8),
        };
        if size < header {
            return Some(p);
        }
        let box_end = if size > end - p { end } else { p + size };
        let name = code_name(&kind);
        let u = match parent {
            Some(parent) => m.child(parent, name),
            None => m.unit(name),
        }?;
        m.field(u, "size", p, p + 4, Role::Layout);
        m.field(u, "type", p + 4, p + 8, Role::Magic);
        if header == 16 {
            m.field(u, "largesize", p + 8, p + 16, Role::Layout);
        }
        let mut q = p + header;
        if kind == *b"uuid" && q + 16 <= box_end {
            m.field(u, "usertype", q, q + 16, Role::Magic);
            q += 16;
        }
        let container = depth < MAX_DEPTH && (CONTAINERS.contains(&&kind) || kind == *b"meta");
        if container {
            if kind == *b"meta" && be(input, q, 4) == Some(0) {
                m.field(u, "version", q, q + 4, Role::Layout);
                q += 4;
            }
            let at = boxes(m, input, Some(u), q, box_end, depth + 1)?;
            m.field(u, "rest", at, box_end, Role::Payload);
        } else {
            m.field(u, "data", q, box_end, Role::Payload);
        }
        if size > end - p {
            return Some(end);
        }
        p += size;
    }
    Some(p)
}

pub(super) fn walk(input: &mut impl Area) -> Map {
    let n = input.len();
    let mut m = Map::new("isobmff", n);
    boxes(&mut m, input, None, 0, n, 0);
    m
}

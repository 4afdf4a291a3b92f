//! ISO-BMFF, MP4, MOV and HEIC (section 14.3): boxes by type (`ftyp/size`, `/type`, `/data`), the
//! boxes of a container box nested in it (`moov/trak#1/mdia/hdlr/data`).

use super::map::{Map, Role, Soft, Unit};
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

/// The boxes a file needs, by container (`None`: the top level): ISO/IEC 14496-12, Table 1 (the
/// mandatory boxes), and ISO/IEC 23008-12 (HEIF) for an image file's `meta`. The type of any other box
/// is an unchecked spot (section 14.2): a reader skips a box of a type it does not know (4.2).
const NEEDED: [(Option<&[u8; 4]>, &[u8; 4]); 30] = [
    (None, b"ftyp"),
    (None, b"moov"),
    (None, b"meta"),
    (Some(b"moov"), b"mvhd"),
    (Some(b"moov"), b"trak"),
    (Some(b"trak"), b"tkhd"),
    (Some(b"trak"), b"mdia"),
    (Some(b"mdia"), b"mdhd"),
    (Some(b"mdia"), b"hdlr"),
    (Some(b"mdia"), b"minf"),
    (Some(b"minf"), b"vmhd"),
    (Some(b"minf"), b"smhd"),
    (Some(b"minf"), b"hmhd"),
    (Some(b"minf"), b"nmhd"),
    (Some(b"minf"), b"sthd"),
    (Some(b"minf"), b"dinf"),
    (Some(b"minf"), b"stbl"),
    (Some(b"dinf"), b"dref"),
    (Some(b"stbl"), b"stsd"),
    (Some(b"stbl"), b"stts"),
    (Some(b"stbl"), b"stsc"),
    (Some(b"stbl"), b"stsz"),
    (Some(b"stbl"), b"stz2"),
    (Some(b"stbl"), b"stco"),
    (Some(b"stbl"), b"co64"),
    (Some(b"mvex"), b"trex"),
    (Some(b"moof"), b"mfhd"),
    (Some(b"moof"), b"traf"),
    (Some(b"traf"), b"tfhd"),
    (Some(b"mfra"), b"mfro"),
];

/// HEIF's `meta`: the boxes an image file's items need.
const NEEDED_IN_META: [&[u8; 4]; 6] = [b"hdlr", b"pitm", b"iloc", b"iinf", b"iprp", b"ipma"];

/// Whether a box of type `kind` in a container of type `parent` (None: the top level) is one the
/// file needs; `iprp`'s `ipco` and `ipma` too.
fn needed(parent: Option<[u8; 4]>, kind: &[u8; 4]) -> bool {
    match parent {
        Some(p) if p == *b"meta" => NEEDED_IN_META.contains(&kind),
        Some(p) if p == *b"iprp" => kind == b"ipco" || kind == b"ipma",
        _ => NEEDED.iter().any(|(c, k)| c.copied() == parent && *k == kind),
    }
}

/// The boxes in `[p, end)`: where they stopped (`end` when they fill it; before, where a box made no
/// sense), or None when the map is full. Bytes of a container from where its boxes stopped are its
/// `rest`.
fn boxes(
    m: &mut Map,
    input: &mut impl Area,
    parent: Option<(Unit, [u8; 4])>,
    mut p: u64,
    end: u64,
    depth: usize,
) -> Option<u64> {
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
            Some((parent, _)) => m.child(parent, name),
            None => m.unit(name),
        }?;
        m.field(u, "size", p, p + 4, Role::Layout);
        m.field(u, "type", p + 4, p + 8, Role::Magic);
        if !needed(parent.map(|(_, t)| t), &kind) {
            m.soft(Soft::IsobmffOptional);
        }
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
            let at = boxes(m, input, Some((u, kind)), q, box_end, depth + 1)?;
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

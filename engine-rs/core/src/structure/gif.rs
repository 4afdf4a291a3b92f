//! GIF (section 14.3): the header, the logical screen descriptor, the global color table, then
//! extensions and images (each with its data sub-blocks) up to and including the trailer.

use super::map::{Map, Role, Soft, Unit};
use super::read::holds;
use crate::checksums::area::Area;

/// The end of the data sub-blocks from `p` (each a size byte and that many bytes, the last of size
/// 0), or None when they pass the end of the input.
fn sub_blocks(input: &mut impl Area, mut p: u64) -> Option<u64> {
    loop {
        let size = u64::from(input.get(p, 1)?[0]);
        p += 1 + size;
        if size == 0 {
            return Some(p);
        }
    }
}

/// Records `data` of `u` from `p`: the sub-blocks, or the rest of the input when they pass its end
/// (and then the walk stops: the second value is false).
fn data(m: &mut Map, input: &mut impl Area, u: Unit, p: u64) -> (u64, bool) {
    match sub_blocks(input, p) {
        Some(end) if end <= input.len() => {
            m.field(u, "data", p, end, Role::Payload);
            (end, true)
        }
        _ => {
            let n = input.len();
            m.field(u, "data", p, n, Role::Payload);
            (n, false)
        }
    }
}

fn extension_name(label: u8) -> &'static str {
    match label {
        0xF9 => "graphic_control",
        0xFE => "comment",
        0x01 => "plain_text",
        0xFF => "application",
        _ => "extension",
    }
}

pub(super) fn walk(input: &mut impl Area) -> Map {
    let n = input.len();
    let mut m = Map::new("gif", n);
    if !(holds(input, 0, b"GIF87a") || holds(input, 0, b"GIF89a")) || n < 13 {
        return m;
    }
    let Some(u) = m.unit("header") else { return m };
    m.whole(u, 0, 6, Role::Magic);
    let Some(flags) = input.get(10, 1).map(|b| b[0]) else { return m };
    let Some(u) = m.unit("logical_screen") else { return m };
    m.field(u, "width", 6, 8, Role::Layout);
    m.field(u, "height", 8, 10, Role::Layout);
    m.field(u, "flags", 10, 11, Role::Layout);
    m.soft(Soft::GifFlags);
    m.field(u, "background", 11, 12, Role::Payload);
    m.field(u, "aspect", 12, 13, Role::Payload);
    let mut p = 13;
    if flags & 0x80 != 0 {
        let size = 3 << ((flags & 7) + 1);
        if p + size > n {
            return m;
        }
        let Some(u) = m.unit("global_color_table") else { return m };
        m.whole(u, p, p + size, Role::Payload);
        p += size;
    }
    while let Some(first) = input.get(p, 1).map(|b| b[0]) {
        let label = input.get(p + 1, 1).map_or(0, |b| b[0]);
        match first {
            0x3B => {
                if let Some(u) = m.unit("trailer") {
                    m.whole(u, p, p + 1, Role::Magic);
                }
                break;
            }
            0x21 if p + 2 <= n => {
                let Some(u) = m.unit(extension_name(label)) else { break };
                m.field(u, "introducer", p, p + 1, Role::Magic);
                // Decoders skip an extension whose label they do not know (GIF89a, section 7).
                m.field(u, "label", p + 1, p + 2, Role::Payload);
                let (end, more) = data(&mut m, input, u, p + 2);
                if !more {
                    break;
                }
                p = end;
            }
            0x2C if p + 11 <= n => {
                let Some(flags) = input.get(p + 9, 1).map(|b| b[0]) else { break };
                let table = if flags & 0x80 != 0 { 3 << ((flags & 7) + 1) } else { 0 };
                if p + 11 + table > n {
                    break;
                }
                let Some(u) = m.unit("image") else { break };
                m.field(u, "separator", p, p + 1, Role::Magic);
                m.field(u, "position", p + 1, p + 5, Role::Payload);
                m.field(u, "size", p + 5, p + 9, Role::Layout);
                m.field(u, "flags", p + 9, p + 10, Role::Layout);
                m.soft(Soft::GifFlags);
                m.field(u, "color_table", p + 10, p + 10 + table, Role::Payload);
                let q = p + 10 + table;
                m.field(u, "lzw_min", q, q + 1, Role::Layout);
                let (end, more) = data(&mut m, input, u, q + 1);
                if !more {
                    break;
                }
                p = end;
            }
            _ => break,
        }
    }
    m
}

//! The RIFF family, WebP, WAV and AVI (section 14.3): the `RIFF` header, then its chunks by id
//! (`fmt/id`, `/size`, `/data`, `/pad`), a `LIST` chunk as `LIST[TYPE]` with its chunks nested.

use super::map::{Map, Role, Unit};
use super::read::{code_name, holds, le};
use crate::checksums::area::Area;

/// How deep LIST chunks nest before one is taken as a plain chunk.
pub(super) const MAX_DEPTH: usize = 32;

fn printable(code: &[u8]) -> bool {
    code.iter().all(|b| (0x20..=0x7E).contains(b))
}

/// Opens `name` nested in `parent`, or at the top.
fn open(m: &mut Map, parent: Option<Unit>, name: String) -> Option<Unit> {
    match parent {
        Some(p) => m.child(p, name),
        None => m.unit(name),
    }
}

/// How LIST chunks count (section 14.3.x): `Strict` in WebP and AVI, whose lists (`hdrl`, `movi`)
/// readers need; in a WAV a LIST is `Optional` (readers skip a chunk they do not need, RIFF 1991,
/// chapter 2), so its id and type are payload and everything `Inside` it too; its size stays layout.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lists {
    Strict,
    Optional,
    Inside,
}

/// The chunks in `[p, end)`: where they stopped (`end` when they fill it; before, where a chunk made
/// no sense), or None when the map is full. Bytes of a list from where its chunks stopped are its
/// `rest`.
fn chunks(
    m: &mut Map,
    input: &mut impl Area,
    parent: Option<Unit>,
    mut p: u64,
    end: u64,
    depth: usize,
    lists: Lists,
) -> Option<u64> {
    let (magic, layout) = match lists {
        Lists::Inside => (Role::Payload, Role::Payload),
        _ => (Role::Magic, Role::Layout),
    };
    let list_magic = if lists == Lists::Strict { Role::Magic } else { Role::Payload };
    while p + 8 <= end {
        let Some(h) = input.get(p, 8) else { return Some(p) };
        let id = [h[0], h[1], h[2], h[3]];
        let size = u64::from(u32::from_le_bytes([h[4], h[5], h[6], h[7]]));
        if !printable(&id) {
            return Some(p);
        }
        let body_end = (p + 8 + size).min(end);
        let list = id == *b"LIST" && size >= 4 && p + 12 <= body_end && depth < MAX_DEPTH;
        let u = if list {
            let Some(kind) = input.get(p + 8, 4).map(|t| [t[0], t[1], t[2], t[3]]) else { return Some(p) };
            let u = open(m, parent, format!("LIST[{}]", code_name(&kind)))?;
            m.field(u, "id", p, p + 4, list_magic);
            m.field(u, "size", p + 4, p + 8, layout);
            m.field(u, "type", p + 8, p + 12, list_magic);
            let inner = if lists == Lists::Strict { Lists::Strict } else { Lists::Inside };
            let at = chunks(m, input, Some(u), p + 12, body_end, depth + 1, inner)?;
            m.field(u, "rest", at, body_end, Role::Payload);
            u
        } else {
            let u = open(m, parent, code_name(&id))?;
            m.field(u, "id", p, p + 4, magic);
            m.field(u, "size", p + 4, p + 8, layout);
            m.field(u, "data", p + 8, body_end, Role::Payload);
            u
        };
        if p + 8 + size > end {
            return Some(end);
        }
        p += 8 + size;
        // An odd-sized chunk is followed by a pad byte (none when its list or the input ends).
        if size & 1 == 1 && p < end {
            m.field(u, "pad", p, p + 1, Role::Skipped);
            p += 1;
        }
    }
    Some(p)
}

/// `format`: the family's id (`webp`, `wav`, `avi`). Each `RIFF` header in turn (AVI's OpenDML
/// `AVIX` parts follow the first), with its chunks at the top of the map.
pub(super) fn walk(format: &'static str, input: &mut impl Area) -> Map {
    let n = input.len();
    let mut m = Map::new(format, n);
    let mut p = 0;
    while p + 12 <= n && holds(input, p, b"RIFF") {
        let Some(size) = le(input, p + 4, 4) else { break };
        if size < 4 {
            break;
        }
        let Some(u) = m.unit("RIFF") else { break };
        m.field(u, "id", p, p + 4, Role::Magic);
        m.field(u, "size", p + 4, p + 8, Role::Layout);
        m.field(u, "form", p + 8, p + 12, Role::Magic);
        let end = (p + 8 + size).min(n);
        let lists = if format == "wav" { Lists::Optional } else { Lists::Strict };
        if chunks(&mut m, input, None, p + 12, end, 0, lists) != Some(end) || p + 8 + size > n {
            break;
        }
        p += 8 + size + (size & 1);
    }
    m
}

//! FLAC (section 14.3): the `fLaC` marker, metadata blocks by type (`STREAMINFO/header`, `/data`),
//! then frames (`frame/header`, `/crc8`, `/body`, `/crc16`), found as the checksum walk finds them.

use super::map::{Map, Role};
use super::read::holds;
use crate::checksums::area::Area;
use crate::checksums::walk::{flac_frame_end, flac_header, next_flac_header};

fn block_name(kind: u8) -> String {
    match kind {
        0 => "STREAMINFO".into(),
        1 => "PADDING".into(),
        2 => "APPLICATION".into(),
        3 => "SEEKTABLE".into(),
        4 => "VORBIS_COMMENT".into(),
        5 => "CUESHEET".into(),
        6 => "PICTURE".into(),
        k => format!("BLOCK{k}"),
    }
}

pub(super) fn walk(input: &mut impl Area) -> Map {
    let n = input.len();
    let mut m = Map::new("flac", n);
    if !holds(input, 0, b"fLaC") {
        return m;
    }
    let Some(u) = m.unit("fLaC") else { return m };
    m.whole(u, 0, 4, Role::Magic);
    let mut p = 4;
    loop {
        let Some(h) = input.get(p, 4) else { return m };
        let (last, kind) = (h[0] & 0x80 != 0, h[0] & 0x7F);
        let len = h[1..].iter().fold(0u64, |v, &x| (v << 8) | u64::from(x));
        let Some(u) = m.unit(block_name(kind)) else { return m };
        m.field(u, "header", p, p + 4, Role::Layout);
        let role = if kind == 1 { Role::Skipped } else { Role::Payload };
        m.field(u, "data", p + 4, (p + 4 + len).min(n), role);
        p += 4 + len;
        if p > n {
            return m;
        }
        if last {
            break;
        }
    }
    let Some(mut f) = next_flac_header(input, p, n) else { return m };
    while f < n {
        let Some(hl) = flac_header(input, f) else { break };
        let hl = hl as u64;
        let Some(g) = flac_frame_end(input, f, hl) else { break };
        let Some(u) = m.unit("frame") else { break };
        m.field(u, "header", f, f + hl, Role::Checked);
        m.field(u, "crc8", f + hl, f + hl + 1, Role::Checksum);
        m.field(u, "body", f + hl + 1, g - 2, Role::Checked);
        m.field(u, "crc16", g - 2, g, Role::Checksum);
        f = g;
    }
    m
}

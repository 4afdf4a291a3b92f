//! PNG (section 14.3): the signature, then chunks `TYPE/length`, `/type`, `/data`, `/crc` up to
//! and including IEND.

use super::map::{Map, Role};
use crate::checksums::area::Area;

const SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

pub(super) fn walk(input: &mut impl Area) -> Map {
    let n = input.len();
    let mut m = Map::new("png", n);
    if input.get(0, 8) != Some(&SIGNATURE[..]) {
        return m;
    }
    let Some(u) = m.unit("signature") else { return m };
    m.whole(u, 0, 8, Role::Magic);
    let mut p = 8;
    while p + 12 <= n {
        let Some(h) = input.get(p, 8) else { break };
        let len = u64::from(u32::from_be_bytes([h[0], h[1], h[2], h[3]]));
        let kind = [h[4], h[5], h[6], h[7]];
        if len > n - p - 12 || !kind.iter().all(u8::is_ascii_alphabetic) {
            break;
        }
        let Some(u) = m.unit(String::from_utf8_lossy(&kind).into_owned()) else { break };
        m.field(u, "length", p, p + 4, Role::Layout);
        m.field(u, "type", p + 4, p + 8, Role::Magic);
        // Decoders discard an ancillary chunk (lower-case first letter) whose CRC fails (PNG 13.2).
        let (data, crc) =
            if kind[0].is_ascii_lowercase() { (Role::Payload, Role::Payload) } else { (Role::Checked, Role::Checksum) };
        m.field(u, "data", p + 8, p + 8 + len, data);
        m.field(u, "crc", p + 8 + len, p + 12 + len, crc);
        p += 12 + len;
        if kind == *b"IEND" {
            break;
        }
    }
    m
}

//! Ogg (section 14.3): pages (`page/capture`, `/header`, `/crc`, `/segment_table`, `/body`), read as
//! the checksum walk reads them.

use super::map::{Map, Role};
use super::read::holds;
use crate::checksums::area::Area;

pub(super) fn walk(input: &mut impl Area) -> Map {
    let n = input.len();
    let mut m = Map::new("ogg", n);
    let mut p = 0;
    while p + 27 <= n && holds(input, p, b"OggS") {
        let Some(segs) = input.get(p + 26, 1).map(|b| u64::from(b[0])) else { break };
        let Some(table) = input.get(p + 27, segs as usize) else { break };
        let body: u64 = table.iter().map(|&s| u64::from(s)).sum();
        let size = 27 + segs + body;
        if p + size > n {
            break;
        }
        let Some(u) = m.unit("page") else { break };
        m.field(u, "capture", p, p + 4, Role::Magic);
        m.field(u, "header", p + 4, p + 22, Role::Checked);
        m.field(u, "crc", p + 22, p + 26, Role::Checksum);
        m.field(u, "segment_table", p + 26, p + 27 + segs, Role::Checked);
        m.field(u, "body", p + 27 + segs, p + size, Role::Checked);
        p += size;
    }
    m
}

//! JPEG (section 14.3): SOI, then marker segments by marker name (`APP0/marker`, `/length`,
//! `/data`), SOS with its entropy-coded data, up to and including EOI.

use super::map::{Map, Role};
use super::read::be;
use crate::checksums::area::Area;

/// The name of marker `m` (the byte after 0xFF).
pub(super) fn marker_name(m: u8) -> String {
    match m {
        0x01 => "TEM".into(),
        0xC4 => "DHT".into(),
        0xC8 => "JPG".into(),
        0xCC => "DAC".into(),
        0xC0..=0xCF => format!("SOF{}", m - 0xC0),
        0xD0..=0xD7 => format!("RST{}", m - 0xD0),
        0xD8 => "SOI".into(),
        0xD9 => "EOI".into(),
        0xDA => "SOS".into(),
        0xDB => "DQT".into(),
        0xDC => "DNL".into(),
        0xDD => "DRI".into(),
        0xDE => "DHP".into(),
        0xDF => "EXP".into(),
        0xE0..=0xEF => format!("APP{}", m - 0xE0),
        0xF0..=0xFD => format!("JPG{}", m - 0xF0),
        0xFE => "COM".into(),
        _ => format!("RES{m:02X}"),
    }
}

/// Bytes read at a time when scanning entropy-coded data for the marker after it.
const SCAN: u64 = 64 << 10;

/// The end of the entropy-coded data from `from`: the first 0xFF of a run of 0xFF bytes followed by
/// a byte other than 0x00 (a stuffed 0xFF) and RST0..RST7, or the input's end.
fn scan_end(input: &mut impl Area, from: u64) -> u64 {
    let n = input.len();
    let mut q = from;
    // Where the current run of 0xFF began, when the last byte read was 0xFF.
    let mut run: Option<u64> = None;
    while q < n {
        let len = (n - q).min(SCAN) as usize;
        let Some(window) = input.get(q, len) else { return n };
        for (i, &b) in window.iter().enumerate() {
            let at = q + i as u64;
            match (b, run) {
                (0xFF, None) => run = Some(at),
                (0xFF, Some(_)) => {}
                (0x00 | 0xD0..=0xD7, Some(_)) => run = None,
                (_, Some(start)) => return start,
                _ => {}
            }
        }
        q += len as u64;
    }
    n
}

pub(super) fn walk(input: &mut impl Area) -> Map {
    let n = input.len();
    let mut m = Map::new("jpeg", n);
    if input.get(0, 2) != Some(&[0xFF, 0xD8][..]) {
        return m;
    }
    let Some(u) = m.unit("SOI") else { return m };
    m.whole(u, 0, 2, Role::Magic);
    let mut p = 2;
    loop {
        // Fill bytes: 0xFF before a marker's 0xFF (they become a gap).
        let mut q = p;
        while be(input, q, 2) == Some(0xFFFF) {
            q += 1;
        }
        let Some(h) = input.get(q, 2) else { break };
        if h[0] != 0xFF || h[1] == 0x00 {
            break;
        }
        let marker = h[1];
        if matches!(marker, 0x01 | 0xD0..=0xD9) {
            let Some(u) = m.unit(marker_name(marker)) else { break };
            m.whole(u, q, q + 2, Role::Magic);
            p = q + 2;
            if marker == 0xD9 {
                break;
            }
            continue;
        }
        let Some(len) = be(input, q + 2, 2) else { break };
        if len < 2 || q + 2 + len > n {
            break;
        }
        let Some(u) = m.unit(marker_name(marker)) else { break };
        m.field(u, "marker", q, q + 2, Role::Magic);
        m.field(u, "length", q + 2, q + 4, Role::Layout);
        m.field(u, "data", q + 4, q + 2 + len, Role::Payload);
        p = q + 2 + len;
        if marker == 0xDA {
            let end = scan_end(input, p);
            m.field(u, "entropy", p, end, Role::Payload);
            p = end;
        }
    }
    m
}

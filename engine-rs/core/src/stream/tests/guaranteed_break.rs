//! guaranteed_break streamed against the whole buffer, for every family, with the places its steps
//! look at (signatures, syncs, start codes, tag fields, tar headers, text's cut) across piece and
//! chunk boundaries.

use super::*;
use crate::formats::{Family, EXTENSIONS, MAGIC};
use crate::recipes::breaking::HEADROOM;

const C: usize = flip::CHUNK;

/// A name whose extension detects `family` (magic bytes decide first where the input has them).
fn name_for(family: Family) -> String {
    let ext = EXTENSIONS.iter().find(|(_, f)| *f == family).map_or("", |(e, _)| e);
    if ext.is_empty() {
        "blob".to_string()
    } else {
        format!("a.{ext}")
    }
}

fn magic_of(family: Family) -> Vec<u8> {
    MAGIC.iter().find(|(f, _, _)| *f == family).map_or(Vec::new(), |&(_, at, m)| [vec![0; at], m.to_vec()].concat())
}

/// Every place in `v` around a multiple of the chunk size gets `what` starting 0..len bytes before it.
fn straddle(v: &mut [u8], what: &[u8], k: &mut usize) {
    for boundary in (C..v.len()).step_by(C) {
        let back = 1 + *k % what.len().max(1);
        *k += 1;
        let at = boundary - back;
        if at + what.len() <= v.len() {
            v[at..at + what.len()].copy_from_slice(what);
        }
    }
}

/// An input of `family` whose signatures, 0xFF pairs and start codes sit across chunk boundaries,
/// and all through the file.
fn riddled(family: Family, len: usize, seed: u64) -> Vec<u8> {
    let mut v = random(len, seed);
    let mut k = seed as usize;
    let mut things: Vec<Vec<u8>> = vec![vec![0xFF, 0xFB], vec![0xFF, 0xD8], vec![0, 0, 1], vec![0, 0, 0x81]];
    if let Some(shape) = crate::recipes::tables_shape(family) {
        things.extend(shape.signatures.iter().map(|s| s.bytes.to_vec()));
    }
    for (i, t) in things.iter().enumerate() {
        let mut at = 100 + i * 37;
        while at + t.len() < len {
            v[at..at + t.len()].copy_from_slice(t);
            at += 997 + i * 13;
        }
    }
    // Different things straddle different boundaries as `k` turns.
    for _ in 0..3 {
        for t in &things {
            straddle(&mut v, t, &mut k);
        }
    }
    let m = magic_of(family);
    let m = &m[..m.len().min(len)];
    v[..m.len()].copy_from_slice(m);
    v
}

/// An FLV file whose tag chain puts the fields of one tag at `off` bytes before the first chunk
/// boundary, then random tags.
fn flv(len: usize, off: usize, seed: u64) -> Vec<u8> {
    let mut v = random(len, seed);
    v[..9].copy_from_slice(b"FLV\x01\x05\0\0\0\x09");
    let mut rng = Sequence::new(seed, 5);
    let mut p = 9usize;
    let mut first = true;
    while p + 15 <= len {
        // PreviousTagSize at p, tag header at p + 4, data after it.
        let size = if first {
            first = false;
            // The next field lands at C - off.
            (C - off).saturating_sub(p + 15)
        } else {
            rng.below(3000) as usize
        };
        v[p..p + 4].copy_from_slice(&[0, 0, 1, 0]);
        v[p + 4] = 9;
        v[p + 5..p + 8].copy_from_slice(&(size as u32).to_be_bytes()[1..]);
        p += 15 + size;
    }
    v
}

/// A tar of 512-byte blocks: a header (with `ustar` at 257) every few blocks, `ustar` strings
/// across boundaries too.
fn tar(len: usize, seed: u64) -> Vec<u8> {
    let mut v = random(len, seed);
    let mut rng = Sequence::new(seed, 6);
    let mut block = 0;
    while block + 512 <= len {
        if block == 0 || rng.below(3) == 0 {
            v[block..block + 100].fill(b'a');
            v[block + 257..block + 262].copy_from_slice(b"ustar");
        }
        block += 512;
    }
    let mut k = seed as usize;
    straddle(&mut v, b"ustar", &mut k);
    v
}

fn text_input(len: usize) -> Vec<u8> {
    b"{\"id\": 1, \"tags\": [\"a\", \"b\"], \"note\": \"x<y>=z; ok|no\"}\n".iter().cycle().copied().take(len).collect()
}

/// Generic input whose first attempt looks intact, so the run escalates: the first bytes invert to
/// printable ones, and 6% control bytes keep it from being text.
fn escalating(len: usize) -> Vec<u8> {
    let mut v: Vec<u8> = (0..len).map(|i| if i % 17 == 5 { 1 } else { b'a' + (i % 26) as u8 }).collect();
    v[..4.min(len)].fill(0xC0);
    v
}

#[test]
fn every_family_streams_as_the_whole_buffer() {
    for family in Family::ALL {
        let name = name_for(family);
        for (len, seed) in [(3 * C + 4097, 1u64), (2 * C, 2), (C - 1, 3)] {
            let input = riddled(family, len, seed);
            for (intensity, s) in [(0, 5u64), (37, 99), (100, 2_147_483_646)] {
                check_break(&input, &name, intensity, s, C);
            }
            check_break(&input, &name, 60, 7, 2 * C);
        }
    }
}

#[test]
fn short_inputs_and_the_empty_one() {
    for family in Family::ALL {
        let name = name_for(family);
        let m = magic_of(family);
        for len in 0..=20 {
            let mut input = random(len, len as u64);
            let k = m.len().min(len);
            input[..k].copy_from_slice(&m[..k]);
            for intensity in [0, 100] {
                check_break(&input, &name, intensity, 3, C);
            }
        }
    }
}

#[test]
fn flv_tag_fields_across_boundaries() {
    for off in 0..20 {
        let input = flv(3 * C + 999, off, off as u64);
        check_break(&input, "a.flv", 20, 1, C);
    }
}

#[test]
fn tar_headers_and_magics_across_boundaries() {
    for seed in 0..6 {
        check_break(&tar(4 * C + 1536, seed), "a.tar", 10 * seed as u32, seed, C);
    }
}

#[test]
fn text_and_svg_cut_anywhere() {
    for len in [1, 49, 50, 51, 4000, C - 7, C, C + 3, 2 * C + 77, 5 * C] {
        let input = text_input(len);
        for (name, intensity) in [("a.json", 0), ("a.csv", 100), ("notes", 55)] {
            check_break(&input, name, intensity, 17, C);
        }
        let mut svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\">".to_vec();
        svg.extend(text_input(len));
        check_break(&svg, "a.svg", 30, 4, C);
    }
}

#[test]
fn generic_escalation_streams() {
    let mut escalated = 0;
    for len in [1000, C + 9, 3 * C + 5] {
        if check_break(&escalating(len), "blob", 0, 8, C) {
            escalated += 1;
        }
        check_break(&random(len, 9), "blob", 0, 8, C);
    }
    assert_eq!(escalated, 3, "every crafted input escalates");
}

#[test]
fn real_pieces_and_threads() {
    let len = 2 * PIECE + 3 * C + 77;
    for family in [Family::Mp3, Family::Tar, Family::Text, Family::Generic, Family::Jpeg, Family::Isobmff] {
        let input = match family {
            Family::Tar => tar(len, 3),
            Family::Text => text_input(len),
            Family::Generic => escalating(len),
            _ => riddled(family, len, 4),
        };
        check_break(&input, &name_for(family), 80, 1_234_567_890, PIECE);
    }
}

#[test]
fn held_back_bytes_fit_the_headroom() {
    for family in Family::ALL {
        if let Some(shape) = crate::recipes::tables_shape(family) {
            let longest = shape.signatures.iter().map(|s| s.bytes.len()).max().unwrap_or(0);
            assert!(longest + 2 + 4 <= HEADROOM, "{}", family.id());
        }
    }
    // csv, tsv and json are text by their extension, so generic's verdict never needs byte counts.
    for ext in ["csv", "tsv", "json"] {
        assert_eq!(crate::formats::family_for_extension(ext), Some(Family::Text));
    }
}

/// The fixtures tests/parsers makes with real tools, when they have been made (make test does).
#[test]
fn parser_fixtures_stream_as_the_whole_buffer() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/.work/fixtures");
    let Ok(entries) = std::fs::read_dir(&dir) else { return };
    let mut seen = 0;
    for e in entries.flatten() {
        let path = e.path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let Ok(input) = std::fs::read(&path) else { continue };
        if input.len() > 8 << 20 {
            continue;
        }
        for (intensity, seed) in [(0, 1), (50, 42), (100, 7)] {
            check_break(&input, &name, intensity, seed, C);
        }
        seen += 1;
    }
    eprintln!("{seen} fixtures streamed");
}

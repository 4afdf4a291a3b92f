//! The jpeg, gif, riff, isobmff, ogg, flac and pdf walks (sections 14.3.6 to 14.3.12): the golden
//! maps both engines must give for tests/golden/structure/media.json (real samples in
//! tests/golden/structure/media, cuts of them and crafted inputs; FRACTURE_UPDATE_STRUCTURE=1
//! rewrites the maps), named fields, and hostile inputs that must finish fast.

use super::*;

fn paths(regions: &[Region]) -> Vec<(&str, u64, u64)> {
    regions.iter().map(|r| (r.path.as_str(), r.start, r.end)).collect()
}
fn role_name(role: Role) -> &'static str {
    match role {
        Role::Magic => "magic",
        Role::Layout => "layout",
        Role::Checksum => "checksum",
        Role::Checked => "checked",
        Role::Payload => "payload",
        Role::Skipped => "skipped",
    }
}

fn family_of(id: &str) -> Family {
    *Family::ALL.iter().find(|f| f.id() == id).expect("a family id")
}

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/golden/structure");

/// A golden case's input: a sample file (cut to `cut` bytes when given) or `hex`, then `edits`.
fn case_input(case: &serde_json::Value) -> Vec<u8> {
    let mut bytes = match case["file"].as_str() {
        Some(file) => std::fs::read(format!("{GOLDEN}/{file}")).expect("a sample"),
        None => {
            let hex = case["hex"].as_str().expect("file or hex");
            (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex")).collect()
        }
    };
    if let Some(cut) = case["cut"].as_u64() {
        bytes.truncate(cut as usize);
    }
    // Damage, in order: `["set", at, byte]`, `["delete", at, len]`, `["insert", at, hex]`.
    for edit in case["edits"].as_array().into_iter().flatten() {
        let at = edit[1].as_u64().expect("at") as usize;
        match edit[0].as_str() {
            Some("set") => bytes[at] = edit[2].as_u64().expect("byte") as u8,
            Some("delete") => drop(bytes.drain(at..at + edit[2].as_u64().expect("len") as usize)),
            Some("insert") => {
                let hex = edit[2].as_str().expect("hex");
                let new = (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex"));
                bytes.splice(at..at, new);
            }
            other => panic!("edit {other:?}"),
        }
    }
    bytes
}

/// tests/golden/structure/media.json: every case's map in this engine is the one recorded, which
/// the TypeScript engine checks too (lib/engine/reference/structure/media.test.ts).
/// `FRACTURE_UPDATE_STRUCTURE=1` records them instead.
#[test]
fn golden_maps_match() {
    let path = format!("{GOLDEN}/media.json");
    let text = std::fs::read_to_string(&path).expect("media.json");
    let mut doc: serde_json::Value = serde_json::from_str(&text).expect("json");
    let bless = std::env::var_os("FRACTURE_UPDATE_STRUCTURE").is_some();
    let mut failures = Vec::new();
    for case in doc["cases"].as_array_mut().expect("cases") {
        let bytes = case_input(case);
        let family = family_of(case["family"].as_str().expect("family"));
        let got: Vec<serde_json::Value> = map(family, &mut &bytes[..])
            .iter()
            .map(|r| serde_json::json!([r.path, r.start, r.end, role_name(r.role)]))
            .collect();
        if bless {
            case["map"] = serde_json::Value::Array(got);
        } else if case["map"].as_array() != Some(&got) {
            failures.push(case["name"].as_str().unwrap_or("?").to_owned());
        }
    }
    if bless {
        let mut out = String::from("{\n  \"cases\": [\n");
        let cases = doc["cases"].as_array().expect("cases");
        for (i, case) in cases.iter().enumerate() {
            out.push_str(&format!("    {}", serde_json::to_string(case).expect("json")));
            out.push_str(if i + 1 < cases.len() { ",\n" } else { "\n" });
        }
        out.push_str("  ]\n}\n");
        std::fs::write(&path, out).expect("write media.json");
    }
    assert!(failures.is_empty(), "maps differ from media.json (FRACTURE_UPDATE_STRUCTURE=1 rewrites it): {failures:?}");
}

fn find<'a>(map: &'a [Region], path: &str) -> &'a Region {
    map.iter().find(|r| r.path == path).unwrap_or_else(|| panic!("{path} not in {map:?}"))
}

fn covers(map: &[Region], n: usize) {
    let mut at = 0;
    for r in map {
        assert_eq!(r.start, at, "{map:?}");
        assert!(r.end > r.start, "{map:?}");
        at = r.end;
    }
    assert_eq!(at, n as u64);
}

fn sample(name: &str) -> Vec<u8> {
    std::fs::read(format!("{GOLDEN}/media/{name}")).expect("a sample")
}

#[test]
fn real_samples_are_walked_to_their_end() {
    for (name, family, last) in [
        ("photo.jpg", Family::Jpeg, "jpeg:EOI"),
        ("progressive.jpg", Family::Jpeg, "jpeg:EOI"),
        ("anim.gif", Family::Gif, "gif:trailer"),
        ("lossy.webp", Family::Webp, "webp:VP8/data"),
        ("tone.wav", Family::Wav, "wav:data/data"),
        ("tone.ogg", Family::Ogg, "ogg:page#2/body"),
        ("tone.flac", Family::Flac, "flac:frame#4/crc16"),
        ("updated.pdf", Family::Pdf, "pdf:startxref#1/eof"),
    ] {
        let bytes = sample(name);
        let map = map(family, &mut &bytes[..]);
        covers(&map, bytes.len());
        let tail: Vec<&str> = map.iter().rev().take(2).map(|r| r.path.as_str()).collect();
        assert!(tail.contains(&last), "{name}: {tail:?}");
        // No gap but fill bytes, newlines and a PDF's binary comment line.
        assert!(!map.iter().any(|r| r.path.ends_with(":gap") && r.end - r.start > 8), "{name}: {map:?}");
    }
}

#[test]
fn jpeg_names_markers_and_scans() {
    let bytes = sample("progressive.jpg");
    let map = map(Family::Jpeg, &mut &bytes[..]);
    assert_eq!(paths(&map)[0], ("jpeg:SOI", 0, 2));
    assert_eq!(find(&map, "jpeg:APP0/marker").end - find(&map, "jpeg:APP0/marker").start, 2);
    assert_eq!(find(&map, "jpeg:APP0/length").role, Role::Layout);
    assert_eq!(find(&map, "jpeg:SOF2/data").role, Role::Payload);
    // Progressive: several scans, each with its entropy-coded data up to the next marker.
    let scan = find(&map, "jpeg:SOS#1/entropy");
    assert_eq!(bytes[scan.end as usize], 0xFF);
    assert_ne!(bytes[scan.end as usize + 1], 0);
    assert_eq!(map.last().map(|r| r.path.as_str()), Some("jpeg:EOI"));
}

#[test]
fn gif_names_blocks() {
    let bytes = sample("anim.gif");
    let map = map(Family::Gif, &mut &bytes[..]);
    assert_eq!(paths(&map)[..2], [("gif:header", 0, 6), ("gif:logical_screen/width", 6, 8)]);
    // An unknown label is skipped by decoders (GIF89a, section 7): payload, not magic.
    assert_eq!(find(&map, "gif:application/label").role, Role::Payload);
    assert_eq!(find(&map, "gif:application/introducer").role, Role::Magic);
    assert!(map.iter().any(|r| r.path == "gif:image#2/data"));
    assert!(map.iter().any(|r| r.path == "gif:graphic_control#2/data"));
}

#[test]
fn riff_ids_drop_trailing_spaces_and_lists_nest() {
    let bytes = sample("clip.avi");
    let map = map(Family::Avi, &mut &bytes[..]);
    assert_eq!(paths(&map)[..3], [("avi:RIFF/id", 0, 4), ("avi:RIFF/size", 4, 8), ("avi:RIFF/form", 8, 12)]);
    assert_eq!(find(&map, "avi:LIST[hdrl]/type").role, Role::Magic);
    assert!(map.iter().any(|r| r.path == "avi:LIST[hdrl]/LIST[strl]/strh/data"), "{map:?}");
    assert!(map.iter().any(|r| r.path.starts_with("avi:LIST[movi]/00dc#")), "{map:?}");
    let wav = sample("tone.wav");
    let map = super::map(Family::Wav, &mut &wav[..]);
    assert_eq!(find(&map, "wav:fmt/id").start, 12);
    // A WAV's LIST is optional: its id, type and chunks are payload, its size layout; fmt and data
    // keep their magic ids (AVI's lists, above, stay magic).
    assert_eq!(find(&map, "wav:fmt/id").role, Role::Magic);
    assert_eq!(find(&map, "wav:data/id").role, Role::Magic);
    assert_eq!(find(&map, "wav:LIST[INFO]/size").role, Role::Layout);
    for path in ["wav:LIST[INFO]/id", "wav:LIST[INFO]/type", "wav:LIST[INFO]/INAM/id", "wav:LIST[INFO]/INAM/size"] {
        assert_eq!(find(&map, path).role, Role::Payload, "{path}");
    }
    assert_eq!(super::read::code_name(b"VP8 "), "VP8");
    assert_eq!(super::read::code_name(b"    "), "%20%20%20%20");
    assert_eq!(super::read::code_name(b"\xA9nam"), "%A9nam");
    assert_eq!(super::read::code_name(b"a/#*"), "a%2F%23%2A");
}

#[test]
fn isobmff_paths_number_boxes_per_parent() {
    let bytes = sample("clip.mp4");
    let map = map(Family::Isobmff, &mut &bytes[..]);
    assert_eq!(paths(&map)[..2], [("isobmff:ftyp/size", 0, 4), ("isobmff:ftyp/type", 4, 8)]);
    assert!(map.iter().any(|r| r.path == "isobmff:moov/trak/mdia/minf/stbl/stsd/data"), "{map:?}");
    assert_eq!(find(&map, "isobmff:mdat/data").role, Role::Payload);
    // Two tracks: trak#0 and trak#1, and their boxes numbered within each.
    let mut two = b"\0\0\0\x08ftyp".to_vec();
    let trak = |m: &mut Vec<u8>| m.extend(b"\0\0\0\x18trak\0\0\0\x10mdia\0\0\0\x08hdlr");
    let mut moov = Vec::new();
    trak(&mut moov);
    trak(&mut moov);
    two.extend((8 + moov.len() as u32).to_be_bytes());
    two.extend(b"moov");
    two.extend(moov);
    let map = super::map(Family::Isobmff, &mut &two[..]);
    covers(&map, two.len());
    assert!(map.iter().any(|r| r.path == "isobmff:moov/trak#1/mdia/hdlr/type"), "{map:?}");
    assert!(!map.iter().any(|r| r.path.contains("mdia#")), "{map:?}");
}

#[test]
fn child_units_are_numbered_within_their_parent() {
    let mut m = Map::new("x", 10);
    let a = m.unit("a").unwrap();
    let b = m.unit("a").unwrap();
    let c = m.child(a, "c").unwrap();
    let d = m.child(b, "c").unwrap();
    let e = m.child(b, "c").unwrap();
    for (i, u) in [a, b, c, d, e].into_iter().enumerate() {
        m.field(u, "f", i as u64, i as u64 + 1, Role::Payload);
    }
    let got: Vec<String> = m.finish().into_iter().map(|r| r.path).collect();
    assert_eq!(got[..5], ["x:a#0/f", "x:a#1/f", "x:a#0/c/f", "x:a#1/c#0/f", "x:a#1/c#1/f"]);
}

#[test]
fn ogg_and_flac_checksums_are_named() {
    let bytes = sample("tone.ogg");
    let map = map(Family::Ogg, &mut &bytes[..]);
    assert_eq!(find(&map, "ogg:page#0/crc").role, Role::Checksum);
    assert_eq!((find(&map, "ogg:page#0/crc").start, find(&map, "ogg:page#0/body").role), (22, Role::Checked));
    let bytes = sample("tone.flac");
    let map = super::map(Family::Flac, &mut &bytes[..]);
    assert_eq!(
        paths(&map)[..3],
        [("flac:fLaC", 0, 4), ("flac:STREAMINFO/header", 4, 8), ("flac:STREAMINFO/data", 8, 42)]
    );
    assert_eq!(find(&map, "flac:frame#0/crc8").role, Role::Checksum);
    assert_eq!(find(&map, "flac:frame#0/crc16").end - find(&map, "flac:frame#0/crc16").start, 2);
}

#[test]
fn pdf_objects_and_incremental_updates() {
    let bytes = sample("updated.pdf");
    let map = map(Family::Pdf, &mut &bytes[..]);
    assert_eq!(paths(&map)[0], ("pdf:header", 0, 8));
    // Object 3 is written twice (the update), the others once; `(endobj)` in a string is not an end.
    assert!(map.iter().any(|r| r.path == "pdf:object[3 0]#1/header"));
    assert!(map.iter().any(|r| r.path == "pdf:object[1 0]/end"));
    for k in 0..2 {
        assert_eq!(find(&map, &format!("pdf:xref#{k}")).role, Role::Layout);
        assert!(map.iter().any(|r| r.path == format!("pdf:trailer#{k}")));
        assert!(map.iter().any(|r| r.path == format!("pdf:startxref#{k}/offset")));
    }
}

/// Hostile inputs: every walk ends in linear time (these take well under a second each; a
/// quadratic rescan would take minutes) and covers every byte.
#[test]
fn hostile_inputs_finish_fast() {
    const N: usize = 8 << 20;
    let mut cases: Vec<(Family, Vec<u8>)> = Vec::new();
    // JPEG: a scan of 0xFF fill bytes, and of stuffed bytes.
    let mut j = vec![0xFF, 0xD8, 0xFF, 0xDA, 0, 2];
    j.resize(N, 0xFF);
    cases.push((Family::Jpeg, j.clone()));
    j.truncate(6);
    j.extend([0xFF, 0].repeat(N / 2));
    cases.push((Family::Jpeg, j));
    // GIF: sub-blocks of size 1 to the end.
    let mut g = b"GIF89a\x01\0\x01\0\0\0\0\x21\xFE".to_vec();
    g.extend([1, 0x41].repeat(N / 2));
    cases.push((Family::Gif, g));
    // RIFF: LIST in LIST as deep as the input goes, and a chunk claiming 4 GiB.
    let mut r = b"RIFF\xFF\xFF\xFF\xFFAVI ".to_vec();
    while r.len() < N {
        r.extend(b"LIST\xFF\xFF\xFF\xFFhdrl");
    }
    cases.push((Family::Avi, r));
    // ISO-BMFF: moov in moov, and boxes of 8 bytes.
    let mut b = Vec::new();
    while b.len() < N / 2 {
        b.extend(b"\0\0\0\0moov");
    }
    cases.push((Family::Isobmff, b));
    cases.push((Family::Isobmff, b"\0\0\0\x08free".repeat(N / 8)));
    // Ogg: capture patterns with nothing after; FLAC: false sync codes after the blocks.
    cases.push((Family::Ogg, b"OggS".repeat(N / 4)));
    let mut f = b"fLaC\x80\0\0\x22".to_vec();
    f.resize(42, 0);
    f.extend([0xFF, 0xF8, 0x69, 0x08, 0x00].repeat(N / 5));
    cases.push((Family::Flac, f));
    // PDF: object headers without ends, and endless tokens.
    cases.push((Family::Pdf, b"%PDF-1.4\n".iter().copied().chain(b"1 0 obj ".repeat(N / 8)).collect()));
    cases.push((Family::Pdf, vec![b'x'; N]));
    for (family, bytes) in cases {
        let t = std::time::Instant::now();
        let map = map(family, &mut &bytes[..]);
        covers(&map, bytes.len());
        assert!(map.len() <= 2 * MAX_WALK_REGIONS + 1);
        assert!(t.elapsed().as_secs_f64() < 5.0, "{family:?} took {:?}", t.elapsed());
    }
}

/// A buffer read by position, as a file is, counting the bytes read.
struct Held<'a>(&'a [u8], &'a std::cell::Cell<u64>);

impl crate::checksums::area::Positional for Held<'_> {
    fn size(&self) -> u64 {
        self.0.len() as u64
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> std::io::Result<()> {
        // `<[u8]>::len`: the `Area` trait in scope has a `len` too.
        let (at, len) = (pos as usize, <[u8]>::len(buf));
        self.1.set(self.1.get() + len as u64);
        buf.copy_from_slice(&self.0[at..at + len]);
        Ok(())
    }

    fn write_at(&mut self, _: u64, _: &[u8]) -> std::io::Result<()> {
        Err(std::io::Error::other("the map only reads"))
    }
}

/// A file read through the checksum walks' read-ahead windows (as a streamed run reads it) gives the
/// same map as the whole buffer, reading each byte a bounded number of times.
#[test]
fn files_read_in_windows_give_the_same_maps() {
    let text = std::fs::read_to_string(format!("{GOLDEN}/media.json")).expect("media.json");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("json");
    let mut inputs: Vec<(Family, Vec<u8>)> = doc["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|c| (family_of(c["family"].as_str().expect("family")), case_input(c)))
        .collect();
    // Larger than the windows: a long JPEG scan, a long PDF and many FLAC frames' worth of bytes.
    let mut jpeg = sample("photo.jpg");
    let eoi = jpeg.split_off(jpeg.len() - 2);
    jpeg.extend(std::iter::repeat_n([0x12, 0xFF, 0x00, 0x34], 1 << 19).flatten());
    jpeg.extend(eoi);
    inputs.push((Family::Jpeg, jpeg));
    inputs.push((Family::Pdf, sample("updated.pdf").repeat(4000)));
    for (family, bytes) in inputs {
        let read = std::cell::Cell::new(0);
        let mut area = crate::checksums::area::Cached::new(Held(&bytes, &read));
        let windowed = map(family, &mut area);
        assert_eq!(windowed, map(family, &mut &bytes[..]), "{family:?}, {} bytes", bytes.len());
        assert!(
            read.get() <= 4 * bytes.len() as u64 + (64 << 10),
            "{family:?}: read {} of {}",
            read.get(),
            bytes.len()
        );
    }
}

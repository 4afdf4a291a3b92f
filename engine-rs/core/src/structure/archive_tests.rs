//! The zip, tar, gzip and elf walks (sections 14.3.2 to 14.3.5): the golden maps both engines must
//! give for tests/golden/structure/inputs (FRACTURE_UPDATE_STRUCTURE=1 rewrites maps.json), named
//! fields, names that are not UTF-8, and hostile inputs that must finish fast.

use super::*;
use std::time::{Duration, Instant};

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/golden/structure");

fn family_of(file: &str) -> Family {
    match file.rsplit('.').next() {
        Some("zip" | "docx" | "jar") => Family::Zip,
        Some("tar") => Family::Tar,
        Some("gz") => Family::Gzip,
        _ => Family::Generic,
    }
}

fn role(r: Role) -> &'static str {
    match r {
        Role::Magic => "magic",
        Role::Layout => "layout",
        Role::Checksum => "checksum",
        Role::Checked => "checked",
        Role::Payload => "payload",
        Role::Skipped => "skipped",
    }
}

fn covers(map: &[Region], n: u64) {
    let mut at = 0;
    for r in map {
        assert_eq!(r.start, at, "{map:?}");
        assert!(r.end > r.start, "{map:?}");
        at = r.end;
    }
    assert_eq!(at, n);
    assert!(map.len() <= 2 * MAX_WALK_REGIONS + 1);
}

fn input(file: &str) -> Vec<u8> {
    std::fs::read(format!("{GOLDEN}/inputs/{file}")).unwrap()
}

fn find<'a>(map: &'a [Region], path: &str) -> &'a Region {
    map.iter().find(|r| r.path == path).unwrap_or_else(|| panic!("no {path} in {map:#?}"))
}

/// Damaged copies of each input, the same in archives.test.ts: copy k flips 3 bytes, at positions
/// from xorshift32 seeded with k + 1, each by (x >> 24) | 1, so the walks meet broken structure.
const DAMAGED: u32 = 4;

fn damaged(bytes: &[u8], k: u32) -> Vec<u8> {
    let mut out = bytes.to_vec();
    let mut x = k + 1;
    for _ in 0..3 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        if !out.is_empty() {
            let at = (x % out.len() as u32) as usize;
            out[at] ^= (x >> 24) as u8 | 1;
        }
    }
    out
}

#[test]
fn golden_maps_match_the_shared_vectors() {
    let mut files: Vec<String> = std::fs::read_dir(format!("{GOLDEN}/inputs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    let mut all = serde_json::Map::new();
    for file in &files {
        let bytes = input(file);
        let map = map_bytes(family_of(file), &bytes);
        covers(&map, bytes.len() as u64);
        let rows = map.iter().map(|r| serde_json::json!([r.path, r.start, r.end, role(r.role)])).collect();
        all.insert(file.clone(), serde_json::Value::Array(rows));
        for k in 0..DAMAGED {
            let bytes = damaged(&bytes, k);
            let map = map_bytes(family_of(file), &bytes);
            covers(&map, bytes.len() as u64);
            let rows = map.iter().map(|r| serde_json::json!([r.path, r.start, r.end, role(r.role)])).collect();
            all.insert(format!("{file}~{k}"), serde_json::Value::Array(rows));
        }
    }
    assert!(files.len() >= 15, "{files:?}");
    let all = serde_json::Value::Object(all);
    let path = format!("{GOLDEN}/maps.json");
    if std::env::var_os("FRACTURE_UPDATE_STRUCTURE").is_some() {
        // Then `npx biome format --write tests/golden/structure/maps.json`.
        std::fs::write(&path, serde_json::to_string(&all).unwrap()).unwrap();
    }
    let want: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(want == all, "maps.json is stale: FRACTURE_UPDATE_STRUCTURE=1");
}

#[test]
fn zip_members_central_entries_and_end_records_are_named() {
    let bytes = input("two-members.zip");
    let map = map_bytes(Family::Zip, &bytes);
    let paths: Vec<&str> = map.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "zip:member[a.txt]/local_header",
            "zip:member[a.txt]/data",
            "zip:member[dir/b.txt]/local_header",
            "zip:member[dir/b.txt]/data",
            "zip:central[a.txt]",
            "zip:central[dir/b.txt]",
            "zip:eocd",
            "zip:comment",
        ]
    );
    let data = find(&map, "zip:member[a.txt]/data");
    assert_eq!(&bytes[data.start as usize..data.end as usize], b"hello\n");
    assert_eq!(data.role, Role::Checked);
    assert_eq!(&bytes[find(&map, "zip:comment").start as usize..], b"hi");

    let map = map_bytes(Family::Zip, &input("descriptor.zip"));
    let d = find(&map, "zip:member[s.txt]/descriptor");
    assert_eq!((d.end - d.start, d.role), (16, Role::Checksum));

    let bytes = input("zip64.zip");
    let map = map_bytes(Family::Zip, &bytes);
    covers(&map, bytes.len() as u64);
    let data = find(&map, "zip:member[x.bin]/data");
    assert_eq!(&bytes[data.start as usize..data.end as usize], (0..=255).collect::<Vec<u8>>());
    assert_eq!(find(&map, "zip:zip64_locator").end - find(&map, "zip:zip64_locator").start, 20);
    assert_eq!(find(&map, "zip:zip64_eocd").end, find(&map, "zip:zip64_locator").start);

    // Cut before its end record: the local records from the start, the last one's data clipped.
    let map = map_bytes(Family::Zip, &input("cut.zip"));
    assert_eq!(map.last().map(|r| (r.path.as_str(), r.end)), Some(("zip:member[dir/b.txt]/data", 136)));

    // Repeated names are numbered in the order of the local headers.
    let map = map_bytes(Family::Zip, &input("docx-like.docx"));
    assert!(map.iter().any(|r| r.path == "zip:member[word/document.xml]#1/data"));
    assert!(map.iter().any(|r| r.path == "zip:central[[Content_Types].xml]"));
}

#[test]
fn names_are_lossy_utf8_and_nothing_is_escaped() {
    let map = map_bytes(Family::Zip, &input("names.zip"));
    find(&map, "zip:member[\u{feff}\u{fffd}\u{fffd}\u{fffd}\u{fffd}\u{fffd}.txt]/data");
    find(&map, "zip:member[q]x/[y].txt]/data");
}

#[test]
fn tar_members_and_extension_headers_are_named() {
    let long = format!("long/{}.txt", "n".repeat(150));
    let map = map_bytes(Family::Tar, &input("gnu-long.tar"));
    let paths: Vec<&str> = map.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(
        paths[..4],
        [
            "tar:gnu_longname/header",
            "tar:gnu_longname/data",
            "tar:gnu_longname/padding",
            &format!("tar:member[{long}]/header")
        ]
    );
    assert!(paths.contains(&"tar:gnu_longlink/header"));
    assert!(paths.contains(&"tar:member[link]/header"));
    assert!(paths.contains(&"tar:member[d/]/header"));
    assert_eq!(find(&map, &format!("tar:member[{long}]/data")).role, Role::Payload);
    let end = find(&map, "tar:end");
    assert_eq!((end.end - end.start, end.role), (1024, Role::Magic));
    assert_eq!(map.last().unwrap().path, "tar:trailing");

    let map = map_bytes(Family::Tar, &input("pax.tar"));
    let data = find(&map, &format!("tar:member[{long}]/data"));
    assert_eq!(data.end - data.start, 700);
    find(&map, "tar:member[café.txt]/data");
    find(&map, "tar:pax#1/data");

    let map = map_bytes(Family::Tar, &input("ustar-prefix.tar"));
    find(&map, &format!("tar:member[{}/file.txt]/padding", "p".repeat(120)));

    let map = map_bytes(Family::Tar, &input("cut.tar"));
    covers(&map, 1700);
    assert_eq!(map.last().unwrap().path, format!("tar:member[{long}]/data"));
}

#[test]
fn gzip_members_fields_and_trailers() {
    let bytes = input("multi.gz");
    let map = map_bytes(Family::Gzip, &bytes);
    let first = find(&map, "gzip:member#0/isize");
    assert_eq!(find(&map, "gzip:member#1/magic").start, first.end);
    let size = find(&map, "gzip:member#1/isize");
    assert_eq!(&bytes[size.start as usize..size.end as usize], &1800u32.to_le_bytes());
    assert_eq!(map.last().map(|r| (r.path.as_str(), r.end - r.start)), Some(("gzip:trailing", 5)));

    let map = map_bytes(Family::Gzip, &input("flags.gz"));
    let paths: Vec<&str> = map.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "gzip:member/magic",
            "gzip:member/header",
            "gzip:member/info",
            "gzip:member/extra",
            "gzip:member/name",
            "gzip:member/comment",
            "gzip:member/header_crc",
            "gzip:member/deflate",
            "gzip:member/crc32",
            "gzip:member/isize",
        ]
    );
    assert_eq!(find(&map, "gzip:member/name").role, Role::Checked);
    assert_eq!(find(&map, "gzip:member/info").role, Role::Checked);

    let one = map_bytes(Family::Gzip, &input("one.gz"));
    assert_eq!(find(&one, "gzip:member/name").end - find(&one, "gzip:member/name").start, 10);
    assert_eq!(one.last().unwrap().path, "gzip:member/isize");
    // Without FHCRC, CM and FLG shape the member; MTIME, XFL and OS are checked by nothing.
    let (header, info) = (find(&one, "gzip:member/header"), find(&one, "gzip:member/info"));
    assert_eq!((header.start, header.end, header.role), (2, 4, Role::Layout));
    assert_eq!((info.start, info.end, info.role), (4, 10, Role::Payload));
    // Cut inside the deflate data: the trailer is taken to be the last 8 bytes.
    let cut = map_bytes(Family::Gzip, &input("cut.gz"));
    assert_eq!(cut.last().unwrap().path, "gzip:member/isize");
}

#[test]
fn elf_header_tables_and_named_sections() {
    let bytes = input("be32.elf");
    let map = map_bytes(Family::Generic, &bytes);
    let text = find(&map, "elf:section[.text]");
    assert_eq!((text.start, text.end, text.role), (52, 68, Role::Payload));
    // String tables are names: payload (section 14.3.5).
    assert_eq!(find(&map, "elf:section[.shstrtab]").role, Role::Payload);
    assert_eq!(find(&map, "elf:header/ident").role, Role::Magic);
    assert_eq!(map.last().unwrap().path, "elf:section_headers");

    for file in [format!("{GOLDEN}/inputs/tiny.elf"), "/bin/true".into()] {
        let Ok(bytes) = std::fs::read(&file) else { continue };
        let map = map_bytes(Family::Generic, &bytes);
        covers(&map, bytes.len() as u64);
        find(&map, "elf:section[.text]");
        find(&map, "elf:program_headers");
    }
    // Not ELF: one region.
    assert_eq!(map_bytes(Family::Generic, b"\x7fELX....").len(), 1);
}

fn quick(what: &str, family: Family, bytes: &[u8]) -> Vec<Region> {
    let t = Instant::now();
    let map = map_bytes(family, bytes);
    assert!(t.elapsed() < Duration::from_secs(2), "{what}: {:?}", t.elapsed());
    covers(&map, bytes.len() as u64);
    map
}

#[test]
fn hostile_inputs_finish_fast_and_stay_covered() {
    // 60,000 central entries naming one stored entry of the whole archive's length.
    let mut z = b"PK\x03\x04".to_vec();
    z.extend([0; 26]);
    let mut central = Vec::new();
    for _ in 0..60_000 {
        let mut c = b"PK\x01\x02".to_vec();
        c.extend([0; 16]);
        c.extend(u32::MAX.to_le_bytes()); // csize, no ZIP64 record
        c.extend([0; 22]);
        central.extend(c);
    }
    let cd = z.len() as u32;
    z.extend(&central);
    z.extend(b"PK\x05\x06\0\0\0\0\x60\xea\x60\xea");
    z.extend((central.len() as u32).to_le_bytes());
    z.extend(cd.to_le_bytes());
    z.extend([0, 0]);
    // The one member's data runs to the end (clipped); the central entries lie inside it.
    let map = quick("zip", Family::Zip, &z);
    let paths: Vec<&str> = map.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(paths, ["zip:member[]/local_header", "zip:member[]/data"]);

    // A tar header claiming 2^40 bytes of data.
    let mut t = vec![0u8; 512];
    t[..4].copy_from_slice(b"big\0");
    t[124..136].copy_from_slice(b"20000000000\0");
    t[156] = b'0';
    let sum: u32 = t.iter().enumerate().map(|(i, &b)| if (148..156).contains(&i) { 32 } else { u32::from(b) }).sum();
    t[148..156].copy_from_slice(format!("{sum:06o}\0 ").as_bytes());
    t.extend(vec![7u8; 1 << 20]);
    let map = quick("tar", Family::Tar, &t);
    assert_eq!(find(&map, "tar:member[big]/data").end, t.len() as u64);

    // gzip: 200,000 empty stored blocks, then a name with no end.
    let mut g = b"\x1f\x8b\x08\x00\0\0\0\0\0\x03".to_vec();
    for _ in 0..200_000 {
        g.extend([0, 0, 0, 0xff, 0xff]);
    }
    g.extend([1, 0, 0, 0xff, 0xff]);
    g.extend([0; 8]);
    g.extend(b"\x1f\x8b\x08\x08\0\0\0\0\0\x03");
    g.extend(vec![b'a'; 1 << 20]);
    let map = quick("gzip", Family::Gzip, &g);
    assert_eq!(map.last().unwrap().path, "gzip:member#1/name");

    // ELF: 65,535 sections whose names all point into one long run without 0x00.
    let mut e = vec![0u8; 64];
    e[..7].copy_from_slice(b"\x7fELF\x02\x01\x01");
    let shoff = 64 + 65536u64;
    e[40..48].copy_from_slice(&shoff.to_le_bytes());
    e[58..60].copy_from_slice(&64u16.to_le_bytes());
    e[60..62].copy_from_slice(&u16::MAX.to_le_bytes());
    e[62..64].copy_from_slice(&0u16.to_le_bytes());
    e.extend(vec![b'x'; 65536]);
    for _ in 0..65535 {
        let mut s = [0u8; 64];
        s[4] = 3; // a string table: section 0 is the name table itself
        s[24..32].copy_from_slice(&64u64.to_le_bytes());
        s[32..40].copy_from_slice(&65536u64.to_le_bytes());
        e.extend(s);
    }
    let map = quick("elf", Family::Generic, &e);
    // Names are cut to 4,096 bytes; the repeats are numbered, and clipped away behind the first.
    find(&map, &format!("elf:section[{}]#0", "x".repeat(4096)));
    assert_eq!(map.last().unwrap().path, "elf:section_headers");
}

#[test]
fn names_decode_as_the_typescript_engine_decodes_them() {
    // The same cases as lib/engine/reference/structure/archives.test.ts gives TextDecoder.
    let cases: [(&[u8], &str); 7] = [
        (b"\xef\xbb\xbfa", "\u{feff}a"),
        (b"\xed\xa0\x80", "\u{fffd}\u{fffd}\u{fffd}"),
        (b"\xf0\x9f\x98", "\u{fffd}"),
        (b"\xf0\x9f\x98A", "\u{fffd}A"),
        (b"\xc0\xaf", "\u{fffd}\u{fffd}"),
        (b"\xf4\x90\x80\x80", "\u{fffd}\u{fffd}\u{fffd}\u{fffd}"),
        (b"\xe2\x82\xac", "\u{20ac}"),
    ];
    for (bytes, want) in cases {
        assert_eq!(super::read::name(bytes), want);
    }
}

/// A file as the streamed path reads it: by position, through the read-ahead windows.
struct Held<'a>(&'a [u8]);

impl crate::checksums::Positional for Held<'_> {
    fn size(&self) -> u64 {
        self.0.len() as u64
    }
    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> std::io::Result<()> {
        let at = pos as usize;
        buf.copy_from_slice(&self.0[at..at + <[u8]>::len(buf)]);
        Ok(())
    }
    fn write_at(&mut self, _: u64, _: &[u8]) -> std::io::Result<()> {
        unreachable!("a walk only reads")
    }
}

#[test]
fn streamed_maps_equal_whole_buffer_maps() {
    let mut big = Vec::new();
    for k in 0..300u32 {
        big.extend(input(if k % 2 == 0 { "multi.gz" } else { "flags.gz" }));
    }
    let mut cases = vec![(Family::Gzip, big)];
    for file in std::fs::read_dir(format!("{GOLDEN}/inputs")).unwrap() {
        let file = file.unwrap().file_name().into_string().unwrap();
        cases.push((family_of(&file), input(&file)));
    }
    for (family, bytes) in cases {
        let mut cached = crate::checksums::area::Cached::new(Held(&bytes));
        assert_eq!(map(family, &mut cached), map_bytes(family, &bytes));
    }
}

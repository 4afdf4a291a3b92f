use super::*;

fn png(chunks: &[(&[u8; 4], &[u8])]) -> Vec<u8> {
    let mut v = b"\x89PNG\r\n\x1a\n".to_vec();
    for (kind, data) in chunks {
        v.extend((data.len() as u32).to_be_bytes());
        v.extend(*kind);
        v.extend(*data);
        v.extend([0, 0, 0, 0]);
    }
    v
}

fn paths(regions: &[Region]) -> Vec<(&str, u64, u64)> {
    regions.iter().map(|r| (r.path.as_str(), r.start, r.end)).collect()
}

#[test]
fn png_chunks_are_numbered_when_repeated_and_the_rest_is_trailing() {
    let mut bytes = png(&[(b"IHDR", &[1; 13]), (b"IDAT", &[2; 5]), (b"IDAT", &[3; 2]), (b"IEND", &[])]);
    bytes.extend(b"xyz");
    let map = map(Family::Png, &mut &bytes[..]);
    assert_eq!(
        paths(&map)[..6],
        [
            ("png:signature", 0, 8),
            ("png:IHDR/length", 8, 12),
            ("png:IHDR/type", 12, 16),
            ("png:IHDR/data", 16, 29),
            ("png:IHDR/crc", 29, 33),
            ("png:IDAT#0/length", 33, 37),
        ]
    );
    assert!(map.iter().any(|r| r.path == "png:IDAT#1/data" && r.end - r.start == 2));
    assert_eq!(map.last().map(|r| (r.path.as_str(), r.end - r.start)), Some(("png:trailing", 3)));
}

#[test]
fn every_map_covers_every_byte_in_order() {
    let good = png(&[(b"IHDR", &[1; 13]), (b"IEND", &[])]);
    let mut cut = good.clone();
    cut.truncate(20);
    for (family, bytes) in
        [(Family::Png, good), (Family::Png, cut), (Family::Generic, vec![7; 10]), (Family::Png, vec![])]
    {
        let map = map(family, &mut &bytes[..]);
        let mut at = 0;
        for r in &map {
            assert_eq!(r.start, at, "{map:?}");
            assert!(r.end > r.start);
            at = r.end;
        }
        assert_eq!(at, bytes.len() as u64);
    }
}

#[test]
fn overlapping_regions_are_clipped_and_gaps_named() {
    let mut m = Map::new("x", 20);
    let a = m.unit("a").unwrap();
    let b = m.unit("b").unwrap();
    m.whole(a, 2, 10, Role::Payload);
    m.whole(b, 5, 12, Role::Payload);
    assert_eq!(paths(&m.finish()), [("x:gap", 0, 2), ("x:a", 2, 10), ("x:b", 10, 12), ("x:trailing", 12, 20)]);
}

#[test]
fn the_cap_stops_the_walk_and_names_the_rest_unmapped() {
    let mut m = Map::new("x", 1 << 20);
    let mut p = 0;
    while let Some(u) = m.unit("u") {
        m.whole(u, p, p + 1, Role::Payload);
        p += 1;
    }
    let map = m.finish();
    assert_eq!(map.len(), MAX_WALK_REGIONS + 1);
    assert_eq!(map.last().map(|r| r.path.as_str()), Some("x:unmapped"));
    assert_eq!(map[0].path, "x:u#0");
}

/// The hits' changed bytes of a report, summed, and its overall expectation.
fn hit_sum(report: &crate::Report) -> (u64, String) {
    use crate::Value;
    let Some(Value::List(hits)) = report.get("hits") else { panic!("no hits") };
    let sum = hits
        .iter()
        .map(|h| match h {
            Value::Object(f) => match f.iter().find(|(k, _)| *k == "changed_bytes") {
                Some((_, Value::Int(n))) => *n,
                _ => panic!("no changed_bytes"),
            },
            _ => panic!("a hit is an object"),
        })
        .sum();
    let Some(Value::Str(overall)) = report.get("expect_overall") else { panic!("no expect_overall") };
    (sum, overall.clone())
}

fn int(report: &crate::Report, key: &str) -> u64 {
    match report.get(key) {
        Some(crate::Value::Int(n)) => *n,
        _ => panic!("no {key}"),
    }
}

#[test]
fn hits_add_up_to_what_each_mode_changed() {
    let mut bytes = png(&[(b"IHDR", &[1; 13]), (b"IDAT", &[2; 5000]), (b"IDAT", &[3; 4000]), (b"IEND", &[])]);
    bytes.extend([9u8; 300]);
    for seed in 0..4u64 {
        for fix in [false, true] {
            for mode in ["byte_flip", "header_preserve_flip", "bit_rot", "bad_sectors", "guaranteed_break"] {
                if fix && mode == "guaranteed_break" {
                    continue;
                }
                let options = crate::Options { fix_checksums: fix, ..Default::default() };
                let (out, report) = crate::corrupt_with(&bytes, "x.png", mode, 40, seed, &options).unwrap();
                assert_eq!(out.len(), bytes.len());
                let differing = out.iter().zip(&bytes).filter(|(a, b)| a != b).count() as u64;
                let (sum, overall) = hit_sum(&report);
                assert_eq!(sum, differing, "{mode} seed {seed} fix {fix}");
                assert_eq!(overall == "unchanged", differing == 0, "{mode}");
            }
        }
        let (_, r) = crate::corrupt(&bytes, "x.png", "truncate_insert", 40, seed).unwrap();
        assert_eq!(hit_sum(&r).0, int(&r, "removed"));
        let (_, r) = crate::corrupt(&bytes, "x.png", "interrupted_transfer", 40, seed).unwrap();
        assert_eq!(hit_sum(&r).0, int(&r, "bytes_lost"));
        let (_, r) = crate::corrupt(&bytes, "x.png", "shuffle_blocks", 40, seed).unwrap();
        assert_eq!(hit_sum(&r).0, 4096 * int(&r, "shuffled_blocks"));
    }
}

#[test]
fn expectations_follow_the_roles_and_the_fix() {
    let bytes = png(&[(b"IHDR", &[1; 13]), (b"IDAT", &[2; 64]), (b"IEND", &[])]);
    let map = map_bytes(Family::Png, &bytes);
    let at = |path: &str| map.iter().find(|r| r.path == path).unwrap().start;
    let expect = |t: &Tally| -> Vec<(String, &'static str)> {
        t.hits().into_iter().map(|h| (h.path, h.expect.name())).collect()
    };
    // A data byte with its CRC left: reject; with the CRC recomputed: both may be accepted.
    let mut t = Tally::new(map.clone());
    let d = at("png:IDAT/data");
    t.diff(d, &[2], &[7]);
    assert_eq!(expect(&t), [("png:IDAT/data".into(), "reject")]);
    let c = at("png:IDAT/crc");
    t.diff(c, &[0, 0, 0, 0], &[1, 2, 3, 4]);
    t.repair(c, &[0, 0, 0, 0], &[1, 2, 3, 4]);
    assert_eq!(expect(&t), [("png:IDAT/data".into(), "may_accept"), ("png:IDAT/crc".into(), "may_accept")]);
    assert_eq!(t.hits()[1].why, super::why::REPAIRED);
    // The signature, a length: reject; the trailing bytes: ignored.
    let mut t = Tally::new(map_bytes(Family::Png, &[&bytes[..], b"tail"].concat()));
    t.span(0, 1);
    t.span(bytes.len() as u64, bytes.len() as u64 + 2);
    assert_eq!(expect(&t), [("png:signature".into(), "reject"), ("png:trailing".into(), "ignored")]);
    let [_, _, (_, overall)] = t.fields();
    assert_eq!(overall, crate::Value::Str("reject".into()));
    assert_eq!(Tally::new(map.clone()).fields()[2].1, crate::Value::Str(UNCHANGED.into()));
}

/// The expectation and `why` of a one-byte change from `before` to `after` at `at` in `bytes`.
fn one_change(family: Family, bytes: &[u8], at: u64, after: u8) -> (String, &'static str, &'static str) {
    let mut t = Tally::new(map_bytes(family, bytes));
    t.diff(at, &[bytes[at as usize]], &[after]);
    let h = t.hits().pop().unwrap();
    (h.path, h.expect.name(), h.why)
}

#[test]
fn elf_header_bytes_no_reader_checks_may_be_accepted() {
    let wide: &[u8] = include_bytes!("../../../../tests/golden/structure/inputs/tiny.elf");
    let narrow: &[u8] = include_bytes!("../../../../tests/golden/structure/inputs/be32.elf");
    for (bytes, entry_end) in [(wide, 32u64), (narrow, 28)] {
        let e = |at: u64| {
            let (_, e, w) = one_change(Family::Generic, bytes, at, bytes[at as usize] ^ 0x10);
            (e, w)
        };
        // EI_OSABI, EI_ABIVERSION, the padding; e_version; e_entry.
        for at in (7..16).chain(20..entry_end) {
            assert_eq!(e(at), ("may_accept", super::why::ELF_INFO), "+{at}");
        }
        // The magic, class, data and version bytes of e_ident; e_type, e_machine; the table offsets.
        for at in [0, 3, 4, 5, 6] {
            assert_eq!(e(at), ("reject", super::why::MAGIC), "+{at}");
        }
        for at in [16, 18, entry_end, entry_end + 4] {
            assert_eq!(e(at), ("reject", super::why::LAYOUT), "+{at}");
        }
    }
}

#[test]
fn elf_symbol_values_sizes_and_visibility_may_be_accepted() {
    let wide: &[u8] = include_bytes!("../../../../tests/golden/structure/inputs/tiny.elf");
    let map = map_bytes(Family::Generic, wide);
    let symtab = map.iter().find(|r| r.path == "elf:section[.symtab]").unwrap().start;
    let e = |at: u64| {
        let (_, e, w) = one_change(Family::Generic, wide, at, wide[at as usize] ^ 0x10);
        (e, w)
    };
    for entry in [0, 24, 48] {
        // st_other (5), st_value (8 to 15), st_size (16 to 23).
        for rel in [5, 8, 15, 16, 23] {
            assert_eq!(e(symtab + entry + rel), ("may_accept", super::why::ELF_INFO), "+{entry}+{rel}");
        }
        // st_name (0 to 3), st_info (4), st_shndx (6, 7).
        for rel in [0, 3, 4, 6, 7] {
            assert_eq!(e(symtab + entry + rel), ("reject", super::why::LAYOUT), "+{entry}+{rel}");
        }
    }
}

#[test]
fn unchecked_spots_of_layout_regions_may_be_accepted() {
    let zip: &[u8] = include_bytes!("../../../../tests/golden/structure/inputs/two-members.zip");
    let map = map_bytes(Family::Zip, zip);
    let central = map.iter().find(|r| r.path.starts_with("zip:central[")).unwrap().start;
    let local = map.iter().find(|r| r.path.ends_with("/local_header")).unwrap().start;
    let z = |at: u64| {
        let (_, e, w) = one_change(Family::Zip, zip, at, zip[at as usize] ^ 0x10);
        (e, w)
    };
    // Version made by, date and time, attributes of an entry; a local header's date and time.
    for rel in [4, 5, 12, 13, 14, 15, 36, 37, 38, 39, 40, 41] {
        assert_eq!(z(central + rel), ("may_accept", super::why::ZIP_INFO), "central +{rel}");
    }
    for rel in [10, 11, 12, 13] {
        assert_eq!(z(local + rel), ("may_accept", super::why::ZIP_INFO), "local +{rel}");
    }
    // The signature, version needed, flags, method, CRC, sizes, lengths, disk, offset, the name.
    for rel in [0, 6, 8, 10, 16, 20, 24, 28, 30, 32, 34, 42, 46] {
        assert_eq!(z(central + rel), ("reject", super::why::LAYOUT), "central +{rel}");
    }
    for rel in [0, 4, 6, 8, 14, 18, 22, 26, 28, 30] {
        assert_eq!(z(local + rel), ("reject", super::why::LAYOUT), "local +{rel}");
    }
    // The strongest among the changed bytes: a date with a method is a reject.
    let mut t = Tally::new(map.clone());
    t.diff(local + 8, &zip[local as usize + 8..local as usize + 14], &[9, 9, 9, 9, 9, 9]);
    assert_eq!(t.hits()[0].expect, Expect::Reject);
    // A cut (no byte to compare) keeps the region's rule.
    let mut t = Tally::new(map);
    t.span(local + 10, local + 11);
    assert_eq!(t.hits()[0].expect, Expect::Reject);

    // GIF: the packed-fields byte's bits, by which changed.
    let gif: &[u8] = include_bytes!("../../../../tests/golden/structure/media/anim.gif");
    let flags = gif[10];
    assert_eq!(one_change(Family::Gif, gif, 10, flags ^ 0x70).1, "may_accept");
    assert_eq!(one_change(Family::Gif, gif, 10, flags ^ 0x08).2, super::why::GIF_BITS);
    assert_eq!(one_change(Family::Gif, gif, 10, flags ^ 0x80).1, "reject");
    let size = if flags & 0x80 != 0 { "reject" } else { "may_accept" };
    assert_eq!(one_change(Family::Gif, gif, 10, flags ^ 0x01).1, size);

    // gzip: FTEXT alone, not with another bit, not CM.
    let gz: &[u8] = include_bytes!("../../../../tests/golden/structure/inputs/one.gz");
    assert_eq!(gz[3] & 2, 0, "one.gz has no header CRC");
    assert_eq!(
        one_change(Family::Gzip, gz, 3, gz[3] ^ 0x01),
        ("gzip:member/header".into(), "may_accept", super::why::GZIP_FTEXT)
    );
    assert_eq!(one_change(Family::Gzip, gz, 3, gz[3] ^ 0x03).1, "reject");
    assert_eq!(one_change(Family::Gzip, gz, 2, 9).1, "reject");
}

/// Where `code` first occurs in `bytes` at or after `from`.
fn find_code(bytes: &[u8], code: &[u8; 4], from: usize) -> u64 {
    (from + bytes[from..].windows(4).position(|w| w == code).expect("the box")) as u64
}

#[test]
fn isobmff_types_of_boxes_a_file_does_not_need_may_be_accepted() {
    // mp4box.js and ffmpeg open these files (tests/parsers/strict.py's aimed cases); the twin of
    // lib/engine/reference/structure/media.test.ts.
    let media = |name: &str| std::fs::read(format!("../../tests/golden/structure/media/{name}")).unwrap();
    let e = |bytes: &[u8], code: &[u8; 4], from: usize| {
        let at = find_code(bytes, code, from);
        let (_, e, w) = one_change(Family::Isobmff, bytes, at, b'X');
        (e, w)
    };
    let mp4 = media("clip.mp4");
    assert_eq!(e(&mp4, b"mdat", 0), ("may_accept", super::why::ISOBMFF_OPTIONAL));
    assert_eq!(e(&mp4, b"free", 0), ("may_accept", super::why::ISOBMFF_OPTIONAL));
    let mov = media("clip.mov");
    let minf = find_code(&mov, b"minf", 0) as usize;
    assert_eq!(e(&mov, b"hdlr", minf), ("may_accept", super::why::ISOBMFF_OPTIONAL));
    for code in [b"ftyp", b"moov", b"mvhd", b"tkhd", b"mdhd", b"stsd", b"stco"] {
        assert_eq!(e(&mp4, code, 0), ("reject", super::why::MAGIC), "{}", String::from_utf8_lossy(code));
    }
    assert_eq!(e(&media("tiny.heic"), b"iloc", 0), ("reject", super::why::MAGIC));
}

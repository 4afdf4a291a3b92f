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

//! Properties every recipe keeps, and the structural breaks of the families no Debian tool can write
//! (msi, rar, cab), checked byte by byte. tests/parsers/run.py judges the others with real parsers.

use super::prims::kill_start_codes;
use super::shape::{Shape, Syncs};
use super::*;
use crate::formats::{Family, EXTENSIONS, MAGIC};
use crate::rng::Sequence;

fn run(family: Family, input: &[u8], intensity: u32, seed: u64) -> Broken {
    apply(family, input, &mut Ctx::new(seed, intensity))
}

fn random(len: usize, seed: u64) -> Vec<u8> {
    Sequence::new(seed, 99).fill(len)
}

/// Inputs that only claim to be their family: magic bytes, then garbage or nothing. Where the bytes
/// after the magic matter to a step (tag chains, counts, offsets) they are given here; other families
/// use their first row of the magic table.
fn claims(family: Family) -> Vec<Vec<u8>> {
    let magic: Vec<u8> = match family {
        Family::Pdf => b"%PDF-1.7\n1 0 obj".to_vec(),
        Family::Png => b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
        Family::Jpeg => b"\xFF\xD8\xFF\xE0".to_vec(),
        Family::Gif => b"GIF89a".to_vec(),
        Family::Bmp => b"BM\0\0\0\0\0\0\0\0\0\0\0\0\x28\0\0\0".to_vec(),
        Family::Tiff => b"II*\0\x08\0\0\0".to_vec(),
        Family::Webp => b"RIFF\0\0\0\0WEBPVP8 ".to_vec(),
        Family::Ico => b"\0\0\x01\0\xFF\xFF".to_vec(),
        Family::Isobmff => b"\0\0\0\x18ftypmp42".to_vec(),
        Family::Avi => b"RIFF\0\0\0\0AVI LIST".to_vec(),
        Family::Flv => b"FLV\x01\x05\0\0\0\x09\0\0\0\0\x09\xFF\xFF\xFF".to_vec(),
        Family::Mp3 => b"ID3\x04\0\0\x7F\x7F\x7F\x7F".to_vec(),
        Family::Wav => b"RIFF\0\0\0\0WAVEfmt ".to_vec(),
        Family::Flac => b"fLaC\0\0\0\x22".to_vec(),
        Family::Ogg => b"OggS\0\x02".to_vec(),
        Family::Aac => b"\xFF\xF1\x50\x80".to_vec(),
        Family::Wma => b"\x30\x26\xB2\x75\x8E\x66\xCF\x11\xA6\xD9\x00\xAA\x00\x62\xCE\x6C".to_vec(),
        Family::Pe => b"MZ\x90\0".to_vec(),
        Family::Rar => b"Rar!\x1A\x07\x01\0".to_vec(),
        Family::SevenZip => {
            b"7z\xBC\xAF\x27\x1C\0\x04\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF"
                .to_vec()
        }
        Family::Tar => b"name\0".to_vec(),
        Family::Gzip => b"\x1F\x8B\x08".to_vec(),
        Family::Bzip2 => b"BZh9".to_vec(),
        Family::Text | Family::Svg | Family::Generic => b"<svg".to_vec(),
        _ => match MAGIC.iter().find(|(f, _, _)| *f == family) {
            Some(&(_, offset, bytes)) => [vec![0; offset], bytes.to_vec()].concat(),
            None => Vec::new(),
        },
    };
    let mut out = vec![Vec::new(), magic.clone(), magic[..magic.len() / 2].to_vec()];
    for len in [1, 2, 3, 7, 20, 64, 511, 513, 70_000] {
        let mut v = magic.clone();
        v.extend(random(len, len as u64));
        out.push(v);
        out.push(random(len, 1000 + len as u64));
    }
    out
}

#[test]
fn the_hand_written_recipes_are_those_the_table_names() {
    for family in Family::ALL {
        assert_eq!(own(family), tables::has_own_code(family), "{}", family.id());
        assert!(own(family) || tables::shape(family).is_some(), "{} has no recipe", family.id());
    }
}

#[test]
fn no_recipe_panics_on_short_or_lying_inputs() {
    for family in Family::ALL {
        for input in claims(family) {
            for (intensity, seed) in [(0, 0), (1, 7), (50, 2147483646), (100, (1 << 53) - 1)] {
                let b = run(family, &input, intensity, seed);
                assert!(!b.recipe.is_empty());
            }
        }
    }
}

#[test]
fn strategies_are_named_family_then_what() {
    for family in Family::ALL {
        let s = strategy_for(family);
        let family_part = if family == Family::Generic { "generic" } else { family.id() };
        assert!(s.starts_with(&format!("{family_part}_")), "{s} for {}", family.id());
    }
}

#[test]
fn recipes_are_deterministic_and_never_touch_the_input() {
    let mut input = random(200_000, 5);
    input[4..6].copy_from_slice(&[1, 0]); // one icon: a random count could zero the whole file
    let copy = input.clone();
    for family in Family::ALL {
        let a = run(family, &input, 40, 11);
        let b = run(family, &input, 40, 11);
        assert!(a.data == b.data, "{}", family.id());
        assert_eq!(a.recipe, b.recipe);
        assert!(a.data != run(family, &input, 40, 12).data, "{}: another seed, other bytes", family.id());
    }
    assert_eq!(input, copy);
}

/// Every binary recipe zeroes a header at offset 0, so the verify stage's heuristic always finds its
/// output corrupted and guaranteed_break never needs to escalate.
#[test]
fn outputs_start_with_zero_so_the_heuristic_never_escalates() {
    // Every family but generic (whose byte 0 is the input's, inverted), named by an extension of its own.
    let names = Family::ALL.into_iter().filter(|&f| f != Family::Generic).map(|f| {
        let ext = EXTENSIONS.iter().find(|(_, g)| *g == f).map_or("bin", |(e, _)| e);
        (f, format!("a.{ext}"))
    });
    for (family, name) in names {
        for input in claims(family).into_iter().filter(|i| !i.is_empty()) {
            let b = run(family, &input, 1, 3);
            assert_eq!(b.data[0], 0, "{name}");
            let (_, report) = crate::corrupt(&input, &name, "guaranteed_break", 1, 3).unwrap();
            assert_eq!(report.get("escalated"), None, "{name} escalated");
        }
    }
}

/// Every family whose recipe is the shape, with its row.
fn shapes() -> Vec<(Family, &'static Shape)> {
    Family::ALL.into_iter().filter_map(|f| tables::shape(f).map(|s| (f, s))).collect()
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// An input full of the family's own resynchronisation points, across chunk borders.
fn riddled(shape: &Shape, len: usize) -> Vec<u8> {
    let mut v = random(len, 77);
    let mut i = 0;
    let mut k = 0;
    while !shape.signatures.is_empty() && i + 16 < len {
        let s = shape.signatures[k % shape.signatures.len()].bytes;
        v[i..i + s.len()].copy_from_slice(s);
        k += 1;
        i += 97 + (k * 31) % 200;
    }
    v
}

#[test]
fn no_signature_sync_or_start_code_survives() {
    for (family, shape) in shapes() {
        let input = riddled(shape, 3 * 65536 + 123);
        for intensity in [1, 100] {
            let out = run(family, &input, intensity, 9).data;
            for s in shape.signatures {
                assert!(!contains(&out, s.bytes), "{}: {:?} survived", family.id(), String::from_utf8_lossy(s.bytes));
            }
            let pairs = out.windows(2);
            match shape.syncs {
                Syncs::None => {}
                Syncs::JpegMarkers => assert!(!pairs.clone().any(|w| w[0] == 0xFF && (0xC0..=0xFE).contains(&w[1]))),
                Syncs::Media => {
                    assert!(!pairs.clone().any(|w| w[0] == 0xFF && w[1] >= 0xE0), "{}", family.id());
                    assert_eq!(kill_start_codes(&mut out.clone()), 0, "{}", family.id());
                }
            }
            assert!(out[..shape.header.min(out.len())].iter().all(|&b| b == 0 || family == Family::Flv));
        }
    }
}

#[test]
fn intensity_scales_the_damage() {
    let mut input = random(300_000, 21);
    input[4..6].copy_from_slice(&[1, 0]);
    // Text and SVG change the length (4 poison bytes in front, the end cut), so bytes do not line up.
    for family in Family::ALL.into_iter().filter(|f| !matches!(f, Family::Text | Family::Svg)) {
        let changed = |intensity| {
            let out = run(family, &input, intensity, 4).data;
            assert_eq!(out.len(), input.len(), "{} keeps the length", family.id());
            input.iter().zip(&out).filter(|(a, b)| a != b).count()
        };
        let (low, high) = (changed(1), changed(100));
        assert!(low * 10 < high, "{}: {low} bytes changed at 1, {high} at 100", family.id());
    }
}

#[test]
fn zip_leaves_no_record_signature_even_in_nested_archives() {
    let mut input = b"PK\x03\x04\x14\0\0\0".to_vec();
    input.extend(b"..stored inner: PK\x03\x04 and PK\x01\x02 and PK\x05\x06\0\0 PK\x06\x06 PK\x06\x07 PK\x07\x08");
    let out = run(Family::Zip, &input, 1, 0).data;
    assert!(
        !contains(&out, b"PK\x03")
            && !contains(&out, b"PK\x01")
            && !contains(&out, b"PK\x05")
            && !contains(&out, b"PK\x06")
            && !contains(&out, b"PK\x07")
    );
}

#[test]
fn pdf_keywords_are_gone_even_inside_longer_ones() {
    let input = b"%PDF-1.7\n1 0 obj << >> endobj\n2 0 obj <</Length 1>> stream\nx\nendstream endobj\nxref\ntrailer <<>>\nstartxref 9\n%%EOF\n".to_vec();
    let out = run(Family::Pdf, &input, 0, 0).data;
    for k in [&b"obj"[..], b"stream", b"xref", b"trailer", b"%%EOF", b"%PDF"] {
        assert!(!contains(&out, k));
    }
    // Intensity 0 scatters nothing: only the keywords and the 8-byte header changed.
    let changed = input.iter().zip(&out).filter(|(a, b)| a != b).count();
    assert_eq!(changed, 8 + 3 * 4 + 6 * 2 + 4 * 2 + 7 + 5, "header, obj x4, stream x2, xref x2, trailer, %%EOF");
}

#[test]
fn msi_header_is_zeroed_then_inverted() {
    let mut input = vec![0u8; 1536];
    input[..8].copy_from_slice(b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1");
    input[0x18..0x20].copy_from_slice(&[0x3E, 0, 0x03, 0, 0xFE, 0xFF, 0x09, 0]);
    input[0x2C..0x30].copy_from_slice(&1u32.to_le_bytes()); // one FAT sector
    input[512 + 100..512 + 108].copy_from_slice(b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1"); // an embedded compound file
    input[1024..1044].copy_from_slice(b"R\0o\0o\0t\0 \0E\0n\0t\0r\0y\0");
    let out = run(Family::Msi, &input, 0, 0).data;
    assert_eq!(&out[..8], &[0; 8]);
    for i in 8..512 {
        assert_eq!(out[i], !input[i], "header byte {i} inverted");
    }
    assert_eq!(&out[612..620], &[0; 8]);
    assert_eq!(&out[1024..1044], &[0xFF; 20], "the root entry name holds zeros, so it is filled with 0xFF");
    assert!(out[620..1024] == input[620..1024], "intensity 0 leaves the rest alone");
}

#[test]
fn rar_signatures_and_main_header_are_destroyed() {
    for sig in [&b"Rar!\x1A\x07\x00"[..], b"Rar!\x1A\x07\x01\x00"] {
        let mut input = sig.to_vec();
        input.extend((0..200u8).map(|i| i.wrapping_mul(7)));
        input.extend(b"sfx again Rar!\x1A\x07\x01\x00 tail");
        let out = run(Family::Rar, &input, 0, 0).data;
        assert_eq!(&out[..8], &[0; 8]);
        for i in 8..40 {
            assert_eq!(out[i], !input[i]);
        }
        assert!(!contains(&out, b"Rar!"));
        assert_eq!(out.len(), input.len());
    }
}

#[test]
fn cab_signature_and_header_fields_are_destroyed() {
    let mut input = b"MSCF\0\0\0\0".to_vec();
    input.extend(1000u32.to_le_bytes()); // cbCabinet
    input.extend([0; 4]);
    input.extend(44u32.to_le_bytes()); // coffFiles
    input.extend([0, 0, 0, 0, 3, 1, 1, 0, 2, 0, 0, 0, 0x34, 0x12, 0, 0]);
    input.extend(vec![b'x'; 100]);
    input.extend(b"MSCF");
    let out = run(Family::Cab, &input, 0, 0).data;
    assert_eq!(&out[..4], &[0; 4]);
    for i in 4..36 {
        assert_eq!(out[i], !input[i]);
    }
    assert!(!contains(&out, b"MSCF"));
}

#[test]
fn flv_walk_zeroes_every_tag_type_size_and_previous_size() {
    let mut input = b"FLV\x01\x05\0\0\0\x09".to_vec();
    let mut tags = Vec::new();
    for (kind, size) in [(18u8, 30u32), (9, 100), (8, 7)] {
        input.extend(if tags.is_empty() { 0u32 } else { tags.last().map(|&(_, s)| s + 11).unwrap() }.to_be_bytes());
        tags.push((input.len(), size));
        input.push(kind);
        input.extend(&size.to_be_bytes()[1..]);
        input.extend([0, 0, 0x28, 0, 0, 0, 0]);
        input.extend(vec![0xAB; size as usize]);
    }
    input.extend((7u32 + 11).to_be_bytes());
    let out = run(Family::Flv, &input, 0, 0).data;
    assert_eq!(&out[..9], &[0; 9]);
    for &(at, _) in &tags {
        assert_eq!(&out[at - 4..at + 4], &[0; 8], "previous size, type and data size of the tag at {at}");
        assert_eq!(&out[at + 4..at + 11], &input[at + 4..at + 11], "timestamp and stream id stay");
    }
    assert_eq!(&out[out.len() - 4..], &[0; 4], "the last PreviousTagSize too");
}

#[test]
fn pe_signature_found_through_e_lfanew_is_zeroed_with_the_coff_header() {
    let mut input = vec![0x90u8; 400];
    input[..2].copy_from_slice(b"MZ");
    input[0x3C..0x40].copy_from_slice(&0x80u32.to_le_bytes());
    input[0x80..0x84].copy_from_slice(b"PE\0\0");
    input[300..304].copy_from_slice(b"PE\0\0");
    let out = run(Family::Pe, &input, 0, 0).data;
    assert_eq!(&out[..2], &[0, 0]);
    assert_eq!(&out[0x3C..0x40], &[0; 4]);
    assert_eq!(&out[0x80..0x98], &[0; 24]);
    assert_eq!(&out[300..304], &[0xFF; 4]);
    // e_lfanew pointing past the end, or a file too short to hold it, is no error.
    let mut short = input[..0x40].to_vec();
    short[0x3C..0x40].copy_from_slice(&u32::MAX.to_le_bytes());
    assert_eq!(&run(Family::Pe, &short, 0, 0).data[..2], &[0, 0]);
}

#[test]
fn tar_headers_lose_name_and_checksum() {
    let mut input = vec![0u8; 512 * 4];
    for block in [0, 2] {
        let h = &mut input[block * 512..block * 512 + 512];
        h[..5].copy_from_slice(b"a.txt");
        h[148..156].copy_from_slice(b"0012345\0");
        h[257..263].copy_from_slice(b"ustar\0");
    }
    input[512 + 10..512 + 15].copy_from_slice(b"ustar"); // file data mentioning ustar
    let out = run(Family::Tar, &input, 0, 0).data;
    for block in [0, 2] {
        let at = block * 512;
        assert_eq!(out[at], 0);
        for i in at + 148..at + 156 {
            assert_eq!(out[i], !input[i]);
        }
        assert_eq!(&out[at + 257..at + 262], &[0; 5]);
    }
    assert_eq!(&out[512 + 10..512 + 15], &[0; 5]);
    assert_eq!(out[512 + 148], 0, "a data block is no header: its bytes at 148 stay");
}

#[test]
fn sevenzip_next_header_is_inverted() {
    let mut input = b"7z\xBC\xAF\x27\x1C\0\x04".to_vec();
    input.extend([1, 2, 3, 4]); // start header CRC
    input.extend(10u64.to_le_bytes()); // next header offset
    input.extend(6u64.to_le_bytes()); // next header size
    input.extend([5, 6, 7, 8]);
    input.extend(vec![0x11; 10]);
    input.extend([1, 4, 6, 0, 0, 0]); // the next header
    input.extend([0x22; 3]);
    let out = run(Family::SevenZip, &input, 0, 0).data;
    assert_eq!(&out[..32], &[0; 32]);
    assert_eq!(&out[42..48], &[!1, !4, !6, 0xFF, 0xFF, 0xFF]);
    assert_eq!(&out[32..42], &input[32..42]);
    // Offsets near u64::MAX must not wrap around to the start of the file.
    input[12..20].copy_from_slice(&(u64::MAX - 3).to_le_bytes());
    assert_eq!(&run(Family::SevenZip, &input, 0, 0).data[32..], &input[32..]);
}

#[test]
fn xz_footer_is_inverted_and_every_stream_magic_overwritten() {
    let mut input = b"\xFD7zXZ\0\0\x04\xE6\xD6\xB4\x46".to_vec();
    input.extend(vec![0x33; 40]);
    input.extend(b"\xFD7zXZ\0");
    input.extend([9, 9, 9, 9, 1, 0, 0, 0, 0, 4, b'Y', b'Z']);
    let out = run(Family::Xz, &input, 0, 0).data;
    assert_eq!(&out[..12], &[0; 12]);
    assert_eq!(&out[52..58], &[0xFF; 6]);
    let n = out.len();
    assert_eq!(&out[n - 2..], &[!b'Y', !b'Z']);
}

#[test]
fn ico_directory_follows_the_image_count() {
    let mut input = vec![0, 0, 1, 0, 2, 0];
    input.extend(vec![0x20; 32]); // two entries
    input.extend(b"\x89PNG\r\n\x1A\n\0\0\0\x0DIHDR");
    input.extend(vec![0x41; 20]);
    let out = run(Family::Ico, &input, 0, 0).data;
    assert_eq!(&out[..38], &[0; 38]);
    assert!(!contains(&out, b"PNG") && !contains(&out, b"IHDR"));
    assert_eq!(&out[out.len() - 20..], &[0x41; 20]);
}

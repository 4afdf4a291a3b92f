use super::*;

#[test]
fn crc_parameters_give_the_catalogue_check_values() {
    // docs/contract.md, section 6.10's table.
    assert_eq!(CRC32.checksum(b"123456789"), 0xCBF4_3926);
    assert_eq!(OGG_CRC32.checksum(b"123456789"), 0x89A1_897F);
    assert_eq!(FLAC_CRC8.checksum(b"123456789"), 0xF4);
    assert_eq!(FLAC_CRC16.checksum(b"123456789"), 0xFEE8);
}

fn chunk(kind: &[u8], data: &[u8]) -> Vec<u8> {
    let mut c = (data.len() as u32).to_be_bytes().to_vec();
    c.extend_from_slice(kind);
    c.extend_from_slice(data);
    let crc = CRC32.checksum(&c[4..]);
    c.extend_from_slice(&crc.to_be_bytes());
    c
}

fn png() -> Vec<u8> {
    let mut p = b"\x89PNG\r\n\x1a\n".to_vec();
    p.extend(chunk(b"IHDR", &[0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]));
    p.extend(chunk(b"IDAT", &[7; 40]));
    p.extend(chunk(b"IEND", &[]));
    // Junk after IEND is not walked.
    p.extend(chunk(b"tEXt", &[1, 2, 3]));
    p
}

fn png_crcs_valid(p: &[u8]) -> Vec<bool> {
    let mut at = 8;
    let mut out = Vec::new();
    while at + 12 <= p.len() {
        let len = u32::from_be_bytes(p[at..at + 4].try_into().unwrap()) as usize;
        let want = CRC32.checksum(&p[at + 4..at + 8 + len]).to_be_bytes();
        out.push(p[at + 8 + len..at + 12 + len] == want);
        at += 12 + len;
    }
    out
}

#[test]
fn png_chunk_crcs_are_recomputed_up_to_iend() {
    let input = png();
    let mut output = input.clone();
    output[8 + 25 + 8 + 5] ^= 0x40; // IDAT data
    output[input.len() - 5] ^= 1; // the junk chunk's data
    assert_eq!(png_crcs_valid(&output), [true, false, true, false]);
    let fixed = fix(Family::Png, &input, &mut output, None);
    assert_eq!(png_crcs_valid(&output), [true, true, true, false]);
    assert_eq!(fixed.counts, vec![(PNG_CHUNK, 1)]);
    assert_eq!(fixed.sentence(), " Checksums fixed: PNG chunk CRC-32 1.");
    // The damage itself stays.
    assert_ne!(output[8 + 25 + 8 + 5], input[8 + 25 + 8 + 5]);
}

#[test]
fn a_field_in_protected_bytes_is_left() {
    let input = png();
    let mut output = input.clone();
    output[8 + 25 + 8 + 5] ^= 0x40;
    let idat_crc = 8 + 25 + 8 + 40;
    let protected = Region::span(idat_crc as u64 + 2, idat_crc as u64 + 3);
    let fixed = fix(Family::Png, &input, &mut output, Some(&protected));
    assert_eq!(&output[idat_crc..idat_crc + 4], &input[idat_crc..idat_crc + 4]);
    assert_eq!(fixed.counts, vec![(PNG_CHUNK, 0)]);
    assert_eq!(fixed.unfixable().unwrap(), "1 checksum fields lie in protected bytes and were left as they were");
}

#[test]
fn tar_checksums_are_written_as_gnu_tar_writes_them() {
    let mut header = [0u8; 512];
    header[..5].copy_from_slice(b"a.txt");
    header[124..136].copy_from_slice(b"00000000005\0");
    header[156] = b'0';
    header[257..263].copy_from_slice(b"ustar\0");
    header[148..156].copy_from_slice(b"        ");
    let sum: u32 = header.iter().map(|&b| u32::from(b)).sum();
    header[148..156].copy_from_slice(format!("{sum:06o}\0 ").as_bytes());
    let mut input = header.to_vec();
    input.extend_from_slice(b"hello");
    input.resize(1024, 0);
    input.extend_from_slice(&header); // a second member after the first's one data block
    input.resize(1536 + 512, 0);
    input.resize(input.len() + 1024, 0);
    let mut output = input.clone();
    output[1] = b'X';
    output[1024 + 2] = b'Y';
    let fixed = fix(Family::Tar, &input, &mut output, None);
    assert_eq!(fixed.counts, vec![(TAR_HEADER, 2)]);
    for b in [0, 1024] {
        let h = &output[b..b + 512];
        let sum: u32 =
            h.iter().enumerate().map(|(i, &x)| if (148..156).contains(&i) { 32 } else { u32::from(x) }).sum();
        assert_eq!(&h[148..156], format!("{sum:06o}\0 ").as_bytes());
    }
}

#[test]
fn decompressed_checks_are_named_not_fixed() {
    let mut out = vec![0u8; 10];
    assert_eq!(
        fix(Family::Gzip, &[0; 10], &mut out, None).sentence(),
        " Checksums fixed: none. Not fixable: gzip's CRC-32 covers the decompressed data."
    );
    assert_eq!(fix(Family::Pdf, &[0; 10], &mut out, None).sentence(), " Checksums fixed: none.");
}

/// Bytes made on demand (zeros but for a few written ranges), read and written by position: a file
/// past 4 GiB without the memory or disk.
struct Virtual {
    n: u64,
    parts: Vec<(u64, Vec<u8>)>,
}

impl Virtual {
    fn byte(&self, pos: u64) -> u8 {
        let part = self.parts.iter().rev().find(|(at, b)| (*at..*at + b.len() as u64).contains(&pos));
        part.map_or(0, |(at, b)| b[(pos - at) as usize])
    }
}

impl Positional for &mut Virtual {
    fn size(&self) -> u64 {
        self.n
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> std::io::Result<()> {
        // `<[u8]>::len`: `Area::len` (u64) would be found first on a `&mut [u8]`.
        let len = <[u8]>::len(buf) as u64;
        if pos + len > self.n {
            return Err(std::io::Error::other("past the end"));
        }
        buf.fill(0);
        for (at, b) in &self.parts {
            let (from, to) = (pos.max(*at), (pos + len).min(at + b.len() as u64));
            if from < to {
                buf[(from - pos) as usize..(to - pos) as usize]
                    .copy_from_slice(&b[(from - at) as usize..(to - at) as usize]);
            }
        }
        Ok(())
    }

    fn write_at(&mut self, pos: u64, bytes: &[u8]) -> std::io::Result<()> {
        self.parts.push((pos, bytes.to_vec()));
        Ok(())
    }
}

fn tar_header(name: &str, size: u64) -> Vec<u8> {
    let mut h = vec![0u8; 512];
    h[..name.len()].copy_from_slice(name.as_bytes());
    h[100..107].copy_from_slice(b"0000644");
    h[124..135].copy_from_slice(format!("{size:011o}").as_bytes());
    h[156] = b'0';
    h[148..156].copy_from_slice(b"        ");
    let sum: u64 = h.iter().map(|&b| u64::from(b)).sum();
    h[148..156].copy_from_slice(format!("{sum:06o}\0 ").as_bytes());
    h
}

#[test]
fn positions_past_4_gib_are_64_bit() {
    // A tar of 4 GiB + 70,000 bytes: an entry of 4 GiB, then a header past 4 GiB whose checksum the
    // corruption broke. The walk jumps over the data, so this reads a few blocks, not 4 GiB.
    let n = (4u64 << 30) + 70_000;
    let first = 4u64 << 30;
    let second_at = 512 + first;
    let tail = n - second_at - 512;
    let header2 = tar_header("after-4-gib.txt", tail - 1024 - 512);
    let mut input = Virtual { n, parts: vec![(0, tar_header("big.bin", first)), (second_at, header2.clone())] };
    let mut output = Virtual { n, parts: input.parts.clone() };
    let mut broken = header2;
    broken[3] ^= 0x20;
    output.parts.push((second_at, broken.clone()));
    let fixed = fix_positional(Family::Tar, &mut input, &mut output, None).unwrap();
    assert_eq!(fixed.counts, vec![(TAR_HEADER, 1)]);
    let field: Vec<u8> = (second_at + 148..second_at + 156).map(|p| output.byte(p)).collect();
    broken[148..156].copy_from_slice(b"        ");
    let sum: u64 = broken.iter().map(|&b| u64::from(b)).sum();
    assert_eq!(field, format!("{sum:06o}\0 ").as_bytes());
    // Nothing was written below 4 GiB (a 32-bit position would land at second_at - 4 GiB).
    assert!(output.parts.iter().skip(3).all(|(at, _)| *at == second_at + 148));
}

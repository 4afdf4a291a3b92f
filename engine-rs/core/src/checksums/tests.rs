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
    let protected = ByteSet::span(idat_crc as u64 + 2, idat_crc as u64 + 3);
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

/// A byte buffer read and written by position, counting the bytes read and the writes: the walks'
/// cost.
struct Counted<'a> {
    bytes: &'a mut Vec<u8>,
    read: &'a std::cell::Cell<u64>,
    writes: &'a std::cell::Cell<u64>,
}

impl Positional for Counted<'_> {
    fn size(&self) -> u64 {
        self.bytes.len() as u64
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> std::io::Result<()> {
        let (at, len) = (pos as usize, <[u8]>::len(buf));
        self.read.set(self.read.get() + len as u64);
        buf.copy_from_slice(&self.bytes[at..at + len]);
        Ok(())
    }

    fn write_at(&mut self, pos: u64, bytes: &[u8]) -> std::io::Result<()> {
        self.writes.set(self.writes.get() + 1);
        self.bytes[pos as usize..pos as usize + bytes.len()].copy_from_slice(bytes);
        Ok(())
    }
}

/// Fixes `output` both ways (whole buffer and positional), checks they agree, and returns the
/// result with the bytes the positional walk read from input and output together.
fn fix_counted(family: Family, input: &[u8], output: &[u8]) -> (Vec<u8>, Fixed, u64) {
    let (whole, fixed, read, _) = fix_counted_writes(family, input, output);
    (whole, fixed, read)
}

/// `fix_counted`, with the number of positional writes too.
fn fix_counted_writes(family: Family, input: &[u8], output: &[u8]) -> (Vec<u8>, Fixed, u64, u64) {
    let mut whole = output.to_vec();
    let fixed = fix(family, input, &mut whole, None);
    let (read, writes) = (std::cell::Cell::new(0), std::cell::Cell::new(0));
    let (mut i, mut o) = (input.to_vec(), output.to_vec());
    let positional = fix_positional(
        family,
        Counted { bytes: &mut i, read: &read, writes: &writes },
        Counted { bytes: &mut o, read: &read, writes: &writes },
        None,
    )
    .unwrap();
    assert!(o == whole && positional == fixed, "positional and whole-buffer fixing differ");
    (whole, fixed, read.get(), writes.get())
}

fn le16(v: usize) -> [u8; 2] {
    (v as u16).to_le_bytes()
}

fn le32(v: usize) -> [u8; 4] {
    (v as u32).to_le_bytes()
}

fn zip_local(name: &[u8], data: &[u8]) -> Vec<u8> {
    let mut h = b"PK\x03\x04\x14\x00\x00\x00\x00\x00\x00\x00\x00\x00".to_vec();
    h.extend(CRC32.checksum(data).to_le_bytes());
    h.extend(le32(data.len()));
    h.extend(le32(data.len()));
    h.extend(le16(name.len()));
    h.extend([0, 0]);
    h.extend(name);
    h.extend(data);
    h
}

fn zip_central(name: &[u8], len: usize, lho: usize) -> Vec<u8> {
    let mut h = b"PK\x01\x02\x14\x00\x14\x00\x00\x00\x00\x00\x00\x00\x00\x00".to_vec();
    h.extend([0; 4]); // CRC: for the walk to fill in
    h.extend(le32(len));
    h.extend(le32(len));
    h.extend(le16(name.len()));
    h.extend([0; 12]);
    h.extend(le32(lho));
    h.extend(name);
    h
}

fn zip_end(count: usize, cd_len: usize, cd_at: usize) -> Vec<u8> {
    let mut e = b"PK\x05\x06\0\0\0\0".to_vec();
    e.extend(le16(count));
    e.extend(le16(count));
    e.extend(le32(cd_len));
    e.extend(le32(cd_at));
    e.extend([0, 0]);
    e
}

/// A zip of `locals` (name, data) and a central directory of `central` (local index) entries.
fn zip_of(locals: &[(&[u8], Vec<u8>)], central: &[usize]) -> Vec<u8> {
    let mut z = Vec::new();
    let mut at = Vec::new();
    for (name, data) in locals {
        at.push(z.len());
        z.extend(zip_local(name, data));
    }
    let cd_at = z.len();
    for &i in central {
        z.extend(zip_central(locals[i].0, locals[i].1.len(), at[i]));
    }
    let cd_len = z.len() - cd_at;
    z.extend(zip_end(central.len(), cd_len, cd_at));
    z
}

fn zip_crcs_valid(z: &[u8]) -> bool {
    let e = z.len() - 22;
    let (count, mut p) = (
        u16::from_le_bytes([z[e + 10], z[e + 11]]),
        u32::from_le_bytes(z[e + 16..e + 20].try_into().unwrap()) as usize,
    );
    (0..count).all(|_| {
        let lho = u32::from_le_bytes(z[p + 42..p + 46].try_into().unwrap()) as usize;
        let len = u32::from_le_bytes(z[p + 20..p + 24].try_into().unwrap()) as usize;
        let d = lho + 30 + usize::from(u16::from_le_bytes([z[lho + 26], z[lho + 27]]));
        let crc = CRC32.checksum(&z[d..d + len]).to_le_bytes();
        let ok = z[p + 16..p + 20] == crc && z[lho + 14..lho + 18] == crc;
        p += 46 + usize::from(u16::from_le_bytes([z[p + 28], z[p + 29]]));
        ok
    })
}

#[test]
fn zip_entries_in_any_central_order_are_fixed() {
    let locals: Vec<(&[u8], Vec<u8>)> = vec![(b"a", vec![1; 900]), (b"bb", vec![2; 700]), (b"c", vec![3; 5000])];
    let input = zip_of(&locals, &[2, 0, 1]);
    let mut output = input.clone();
    for d in [40, 1000, 2000] {
        output[d] ^= 0x10;
    }
    let (out, fixed, _) = fix_counted(Family::Zip, &input, &output);
    assert!(zip_crcs_valid(&out));
    assert_eq!(fixed.counts, vec![(ZIP_LOCAL, 3), (ZIP_CENTRAL, 3), (ZIP_DESCRIPTOR, 0)]);
    assert_eq!(fixed.unfixable(), None);
}

#[test]
fn zip_central_entries_naming_one_stored_entry_read_it_once() {
    // 3,000 central entries all naming one 60,000-byte STORED entry: read once, not 3,000 times.
    let data: Vec<u8> = (0..60_000u32).map(|i| (i * 7 + i / 251) as u8).collect();
    let input = zip_of(&[(b"big.bin", data)], &[0; 3000]);
    let mut output = input.clone();
    output[5000] ^= 1;
    let (out, fixed, read) = fix_counted(Family::Zip, &input, &output);
    assert_eq!(fixed.counts, vec![(ZIP_LOCAL, 1), (ZIP_CENTRAL, 1), (ZIP_DESCRIPTOR, 0)]);
    assert_eq!(
        fixed.unfixable().unwrap(),
        "2999 ZIP entries share or overlap the stored data of another entry and were left as they were"
    );
    let n = input.len() as u64;
    assert!(read < 4 * n, "read {read} bytes of a {n}-byte zip");
    // The entry's own fields are right: a reader of the first central entry gets the data.
    assert_eq!(out[14..18], CRC32.checksum(&out[37..37 + 60_000]).to_le_bytes());
}

#[test]
fn zip_entries_nested_in_stored_data_are_left() {
    // Local headers every 100 bytes, each entry's data running to the last byte of the local area:
    // nested, so each but the first is inside the first one's data.
    let k = 400;
    let area = 100 * k + 1000;
    let mut z = vec![0x55u8; area];
    let mut central = Vec::new();
    for i in 0..k {
        let at = 100 * i;
        let len = area - at - 31;
        z[at..at + 30].copy_from_slice(&zip_local(b"n", &[])[..30]);
        z[at + 18..at + 22].copy_from_slice(&le32(len));
        z[at + 22..at + 26].copy_from_slice(&le32(len));
        z[at + 26..at + 28].copy_from_slice(&le16(1));
        central.extend(zip_central(b"n", len, at));
    }
    let cd_at = z.len();
    z.extend(&central);
    z.extend(zip_end(k, central.len(), cd_at));
    let mut output = z.clone();
    output[area - 10] ^= 4;
    let (_, fixed, read) = fix_counted(Family::Zip, &z, &output);
    assert_eq!(fixed.counts, vec![(ZIP_LOCAL, 1), (ZIP_CENTRAL, 1), (ZIP_DESCRIPTOR, 0)]);
    assert_eq!(
        fixed.unfixable().unwrap(),
        "399 ZIP entries share or overlap the stored data of another entry and were left as they were"
    );
    assert!(read < 4 * z.len() as u64, "read {read} bytes of a {}-byte zip", z.len());
}

/// A FLAC frame header (block size code 6: one more byte; sample rate code 9) with its CRC-8, coded
/// number `number`.
fn flac_frame_header(number: u8) -> Vec<u8> {
    let mut h = vec![0xFF, 0xF8, 0x69, 0x08, number & 0x7F, 0x0F];
    h.push(FLAC_CRC8.checksum(&h));
    h
}

#[test]
fn flac_false_sync_codes_cost_linear_reads() {
    // Every 24 bytes a false sync code (a valid frame header with its CRC-8) that ends no frame (but
    // for the odd CRC-16 that matches by chance). Each costs a header check, not a CRC from the
    // frame's start.
    let mut f = b"fLaC\x80\x00\x00\x22".to_vec();
    f.extend([0u8; 34]);
    f.extend(flac_frame_header(0));
    while f.len() < 300_000 {
        f.extend([0x11; 17]);
        f.extend(flac_frame_header(1));
    }
    let mut output = f.clone();
    output[100] ^= 1;
    let (_, _, read) = fix_counted(Family::Flac, &f, &output);
    assert!(read < 4 * f.len() as u64, "read {read} bytes of a {}-byte flac", f.len());
}

/// A tar header block: `name`, the size field's 12 bytes, the type, then `edit` before the checksum
/// (unsigned sum, or signed when `signed`).
fn tar_block(name: &[u8], size: [u8; 12], kind: u8, signed: bool, edit: impl Fn(&mut [u8])) -> Vec<u8> {
    let mut h = vec![0u8; 512];
    h[..name.len()].copy_from_slice(name);
    h[100..107].copy_from_slice(b"0000644");
    h[124..136].copy_from_slice(&size);
    h[156] = kind;
    h[257..263].copy_from_slice(b"ustar ");
    h[263..265].copy_from_slice(b" \0");
    edit(&mut h);
    h[148..156].copy_from_slice(b"        ");
    let sum: i64 = h.iter().map(|&b| if signed { i64::from(b as i8) } else { i64::from(b) }).sum();
    h[148..156].copy_from_slice(format!("{sum:06o}\0 ").as_bytes());
    h
}

fn octal12(v: usize) -> [u8; 12] {
    format!("{v:011o}\0").as_bytes().try_into().unwrap()
}

fn padded(data: &[u8]) -> Vec<u8> {
    let mut d = data.to_vec();
    d.resize(data.len().div_ceil(512) * 512, 0);
    d
}

/// The archive of the tar tests (every kind of header the walk must step over) and where each
/// header is.
fn tar_archive() -> (Vec<u8>, Vec<usize>) {
    let mut t = Vec::new();
    let mut headers = Vec::new();
    let put = |t: &mut Vec<u8>, headers: &mut Vec<usize>, header: Vec<u8>, data: &[u8]| {
        headers.push(t.len());
        t.extend(header);
        t.extend(padded(data));
    };
    let long = "d/".repeat(80) + "long-name.txt";
    put(
        &mut t,
        &mut headers,
        tar_block(b"././@LongLink", octal12(long.len() + 1), b'L', false, |_| {}),
        format!("{long}\0").as_bytes(),
    );
    put(&mut t, &mut headers, tar_block(&long.as_bytes()[..100], octal12(700), b'0', false, |_| {}), &[b'a'; 700]);
    put(
        &mut t,
        &mut headers,
        tar_block(b"././@LongLink", octal12(long.len() + 1), b'K', false, |_| {}),
        format!("{long}\0").as_bytes(),
    );
    put(&mut t, &mut headers, tar_block(b"link", octal12(0), b'2', false, |_| {}), &[]);
    // pax: the member's size field says 0, its size record 1,300 (three blocks of data follow).
    let records = format!("30 path={}\n13 size=1300\n", "p".repeat(21));
    assert_eq!(records.find('\n'), Some(29));
    put(
        &mut t,
        &mut headers,
        tar_block(b"./PaxHeaders/x", octal12(records.len()), b'x', false, |_| {}),
        records.as_bytes(),
    );
    put(&mut t, &mut headers, tar_block(b"pax-sized", octal12(0), b'0', false, |_| {}), &[b'p'; 1300]);
    // Old GNU sparse: the header says an extension block follows (482), the block says no more
    // (504); then the 1,024 stored bytes (the size field), not the 10,000-byte real size.
    let sparse = tar_block(b"sparse.img", octal12(1024), b'S', false, |h| {
        h[386..398].copy_from_slice(&octal12(0));
        h[398..410].copy_from_slice(&octal12(512));
        h[482] = 1;
        h[483..495].copy_from_slice(&octal12(10_000));
    });
    let mut extension = vec![0u8; 512];
    extension[..12].copy_from_slice(&octal12(9_488));
    extension[12..24].copy_from_slice(&octal12(512));
    headers.push(t.len());
    t.extend(sparse);
    t.extend(extension);
    t.extend([b's'; 1024]);
    // A base-256 size (513: two blocks) and a header summed as signed bytes.
    let mut size256 = [0u8; 12];
    size256[0] = 0x80;
    size256[10..12].copy_from_slice(&513u16.to_be_bytes());
    put(&mut t, &mut headers, tar_block(b"base-256", size256, b'0', false, |_| {}), &[b'b'; 513]);
    put(&mut t, &mut headers, tar_block("signed-\u{e9}".as_bytes(), octal12(10), b'0', true, |_| {}), b"0123456789");
    put(&mut t, &mut headers, tar_block(b"last.txt", octal12(5), b'0', false, |_| {}), b"last\n");
    t.extend([0u8; 1024]);
    (t, headers)
}

#[test]
fn tar_walk_steps_over_long_names_pax_sizes_sparse_blocks_and_base_256_sizes() {
    let (input, headers) = tar_archive();
    let mut output = input.clone();
    // Damage every header's name (the sparse header's extension block has no checksum to fix).
    for &h in &headers {
        output[h + 1] ^= 0x01;
    }
    let (out, fixed, read) = fix_counted(Family::Tar, &input, &output);
    assert_eq!(fixed.counts, vec![(TAR_HEADER, headers.len() as u64)]);
    for &h in &headers {
        let mut header = out[h..h + 512].to_vec();
        let field = header[148..156].to_vec();
        header[148..156].copy_from_slice(b"        ");
        let sum: u64 = header.iter().map(|&b| u64::from(b)).sum();
        assert_eq!(field, format!("{sum:06o}\0 ").as_bytes(), "header at {h}");
    }
    assert!(read < 4 * input.len() as u64);
}

#[test]
fn pax_records_are_read_strictly() {
    let size = |records: &str| {
        let mut p = super::walk::PaxSize::default();
        // In parts of three bytes, as a stream hands them.
        for part in records.as_bytes().chunks(3) {
            p.feed(part, records.len() as u64);
        }
        p.found
    };
    assert_eq!(size("13 size=1300\n"), Some(1300));
    assert_eq!(size("13 size=1300\n12 size=200\n"), Some(200));
    // A malformed record ends the reading; the ones before count.
    assert_eq!(size("13 size=1300\n12 size=200X11 size=30\n"), Some(1300));
    assert_eq!(size("12 size=1300\n"), None); // LEN one short: the record ends in its value
    assert_eq!(size("14 sizes=1300\n"), None);
    assert_eq!(size("13 size=13a0\n"), None);
    assert_eq!(size("8 size=\n"), None);
    assert_eq!(size("25 size=9007199254740992\n"), None); // 2^53
    assert_eq!(size("25 size=9007199254740991\n"), Some((1 << 53) - 1));
    assert_eq!(size("9 =value\n13 size=1300\n"), None);
    assert_eq!(size("3 size=1\n"), None);
    assert_eq!(size("99999999999999999999 size=1\n"), None);
    assert_eq!(size("22 path=a\nb/c size=13\n13 size=1300\n"), Some(1300));
}

#[test]
fn fields_every_few_bytes_cost_a_write_per_window() {
    // 40,000 empty PNG chunks, each CRC wrong: 40,000 fields fixed, written back a window at a time.
    let mut p = b"\x89PNG\r\n\x1a\n".to_vec();
    for _ in 0..40_000 {
        p.extend(b"\0\0\0\0tEXt\0\0\0\0");
    }
    let (out, fixed, read, writes) = fix_counted_writes(Family::Png, &p, &p);
    assert_eq!(fixed.counts, vec![(PNG_CHUNK, 40_000)]);
    assert!(png_crcs_valid(&out).iter().all(|&ok| ok));
    assert!(read < 4 * p.len() as u64, "read {read}");
    assert!(writes < 100, "{writes} writes for 40,000 fields");
}

/// Read-ahead windows may overlap (each starts where a miss fell): a field written through one is
/// seen through every other. A zip entry's stored data that covers another entry's central CRC
/// (found by proptest) read the old CRC through a second window and fixed its own CRC wrong.
#[test]
fn a_write_is_seen_through_every_overlapping_window() {
    let (read, writes) = (std::cell::Cell::new(0), std::cell::Cell::new(0));
    let mut bytes = vec![0u8; 600];
    let mut area = super::Cached::new(Counted { bytes: &mut bytes, read: &read, writes: &writes });
    assert!(area.get(100, 4).is_some() && area.get(50, 4).is_some(), "two windows, both holding 100..600");
    super::AreaMut::put(&mut area, 200, &[1, 2, 3, 4]);
    assert_eq!(area.get(200, 4), Some(&[1u8, 2, 3, 4][..]));
    let mut fed = Vec::new();
    area.feed(190, 210, &mut |b| fed.extend_from_slice(b));
    assert_eq!(fed[10..14], [1, 2, 3, 4]);
    area.flush();
    drop(area);
    assert_eq!(bytes[200..204], [1, 2, 3, 4]);
}

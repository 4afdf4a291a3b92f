//! The benchmark's inputs (docs/benchmark.md): bytes made from a seed, the same in every host, so a
//! browser's figures and a command line's are for the same work. The native CLI calls this module;
//! the WebAssembly module exports it (`benchInput`) to the page and the npm CLI.

use crate::checksums::CRC32;
use crate::rng::Sequence;

/// The ChaCha8 sequence the inputs are drawn from: not one the engine's stages use for any seed.
pub const INPUT_SEQUENCE: u64 = u64::MAX - 1;

/// A PNG input is at least this long (a 1,024-pixel row, its headers and the padding chunk fit).
pub const PNG_MIN: usize = 4096;

/// Pixels per row of the PNG input (8-bit RGB).
pub const PNG_WIDTH: usize = 1024;

/// One row of raw image data: the filter byte (0, none) and the pixels.
const ROW: usize = 1 + 3 * PNG_WIDTH;
/// Bytes of the zlib stream per IDAT chunk, at most.
const IDAT_MAX: usize = 1 << 20;
/// Bytes of a stored deflate block, at most.
const BLOCK_MAX: usize = 65_535;
/// The tEXt chunk's keyword and its NUL.
const KEYWORD: &[u8] = b"Comment\0";
/// What the tEXt chunk pads with.
const PADDING: &[u8] = b"fracture benchmark padding ";
/// Signature, IHDR, IEND and an empty tEXt chunk.
const PNG_FIXED: usize = 8 + (12 + 13) + 12 + (12 + KEYWORD.len());

/// The kinds of input the suite runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// The seed's ChaCha8 keystream.
    Random,
    /// A valid PNG of the size asked for (docs/benchmark.md).
    Png,
}

impl Input {
    pub const ALL: [Input; 2] = [Input::Random, Input::Png];

    pub fn parse(s: &str) -> Result<Input, String> {
        match s {
            "random" => Ok(Input::Random),
            "png" => Ok(Input::Png),
            _ => Err(format!("Unknown input: {s} (random or png)")),
        }
    }

    /// Its name in the options and the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Input::Random => "random",
            Input::Png => "png",
        }
    }

    /// The name the engine is given with it (format detection reads the extension too).
    pub fn file_name(self) -> &'static str {
        match self {
            Input::Random => "bench.bin",
            Input::Png => "bench.png",
        }
    }

    /// The smallest size this input can be made at.
    pub fn min_size(self) -> usize {
        match self {
            Input::Random => 0,
            Input::Png => PNG_MIN,
        }
    }
}

/// The input of `kind`, `size` bytes long, made from `seed`.
pub fn input(kind: Input, size: usize, seed: u64) -> Result<Vec<u8>, String> {
    let mut out = vec![0u8; size];
    fill(kind, &mut out, seed)?;
    Ok(out)
}

/// Whether an input of `kind` can be `size` bytes long; the error says the least it can be.
pub fn check_size(kind: Input, size: usize) -> Result<(), String> {
    if size < kind.min_size() {
        return Err(format!("A {} input needs at least {} bytes, not {size}", kind.name(), kind.min_size()));
    }
    Ok(())
}

/// Fills `out` with the input of `kind` for `seed` (its length is the size).
pub fn fill(kind: Input, out: &mut [u8], seed: u64) -> Result<(), String> {
    check_size(kind, out.len())?;
    let mut draws = Sequence::new(seed, INPUT_SEQUENCE);
    match kind {
        Input::Random => random(&mut draws, out),
        Input::Png => png(&mut draws, out),
    }
    Ok(())
}

fn random(draws: &mut Sequence, out: &mut [u8]) {
    for part in out.chunks_mut(4) {
        let word = draws.u32().to_le_bytes();
        part.copy_from_slice(&word[..part.len()]);
    }
}

/// The zlib stream's length for `rows` rows: header, stored blocks (5 bytes of header each), Adler-32.
fn zlib_len(rows: usize) -> usize {
    let raw = rows * ROW;
    2 + raw + 5 * raw.div_ceil(BLOCK_MAX) + 4
}

/// The PNG's length for `rows` rows with an empty tEXt chunk.
fn png_len(rows: usize) -> usize {
    let z = zlib_len(rows);
    PNG_FIXED + z + 12 * z.div_ceil(IDAT_MAX)
}

/// The most rows whose PNG fits in `size` bytes (at least 1 from PNG_MIN on).
fn png_rows(size: usize) -> usize {
    let mut rows = size / ROW + 1;
    while rows > 0 && png_len(rows) > size {
        rows -= 1;
    }
    rows.min(i32::MAX as usize)
}

/// Writes into a slice from the start, chunk by chunk.
struct Cursor<'a> {
    out: &'a mut [u8],
    at: usize,
}

impl Cursor<'_> {
    fn put(&mut self, bytes: &[u8]) {
        self.out[self.at..self.at + bytes.len()].copy_from_slice(bytes);
        self.at += bytes.len();
    }

    /// A chunk's length and type; returns where its type starts (the CRC covers type and data).
    fn open(&mut self, len: usize, kind: &[u8; 4]) -> usize {
        self.put(&(len as u32).to_be_bytes());
        let start = self.at;
        self.put(kind);
        start
    }

    fn close(&mut self, start: usize) {
        let crc = CRC32.checksum(&self.out[start..self.at]);
        self.put(&crc.to_be_bytes());
    }
}

/// The zlib stream of the image data, as IDAT chunks of at most IDAT_MAX bytes, with its stored
/// blocks and its Adler-32 kept as the raw bytes go in.
struct Idat<'a, 'b> {
    c: &'b mut Cursor<'a>,
    /// zlib bytes not written yet, and left in the open chunk.
    z_left: usize,
    chunk_left: usize,
    chunk_start: usize,
    /// raw bytes not written yet, and left in the current stored block.
    raw_left: usize,
    block_left: usize,
    adler: (u32, u32),
}

impl Idat<'_, '_> {
    fn z(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            if self.chunk_left == 0 {
                self.chunk_left = self.z_left.min(IDAT_MAX);
                self.chunk_start = self.c.open(self.chunk_left, b"IDAT");
            }
            let n = self.chunk_left.min(bytes.len());
            self.c.put(&bytes[..n]);
            (self.chunk_left, self.z_left, bytes) = (self.chunk_left - n, self.z_left - n, &bytes[n..]);
            if self.chunk_left == 0 {
                self.c.close(self.chunk_start);
            }
        }
    }

    fn raw(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            if self.block_left == 0 {
                let len = self.raw_left.min(BLOCK_MAX) as u16;
                let last = u8::from(usize::from(len) == self.raw_left);
                let [lo, hi] = len.to_le_bytes();
                self.z(&[last, lo, hi, !lo, !hi]);
                self.block_left = usize::from(len);
            }
            let n = self.block_left.min(bytes.len());
            self.adler = adler32(self.adler, &bytes[..n]);
            self.z(&bytes[..n]);
            (self.block_left, self.raw_left, bytes) = (self.block_left - n, self.raw_left - n, &bytes[n..]);
        }
    }
}

fn adler32((mut a, mut b): (u32, u32), bytes: &[u8]) -> (u32, u32) {
    // 5,552 bytes is the most that can be summed before b could pass 2^32.
    for part in bytes.chunks(5552) {
        for &x in part {
            a += u32::from(x);
            b += a;
        }
        (a, b) = (a % 65_521, b % 65_521);
    }
    (a, b)
}

fn png(draws: &mut Sequence, out: &mut [u8]) {
    let rows = png_rows(out.len());
    let pad = out.len() - png_len(rows);
    let mut c = Cursor { out, at: 0 };
    c.put(b"\x89PNG\r\n\x1a\n");
    let start = c.open(13, b"IHDR");
    c.put(&(PNG_WIDTH as u32).to_be_bytes());
    c.put(&(rows as u32).to_be_bytes());
    c.put(&[8, 2, 0, 0, 0]);
    c.close(start);
    let start = c.open(KEYWORD.len() + pad, b"tEXt");
    c.put(KEYWORD);
    for i in 0..pad {
        c.put(&[PADDING[i % PADDING.len()]]);
    }
    c.close(start);
    let z = zlib_len(rows);
    let mut idat = Idat {
        c: &mut c,
        z_left: z,
        chunk_left: 0,
        chunk_start: 0,
        raw_left: rows * ROW,
        block_left: 0,
        adler: (1, 0),
    };
    idat.z(&[0x78, 0x01]);
    let mut row = [0u8; ROW];
    for _ in 0..rows {
        random(draws, &mut row[1..]);
        idat.raw(&row);
    }
    let (a, b) = idat.adler;
    idat.z(&((b << 16) | a).to_be_bytes());
    let start = c.open(0, b"IEND");
    c.close(start);
    debug_assert_eq!(c.at, c.out.len());
}

/// Where a timed run's output goes (docs/benchmark.md): each piece copied into one buffer, reused,
/// as a host copies the output out of the engine; nothing is kept.
pub struct Copied {
    buf: Vec<u8>,
}

impl Copied {
    /// A buffer of `len` bytes (the stream's piece).
    pub fn new(len: usize) -> Copied {
        Copied { buf: vec![0; len] }
    }
}

impl std::io::Write for Copied {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let n = bytes.len().min(self.buf.len());
        self.buf[..n].copy_from_slice(&bytes[..n]);
        std::hint::black_box(&self.buf);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The PNG's chunks: (type, data), each CRC checked.
    fn chunks(png: &[u8]) -> Vec<([u8; 4], &[u8])> {
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let mut at = 8;
        let mut found = Vec::new();
        while at < png.len() {
            let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
            let kind: [u8; 4] = png[at + 4..at + 8].try_into().unwrap();
            let data = &png[at + 8..at + 8 + len];
            let crc = u32::from_be_bytes(png[at + 8 + len..at + 12 + len].try_into().unwrap());
            assert_eq!(crc, CRC32.checksum(&png[at + 4..at + 8 + len]), "CRC of {:?}", kind);
            found.push((kind, data));
            at += 12 + len;
        }
        assert_eq!(at, png.len());
        found
    }

    /// The raw image data out of the zlib stream's stored blocks, its Adler-32 checked.
    fn inflate_stored(z: &[u8]) -> Vec<u8> {
        assert_eq!(&z[..2], &[0x78, 0x01]);
        let mut at = 2;
        let mut raw = Vec::new();
        loop {
            let last = z[at];
            let len = u16::from_le_bytes([z[at + 1], z[at + 2]]) as usize;
            let nlen = u16::from_le_bytes([z[at + 3], z[at + 4]]) as usize;
            assert_eq!(len ^ 0xFFFF, nlen);
            raw.extend_from_slice(&z[at + 5..at + 5 + len]);
            at += 5 + len;
            if last == 1 {
                break;
            }
            assert_eq!(last, 0);
        }
        let (a, b) = adler32((1, 0), &raw);
        assert_eq!(&z[at..], &((b << 16) | a).to_be_bytes());
        raw
    }

    #[test]
    fn png_of_every_size_is_valid_and_exact() {
        for size in [PNG_MIN, PNG_MIN + 1, 70_000, 200_003, (1 << 20) + 12_345, 3 << 20] {
            let png = input(Input::Png, size, 7).unwrap();
            assert_eq!(png.len(), size);
            let found = chunks(&png);
            let kinds: Vec<&[u8; 4]> = found.iter().map(|(k, _)| k).collect();
            assert_eq!(kinds[0], b"IHDR");
            assert_eq!(kinds[1], b"tEXt");
            assert_eq!(*kinds.last().unwrap(), b"IEND");
            let ihdr = found[0].1;
            let rows = u32::from_be_bytes(ihdr[4..8].try_into().unwrap()) as usize;
            assert_eq!(u32::from_be_bytes(ihdr[0..4].try_into().unwrap()) as usize, PNG_WIDTH);
            let z: Vec<u8> = found.iter().filter(|(k, _)| k == b"IDAT").flat_map(|(_, d)| d.iter().copied()).collect();
            assert!(found.iter().all(|(k, d)| k != b"IDAT" || d.len() <= IDAT_MAX));
            let raw = inflate_stored(&z);
            assert_eq!(raw.len(), rows * ROW);
            assert!(raw.chunks(ROW).all(|r| r[0] == 0));
            // The padding is less than one more row would take.
            assert!(png_len(rows + 1) > size);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_bytes_and_another_seed_others() {
        for kind in Input::ALL {
            let a = input(kind, 100_000, 1).unwrap();
            assert_eq!(a, input(kind, 100_000, 1).unwrap());
            assert_ne!(a, input(kind, 100_000, 2).unwrap());
        }
        // The random input is the sequence's words, little-endian; a shorter one is a prefix.
        let mut s = Sequence::new(1, INPUT_SEQUENCE);
        let first: Vec<u8> = (0..2).flat_map(|_| s.u32().to_le_bytes()).collect();
        assert_eq!(input(Input::Random, 7, 1).unwrap(), first[..7]);
        assert_eq!(input(Input::Random, 1000, 1).unwrap()[..100], input(Input::Random, 100, 1).unwrap());
    }

    /// The inputs' known answers; tests/cross-engine/bench.test.ts holds the WebAssembly module's
    /// `benchInput` to the same digests, so every host runs on the same bytes.
    #[test]
    fn known_answers() {
        let sha = |kind| crate::sha::hex_digest(&input(kind, 100_000, 1).unwrap());
        assert_eq!(sha(Input::Random), "bbf0451cc693b089333aa12d00cc71ecc1e4b735cd0599ab13cff680411e1149");
        assert_eq!(sha(Input::Png), "836bd464ed94461f7b5a88dcaf16e5877475c2585ebf97ac6836c4accbd0a719");
    }

    #[test]
    fn the_engine_sees_a_png() {
        let png = input(Input::Png, 20_000, 3).unwrap();
        assert_eq!(crate::detect(&png, "png"), crate::Family::Png);
    }

    #[test]
    fn too_small_and_unknown_are_refused() {
        assert!(input(Input::Png, PNG_MIN - 1, 1).unwrap_err().contains("at least 4096 bytes"));
        assert_eq!(input(Input::Random, 0, 1).unwrap(), Vec::<u8>::new());
        assert!(Input::parse("jpeg").unwrap_err().contains("random or png"));
        assert_eq!(Input::parse("png"), Ok(Input::Png));
    }
}

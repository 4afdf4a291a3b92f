//! The batch ZIP's bytes (docs/zip.md, "Format choices"), streamed: the shell hands each entry's name,
//! size and CRC-32 and gets its local header, writes the entry's bytes after it (STORE: the archive
//! holds them as they are), and at the end gets the central directory and end records. Nothing here
//! touches a file, so the native CLI, the npm CLI and the page (both through engine-rs/outputs-wasm)
//! write the same bytes; memory is one small record per entry.
//!
//! STORE only: corrupted data is close to random and does not compress. The CRC-32 comes before the
//! local header (no data descriptors), so streaming readers find each entry's end. ZIP64 only where a
//! field overflows. Names UTF-8 (flag bit 11), "made by" Unix with mode -rw-r--r--, every entry
//! dated alike: the DOS date and time in UTC and the Info-ZIP extended timestamp (0x5455) with the
//! same second.

use std::collections::HashSet;

use crc::{Crc, Digest, Table, CRC_32_ISO_HDLC};

use crate::session::{civil, DOS_FIRST, DOS_LAST};

/// CRC-32 (ISO-HDLC, as ZIP uses it), slice-by-16: the `crc` crate the engine's checksums use.
static CRC32: Crc<u32, Table<16>> = Crc::<u32, Table<16>>::new(&CRC_32_ISO_HDLC);

/// An entry's CRC-32, fed in pieces.
pub struct Crc32(Digest<'static, u32, Table<16>>);

impl Default for Crc32 {
    fn default() -> Self {
        Crc32(CRC32.digest())
    }
}

impl Crc32 {
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    pub fn value(&self) -> u32 {
        self.0.clone().finalize()
    }
}

pub fn crc32(bytes: &[u8]) -> u32 {
    CRC32.checksum(bytes)
}

const SIG_LOCAL: u32 = 0x0403_4b50;
const SIG_CENTRAL: u32 = 0x0201_4b50;
const SIG_EOCD: u32 = 0x0605_4b50;
const SIG_ZIP64_EOCD: u32 = 0x0606_4b50;
const SIG_ZIP64_LOCATOR: u32 = 0x0706_4b50;
const EXTRA_ZIP64: u16 = 0x0001;
/// Info-ZIP extended timestamp: the UTC modification time, which unzip restores exactly.
const EXTRA_TIMESTAMP: u16 = 0x5455;
const MAX16: u64 = 0xFFFF;
const MAX32: u64 = 0xFFFF_FFFF;
/// 2.0 (what every reader handles) and 4.5 (ZIP64).
const VERSION_BASE: u16 = 20;
const VERSION_ZIP64: u16 = 45;
/// Upper byte 3 = Unix, so the external attributes carry a file mode.
const VERSION_MADE_BY: u16 = (3 << 8) | VERSION_ZIP64;
/// A regular file, rw-r--r--.
const EXTERNAL_ATTRIBUTES: u32 = 0o100644 << 16;
/// General purpose bit 11: the name is UTF-8.
const FLAG_UTF8: u16 = 0x0800;
const METHOD_STORE: u16 = 0;

struct Central {
    name: Vec<u8>,
    crc: u32,
    size: u64,
    offset: u64,
    version: u16,
}

/// One archive's layout, entry by entry.
pub struct ZipWriter {
    dos_time: u16,
    dos_date: u16,
    /// The extended timestamp's seconds, when its signed 32 bits hold them (until 2038).
    unix_time: Option<u32>,
    force_zip64: bool,
    offset: u64,
    central: Vec<Central>,
    names: HashSet<String>,
}

/// MS-DOS time and date of `seconds` (a civil time as seconds since 1970: UTC, or a local clock's
/// with its offset added), clamped to 1980-2107; 2-second steps.
pub fn dos_date_time(seconds: i64) -> (u16, u16) {
    let (y, mo, d, h, mi, s, _) = civil(seconds.clamp(DOS_FIRST, DOS_LAST) * 1000);
    let time = (h << 11) | (mi << 5) | (s >> 1);
    let date = (((y - 1980) as u32) << 9) | (mo << 5) | d;
    (time as u16, date as u16)
}

fn le16(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn le32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn le64(out: &mut Vec<u8>, v: u64) {
    out.extend_from_slice(&v.to_le_bytes());
}

impl ZipWriter {
    /// Every entry dated `seconds` since 1970 (UTC; clamped to what a DOS date holds): the DOS fields,
    /// which hold no time zone, read on the clock `utc_offset_s` east of UTC (as file managers that
    /// ignore the extended field show them), the extended timestamp field in UTC.
    pub fn new(seconds: i64, utc_offset_s: i32) -> ZipWriter {
        let seconds = seconds.clamp(DOS_FIRST, DOS_LAST);
        let (dos_time, dos_date) = dos_date_time(seconds + i64::from(utc_offset_s));
        ZipWriter {
            dos_time,
            dos_date,
            unix_time: u32::try_from(seconds).ok().filter(|&s| s <= 0x7FFF_FFFF),
            force_zip64: false,
            offset: 0,
            central: Vec::new(),
            names: HashSet::new(),
        }
    }

    /// Every ZIP64 field and marker even where 32 bits do, so tests reach readers' ZIP64 paths
    /// without writing 4 GiB (the outputs module's `BatchZip.forceZip64`, for lib/zip/batch.test.ts).
    pub fn force_zip64(mut self) -> ZipWriter {
        self.force_zip64 = true;
        self
    }

    /// Bytes written so far, as the offsets count them.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    fn timestamp_extra(&self, out: &mut Vec<u8>) {
        if let Some(t) = self.unix_time {
            le16(out, EXTRA_TIMESTAMP);
            le16(out, 5);
            out.push(1); // flags: the modification time is present
            le32(out, t);
        }
    }

    fn timestamp_len(&self) -> u16 {
        if self.unix_time.is_some() {
            9
        } else {
            0
        }
    }

    /// The local header of the next entry, whose `size` bytes with CRC-32 `crc` the caller writes
    /// right after it. Refuses an empty name, one over 65,535 bytes and a repeated one (readers
    /// disagree on which of two entries of one name wins).
    pub fn local_header(&mut self, name: &str, size: u64, crc: u32) -> Result<Vec<u8>, String> {
        if name.is_empty() {
            return Err("ZIP entry name is empty".into());
        }
        if name.len() as u64 > MAX16 {
            return Err(format!("ZIP entry name is longer than {MAX16} bytes"));
        }
        if !self.names.insert(name.to_string()) {
            return Err(format!("Duplicate ZIP entry name: {name}"));
        }
        let zip64_sizes = self.force_zip64 || size >= MAX32;
        let version = if zip64_sizes || self.offset >= MAX32 { VERSION_ZIP64 } else { VERSION_BASE };
        let record = Central { name: name.as_bytes().to_vec(), crc, size, offset: self.offset, version };
        let extra_len = if zip64_sizes { 20 } else { 0 } + self.timestamp_len();
        let mut h = Vec::with_capacity(30 + record.name.len() + usize::from(extra_len));
        le32(&mut h, SIG_LOCAL);
        le16(&mut h, version);
        le16(&mut h, FLAG_UTF8);
        le16(&mut h, METHOD_STORE);
        le16(&mut h, self.dos_time);
        le16(&mut h, self.dos_date);
        le32(&mut h, crc);
        let size32 = if zip64_sizes { MAX32 as u32 } else { size as u32 };
        le32(&mut h, size32);
        le32(&mut h, size32);
        le16(&mut h, record.name.len() as u16);
        le16(&mut h, extra_len);
        h.extend_from_slice(&record.name);
        if zip64_sizes {
            // The local ZIP64 field, when present, holds both sizes (APPNOTE 4.5.3).
            le16(&mut h, EXTRA_ZIP64);
            le16(&mut h, 16);
            le64(&mut h, size);
            le64(&mut h, size);
        }
        self.timestamp_extra(&mut h);
        self.offset += h.len() as u64 + size;
        self.central.push(record);
        Ok(h)
    }

    /// The central directory and the end records: the archive's last bytes.
    pub fn finish(&self) -> Vec<u8> {
        let start = self.offset;
        let mut out = Vec::new();
        for c in &self.central {
            self.central_header(&mut out, c);
        }
        let size = out.len() as u64;
        self.end_records(&mut out, size, start);
        out
    }

    fn central_header(&self, out: &mut Vec<u8>, c: &Central) {
        let zip64_sizes = self.force_zip64 || c.size >= MAX32;
        let zip64_offset = self.force_zip64 || c.offset >= MAX32;
        // Only the fields whose 32-bit slot holds the marker, in a fixed order.
        let zip64_len = 8 * (2 * u16::from(zip64_sizes) + u16::from(zip64_offset));
        let zip64_block = if zip64_len > 0 { 4 + zip64_len } else { 0 };
        le32(out, SIG_CENTRAL);
        le16(out, VERSION_MADE_BY);
        le16(out, c.version);
        le16(out, FLAG_UTF8);
        le16(out, METHOD_STORE);
        le16(out, self.dos_time);
        le16(out, self.dos_date);
        le32(out, c.crc);
        let size32 = if zip64_sizes { MAX32 as u32 } else { c.size as u32 };
        le32(out, size32);
        le32(out, size32);
        le16(out, c.name.len() as u16);
        le16(out, zip64_block + self.timestamp_len());
        le16(out, 0); // comment length
        le16(out, 0); // disk number start
        le16(out, 0); // internal attributes
        le32(out, EXTERNAL_ATTRIBUTES);
        le32(out, if zip64_offset { MAX32 as u32 } else { c.offset as u32 });
        out.extend_from_slice(&c.name);
        if zip64_len > 0 {
            le16(out, EXTRA_ZIP64);
            le16(out, zip64_len);
            if zip64_sizes {
                le64(out, c.size);
                le64(out, c.size);
            }
            if zip64_offset {
                le64(out, c.offset);
            }
        }
        self.timestamp_extra(out);
    }

    fn end_records(&self, out: &mut Vec<u8>, cd_size: u64, cd_start: u64) {
        let count = self.central.len() as u64;
        let count_over = self.force_zip64 || count >= MAX16;
        let size_over = self.force_zip64 || cd_size >= MAX32;
        let start_over = self.force_zip64 || cd_start >= MAX32;
        if count_over || size_over || start_over {
            le32(out, SIG_ZIP64_EOCD);
            le64(out, 44); // the record's size after this field
            le16(out, VERSION_MADE_BY);
            le16(out, VERSION_ZIP64);
            le32(out, 0); // this disk
            le32(out, 0); // the disk holding the central directory
            le64(out, count);
            le64(out, count);
            le64(out, cd_size);
            le64(out, cd_start);
            le32(out, SIG_ZIP64_LOCATOR);
            le32(out, 0); // the disk holding the ZIP64 end record
            le64(out, cd_start + cd_size);
            le32(out, 1); // total disks
        }
        le32(out, SIG_EOCD);
        le16(out, 0);
        le16(out, 0);
        let count16 = if count_over { MAX16 as u16 } else { count as u16 };
        le16(out, count16);
        le16(out, count16);
        le32(out, if size_over { MAX32 as u32 } else { cd_size as u32 });
        le32(out, if start_over { MAX32 as u32 } else { cd_start as u32 });
        le16(out, 0); // comment length
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_known_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        let mut c = Crc32::default();
        c.update(b"1234");
        c.update(b"56789");
        assert_eq!(c.value(), 0xCBF4_3926);
    }

    #[test]
    fn dos_dates_clamp_to_1980_and_2107() {
        assert_eq!(dos_date_time(0), (0, (1 << 5) | 1));
        // 2023-11-14 22:13:20 UTC.
        assert_eq!(dos_date_time(1_700_000_000), ((22 << 11) | (13 << 5) | 10, (43 << 9) | (11 << 5) | 14));
        assert_eq!(dos_date_time(i64::MAX), ((23 << 11) | (59 << 5) | 29, (127 << 9) | (12 << 5) | 31));
        assert_eq!(ZipWriter::new(4_000_000_000, 0).unix_time, None);
        // 2023-11-14 22:15:00 UTC on a clock 5:45 east of it: the DOS fields say 2023-11-15 04:00:00,
        // the extended field keeps the UTC second.
        let z = ZipWriter::new(1_700_000_100, 5 * 3600 + 45 * 60);
        assert_eq!((z.dos_time >> 11, (z.dos_time >> 5) & 63, z.dos_date & 31), (4, 0, 15));
        assert_eq!(z.unix_time, Some(1_700_000_100));
    }

    #[test]
    fn one_entry_archive() {
        let mut z = ZipWriter::new(1_700_000_000, 0);
        let h = z.local_header("a.txt", 3, crc32(b"abc")).unwrap();
        assert_eq!(h.len(), 30 + 5 + 9);
        assert_eq!(z.local_header("a.txt", 0, 0).unwrap_err(), "Duplicate ZIP entry name: a.txt");
        assert!(z.local_header("", 0, 0).is_err());
        let end = z.finish();
        assert_eq!(end.len(), 46 + 5 + 9 + 22);
        assert_eq!(&end[end.len() - 22..end.len() - 18], &SIG_EOCD.to_le_bytes());
        // The central directory starts where the entry's data ends.
        assert_eq!(&end[end.len() - 6..end.len() - 2], &(44u32 + 3).to_le_bytes());
    }
}

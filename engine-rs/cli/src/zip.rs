//! A STORE-only ZIP writer with ZIP64 when sizes, offsets or the entry count need it. Corrupted data
//! does not compress, so storing is both faster and as small.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

const CRC_TABLE: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        t[i] = c;
        i += 1;
    }
    t
};

pub fn crc32(data: &[u8]) -> u32 {
    !crc_update(!0u32, data)
}

fn crc_update(c: u32, data: &[u8]) -> u32 {
    data.iter().fold(c, |c, &b| CRC_TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8))
}

const MAX32: u64 = 0xFFFF_FFFF;
/// 1980-01-01 00:00, the DOS epoch: entries carry no wall-clock time, so archives are reproducible.
const DOS_DATE: u16 = (1 << 5) | 1;

struct Central {
    name: Vec<u8>,
    crc: u32,
    size: u64,
    offset: u64,
}

/// A corrupted output kept for the ZIP: its bytes, or the file it was streamed to.
pub enum Data {
    Bytes(Vec<u8>),
    File(PathBuf),
}

impl Data {
    pub fn entry(&self) -> Entry<'_> {
        match self {
            Data::Bytes(b) => Entry::Bytes(b),
            Data::File(p) => Entry::File(p),
        }
    }
}

/// One entry's contents: bytes in memory, or a file read twice (its CRC-32, then its copy), so a
/// streamed output of any size goes into the ZIP in bounded memory.
pub enum Entry<'a> {
    Bytes(&'a [u8]),
    File(&'a Path),
}

const COPY: usize = 4 << 20;

impl Entry<'_> {
    fn crc_and_size(&self) -> std::io::Result<(u32, u64)> {
        match self {
            Entry::Bytes(b) => Ok((crc32(b), b.len() as u64)),
            Entry::File(p) => {
                let mut f = File::open(p)?;
                let mut buf = vec![0u8; COPY];
                let (mut c, mut size) = (!0u32, 0u64);
                loop {
                    let got = f.read(&mut buf)?;
                    if got == 0 {
                        return Ok((!c, size));
                    }
                    c = crc_update(c, &buf[..got]);
                    size += got as u64;
                }
            }
        }
    }

    fn copy_to<W: Write>(&self, w: &mut W, size: u64) -> std::io::Result<()> {
        match self {
            Entry::Bytes(b) => w.write_all(b),
            Entry::File(p) => {
                let copied = std::io::copy(&mut File::open(p)?.take(size), w)?;
                if copied == size {
                    Ok(())
                } else {
                    Err(std::io::Error::other(format!("{} changed while it was being zipped", p.display())))
                }
            }
        }
    }
}

/// Writes the ZIP to `path` through a temporary file (crate::output) with mode `mode`.
pub fn write_file(path: &Path, entries: &[(String, Entry)], mode: u32) -> std::io::Result<()> {
    let pending = crate::output::create(path, mode)?;
    let mut w = BufWriter::with_capacity(1 << 20, pending.file());
    write(&mut w, entries)?;
    w.flush()?;
    drop(w);
    pending.commit()
}

pub fn write<W: Write>(w: &mut W, entries: &[(String, Entry)]) -> std::io::Result<()> {
    let mut offset = 0u64;
    let mut central = Vec::with_capacity(entries.len());
    for (name, data) in entries {
        let name = name.as_bytes().to_vec();
        let (crc, size) = data.crc_and_size()?;
        let zip64 = size >= MAX32;
        let mut h = Vec::with_capacity(30 + name.len() + 20);
        h.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        h.extend_from_slice(&(if zip64 { 45u16 } else { 20 }).to_le_bytes());
        h.extend_from_slice(&0x0800u16.to_le_bytes()); // UTF-8 names
        h.extend_from_slice(&0u16.to_le_bytes()); // stored
        h.extend_from_slice(&0u16.to_le_bytes());
        h.extend_from_slice(&DOS_DATE.to_le_bytes());
        h.extend_from_slice(&crc.to_le_bytes());
        let s32 = if zip64 { MAX32 as u32 } else { size as u32 };
        h.extend_from_slice(&s32.to_le_bytes());
        h.extend_from_slice(&s32.to_le_bytes());
        h.extend_from_slice(&(name.len() as u16).to_le_bytes());
        h.extend_from_slice(&(if zip64 { 20u16 } else { 0 }).to_le_bytes());
        h.extend_from_slice(&name);
        if zip64 {
            h.extend_from_slice(&1u16.to_le_bytes());
            h.extend_from_slice(&16u16.to_le_bytes());
            h.extend_from_slice(&size.to_le_bytes());
            h.extend_from_slice(&size.to_le_bytes());
        }
        w.write_all(&h)?;
        data.copy_to(w, size)?;
        central.push(Central { name, crc, size, offset });
        offset += h.len() as u64 + size;
    }
    let cd_start = offset;
    for c in &central {
        let mut extra = Vec::new();
        if c.size >= MAX32 {
            extra.extend_from_slice(&c.size.to_le_bytes());
            extra.extend_from_slice(&c.size.to_le_bytes());
        }
        if c.offset >= MAX32 {
            extra.extend_from_slice(&c.offset.to_le_bytes());
        }
        let zip64 = !extra.is_empty();
        let mut h = Vec::with_capacity(46 + c.name.len() + 28);
        h.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        h.extend_from_slice(&(0x0300u16 | 45).to_le_bytes()); // made by: Unix, 4.5
        h.extend_from_slice(&(if zip64 { 45u16 } else { 20 }).to_le_bytes());
        h.extend_from_slice(&0x0800u16.to_le_bytes());
        h.extend_from_slice(&0u16.to_le_bytes());
        h.extend_from_slice(&0u16.to_le_bytes());
        h.extend_from_slice(&DOS_DATE.to_le_bytes());
        h.extend_from_slice(&c.crc.to_le_bytes());
        let s32 = c.size.min(MAX32) as u32;
        h.extend_from_slice(&s32.to_le_bytes());
        h.extend_from_slice(&s32.to_le_bytes());
        h.extend_from_slice(&(c.name.len() as u16).to_le_bytes());
        h.extend_from_slice(&(if zip64 { extra.len() as u16 + 4 } else { 0 }).to_le_bytes());
        h.extend_from_slice(&0u16.to_le_bytes()); // comment
        h.extend_from_slice(&0u16.to_le_bytes()); // disk
        h.extend_from_slice(&0u16.to_le_bytes()); // internal attributes
        h.extend_from_slice(&(0o100644u32 << 16).to_le_bytes()); // -rw-r--r--
        h.extend_from_slice(&(c.offset.min(MAX32) as u32).to_le_bytes());
        h.extend_from_slice(&c.name);
        if zip64 {
            h.extend_from_slice(&1u16.to_le_bytes());
            h.extend_from_slice(&(extra.len() as u16).to_le_bytes());
            h.extend_from_slice(&extra);
        }
        w.write_all(&h)?;
        offset += h.len() as u64;
    }
    let cd_size = offset - cd_start;
    let count = central.len() as u64;
    if count >= 0xFFFF || cd_start >= MAX32 || cd_size >= MAX32 {
        let mut e = Vec::with_capacity(76);
        e.extend_from_slice(&0x0606_4b50u32.to_le_bytes());
        e.extend_from_slice(&44u64.to_le_bytes());
        e.extend_from_slice(&(0x0300u16 | 45).to_le_bytes());
        e.extend_from_slice(&45u16.to_le_bytes());
        e.extend_from_slice(&0u32.to_le_bytes());
        e.extend_from_slice(&0u32.to_le_bytes());
        e.extend_from_slice(&count.to_le_bytes());
        e.extend_from_slice(&count.to_le_bytes());
        e.extend_from_slice(&cd_size.to_le_bytes());
        e.extend_from_slice(&cd_start.to_le_bytes());
        e.extend_from_slice(&0x0706_4b50u32.to_le_bytes());
        e.extend_from_slice(&0u32.to_le_bytes());
        e.extend_from_slice(&offset.to_le_bytes());
        e.extend_from_slice(&1u32.to_le_bytes());
        w.write_all(&e)?;
    }
    let mut e = Vec::with_capacity(22);
    e.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    e.extend_from_slice(&0u32.to_le_bytes());
    e.extend_from_slice(&(count.min(0xFFFF) as u16).to_le_bytes());
    e.extend_from_slice(&(count.min(0xFFFF) as u16).to_le_bytes());
    e.extend_from_slice(&(cd_size.min(MAX32) as u32).to_le_bytes());
    e.extend_from_slice(&(cd_start.min(MAX32) as u32).to_le_bytes());
    e.extend_from_slice(&0u16.to_le_bytes());
    w.write_all(&e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_known_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }
}

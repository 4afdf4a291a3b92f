//! gzip members inflated to check what the structure map cannot: whether each member's deflate
//! stream ends (a cut file's does not), and whether its CRC-32 and length (ISIZE) match what it
//! inflates to. Memory: the inflater's 32 KiB window and two 64 KiB buffers.

use fracture_engine::checksums::Positional;
use miniz_oxide::inflate::stream::{inflate, InflateState};
use miniz_oxide::{DataFormat, MZError, MZFlush, MZStatus};
use std::io;

const BUF: usize = 64 << 10;
static CRC32: crc::Crc<u32> = crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC);

/// How a gzip file's members end.
#[derive(Debug, PartialEq, Eq)]
pub enum Members {
    /// Every member decoded; where the last one ends, and the members whose CRC-32 or length differ.
    Whole { members: u64, end: u64, bad_crc: Vec<u64>, bad_size: Vec<u64> },
    /// Member `member`'s stream (from `from`) or trailer runs past the end of the file.
    Cut { member: u64, from: u64 },
    /// Member `member`'s deflate data cannot be decoded at about `at`.
    Broken { member: u64, at: u64 },
    /// The file does not start with a gzip header.
    NotGzip,
}

fn header_end(src: &mut dyn Positional, p: u64) -> io::Result<Option<u64>> {
    let n = src.size();
    let mut h = [0u8; 10];
    if p + 10 > n {
        return Ok(None);
    }
    src.read_at(p, &mut h)?;
    if h[..3] != [0x1f, 0x8b, 8] {
        return Ok(None);
    }
    let flags = h[3];
    let mut q = p + 10;
    if flags & 4 != 0 {
        let mut x = [0u8; 2];
        if q + 2 > n {
            return Ok(None);
        }
        src.read_at(q, &mut x)?;
        q += 2 + u64::from(u16::from_le_bytes(x));
    }
    for bit in [8u8, 16] {
        if flags & bit != 0 {
            let mut b = [0u8; 1];
            loop {
                if q >= n {
                    return Ok(None);
                }
                src.read_at(q, &mut b)?;
                q += 1;
                if b[0] == 0 {
                    break;
                }
            }
        }
    }
    if flags & 2 != 0 {
        q += 2;
    }
    Ok((q <= n).then_some(q))
}

/// Checks every member in turn, up to the first that does not decode.
pub fn check(src: &mut dyn Positional) -> io::Result<Members> {
    let n = src.size();
    let Some(mut q) = header_end(src, 0)? else { return Ok(Members::NotGzip) };
    let (mut members, mut bad_crc, mut bad_size) = (0u64, Vec::new(), Vec::new());
    let mut input = vec![0u8; BUF];
    let mut output = vec![0u8; BUF];
    loop {
        let member = members;
        let mut state = InflateState::new_boxed(DataFormat::Raw);
        let mut crc = CRC32.digest();
        let mut size = 0u64;
        let mut pos = q;
        let (mut have, mut used) = (0usize, 0usize);
        // Output that filled the buffer may have more behind it: inflate again before reading on.
        let mut full = false;
        let end = loop {
            if used == have && !full {
                have = (n - pos).min(BUF as u64) as usize;
                used = 0;
                if have == 0 {
                    return Ok(Members::Cut { member, from: q });
                }
                src.read_at(pos, &mut input[..have])?;
                pos += have as u64;
            }
            let r = inflate(&mut state, &input[used..have], &mut output, MZFlush::None);
            if r.bytes_consumed == 0 && r.bytes_written == 0 && used < have && r.status != Ok(MZStatus::StreamEnd) {
                return Ok(Members::Broken { member, at: pos - (have - used) as u64 });
            }
            used += r.bytes_consumed;
            full = r.bytes_written == BUF;
            crc.update(&output[..r.bytes_written]);
            size += r.bytes_written as u64;
            match r.status {
                Ok(MZStatus::StreamEnd) => break pos - (have - used) as u64,
                Ok(_) | Err(MZError::Buf) => {}
                Err(_) => return Ok(Members::Broken { member, at: pos - (have - used) as u64 }),
            }
        };
        if end + 8 > n {
            return Ok(Members::Cut { member, from: q });
        }
        let mut t = [0u8; 8];
        src.read_at(end, &mut t)?;
        if u32::from_le_bytes([t[0], t[1], t[2], t[3]]) != crc.finalize() {
            bad_crc.push(member);
        }
        if u32::from_le_bytes([t[4], t[5], t[6], t[7]]) != size as u32 {
            bad_size.push(member);
        }
        members += 1;
        match header_end(src, end + 8)? {
            Some(next) => q = next,
            None => return Ok(Members::Whole { members, end: end + 8, bad_crc, bad_size }),
        }
    }
}

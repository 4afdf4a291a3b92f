use super::prims::{clamp, Signature};
use super::steps::{Op, Range};

/// The bytes in a tar block: every header starts on a multiple of this.
const TAR_BLOCK_BYTES: u64 = 512;
const CHECKSUM: u64 = 148;
const CHECKSUM_LEN: u64 = 8;
const MAGIC: u64 = 257;
const USTAR: &[u8] = b"ustar";
/// Every `ustar` in the file is overwritten with zeros.
pub const USTAR_SIGNATURE: &[Signature] = &[Signature { bytes: USTAR, fill: 0x00 }];

/// The header blocks among the input's bytes `input` from `pos` (a multiple of 512), of an `n`-byte
/// file: the ranges to change, and how many headers.
pub fn headers(input: &[u8], pos: u64, n: u64, out: &mut Vec<Range>) -> u64 {
    let mut headers = 0;
    let end = pos + input.len() as u64;
    let mut block = pos.next_multiple_of(TAR_BLOCK_BYTES);
    while block < end {
        let magic_end = block + MAGIC + USTAR.len() as u64;
        let is_header = block == 0
            || (magic_end <= end && &input[(block + MAGIC - pos) as usize..(magic_end - pos) as usize] == USTAR);
        if is_header {
            out.push(Range::new(Op::Zero, (block, 1)));
            out.push(Range::new(Op::Invert, clamp(n, block + CHECKSUM, CHECKSUM_LEN)));
            headers += 1;
        }
        block += TAR_BLOCK_BYTES;
    }
    headers
}

pub fn sentence(scrambled: u64, headers: u64, magics: u64) -> String {
    format!("Scrambled {scrambled} bytes, zeroed the first name byte and inverted the checksum of {headers} headers, and overwrote {magics} ustar magics.")
}

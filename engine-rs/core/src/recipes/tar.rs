//! tar. Readers check every 512-byte header's checksum (and `ustar` magic) and skip to the next
//! valid header after a bad one. Every header block (block 0, and any block whose magic at 257 is
//! `ustar`) loses the first byte of its name and gets its checksum field inverted; every `ustar` in
//! the file is overwritten.

use super::prims::{clamp, invert, overwrite_signatures, scatter, zero, Signature};
use super::{Broken, Ctx};

const BLOCK: u64 = 512;
const CHECKSUM: u64 = 148;
const CHECKSUM_LEN: u64 = 8;
const MAGIC: u64 = 257;
const USTAR: &[u8] = b"ustar";
/// Every `ustar` in the file is overwritten with zeros.
const USTAR_SIGNATURE: Signature = Signature { bytes: USTAR, fill: 0x00 };

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    let n = input.len();
    let mut data = input.to_vec();
    let scrambled = scatter(&mut data, 0, ctx.intensity, ctx.seed);
    let mut headers = 0u64;
    let mut block = 0u64;
    while block < n as u64 {
        let magic_end = block + MAGIC + USTAR.len() as u64;
        let is_header =
            block == 0 || (magic_end <= n as u64 && &input[(block + MAGIC) as usize..magic_end as usize] == USTAR);
        if is_header {
            zero(&mut data, block as usize, 1);
            let (s, l) = clamp(n, block + CHECKSUM, CHECKSUM_LEN);
            invert(&mut data, s, l);
            headers += 1;
        }
        block += BLOCK;
    }
    let magics = overwrite_signatures(&mut data, &[USTAR_SIGNATURE]);
    Broken {
        data,
        recipe: format!("Scrambled {scrambled} bytes, zeroed the first name byte and inverted the checksum of {headers} headers, and overwrote {magics} ustar magics."),
    }
}

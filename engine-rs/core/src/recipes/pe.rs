//! PE executables and DLLs. Loaders and objdump check `MZ`, follow e_lfanew (u32 LE at 0x3C) to
//! `PE\0\0` and read the COFF file header after it: all three are zeroed, and every other
//! `PE\0\0` in the file is overwritten.

use super::prims::{clamp, le, zero};
use super::tables::PE as SHAPE;
use super::{Broken, Ctx};

const E_LFANEW: u64 = 0x3C;
/// `PE\0\0` and the 20-byte COFF file header (machine, sections, ..., characteristics).
const PE_HEADER: u64 = 24;

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    let n = input.len();
    let mut pe_len = 0;
    let (data, done) = SHAPE.run(input, ctx, |input, d| {
        if let Some(e) = le(input, E_LFANEW, 4) {
            let (s, l) = clamp(n, e, PE_HEADER);
            zero(d, s, l);
            pe_len = l;
        }
        let (s, l) = clamp(n, E_LFANEW, 4);
        zero(d, s, l);
    });
    Broken {
        data,
        recipe: SHAPE.sentence(
            n,
            &done,
            &format!(", zeroed e_lfanew and the {pe_len} bytes of PE signature and COFF header it pointed to"),
        ),
    }
}

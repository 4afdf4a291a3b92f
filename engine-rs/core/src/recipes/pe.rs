//! PE executables and DLLs. Loaders and objdump check `MZ`, follow e_lfanew (u32 LE at 0x3C) to
//! `PE\0\0` and read the COFF file header after it: all three are zeroed, and every other
//! `PE\0\0` in the file is overwritten.

use super::prims::{clamp, le};
use super::steps::{Op, Structure};

const E_LFANEW: u64 = 0x3C;
/// `PE\0\0` and the 20-byte COFF file header (machine, sections, ..., characteristics).
const PE_HEADER: u64 = 24;

pub fn plan(head: &[u8], n: u64) -> Structure {
    let mut s = Structure::default();
    let mut pe_len = 0;
    if let Some(e) = le(head, E_LFANEW, 4) {
        let (start, len) = clamp(n, e, PE_HEADER);
        s.push(Op::Zero, start, len);
        pe_len = len;
    }
    let (start, len) = clamp(n, E_LFANEW, 4);
    s.push(Op::Zero, start, len);
    s.extra = format!(", zeroed e_lfanew and the {pe_len} bytes of PE signature and COFF header it pointed to");
    s
}

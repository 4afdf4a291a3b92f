//! ELF (section 14.3.5), inside family generic: the header (`header/ident`, `header/fields`), the
//! `program_headers` and `section_headers` tables, and each section that occupies file bytes as
//! `section[NAME]`, named from the section name string table when it is sane.

use super::map::{Map, Role, Soft};
use super::read::{be, le, name_to_nul};
use crate::checksums::area::Area;

pub(super) fn is_elf(input: &mut impl Area) -> bool {
    input.get(0, 4) == Some(&b"\x7fELF"[..])
}

/// Section types whose bytes the loader or linker reads as structure: symbol tables, relocations,
/// hashes, dynamic entries, groups, version tables. String tables (3) are names, payload.
fn structural(kind: u64) -> bool {
    matches!(kind, 2 | 4..=6 | 9 | 11 | 17 | 18 | 0x6fff_fff6 | 0x6fff_fffd..=0x6fff_ffff)
}

pub(super) fn walk(input: &mut impl Area) -> Map {
    let n = input.len();
    let mut m = Map::new("elf", n);
    let Some(ident) = input.get(0, 16).map(|b| [b[4], b[5]]) else { return m };
    let (wide, big) = match ident {
        [1 | 2, 1 | 2] => (ident[0] == 2, ident[1] == 2),
        _ => return m,
    };
    let int = |a: &mut _, at: u64, len: usize| if big { be(a, at, len) } else { le(a, at, len) };
    let (ehsize, word) = if wide { (64, 8) } else { (52, 4) };
    let Some(h) = m.unit("header") else { return m };
    m.field(h, "ident", 0, 16, Role::Magic);
    m.soft(Soft::ElfIdent);
    m.field(h, "fields", 16, ehsize, Role::Layout);
    m.soft(Soft::ElfFields { wide });
    // e_phoff, e_shoff, then e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx.
    let at = if wide { 32 } else { 28 };
    let (Some(phoff), Some(shoff)) = (int(input, at, word), int(input, at + word as u64, word)) else { return m };
    let sizes = at + 2 * word as u64 + 6;
    let Some(f) = (0..5).map(|i| int(input, sizes + 2 * i, 2)).collect::<Option<Vec<u64>>>() else { return m };
    let (phentsize, phnum, shentsize, shnum, shstrndx) = (f[0], f[1], f[2], f[3], f[4]);
    if phnum > 0 {
        let Some(u) = m.unit("program_headers") else { return m };
        m.whole(u, phoff, phoff.saturating_add(phnum * phentsize), Role::Layout);
    }
    if shnum == 0 {
        return m;
    }
    let Some(u) = m.unit("section_headers") else { return m };
    let table_end = shoff.saturating_add(shnum * shentsize);
    m.whole(u, shoff, table_end, Role::Layout);
    if shentsize < if wide { 64 } else { 40 } || table_end > n {
        return m;
    }
    // A section header's sh_name, sh_type, sh_offset and sh_size.
    let section = |input: &mut _, i: u64| -> Option<[u64; 4]> {
        let s = shoff + i * shentsize;
        let off = if wide { 24 } else { 16 };
        Some([
            int(input, s, 4)?,
            int(input, s + 4, 4)?,
            int(input, s + off, word)?,
            int(input, s + off + word as u64, word)?,
        ])
    };
    let strtab = match section(input, shstrndx) {
        Some([_, 3, off, size]) if shstrndx < shnum && off.checked_add(size).is_some_and(|e| e <= n) => {
            Some((off, size))
        }
        _ => None,
    };
    for i in 0..shnum {
        let Some([name_off, kind, off, size]) = section(input, i) else { return m };
        if kind == 0 || kind == 8 || size == 0 {
            continue;
        }
        let name = match strtab {
            Some((str_off, str_size)) if name_off < str_size => {
                name_to_nul(input, str_off + name_off, str_size - name_off)
            }
            _ => i.to_string(),
        };
        let Some(u) = m.unit(format!("section[{name}]")) else { return m };
        m.whole(u, off, off.saturating_add(size), if structural(kind) { Role::Layout } else { Role::Payload });
        if kind == 2 || kind == 11 {
            m.soft(Soft::ElfSymbols { wide });
        }
    }
    m
}

// ELF (docs/contract.md, section 14.3.5), inside family generic: the header (header/ident,
// header/fields), the program_headers and section_headers tables, and each section that occupies
// file bytes as section[NAME], named from the section name string table when it is sane.
// engine-rs/core/src/structure/elf.rs says the same.

import { type Area, StructureMap } from './map.ts';
import { be, holds, le, nameToNul } from './read.ts';

export const isElf = (input: Area): boolean => holds(input, 0, '\x7fELF');

/** Section types the loader or linker reads as structure: symbols, relocations, hashes... (string tables, 3, are names: payload). */
const structural = (kind: number) =>
  kind === 2 ||
  (kind >= 4 && kind <= 6) ||
  kind === 9 ||
  kind === 11 ||
  kind === 17 ||
  kind === 18 ||
  kind === 0x6ffffff6 ||
  (kind >= 0x6ffffffd && kind <= 0x6fffffff);

export function walkElf(input: Area): StructureMap {
  const n = input.size;
  const m = new StructureMap('elf', n);
  const ident = input.get(0, 16);
  if (!ident || (ident[4] !== 1 && ident[4] !== 2) || (ident[5] !== 1 && ident[5] !== 2)) return m;
  const wide = ident[4] === 2;
  const big = ident[5] === 2;
  const int = (at: number, len: number) => (big ? be(input, at, len) : le(input, at, len));
  const [ehsize, word] = wide ? [64, 8] : [52, 4];
  const h = m.unit('header');
  if (h === undefined) return m;
  m.field(h, 'ident', 0, 16, 'magic');
  m.soft('elf_ident');
  m.field(h, 'fields', 16, ehsize, 'layout');
  m.soft(wide ? 'elf_fields64' : 'elf_fields32');
  // e_phoff, e_shoff, then e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx.
  const at = wide ? 32 : 28;
  const phoff = int(at, word);
  const shoff = int(at + word, word);
  if (phoff === undefined || shoff === undefined) return m;
  const sizes = at + 2 * word + 6;
  const f = [0, 1, 2, 3, 4].map((i) => int(sizes + 2 * i, 2));
  if (f.some((x) => x === undefined)) return m;
  const [phentsize, phnum, shentsize, shnum, shstrndx] = f as number[];
  if (phnum > 0) {
    const u = m.unit('program_headers');
    if (u === undefined) return m;
    m.whole(u, phoff, phoff + phnum * phentsize, 'layout');
  }
  if (shnum === 0) return m;
  const st = m.unit('section_headers');
  if (st === undefined) return m;
  const tableEnd = shoff + shnum * shentsize;
  m.whole(st, shoff, tableEnd, 'layout');
  if (shentsize < (wide ? 64 : 40) || tableEnd > n) return m;
  // A section header's sh_name, sh_type, sh_offset and sh_size.
  const section = (i: number): number[] | undefined => {
    const s = shoff + i * shentsize;
    const off = wide ? 24 : 16;
    const v = [int(s, 4), int(s + 4, 4), int(s + off, word), int(s + off + word, word)];
    return v.some((x) => x === undefined) ? undefined : (v as number[]);
  };
  const str = section(shstrndx);
  const strtab = str && str[1] === 3 && shstrndx < shnum && str[2] + str[3] <= n ? [str[2], str[3]] : undefined;
  for (let i = 0; i < shnum; i++) {
    const s = section(i);
    if (!s) return m;
    const [nameOff, kind, off, size] = s;
    if (kind === 0 || kind === 8 || size === 0) continue;
    const name = strtab && nameOff < strtab[1] ? nameToNul(input, strtab[0] + nameOff, strtab[1] - nameOff) : String(i);
    const u = m.unit(`section[${name}]`);
    if (u === undefined) return m;
    m.whole(u, off, off + size, structural(kind) ? 'layout' : 'payload');
    if (kind === 2 || kind === 11) m.soft(wide ? 'elf_symbols64' : 'elf_symbols32');
  }
  return m;
}

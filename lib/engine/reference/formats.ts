// How the scan stage finds a file's family (docs/contract.md, section 7): magic bytes, then the
// extension, then text detection, then generic. The magic table is generated from
// engine-data/formats.toml; the rules that read it are here.

import { familyForExtension } from './extensions.ts';
import { type Family, MAGIC } from './tables.ts';

/** How much of the start of the input text detection reads. */
export const TEXT_WINDOW = 8192;

/** The three RIFF forms count only when the file starts with RIFF. */
const RIFF_FORMS: ReadonlySet<Family> = new Set(['webp', 'avi', 'wav']);

const ascii = (s: string): number[] => Array.from(s, (ch) => ch.charCodeAt(0));

/** BMP info-header sizes that follow the `BM` file header at offset 14. */
const BMP_HEADER_SIZES: ReadonlySet<number> = new Set([12, 40, 52, 56, 64, 108, 124]);

function bytesAt(b: Uint8Array, offset: number, magic: ArrayLike<number>): boolean {
  if (b.length < offset + magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (b[offset + i] !== magic[i]) return false;
  return true;
}

/** The family that the file's first bytes announce, if any. */
export function familyByMagic(b: Uint8Array): Family | undefined {
  const riff = bytesAt(b, 0, ascii('RIFF'));
  for (const [family, offset, magic] of MAGIC) {
    if (!bytesAt(b, offset, magic)) continue;
    if (RIFF_FORMS.has(family) && !riff) continue;
    return family;
  }
  // Patterns that need more than a fixed string.
  if (b.length >= 4 && bytesAt(b, 0, ascii('BZh')) && b[3] >= 0x31 && b[3] <= 0x39) return 'bzip2';
  if (b.length >= 18 && bytesAt(b, 0, ascii('BM'))) {
    const infoSize = (b[14] | (b[15] << 8) | (b[16] << 16) | (b[17] << 24)) >>> 0;
    if (BMP_HEADER_SIZES.has(infoSize)) return 'bmp';
  }
  if (b.length >= 6 && bytesAt(b, 0, [0, 0, 1, 0]) && (b[4] | (b[5] << 8)) > 0) return 'ico';
  if (b.length >= 2 && b[0] === 0xff) {
    // MPEG audio frame sync: 11 set bits; ADTS (AAC) is the layer-00 case.
    if ((b[1] & 0xf6) === 0xf0) return 'aac';
    if ((b[1] & 0xe0) === 0xe0 && (b[1] & 0x06) !== 0) return 'mp3';
  }
  return undefined;
}

/** Printable for text detection: 9, 10, 12, 13, 0x20-0x7E and any byte >= 0x80 (so UTF-8 text counts). */
function isPrintable(byte: number): boolean {
  return byte === 9 || byte === 10 || byte === 12 || byte === 13 || (byte >= 0x20 && byte !== 0x7f);
}

/** Text: the first min(n, 8192) bytes are non-empty and over 95% printable. */
export function isText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, TEXT_WINDOW);
  if (head.length === 0) return false;
  let printable = 0;
  for (const byte of head) if (isPrintable(byte)) printable++;
  return printable * 100 > head.length * 95;
}

/** An SVG document: `<svg` within the text window. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, TEXT_WINDOW);
  for (let i = 0; i + 4 <= head.length; i++) {
    if (head[i] === 0x3c && head[i + 1] === 0x73 && head[i + 2] === 0x76 && head[i + 3] === 0x67) return true;
  }
  return false;
}

/** The family of `bytes` named with extension `ext` (already lower-cased, possibly empty). */
export function detect(bytes: Uint8Array, ext: string): Family {
  const byMagic = familyByMagic(bytes);
  if (byMagic) return byMagic;
  const byExtension = familyForExtension(ext);
  if (byExtension) return byExtension;
  if (isText(bytes)) return looksLikeSvg(bytes) ? 'svg' : 'text';
  return 'generic';
}

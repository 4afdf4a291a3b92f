// The structure map (docs/contract.md, section 14): the input's layout as regions FORMAT:UNIT/FIELD
// that cover every byte, and the role each region's bytes play for a reader. Each format's walk reads
// the input by position (an Area), never fails, and stops where the structure stops making sense.

import type { Family } from '../tables.ts';
import { walkFlac } from './flac.ts';
import { walkGif } from './gif.ts';
import { walkIsobmff } from './isobmff.ts';
import { walkJpeg } from './jpeg.ts';
import { type Area, bytesArea, type Region, StructureMap } from './map.ts';
import { isElf, walkElf } from './elf.ts';
import { walkGzip } from './gzip.ts';
import { walkTar } from './tar.ts';
import { walkZip } from './zip.ts';
import { walkOgg } from './ogg.ts';
import { walkPdf } from './pdf.ts';
import { walkPng } from './png.ts';
import { walkRiff } from './riff.ts';

export { type Area, bytesArea, MAX_WALK_REGIONS, type Region, type Role } from './map.ts';

/** The map of an input of family `family`; families without a walk are one region FAMILY:whole. */
export function structureMap(family: Family, input: Area): Region[] {
  let m: StructureMap;
  switch (family) {
    case 'png':
      m = walkPng(input);
      break;
    case 'zip':
      m = walkZip(input);
      break;
    case 'tar':
      m = walkTar(input);
      break;
    case 'gzip':
      m = walkGzip(input);
      break;
    case 'generic':
      m = isElf(input) ? walkElf(input) : new StructureMap(family, input.size);
      break;
    case 'jpeg':
      m = walkJpeg(input);
      break;
    case 'gif':
      m = walkGif(input);
      break;
    case 'webp':
    case 'wav':
    case 'avi':
      m = walkRiff(family, input);
      break;
    case 'isobmff':
      m = walkIsobmff(input);
      break;
    case 'ogg':
      m = walkOgg(input);
      break;
    case 'flac':
      m = walkFlac(input);
      break;
    case 'pdf':
      m = walkPdf(input);
      break;
    default:
      m = new StructureMap(family, input.size);
  }
  // A walk that found nothing it knows would leave the whole input to `trailing`; say `whole`.
  if (m.raw.length === 0 && !m.full) {
    const u = m.unit('whole');
    if (u !== undefined) m.whole(u, 0, input.size, 'payload');
  }
  return m.finish();
}

/** The map of a whole buffer. */
export const structureMapOfBytes = (family: Family, bytes: Uint8Array): Region[] =>
  structureMap(family, bytesArea(bytes));

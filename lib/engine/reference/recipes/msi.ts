// msi: the shape with its own step, the rest of the header inverted (docs/contract.md, sections 6.5.4
// and 6.5.5).
// MSI and other OLE compound files (doc, xls, msg). Readers check the signature, then need the
// header's sector size, FAT and directory locations and DIFAT: the signature is zeroed and the rest
// of the 512-byte header inverted.

import { SHAPES } from '../tables.ts';
import type { Broken, RecipeContext } from './types.ts';
import { invertAfterHeader } from './shape.ts';

export function msi(input: Uint8Array, ctx: RecipeContext): Broken {
  const what = 'header bytes (sector sizes, FAT, directory and DIFAT locations)';
  return invertAfterHeader(SHAPES.msi, input, ctx, 512 - 8, what);
}

// msi: `msi_ole_header` (docs/engine.md), mirroring engine-rs/core/src/recipes/msi.rs.
// MSI and other OLE compound files (doc, xls, msg). Readers check the signature, then need the
// header's sector size, FAT and directory locations and DIFAT: the signature is zeroed and the rest
// of the 512-byte header inverted.

import type { Recipe } from './index.ts';
import { bytes, invertAfterHeader, type Shape } from './shape.ts';

export const MSI_SHAPE: Shape = {
  strategy: 'msi_ole_header',
  header: 8,
  headerWhat: 'the compound file signature',
  signatures: [bytes('\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1'), bytes('R\x00o\x00o\x00t\x00 \x00E\x00n\x00t\x00r\x00y\x00')],
  signaturesWhat: 'compound file signatures and root directory names',
  syncs: 'none',
};

export const msi: Recipe = invertAfterHeader(
  MSI_SHAPE,
  512 - 8,
  'header bytes (sector sizes, FAT, directory and DIFAT locations)',
);

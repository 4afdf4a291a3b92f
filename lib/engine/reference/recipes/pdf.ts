// pdf: `pdf_nuclear_destruction` (docs/engine.md), mirroring engine-rs/core/src/recipes/pdf.rs.
// PDF. Readers repair a broken cross-reference table by scanning for `obj`, `stream`, `xref`,
// `trailer` and `%%EOF` (poppler and qpdf both reconstruct), so every one of those keywords is
// overwritten throughout the file: with no object left to find, no catalog can be rebuilt.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const PDF_SHAPE: Shape = {
  strategy: 'pdf_nuclear_destruction',
  header: 8,
  headerWhat: 'the %PDF-x.y header',
  signatures: [bytes('%PDF'), bytes('%%EOF'), bytes('obj'), bytes('stream'), bytes('xref'), bytes('trailer')],
  signaturesWhat: 'PDF keywords (%PDF, %%EOF, obj, stream, xref, trailer, also inside endobj, endstream and startxref)',
  syncs: 'none',
};

export const pdf = shapeRecipe(PDF_SHAPE);

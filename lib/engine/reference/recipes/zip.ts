// zip: `zip_magic_eocd` (docs/engine.md), mirroring engine-rs/core/src/recipes/zip.rs.
// ZIP and everything built on it (docx, xlsx, jar, odt, epub, apk...). Readers find the end of
// central directory record by its signature (Python's zipfile, unzip), or walk local headers from
// the start (7-Zip): every ZIP record signature in the file is overwritten, so neither has anything
// to find, nested archives stored inside included.

import { bytes, shapeRecipe, type Shape } from './shape.ts';

export const ZIP_SHAPE: Shape = {
  strategy: 'zip_magic_eocd',
  header: 4,
  headerWhat: "the first local header's signature",
  signatures: [
    bytes('PK\x01\x02'),
    bytes('PK\x03\x04'),
    bytes('PK\x05\x06'),
    bytes('PK\x06\x06'),
    bytes('PK\x06\x07'),
    bytes('PK\x07\x08'),
  ],
  signaturesWhat:
    'ZIP record signatures (local and central headers, end of central directory, ZIP64 records, data descriptors)',
  syncs: 'none',
};

export const zip = shapeRecipe(ZIP_SHAPE);

// rar: `rar_signature_header` (docs/engine.md), mirroring engine-rs/core/src/recipes/rar.rs.
// RAR (4 and 5). Readers, and SFX scanners, search for the `Rar!\x1A\x07` signature and read the
// main archive header after it: every signature is overwritten and the first header inverted.

import type { Recipe } from './index.ts';
import { bytes, invertAfterHeader, type Shape } from './shape.ts';

export const RAR_SHAPE: Shape = {
  strategy: 'rar_signature_header',
  header: 8,
  headerWhat: 'the RAR signature',
  signatures: [bytes('Rar!\x1A\x07')],
  signaturesWhat: 'RAR signatures',
  syncs: 'none',
};

export const rar: Recipe = invertAfterHeader(RAR_SHAPE, 32, 'bytes (the main archive header)');

// cab: `cab_mscf_header` (docs/engine.md), mirroring engine-rs/core/src/recipes/cab.rs.
// Microsoft Cabinet. Readers search for `MSCF` and read the header fields after it (sizes, file
// table offset, folder and file counts): every signature is overwritten and the first header's
// fields inverted.

import type { Recipe } from './index.ts';
import { bytes, invertAfterHeader, type Shape } from './shape.ts';

export const CAB_SHAPE: Shape = {
  strategy: 'cab_mscf_header',
  header: 4,
  headerWhat: 'the MSCF signature',
  signatures: [bytes('MSCF')],
  signaturesWhat: 'MSCF signatures',
  syncs: 'none',
};

export const cab: Recipe = invertAfterHeader(CAB_SHAPE, 32, 'bytes (the cabinet header fields)');

// tar: its own recipe (docs/contract.md, section 6.5.6).
// tar. Readers check every 512-byte header's checksum (and `ustar` magic) and skip to the next
// valid header after a bad one. Every header block (block 0, and any block whose magic at 257 is
// `ustar`) loses the first byte of its name and gets its checksum field inverted; every `ustar` in
// the file is overwritten.

import type { Broken, RecipeContext } from './types.ts';
import { invert, overwriteSignatures, scatter, type Signature, zero } from './prims.ts';

const TAR_BLOCK_BYTES = 512;
const CHECKSUM = 148;
const CHECKSUM_LENGTH = 8;
const MAGIC = 257;
const USTAR = new TextEncoder().encode('ustar');
/** Every `ustar` in the file is overwritten with zeros. */
const USTAR_SIGNATURE: Signature = { bytes: USTAR, fill: 0x00 };

function hasUstar(input: Uint8Array, at: number): boolean {
  if (at + USTAR.length > input.length) return false;
  return USTAR.every((b, j) => input[at + j] === b);
}

export function tar(input: Uint8Array, ctx: RecipeContext): Broken {
  const n = input.length;
  const data = input.slice();
  const scrambled = scatter(data, 0, ctx.intensity, ctx.seed);
  let headers = 0;
  for (let block = 0; block < n; block += TAR_BLOCK_BYTES) {
    if (block === 0 || hasUstar(input, block + MAGIC)) {
      zero(data, block, 1);
      invert(data, block + CHECKSUM, CHECKSUM_LENGTH);
      headers++;
    }
  }
  const magics = overwriteSignatures(data, [USTAR_SIGNATURE]);
  return {
    data,
    recipe:
      `Scrambled ${scrambled} bytes, zeroed the first name byte and inverted the checksum of ${headers} headers, ` +
      `and overwrote ${magics} ustar magics.`,
  };
}

// 7z: the shape with its own step, the next header (docs/contract.md, sections 6.5.4 and 6.5.5).
// 7z. Readers (and SFX scanners) search for the 6-byte signature, then read the 32-byte signature
// header, whose next-header offset and size lead to the archive's only directory at the end: the
// signature header is zeroed, the next header inverted, and every signature overwritten.

import { SHAPES } from '../tables.ts';
import type { Broken, RecipeContext } from './types.ts';
import { clamp, invert, le } from './prims.ts';
import { runShape, shapeSentence } from './shape.ts';

const SIGNATURE_HEADER = 32n;

export function sevenZip(input: Uint8Array, ctx: RecipeContext): Broken {
  const n = input.length;
  // Next header offset (u64 LE at 12, counted from the end of the signature header) and size (at 20).
  // Bigints: u64 offsets near 2^64 must clamp to the end, never wrap to the start.
  const offset = le(input, 12, 8);
  const size = le(input, 20, 8);
  const [start, len] = offset !== undefined && size !== undefined ? clamp(n, SIGNATURE_HEADER + offset, size) : [0, 0];
  const { data, done } = runShape(SHAPES['7z'], input, ctx, (_, d) => invert(d, start, len));
  return { data, recipe: shapeSentence(SHAPES['7z'], n, done, `, inverted the ${len}-byte next header`) };
}

// flv: the shape with its own step, the tag chain (docs/contract.md, sections 6.5.4 and 6.5.5).
// FLV. There is no index: demuxers read tag after tag and, on a mismatch, resynchronise on any two
// consecutive tags whose data sizes agree with the PreviousTagSize fields after them. Walking the
// input's tag chain, every tag's type and data size and every PreviousTagSize is zeroed, so no two
// tags agree anywhere.
// Audio frame syncs and video start codes in the payload are killed too (the media sync step), so
// no raw-stream demuxer can pick the payload up instead.

import { SHAPES } from '../tables.ts';
import type { Broken, RecipeContext } from './types.ts';
import { be, zero } from './prims.ts';
import { runShape, shapeSentence } from './shape.ts';

/** The FLV header is 9 bytes; the tag chain starts right after it. */
const HEADER = 9;
/** Tag header: type (1), data size (3, big-endian), timestamp (4), stream id (3). */
const TAG_HEADER = 11;

export function flv(input: Uint8Array, ctx: RecipeContext): Broken {
  const n = input.length;
  let tags = 0;
  const { data, done } = runShape(SHAPES.flv, input, ctx, (inp, d) => {
    // Positions stay below 2^33, exact in a double.
    let p = HEADER;
    while (p + 4 <= n) {
      zero(d, p, 4); // PreviousTagSize
      const t = p + 4;
      const size = be(inp, t + 1, 3);
      if (size === undefined || t + TAG_HEADER > n) break;
      zero(d, t, 4); // tag type and data size
      tags++;
      p = t + TAG_HEADER + Number(size);
    }
  });
  const clause = `, zeroed the type and size of ${tags} tags and every PreviousTagSize field`;
  return { data, recipe: shapeSentence(SHAPES.flv, n, done, clause) };
}

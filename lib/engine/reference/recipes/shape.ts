// The shape most binary recipes share (docs/contract.md, section 6.5.4): scatter(0), the family's own
// step if it has one, zero the fixed header at offset 0, overwrite every signature its readers
// resynchronise on, then the sync step. Each family's row is in ../tables.ts.

import { clamp, invert, killStartCodes, killSyncs, overwriteSignatures, scatter, zero } from './prims.ts';
import type { Broken, RecipeContext, Shape } from './types.ts';

/** What a shape did. */
export interface Done {
  scrambled: number;
  signatures: number;
  syncs: number;
  startCodes: number;
}

/**
 * scatter(0), then `structure` (a family's own step, on the scattered copy, reading positions from the
 * untouched input), then the header, the signatures and the syncs.
 */
export function runShape(
  shape: Shape,
  input: Uint8Array,
  ctx: RecipeContext,
  structure?: (input: Uint8Array, data: Uint8Array) => void,
): { data: Uint8Array; done: Done } {
  const data = input.slice();
  const scrambled = scatter(data, 0, ctx.intensity, ctx.seed);
  structure?.(input, data);
  zero(data, 0, shape.header);
  const signatures = overwriteSignatures(data, shape.signatures);
  let syncs = 0;
  let startCodes = 0;
  if (shape.sync === 'jpeg_markers') {
    syncs = killSyncs(data, 0xc0, 0xfe);
  } else if (shape.sync === 'media') {
    syncs = killSyncs(data, 0xe0, 0xff);
    startCodes = killStartCodes(data);
  }
  return { data, done: { scrambled, signatures, syncs, startCodes } };
}

/**
 * `Scrambled {k} bytes, zeroed the first {h} bytes ({headerText}){extra}`, then `, overwrote {s}
 * {signaturesText}` when there is a signature list, then the sync clause, then `.`
 */
export function shapeSentence(shape: Shape, n: number, done: Done, extra: string): string {
  let s = `Scrambled ${done.scrambled} bytes, zeroed the first ${Math.min(shape.header, n)} bytes (${shape.headerText})${extra}`;
  if (shape.signatures.length > 0) s += `, overwrote ${done.signatures} ${shape.signaturesText}`;
  if (shape.sync === 'jpeg_markers') s += `, zeroed ${done.syncs} JPEG markers`;
  if (shape.sync === 'media') s += `, zeroed ${done.syncs} frame syncs and broke ${done.startCodes} start codes`;
  return `${s}.`;
}

/** The recipe of a family whose recipe is only its shape row. */
export function applyShape(shape: Shape, input: Uint8Array, ctx: RecipeContext): Broken {
  const { data, done } = runShape(shape, input, ctx);
  return { data, recipe: shapeSentence(shape, input.length, done, '') };
}

/**
 * The own step of the archive families whose header fields follow the signature (cab, msi, rar): the
 * up to `max` bytes right after the header are inverted; the sentence says `, inverted the next {len}
 * {what}`.
 */
export function invertAfterHeader(
  shape: Shape,
  input: Uint8Array,
  ctx: RecipeContext,
  max: number,
  what: string,
): Broken {
  const [start, len] = clamp(input.length, shape.header, max);
  const { data, done } = runShape(shape, input, ctx, (_, d) => invert(d, start, len));
  return { data, recipe: shapeSentence(shape, input.length, done, `, inverted the next ${len} ${what}`) };
}

// The shape most binary recipes share, as data (docs/engine.md, "The shape most binary families
// share"), mirroring engine-rs/core/src/recipes/shape.rs: scatter(0), the family's own structural step,
// zero the fixed header at offset 0, overwrite every signature its readers resynchronise on, then the
// sync step. A family module is then one table row.

import type { Broken, Recipe, RecipeContext } from './index.ts';
import { clamp, invert, killStartCodes, killSyncs, overwriteSignatures, scatter, zero } from './prims.ts';

/**
 * The last step, on resynchronisation points that are byte pairs rather than signatures:
 * `jpeg_markers` = kill_syncs(0xC0, 0xFE); `media` = kill_syncs(0xE0, 0xFF) then kill_start_codes.
 */
export type Syncs = 'none' | 'jpeg_markers' | 'media';

export interface Shape {
  readonly strategy: string;
  /** Bytes zeroed at offset 0, and what they are (for the recipe sentence). */
  readonly header: number;
  readonly headerWhat: string;
  /** Signatures overwritten anywhere in the file, and what they are. */
  readonly signatures: readonly Uint8Array[];
  readonly signaturesWhat: string;
  readonly syncs: Syncs;
}

/** What a shape did. */
export interface Done {
  scrambled: number;
  signatures: number;
  syncs: number;
  startCodes: number;
}

/** A signature written as a string of byte values (each character's code is one byte, 0-255). */
export function bytes(s: string): Uint8Array {
  return Uint8Array.from(s, (ch) => ch.charCodeAt(0));
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
  if (shape.syncs === 'jpeg_markers') {
    syncs = killSyncs(data, 0xc0, 0xfe);
  } else if (shape.syncs === 'media') {
    syncs = killSyncs(data, 0xe0, 0xff);
    startCodes = killStartCodes(data);
  }
  return { data, done: { scrambled, signatures, syncs, startCodes } };
}

/**
 * `Scrambled {k} bytes, zeroed the first {h} bytes ({headerWhat}){extra}`, then `, overwrote {s}
 * {signaturesWhat}` when there is a signature list, then the sync clause, then `.`
 */
export function shapeSentence(shape: Shape, n: number, done: Done, extra: string): string {
  let s = `Scrambled ${done.scrambled} bytes, zeroed the first ${Math.min(shape.header, n)} bytes (${shape.headerWhat})${extra}`;
  if (shape.signatures.length > 0) s += `, overwrote ${done.signatures} ${shape.signaturesWhat}`;
  if (shape.syncs === 'jpeg_markers') s += `, zeroed ${done.syncs} JPEG markers`;
  if (shape.syncs === 'media') s += `, zeroed ${done.syncs} frame syncs and broke ${done.startCodes} start codes`;
  return `${s}.`;
}

/** A recipe that is only the shape. */
export function shapeRecipe(shape: Shape): Recipe {
  return {
    strategy: shape.strategy,
    apply(input: Uint8Array, ctx: RecipeContext): Broken {
      const { data, done } = runShape(shape, input, ctx);
      return { data, recipe: shapeSentence(shape, input.length, done, '') };
    },
  };
}

/**
 * The recipe of the archive families whose header fields follow the signature (cab, msi, rar): the
 * shape, with the up to `max` bytes right after the header inverted as the structural step; the
 * sentence says `, inverted the next {len} {what}`.
 */
export function invertAfterHeader(shape: Shape, max: number, what: string): Recipe {
  return {
    strategy: shape.strategy,
    apply(input: Uint8Array, ctx: RecipeContext): Broken {
      const [start, len] = clamp(input.length, shape.header, max);
      const { data, done } = runShape(shape, input, ctx, (_, d) => invert(d, start, len));
      return { data, recipe: shapeSentence(shape, input.length, done, `, inverted the next ${len} ${what}`) };
    },
  };
}

// The types every recipe module shares: what a recipe is given, what it returns, and one family's row
// of the shape (shape.ts). They live apart from index.ts, which imports every recipe, and from
// shape.ts, whose row type ../tables.ts (generated) names, so that no import goes round in a circle.

import type { Sequence } from '../sequence.ts';
import type { Signature } from './prims.ts';

/** What a recipe may use besides the input. */
export interface RecipeContext {
  readonly seed: number;
  /** 0..=100; escalation runs the recipe again at 100 with seed + 1. */
  readonly intensity: number;
  /** The plan sequence (sequence 0) of `seed`, for decisions about the whole file. */
  readonly plan: Sequence;
}

/** What a recipe did: the output bytes and one readable sentence for the report's `recipe`. */
export interface Broken {
  data: Uint8Array;
  recipe: string;
}

/** Breaks a copy of `input` (never modifies `input`). The engine handles empty input itself, so n >= 1. */
export type Apply = (input: Uint8Array, ctx: RecipeContext) => Broken;

export interface Recipe {
  /** The report's `strategy`, e.g. `text_poison_truncate`. */
  readonly strategy: string;
  readonly apply: Apply;
}

/**
 * The last step, on resynchronisation points that are byte pairs rather than signatures:
 * `jpeg_markers` = kill_syncs(0xC0, 0xFE); `media` = kill_syncs(0xE0, 0xFF) then kill_start_codes.
 */
export type Sync = 'none' | 'jpeg_markers' | 'media';

/** One family's row of the shape. */
export interface Shape {
  /** Bytes zeroed at offset 0, and what they are (for the recipe sentence). */
  readonly header: number;
  readonly headerText: string;
  /** Signatures overwritten anywhere in the file, and what they are. */
  readonly signatures: readonly Signature[];
  readonly signaturesText: string;
  readonly sync: Sync;
}

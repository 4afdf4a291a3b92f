// guaranteed_break's failure recipes, one module per format family (docs/engine.md states each one
// byte by byte), mirroring engine-rs/src/recipes/mod.rs. A recipe first scatters intensity-scaled
// damage with the chunk streams, then breaks the structure its family's parsers need, so that the
// structural break is always the last word.
//
// Adding a family: write recipes/<family>.ts exporting a `Recipe`, and add its row to RECIPES below.
// A family without a row uses the generic recipe, exactly as the Rust engine does.

import type { Family } from '../families.ts';
import { PLAN_STREAM, Stream } from '../stream.ts';
import { generic } from './generic.ts';
import { text } from './text.ts';

/** What a recipe may use besides the input. */
export interface RecipeContext {
  readonly seed: number;
  /** 0..=100; escalation runs the recipe again at 100 with seed + 1. */
  readonly intensity: number;
  /** The plan stream (stream 0) of `seed`, for decisions about the whole file. */
  readonly plan: Stream;
}

/** What a recipe did: the output bytes and one readable sentence for the report's `recipe`. */
export interface Broken {
  data: Uint8Array;
  recipe: string;
}

export interface Recipe {
  /** The report's `strategy`, e.g. `text_poison_truncate`. */
  readonly strategy: string;
  /** Breaks a copy of `input` (never modifies `input`). The engine handles empty input itself, so n >= 1. */
  apply(input: Uint8Array, ctx: RecipeContext): Broken;
}

/** The families that have their own recipe. */
export const RECIPES: Readonly<Partial<Record<Family, Recipe>>> = {
  text,
  generic,
};

export function recipeContext(seed: number, intensity: number): RecipeContext {
  return { seed, intensity, plan: new Stream(seed, PLAN_STREAM) };
}

/** The recipe of `family`: its own, or generic's. */
export function recipeFor(family: Family): Recipe {
  return RECIPES[family] ?? generic;
}

// guaranteed_break's failure recipes, one module per format family (docs/engine.md states each one
// byte by byte), mirroring engine-rs/core/src/recipes/mod.rs. A recipe first scatters intensity-scaled
// damage with the chunk streams, then breaks the structure its family's parsers need, so that the
// structural break is always the last word.
//
// Adding a family: write recipes/<family>.ts exporting a `Recipe`, and add its row to RECIPES below.
// A family without a row uses the generic recipe, exactly as the Rust engine does.

import type { Family } from '../families.ts';
import { PLAN_STREAM, Stream } from '../stream.ts';
import { aac } from './aac.ts';
import { avi } from './avi.ts';
import { bmp } from './bmp.ts';
import { bzip2 } from './bzip2.ts';
import { cab } from './cab.ts';
import { flac } from './flac.ts';
import { flv } from './flv.ts';
import { generic } from './generic.ts';
import { gif } from './gif.ts';
import { gzip } from './gzip.ts';
import { ico } from './ico.ts';
import { isobmff } from './isobmff.ts';
import { jpeg } from './jpeg.ts';
import { matroska } from './matroska.ts';
import { mp3 } from './mp3.ts';
import { msi } from './msi.ts';
import { ogg } from './ogg.ts';
import { pdf } from './pdf.ts';
import { pe } from './pe.ts';
import { png } from './png.ts';
import { rar } from './rar.ts';
import { sevenZip } from './sevenzip.ts';
import { svg } from './svg.ts';
import { tar } from './tar.ts';
import { text } from './text.ts';
import { tiff } from './tiff.ts';
import { wav } from './wav.ts';
import { webp } from './webp.ts';
import { wma } from './wma.ts';
import { xz } from './xz.ts';
import { zip } from './zip.ts';

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
  zip,
  pdf,
  png,
  jpeg,
  gif,
  bmp,
  tiff,
  webp,
  ico,
  svg,
  isobmff,
  avi,
  matroska,
  flv,
  mp3,
  wav,
  flac,
  ogg,
  aac,
  wma,
  pe,
  msi,
  rar,
  '7z': sevenZip,
  tar,
  gzip,
  bzip2,
  xz,
  cab,
  generic,
};

export function recipeContext(seed: number, intensity: number): RecipeContext {
  return { seed, intensity, plan: new Stream(seed, PLAN_STREAM) };
}

/** The recipe of `family`: its own, or generic's. */
export function recipeFor(family: Family): Recipe {
  return RECIPES[family] ?? generic;
}

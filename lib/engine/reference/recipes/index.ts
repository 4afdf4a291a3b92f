// guaranteed_break's failure recipes (docs/contract.md, section 6.5). A recipe first scatters
// intensity-scaled damage with the chunk sequences, then breaks the structure its family's parsers
// need, so that the structural break is always the last word.
//
// Most families' recipe is the shape (shape.ts) run on their row of ../tables.ts, which is generated
// from engine-data/formats.toml. A family with a step of its own inside the shape, or a recipe of its
// own, has a module here and a row in OWN below (the type of OWN makes the two lists agree).

import { FAMILIES, type Family, type OwnCodeFamily, SHAPES, type ShapeFamily, STRATEGIES } from '../tables.ts';
import { PLAN_SEQUENCE, Sequence } from '../sequence.ts';
import { cab } from './cab.ts';
import { flv } from './flv.ts';
import { generic } from './generic.ts';
import { ico } from './ico.ts';
import { msi } from './msi.ts';
import { pe } from './pe.ts';
import { rar } from './rar.ts';
import { sevenZip } from './sevenzip.ts';
import { applyShape } from './shape.ts';
import { tar } from './tar.ts';
import { text } from './text.ts';
import { xz } from './xz.ts';
import type { Apply, Recipe, RecipeContext } from './types.ts';

/** The hand-written code of the families the table marks: svg is text's recipe under its own strategy name. */
const OWN: Readonly<Record<OwnCodeFamily, Apply>> = {
  text,
  svg: text,
  tar,
  generic,
  ico,
  flv,
  pe,
  msi,
  rar,
  '7z': sevenZip,
  xz,
  cab,
};

const hasOwnCode = (family: Family): family is OwnCodeFamily => Object.hasOwn(OWN, family);

const RECIPES: ReadonlyMap<Family, Recipe> = new Map(
  FAMILIES.map((family): [Family, Recipe] => {
    const apply: Apply = hasOwnCode(family)
      ? OWN[family]
      : (input, ctx) => applyShape(SHAPES[family as ShapeFamily], input, ctx);
    return [family, { strategy: STRATEGIES[family], apply }];
  }),
);

export function recipeContext(seed: number, intensity: number): RecipeContext {
  return { seed, intensity, plan: new Sequence(seed, PLAN_SEQUENCE) };
}

/** The recipe of `family`. */
export function recipeFor(family: Family): Recipe {
  return RECIPES.get(family)!;
}

// svg: `svg_markup_poison` (docs/engine.md), mirroring engine-rs/core/src/recipes/svg.rs.
// SVG. It is XML text: the text recipe's steps (poisoned start, every `<`, `>`, quote and other
// delimiter destroyed, end cut) leave no element for any XML parser to find.

import type { Recipe } from './index.ts';
import { text } from './text.ts';

export const svg: Recipe = { strategy: 'svg_markup_poison', apply: text.apply };

// The reference engine's public surface: what the worker, the CLI and the SDK import.

export { corrupt, EMPTY_RECIPE, Job } from './engine.ts';
export { entropy, round4 } from './entropy.ts';
export { checkArguments, MAX_INPUT, MAX_SEED } from './errors.ts';
export { familyForExtension } from './extensions.ts';
export { EXTENSIONS, FAMILIES, type Family } from './tables.ts';
export { detect } from './formats.ts';
export { looksCorrupted } from './heuristic.ts';
export { recipeFor } from './recipes/index.ts';
export { sha256Hex } from './sha256.ts';
export { chunkStream, ESCALATION_STREAM, PLAN_STREAM, Stream } from './stream.ts';

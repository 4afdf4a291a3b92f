// The argument checks and their exact error texts (docs/contract.md, section 2), in the
// order the engine applies them: mode, intensity, seed, size. The first failure is the error.

import { ENGINE_MODES, type EngineMode } from '../shared/types.ts';

export const MAX_INTENSITY = 100;
/** 2^53 - 1: a JavaScript safe integer, so seeds survive the trip through the UI. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;
/** Inputs are at most 2^32 - 1 bytes. */
export const MAX_INPUT = 0xffff_ffff;

function isMode(mode: unknown): mode is EngineMode {
  return typeof mode === 'string' && (ENGINE_MODES as readonly string[]).includes(mode);
}

function isIntegerIn(x: unknown, max: number): x is number {
  return Number.isInteger(x) && (x as number) >= 0 && (x as number) <= max;
}

/** Throws an Error with the engine's text for the first bad argument; returns the mode when all are good. */
export function checkArguments(mode: unknown, intensity: unknown, seed: unknown, inputLength: number): EngineMode {
  if (!isMode(mode)) throw new Error(`Unsupported corruption mode: ${String(mode)}`);
  if (!isIntegerIn(intensity, MAX_INTENSITY)) {
    throw new Error(`Intensity must be an integer from 0 to ${MAX_INTENSITY}, got ${String(intensity)}`);
  }
  if (!isIntegerIn(seed, MAX_SEED)) {
    throw new Error(`Seed must be an integer from 0 to ${MAX_SEED}, got ${String(seed)}`);
  }
  if (inputLength > MAX_INPUT) {
    throw new Error(`Input too large: ${inputLength} bytes (the engine takes at most ${MAX_INPUT} bytes)`);
  }
  return mode;
}

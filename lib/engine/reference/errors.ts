// The argument checks and their exact error texts (docs/contract.md, section 2), in the
// order the engine applies them: mode, intensity, seed, size. The first failure is the error.

import { FIX_CHECKSUM_MODES, RANGE_MODES } from '../shared/mode-tables.ts';
import { ENGINE_MODES, type CorruptOptions, type EngineMode } from '../shared/types.ts';
import { type ParsedRanges, parseRanges } from './ranges.ts';

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

const OPTION_MODES = 'byte_flip, header_preserve_flip, bad_sectors and bit_rot';

/**
 * Checks 5 to 8 (they need no input): whether the mode takes the options given, and each range text.
 * Throws the engine's text; returns the ranges parsed.
 */
export function checkOptions(mode: EngineMode, options: Pick<CorruptOptions, 'ranges' | 'fixChecksums'>): ParsedRanges {
  const given = (options.ranges?.only?.length ?? 0) + (options.ranges?.protect?.length ?? 0) > 0;
  if (given && !(RANGE_MODES as readonly string[]).includes(mode)) {
    throw new Error(`Byte ranges work with ${OPTION_MODES}, not ${mode}`);
  }
  const ranges = parseRanges(options.ranges);
  if (options.fixChecksums === true && !(FIX_CHECKSUM_MODES as readonly string[]).includes(mode)) {
    throw new Error(`Keeping checksums valid works with ${OPTION_MODES}, not ${mode}`);
  }
  return ranges;
}

/** Check 9: the ranges leave no byte that may change (h: the header a flip mode keeps, else 0). */
export function nothingAllowedError(n: number, h: number): Error {
  return new Error(
    `The byte ranges leave no byte that may change in this ${n}-byte file${h > 0 ? ` after its ${h}-byte header` : ''}`,
  );
}

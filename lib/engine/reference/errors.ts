// The argument checks and their exact error texts (docs/contract.md, section 2), in the
// order the engine applies them: mode, intensity, seed, size. The first failure is the error.

import {
  BLOCK_SIZE_MODES,
  CHARSET_MODES,
  DIRECTION_MODES,
  FIX_CHECKSUM_MODES,
  RANGE_MODES,
} from '../shared/mode-tables.ts';
import { ENGINE_MODES, type CorruptOptions, type EngineMode } from '../shared/types.ts';
import type { BomVariant, Charset, LineEnding, Transcode } from './conversions.ts';
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

const OPTION_MODES = 'byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write';

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

/** The conversion modes' and misdirected_write's options, checked, with their defaults. */
export interface Variant {
  /** text_transfer's direction; undefined: the seed chooses. */
  lineEnding: LineEnding | undefined;
  transcode: Transcode;
  charset: Charset;
  bom: BomVariant;
  blockSize: number;
}

/** The options as given: any value (a command line's text, a caller's number or string). */
type VariantOptions = { [K in 'direction' | 'charset' | 'bom' | 'blockSize']?: unknown };

/**
 * Checks 8c to 8f (they need no input), in order: a direction, a charset, a BOM variant and a block
 * size, each refused by a mode that does not take it, then by a value it does not know (the value
 * as JavaScript's String prints it).
 */
export function checkVariant(mode: EngineMode, options: VariantOptions): Variant {
  const v: Variant = { lineEnding: undefined, transcode: 'to_utf8', charset: 'cp1252', bom: 'keep', blockSize: 4096 };
  const takes = (list: readonly string[]) => list.includes(mode);
  const pick = <T extends string>(given: unknown, names: readonly T[], refuse: string): T => {
    const text = String(given);
    if (!(names as readonly string[]).includes(text)) throw new Error(`${refuse}, got ${text}`);
    return text as T;
  };
  if (options.direction !== undefined) {
    if (!takes(DIRECTION_MODES))
      throw new Error(`A direction works with text_transfer and charset_roundtrip, not ${mode}`);
    if (mode === 'text_transfer') {
      v.lineEnding = pick(
        options.direction,
        ['lf_to_crlf', 'crlf_to_lf'] as const,
        'Direction must be lf_to_crlf or crlf_to_lf for text_transfer',
      );
    } else {
      v.transcode = pick(
        options.direction,
        ['to_utf8', 'from_utf8'] as const,
        'Direction must be to_utf8 or from_utf8 for charset_roundtrip',
      );
    }
  }
  if (options.charset !== undefined) {
    if (!takes(CHARSET_MODES)) throw new Error(`A charset works with charset_roundtrip, not ${mode}`);
    v.charset = pick(options.charset, ['cp1252', 'latin1'] as const, 'Charset must be cp1252 or latin1');
  }
  if (options.bom !== undefined) {
    if (!takes(CHARSET_MODES)) throw new Error(`A BOM variant works with charset_roundtrip, not ${mode}`);
    v.bom = pick(options.bom, ['keep', 'add', 'strip'] as const, 'BOM must be keep, add or strip');
  }
  if (options.blockSize !== undefined) {
    if (!takes(BLOCK_SIZE_MODES)) throw new Error(`A block size works with misdirected_write, not ${mode}`);
    v.blockSize = Number(pick(options.blockSize, ['512', '4096'] as const, 'Block size must be 512 or 4096'));
  }
  return v;
}

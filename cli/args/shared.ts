// The steps every command's parser shares (cli/args.ts chooses the command): the tokeniser, the
// numbers, and the corruption options that the corrupting command, run and agree all take. parseArgs
// runs non-strict with tokens so that every mistake gets the same one line as the native CLI
// (engine-rs/cli/src/args/mod.rs), and a value option takes the next argument whatever it looks like
// (`--seed -1` is a bad seed, not a missing one), as clap does there.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { checkOptions, checkVariant } from '../../lib/engine/reference/errors.ts';
import { usage } from '../cli-tables.ts';
import { resolveMode } from '../../lib/engine/shared/modes.ts';
import type { EngineMode, ModeVariant } from '../../lib/engine/shared/types.ts';
import { hasEscapedBytes } from '../../lib/engine/host/byte-paths.ts';

export const MAX_SEED = Number.MAX_SAFE_INTEGER;
/** The FILE that means standard input (and output). */
export const STDIN = '-';
export const MAX_COUNT = 1_000_000;
export const MAX_JOBS = 1024;
export const VERSION = 'fracture 1.0.0 (fracture-engine/1)\n';

/** --help or --version: the text printed instead of running a command. */
export type Printed = { kind: 'print'; text: string };

export class UsageError extends Error {}

/** An option of engine-data/cli.toml: its value's name (none for a flag), short letter, whether it
 * repeats, is a path (any bytes; any other value is UTF-8, as clap's) and is this CLI's alone. */
interface Option {
  value?: string;
  short?: string;
  repeatable?: boolean;
  path?: boolean;
  npmOnly?: boolean;
  nativeOnly?: boolean;
}

export type Options = Record<string, Option>;

/** What `tokenise` found: each option's last value (true for a flag). */
export type Values = Map<string, string | true>;

/** A usage error's line, pointing at the help of the command that refused it. */
export const refusal = (message: string, command = 'fracture'): string => `${usage.line(message, command)}\n`;

/** Decimal digits only (no sign, no spaces), at most `max`. */
export function integer(v: string, max: number): number | undefined {
  if (!/^[0-9]+$/.test(v) || BigInt(v) > BigInt(max)) return undefined;
  return Number(v);
}

/** Options and positionals of `argv`, every mistake a UsageError with the native CLI's text. */
export function tokenise(
  argv: string[],
  options: Options,
): {
  values: Values;
  /** Every value of a repeatable option, in order. */
  lists: Map<string, string[]>;
  positionals: string[];
  print?: 'help' | 'version';
} {
  const config = Object.fromEntries(
    Object.entries(options).map(([name, o]) => [
      name,
      { type: o.value ? ('string' as const) : ('boolean' as const), ...(o.short ? { short: o.short } : {}) },
    ]),
  );
  const { tokens } = parseArgs({ args: argv, options: config, allowPositionals: true, strict: false, tokens: true });
  const values: Values = new Map();
  const lists = new Map<string, string[]>();
  const positionals: string[] = [];
  for (const t of tokens) {
    if (t.kind === 'positional') positionals.push(t.value);
    if (t.kind !== 'option') continue;
    const o: Option | undefined = Object.hasOwn(options, t.name) ? options[t.name] : undefined;
    if (!o) throw new UsageError(usage.unknownOption(t.rawName));
    if (o.nativeOnly) throw new UsageError(usage.nativeOnlyOption(t.rawName));
    if (t.name === 'help' || t.name === 'version') return { values, lists, positionals, print: t.name };
    if (o.value) {
      if (t.value === undefined) throw new UsageError(usage.needsValue(t.rawName));
      if (!o.path && hasEscapedBytes(t.value)) throw new UsageError(usage.invalidUtf8());
      values.set(t.name, t.value);
      if (o.repeatable) lists.set(t.name, [...(lists.get(t.name) ?? []), t.value]);
    } else {
      if (t.value !== undefined) throw new UsageError(usage.takesNoValue(t.rawName));
      values.set(t.name, true);
    }
  }
  return { values, lists, positionals };
}

/** `--seed`, if given. */
export function seedOf(values: Values): number | undefined {
  const seedText = values.get('seed') as string | undefined;
  if (seedText === undefined) return undefined;
  const seed = integer(seedText, MAX_SEED);
  if (seed === undefined) throw new UsageError(usage.seed(MAX_SEED, seedText));
  return seed;
}

/** `--count`: 1 to MAX_COUNT, 1 when not given. */
export function countOf(values: Values): number {
  const countText = values.get('count') as string | undefined;
  const count = countText === undefined ? 1 : integer(countText, MAX_COUNT);
  if (!count) throw new UsageError(usage.count(MAX_COUNT, countText ?? ''));
  return count;
}

/** `--jobs`: 1 to MAX_JOBS, by default the number of cores. */
export function jobsOf(values: Values): number {
  const jobsText = values.get('jobs') as string | undefined;
  const jobs = jobsText === undefined ? availableParallelism() : integer(jobsText, MAX_JOBS);
  if (!jobs) throw new UsageError(usage.jobs(MAX_JOBS, jobsText ?? ''));
  return jobs;
}

/** `--intensity`, 80 when not given. */
export function intensityOf(values: Values): number {
  const intensityText = values.get('intensity') as string | undefined;
  const intensity = intensityText === undefined ? 80 : integer(intensityText, 100);
  if (intensity === undefined) throw new UsageError(usage.intensity(intensityText ?? ''));
  return intensity;
}

/**
 * The corruption options, checked in this order: the mode, the intensity, then --member, --only,
 * --protect, --fix-checksums, --direction, --charset, --bom and --block-size against the mode (the
 * native CLI's `corruption` checks the same): the corrupting command's, run's and agree's.
 */
export function corruptionOptions(values: Values, lists: Map<string, string[]>) {
  const modeText = values.get('mode') as string | undefined;
  const mode = modeText === undefined ? 'byte_flip' : resolveMode(modeText);
  if (!mode) throw new UsageError(usage.mode(modeText ?? ''));
  const intensity = intensityOf(values);
  const member = values.get('member') as string | undefined;
  if (member === '') throw new UsageError(usage.member());
  const ranges = { only: lists.get('only') ?? [], protect: lists.get('protect') ?? [] };
  const fixChecksums = values.has('fix-checksums');
  // Only the corrupting command has these; given, each is checked against the mode as typed.
  const given = (name: string) => values.get(name) as string | undefined;
  const [direction, charset, bom, blockSize] = ['direction', 'charset', 'bom', 'block-size'].map(given);
  // The mode takes the options given, and every range and value reads (docs/contract.md, section 2,
  // checks 5 to 8f).
  try {
    checkOptions(mode as EngineMode, { ranges, fixChecksums });
    checkVariant(mode as EngineMode, { direction, charset, bom, blockSize });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const variant: ModeVariant = {
    ...(direction !== undefined ? { direction } : {}),
    ...(charset !== undefined ? { charset } : {}),
    ...(bom !== undefined ? { bom } : {}),
    ...(blockSize !== undefined ? { blockSize: Number(blockSize) } : {}),
  };
  return { mode, intensity, ranges, fixChecksums, member, variant };
}

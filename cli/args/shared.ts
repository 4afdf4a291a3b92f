// The steps every command's parser shares (cli/args.ts chooses the command): the tokeniser, and the
// call that decides what it read. parseArgs runs non-strict with tokens so that every mistake it
// finds gets the same one line as the native CLI (engine-rs/cli/src/args/mod.rs), and a value option
// takes the next argument whatever it looks like (`--seed -1` is a bad seed, not a missing one), as
// clap does there. What is then decided (ranges, the mode's options, the combinations refused, in
// which order) is fracture_host::args, which the native CLI calls too, through the outputs module.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import type { OutputsModule } from '../../lib/engine/host-module/node.ts';
import { usage } from '../cli-tables.ts';
import type { ModeVariant } from '../../lib/engine/shared/types.ts';
import { hasEscapedBytes } from '../../lib/engine/host/byte-paths.ts';

export const MAX_SEED = Number.MAX_SAFE_INTEGER;
/** The FILE that means standard input (and output). */
export const STDIN = '-';
export const MAX_COUNT = 1_000_000;
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

/** `--intensity`, 80 when not given. */
export function intensityOf(values: Values): number {
  const intensityText = values.get('intensity') as string | undefined;
  const intensity = intensityText === undefined ? 80 : integer(intensityText, 100);
  if (intensity === undefined) throw new UsageError(usage.intensity(intensityText ?? ''));
  return intensity;
}

/** The outputs module's argument decisions (engine-rs/outputs-wasm/src/args.rs). */
export type Decider = Pick<OutputsModule, 'decideArgs'>;

/** What `tokenise` read. */
export type Tokens = Pick<ReturnType<typeof tokenise>, 'values' | 'lists' | 'positionals'>;

/** A name that is not UTF-8 as text, each escaped byte U+FFFD: only `-` and how many are decided on. */
const lossy = (s: string) => s.replace(ESCAPED_BYTES, '\uFFFD');
const ESCAPED_BYTES = /(?<![\ud800-\udbff])[\udc80-\udcff]/g;

/**
 * What `command` decides about what was read (fracture_host::args, as the native CLI decides it):
 * `fracture`, `run`, `merge`, `minimize`, `diagnose`, or `corruption` for the corruption options
 * alone. `program`: how many words follow `--` (run), when it is given; `randomSeed`: the seed when
 * none is given. A refusal is a UsageError with the native CLI's message.
 */
export function decide<T>(
  outputs: Decider,
  command: string,
  { values, lists, positionals }: Tokens,
  { program, randomSeed = 0 }: { program?: number; randomSeed?: number } = {},
): T {
  const options = [...values].map(([name, v]) => [name, lists.get(name) ?? (v === true ? [] : [lossy(v)])]);
  const given = JSON.stringify({ options, positionals: positionals.map(lossy), program: program ?? null });
  const out = JSON.parse(outputs.decideArgs(command, given, availableParallelism(), randomSeed)) as
    | { decided: T }
    | { refused: string };
  if ('refused' in out) throw new UsageError(out.refused);
  return out.decided;
}

/** The corruption options as fracture_host::args decides them (`Corruption::to_json`). */
export interface Corruption {
  mode: string;
  intensity: number;
  only: string[];
  protect: string[];
  fixChecksums: boolean;
  member: string | null;
  direction: string | null;
  charset: string | null;
  bom: string | null;
  blockSize: string | null;
}

/** The mode's own options as the engine takes them (only those given). */
export function variantOf(c: Corruption): ModeVariant {
  return {
    ...(c.direction !== null ? { direction: c.direction } : {}),
    ...(c.charset !== null ? { charset: c.charset } : {}),
    ...(c.bom !== null ? { bom: c.bom } : {}),
    ...(c.blockSize !== null ? { blockSize: Number(c.blockSize) } : {}),
  };
}

// The corrupting command's arguments (`fracture [OPTIONS] FILE...`; engine-rs/cli/src/args/corrupt.rs
// natively): its options, the combinations it refuses, and --name's rules.
import { FRACTURE, usage } from '../cli-tables.ts';
import type { ModeVariant } from '../../lib/engine/shared/types.ts';
import { isControl } from '../../lib/report/host-fields.ts';
import { displayName as display } from '../../lib/report/display.ts';
import {
  corruptionOptions,
  countOf,
  type Options,
  type Printed,
  seedOf,
  STDIN,
  tokenise,
  UsageError,
  VERSION,
} from './shared.ts';

export interface Args {
  mode: string;
  intensity: number;
  seed: number;
  /** Variants of every file: variant j of file i uses seed + i * count + j. */
  count: number;
  out: string;
  /** The name `-` (standard input) goes by for detection and reports. */
  name: string;
  engine: 'wasm' | 'ts';
  report: boolean;
  /** Also write each file's PDF report, and the session PDF into the ZIP. */
  pdf: boolean;
  json: boolean;
  quiet: boolean;
  /** Print the plan and write nothing. */
  dryRun: boolean;
  zip?: string;
  files: string[];
  /** --only and --protect as given, and --fix-checksums (checked against the mode). */
  ranges: { only: string[]; protect: string[] };
  fixChecksums: boolean;
  /** --member: the glob of the archive members to corrupt (docs/contract.md, section 6.11). */
  member?: string;
  /** --direction, --charset, --bom and --block-size, as given (checked against the mode). */
  variant: ModeVariant;
}

export const OPTIONS = FRACTURE.options satisfies Options;
export const HELP = FRACTURE.help;

/** The corrupting command's arguments; with no --seed, `randomSeed` picks one. */
export function parseCorrupt(argv: string[], randomSeed: () => number): { kind: 'run'; args: Args } | Printed {
  const { values, lists, positionals, print } = tokenise(argv, OPTIONS);
  if (print) return { kind: 'print', text: print === 'help' ? HELP : VERSION };
  const text = (name: keyof typeof OPTIONS) => values.get(name) as string | undefined;
  const { mode, intensity, ranges, fixChecksums, member, variant } = corruptionOptions(values, lists);
  const seed = seedOf(values) ?? randomSeed();
  const engine = text('engine') ?? 'wasm';
  if (engine !== 'wasm' && engine !== 'ts') throw new UsageError(`unknown engine ${engine} (expected wasm or ts)`);
  const count = countOf(values);
  const zip = text('zip');
  const name = text('name');
  checkCombination(positionals, count, zip !== undefined, name !== undefined);
  if (name !== undefined) checkName(name);
  return {
    kind: 'run',
    args: {
      mode,
      intensity,
      seed,
      count,
      out: text('out') ?? 'corrupted',
      name: name ?? 'stdin',
      engine,
      report: values.has('report'),
      pdf: values.has('pdf'),
      json: values.has('json'),
      quiet: values.has('quiet'),
      dryRun: values.has('dry-run'),
      zip,
      files: positionals,
      ranges,
      fixChecksums,
      ...(member !== undefined ? { member } : {}),
      variant,
    },
  };
}

/**
 * `--name` is a base name (docs/cli.md, "Names"): not empty, `.` or `..`, and without `/`, `\`, NUL
 * or a control character (below U+0020, or U+007F).
 */
function checkName(name: string) {
  const bad =
    ['', '.', '..'].includes(name) ||
    [...name].some((ch) => ch === '/' || ch === '\\' || isControl(ch.codePointAt(0) ?? 0));
  if (bad) throw new UsageError(usage.name(display(name)));
}

/** The combinations that cannot work, each refused with its reason, in the native CLI's order. */
function checkCombination(files: string[], count: number, zip: boolean, name: boolean) {
  const stdin = files.filter((f) => f === STDIN).length;
  if (files.length === 0) throw new UsageError(usage.noInputFiles());
  if (stdin > 1) throw new UsageError(usage.stdinTwice());
  if (stdin === 1 && zip) throw new UsageError(usage.zipWithStdin());
  if (stdin === 1 && count > 1) throw new UsageError(usage.countWithStdin());
  if (stdin === 0 && name) throw new UsageError(usage.nameWithoutStdin());
}

// The npm CLI's arguments, tokenised by node:util's parseArgs: the same options, texts and exit codes as
// the native `fracture` (engine-rs/cli/src/args.rs, clap), plus --engine and agree. Every command's
// options, help text and usage errors come from engine-data/cli.toml (cli-tables.ts); what stays here
// is when each check runs. parseArgs runs non-strict with tokens so that every mistake gets the same
// one line as the native CLI, and a value option takes the next argument whatever it looks like
// (`--seed -1` is a bad seed, not a missing one), as clap does there.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { checkOptions, checkVariant } from '../lib/engine/reference/errors.ts';
import { AGREE, DIAGNOSE, FRACTURE, MERGE, MINIMIZE, NATIVE_ONLY, RUN, usage } from './cli-tables.ts';
import { resolveMode } from '../lib/engine/shared/modes.ts';
import type { EngineMode, ModeVariant } from '../lib/engine/shared/types.ts';
import { isControl } from '../lib/report/host-fields.ts';
import { displayName as display } from '../lib/report/display.ts';
import { hasEscapedBytes } from '../lib/engine/host/byte-paths.ts';

export const MAX_SEED = Number.MAX_SAFE_INTEGER;

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

/** The FILE that means standard input (and output). */
export const STDIN = '-';
export const MAX_COUNT = 1_000_000;

export interface MinimizeArgs {
  test: string;
  original: string;
  corrupted: string;
  out?: string;
  timeoutMs: number;
  jobs: number;
  quiet: boolean;
}

/** `fracture agree`: the engines named run FILEs with each seed of A..B; their outputs and reports compared. */
export interface AgreeArgs {
  /** The corruption options, as the corrupting command takes them. */
  mode: string;
  intensity: number;
  ranges: { only: string[]; protect: string[] };
  fixChecksums: boolean;
  /** The seeds, first and last (inclusive). */
  seeds: [number, number];
  /** The engines compared, in this order: wasm, ts, native. */
  engines: AgreeEngine[];
  /** The native `fracture` to run as a subprocess (with `native` among the engines). */
  native?: string;
  json: boolean;
  files: string[];
}

export type AgreeEngine = 'wasm' | 'ts' | 'native';
export const AGREE_ENGINES: readonly AgreeEngine[] = ['wasm', 'ts', 'native'];
/** The seeds `fracture agree` runs when --seeds is not given. */
export const AGREE_SEEDS: [number, number] = [0, 2];

/** `fracture run` (docs/campaigns.md, section 1). */
export interface RunArgs {
  mode: string;
  intensity: number;
  only: string[];
  protect: string[];
  fixChecksums: boolean;
  /** Undefined: random, or with --resume the one DIR/campaign.json records. */
  seed?: number;
  count: number;
  jobs: number;
  timeoutMs: number;
  out: string;
  shard: [number, number] | null;
  /** Sorted, distinct. */
  crashExit: number[];
  crashPattern: string | null;
  resume: boolean;
  minimize: boolean;
  /** Run each FILE unmodified first (`--no-baseline` turns it off). */
  baseline: boolean;
  quiet: boolean;
  files: string[];
  /** PROGRAM then ARGS. */
  program: string[];
}

/** `fracture merge` (docs/campaigns.md, section 10). */
export interface MergeArgs {
  dirs: string[];
  out: string;
  quiet: boolean;
}

/** `fracture diagnose` (docs/damage.md). */
export interface DiagnoseArgs {
  file: string;
  original?: string;
  repair?: string;
  json: boolean;
}

export type Parsed =
  | { kind: 'run'; args: Args }
  | { kind: 'diagnose'; args: DiagnoseArgs }
  | { kind: 'minimize'; args: MinimizeArgs }
  | { kind: 'agree'; args: AgreeArgs }
  | { kind: 'campaign'; args: RunArgs }
  | { kind: 'merge'; args: MergeArgs }
  | { kind: 'print'; text: string };

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

/** A usage error's line, pointing at the help of the command that refused it. */
export const refusal = (message: string, command = 'fracture'): string => `${usage.line(message, command)}\n`;

export const OPTIONS = FRACTURE.options satisfies Options;
export const HELP = FRACTURE.help;
export const VERSION = 'fracture 1.0.0 (fracture-engine/1)\n';
export const MINIMIZE_HELP = MINIMIZE.help;
export const AGREE_HELP = AGREE.help;
export const RUN_HELP = RUN.help;
export const MERGE_HELP = MERGE.help;

export const MAX_TIMEOUT_MS = 86_400_000;
export const MAX_JOBS = 1024;

function parseMinimize(argv: string[]): Parsed {
  const { values, positionals, print } = tokenise(argv, MINIMIZE.options);
  if (print) return { kind: 'print', text: MINIMIZE_HELP };
  // clap refuses a third positional while it parses, before any value is checked.
  if (positionals.length > 2) throw new UsageError(usage.unexpectedArgument(positionals[2]));
  const text = (name: keyof typeof MINIMIZE.options) => values.get(name) as string | undefined;
  const timeoutText = text('timeout');
  const timeoutMs = timeoutText === undefined ? 10_000 : integer(timeoutText, MAX_TIMEOUT_MS);
  if (!timeoutMs) throw new UsageError(usage.minimizeTimeout(MAX_TIMEOUT_MS, timeoutText ?? ''));
  const jobs = jobsOf(values);
  const test = text('test');
  if (test === undefined) throw new UsageError(usage.minimizeNeedsTest());
  if (positionals.length < 2) throw new UsageError(usage.minimizeNeedsFiles());
  return {
    kind: 'minimize',
    args: {
      test,
      original: positionals[0],
      corrupted: positionals[1],
      out: text('out'),
      timeoutMs,
      jobs,
      quiet: values.has('quiet'),
    },
  };
}

/** `--jobs`: 1 to MAX_JOBS, by default the number of cores. */
function jobsOf(values: Map<string, string | true>): number {
  const jobsText = values.get('jobs') as string | undefined;
  const jobs = jobsText === undefined ? availableParallelism() : integer(jobsText, MAX_JOBS);
  if (!jobs) throw new UsageError(usage.jobs(MAX_JOBS, jobsText ?? ''));
  return jobs;
}

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
  values: Map<string, string | true>;
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
  const values = new Map<string, string | true>();
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

export function parseCommandLine(argv: string[], randomSeed: () => number): Parsed {
  // A subcommand is the first argument or nothing (a file called minimize: ./minimize).
  if (argv[0] === 'minimize') return parseMinimize(argv.slice(1));
  if (NATIVE_ONLY.includes(argv[0])) throw new UsageError(usage.nativeOnly(argv[0]));
  if (argv[0] === 'agree') return parseAgree(argv.slice(1));
  if (argv[0] === 'run') return parseRun(argv.slice(1));
  if (argv[0] === 'merge') return parseMerge(argv.slice(1));
  if (argv[0] === 'diagnose') return parseDiagnose(argv.slice(1));
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

/** `--seed`, if given. */
function seedOf(values: Map<string, string | true>): number | undefined {
  const seedText = values.get('seed') as string | undefined;
  if (seedText === undefined) return undefined;
  const seed = integer(seedText, MAX_SEED);
  if (seed === undefined) throw new UsageError(usage.seed(MAX_SEED, seedText));
  return seed;
}

function countOf(values: Map<string, string | true>): number {
  const countText = values.get('count') as string | undefined;
  const count = countText === undefined ? 1 : integer(countText, MAX_COUNT);
  if (!count) throw new UsageError(usage.count(MAX_COUNT, countText ?? ''));
  return count;
}

/** `--intensity`, 80 when not given. */
export function intensityOf(values: Map<string, string | true>): number {
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
function corruptionOptions(values: Map<string, string | true>, lists: Map<string, string[]>) {
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

/** `fracture agree`'s arguments (docs/cli.md, "fracture agree"). */
function parseAgree(argv: string[]): Parsed {
  const { values, lists, positionals, print } = tokenise(argv, AGREE.options);
  if (print) return { kind: 'print', text: print === 'help' ? AGREE_HELP : VERSION };
  const { mode, intensity, ranges, fixChecksums } = corruptionOptions(values, lists);
  const text = (name: keyof typeof AGREE.options) => values.get(name) as string | undefined;
  const seedsText = text('seeds');
  const seeds = seedsText === undefined ? AGREE_SEEDS : seedRange(seedsText);
  const native = text('native');
  if (native === '') throw new UsageError('--native needs the path of a fracture binary');
  const enginesText = text('engines');
  let engines: AgreeEngine[];
  if (enginesText === undefined) engines = native === undefined ? ['wasm', 'ts'] : ['wasm', 'ts', 'native'];
  else {
    const named = enginesText.split(',');
    for (const e of named) {
      if (!(AGREE_ENGINES as readonly string[]).includes(e)) {
        throw new UsageError(`unknown engine ${display(e)} in --engines (expected wasm, ts or native)`);
      }
    }
    engines = AGREE_ENGINES.filter((e) => named.includes(e));
    if (engines.length !== named.length)
      throw new UsageError(`--engines names an engine twice: ${display(enginesText)}`);
    if (engines.length < 2) throw new UsageError('--engines needs at least two engines to compare');
    if (engines.includes('native') && native === undefined) {
      throw new UsageError('--engines includes native: give the binary with --native PATH');
    }
    if (!engines.includes('native') && native !== undefined) {
      throw new UsageError('--native is given but --engines leaves native out');
    }
  }
  if (positionals.length === 0) throw new UsageError('agree needs at least one FILE');
  if (positionals.includes(STDIN)) {
    throw new UsageError('agree reads files, not standard input (-): give the file itself (./- for a file named -)');
  }
  return {
    kind: 'agree',
    args: {
      mode,
      intensity,
      ranges,
      fixChecksums,
      seeds,
      engines,
      native,
      json: values.has('json'),
      files: positionals,
    },
  };
}

/** `A..B` (A <= B, inclusive) or `S` (S..S): seeds from 0 to MAX_SEED, at most MAX_COUNT of them. */
function seedRange(v: string): [number, number] {
  const m = /^([0-9]+)(?:\.\.([0-9]+))?$/.exec(v);
  const first = m ? integer(m[1], MAX_SEED) : undefined;
  const last = m ? (m[2] === undefined ? first : integer(m[2], MAX_SEED)) : undefined;
  if (first === undefined || last === undefined) {
    throw new UsageError(`--seeds must be A..B (A to B inclusive) or S, seeds from 0 to ${MAX_SEED}, got ${v}`);
  }
  if (last < first) throw new UsageError(`--seeds ${v}: the first seed is larger than the last`);
  if (last - first + 1 > MAX_COUNT) throw new UsageError(`--seeds ${v}: at most ${MAX_COUNT} seeds`);
  return [first, last];
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

export const MAX_TIMEOUT_SECONDS = 86400;

/** `--crash-exit`: integers 1-255 and ranges A-B, comma-separated; sorted and distinct. */
export function parseCrashExit(text: string): number[] | undefined {
  const codes = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^([0-9]+)(?:-([0-9]+))?$/.exec(part);
    if (!m) return undefined;
    const a = integer(m[1], 255);
    const b = m[2] === undefined ? a : integer(m[2], 255);
    if (!a || !b || a > b) return undefined;
    for (let c = a; c <= b; c++) codes.add(c);
  }
  return [...codes].sort((x, y) => x - y);
}

/** `--timeout SECONDS` as milliseconds: `^[0-9]+(\.[0-9]{1,3})?$`, above 0, at most 86400. */
export function parseTimeout(text: string): number | undefined {
  const m = /^([0-9]+)(?:\.([0-9]{1,3}))?$/.exec(text);
  if (!m || m[1].length > 6) return undefined;
  const ms = Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
  return ms > 0 && ms <= MAX_TIMEOUT_SECONDS * 1000 ? ms : undefined;
}

function parseRun(argv: string[]): Parsed {
  const dash = argv.indexOf('--');
  const before = dash < 0 ? argv : argv.slice(0, dash);
  const { values, lists, positionals, print } = tokenise(before, RUN.options);
  if (print) return { kind: 'print', text: RUN_HELP };
  const text = (name: keyof typeof RUN.options) => values.get(name) as string | undefined;
  const { mode, intensity, ranges, fixChecksums } = corruptionOptions(values, lists);
  const seed = seedOf(values);
  const count = countOf(values);
  const jobs = jobsOf(values);
  const timeoutText = text('timeout');
  const timeoutMs = timeoutText === undefined ? 10_000 : parseTimeout(timeoutText);
  if (timeoutMs === undefined) throw new UsageError(usage.runTimeout(MAX_TIMEOUT_SECONDS, timeoutText ?? ''));
  const shardText = text('shard');
  let shard: [number, number] | null = null;
  if (shardText !== undefined) {
    const m = /^([0-9]+)\/([0-9]+)$/.exec(shardText);
    const k = m ? integer(m[1], MAX_COUNT) : undefined;
    const n = m ? integer(m[2], MAX_COUNT) : undefined;
    if (!k || !n || k > n) throw new UsageError(usage.shard(MAX_COUNT, shardText));
    shard = [k, n];
  }
  const crashExitText = text('crash-exit');
  const crashExit = crashExitText === undefined ? [] : parseCrashExit(crashExitText);
  if (!crashExit) throw new UsageError(usage.crashExit(crashExitText ?? ''));
  if (positionals.includes(STDIN)) throw new UsageError(usage.stdinInCampaign());
  if (positionals.length === 0) throw new UsageError(usage.noInputFiles());
  const program = dash < 0 ? [] : argv.slice(dash + 1);
  if (program.length === 0) throw new UsageError(usage.runNeedsProgram());
  // The pattern is checked once the line is read, as the native CLI checks it with the regex crate
  // (the two engines' reasons differ; the words before them do not).
  const crashPattern = text('crash-pattern') ?? null;
  if (crashPattern !== null) {
    try {
      new RegExp(crashPattern, 'u');
    } catch (e) {
      throw new UsageError(usage.crashPattern((e as Error).message));
    }
  }
  return {
    kind: 'campaign',
    args: {
      mode,
      intensity,
      only: ranges.only,
      protect: ranges.protect,
      fixChecksums,
      seed,
      count,
      jobs,
      timeoutMs,
      out: text('out') ?? 'campaign',
      shard,
      crashExit,
      crashPattern,
      resume: values.has('resume'),
      minimize: !values.has('no-minimize'),
      baseline: !values.has('no-baseline'),
      quiet: values.has('quiet'),
      files: positionals,
      program,
    },
  };
}

function parseMerge(argv: string[]): Parsed {
  const { values, positionals, print } = tokenise(argv, MERGE.options);
  if (print) return { kind: 'print', text: MERGE_HELP };
  const out = values.get('out') as string | undefined;
  if (positionals.length === 0) throw new UsageError(usage.mergeNeedsDirs());
  if (out === undefined) throw new UsageError(usage.mergeNeedsOut());
  return { kind: 'merge', args: { dirs: positionals, out, quiet: values.has('quiet') } };
}

function parseDiagnose(argv: string[]): Parsed {
  const { values, positionals, print } = tokenise(argv, DIAGNOSE.options);
  if (print) return { kind: 'print', text: DIAGNOSE.help };
  // clap refuses a second positional while it parses, before any value is checked.
  if (positionals.length > 1) throw new UsageError(usage.unexpectedArgument(positionals[1]));
  if (positionals.length === 0) throw new UsageError(usage.diagnoseNeedsFile());
  const text = (name: keyof typeof DIAGNOSE.options) => values.get(name) as string | undefined;
  return {
    kind: 'diagnose',
    args: { file: positionals[0], original: text('original'), repair: text('repair'), json: values.has('json') },
  };
}

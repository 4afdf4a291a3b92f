// The npm CLI's arguments, tokenised by node:util's parseArgs: the same options, texts and exit codes as
// the native `fracture` (engine-rs/cli/src/args.rs, clap), plus --engine; the corrupting command's and
// minimize's options and help texts come from engine-data/cli.toml (cli-tables.ts). parseArgs runs
// non-strict with tokens so that every mistake gets the same one line as the native CLI, and a value
// option takes the next argument whatever it looks like (`--seed -1` is a bad seed, not a missing
// one), as clap does there.
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { checkOptions } from '../lib/engine/reference/errors.ts';
import {
  FRACTURE_ABOUT,
  FRACTURE_AFTER,
  FRACTURE_FILE,
  FRACTURE_OPTIONS,
  MINIMIZE_ABOUT,
  MINIMIZE_AFTER,
  MINIMIZE_CORRUPTED,
  MINIMIZE_OPTIONS as MINIMIZE_TABLE,
  MINIMIZE_ORIGINAL,
} from './cli-tables.ts';
import { resolveMode } from '../lib/engine/shared/modes.ts';
import type { EngineMode } from '../lib/engine/shared/types.ts';
import { isControl } from '../lib/report/host-fields.ts';
import { displayName as display } from '../lib/report/display.ts';

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

export type Parsed =
  | { kind: 'run'; args: Args }
  | { kind: 'minimize'; args: MinimizeArgs }
  | { kind: 'agree'; args: AgreeArgs }
  | { kind: 'campaign'; args: RunArgs }
  | { kind: 'merge'; args: MergeArgs }
  | { kind: 'print'; text: string };

export class UsageError extends Error {}

/** An option: its value's name (none for a flag), short letter, help line, whether it repeats, and
 * whether it is this CLI's alone (engine-data/cli.toml has the corrupting command's and minimize's). */
interface Option {
  value?: string;
  short?: string;
  help: string;
  repeatable?: boolean;
  npmOnly?: boolean;
}

type Options = Record<string, Option>;

export const OPTIONS = FRACTURE_OPTIONS satisfies Options;

const MINIMIZE_OPTIONS = MINIMIZE_TABLE satisfies Options;

const AGREE_OPTIONS = {
  mode: OPTIONS.mode,
  intensity: OPTIONS.intensity,
  only: OPTIONS.only,
  protect: OPTIONS.protect,
  'fix-checksums': OPTIONS['fix-checksums'],
  seeds: {
    value: 'A..B',
    help: `the seeds, A to B inclusive, each run on every FILE (default ${AGREE_SEEDS[0]}..${AGREE_SEEDS[1]}; a single S is S..S; at most 1000000 seeds)`,
  },
  native: {
    value: 'PATH',
    help: 'also run this native fracture binary (as a subprocess, writing to a temporary directory) and compare it',
  },
  engines: {
    value: 'LIST',
    help: 'the engines compared, comma-separated, at least two of wasm, ts and native (default wasm,ts, and native with --native); leave ts out for files past 4294967295 bytes or to keep memory bounded',
  },
  json: { help: 'print one JSON object per FILE and seed on stdout instead of a line of text' },
  help: { short: 'h', help: 'print this help' },
} satisfies Options;

const AGREE_ABOUT =
  'Runs the WebAssembly engine, the TypeScript reference engine and, with --native, the native binary on each FILE with each seed and the same corruption options, and compares their output bytes and reports (timings aside). Prints one line per FILE and seed.';
const AGREE_AFTER = [
  'The WebAssembly engine streams every file as the corrupting command does, and its output is compared piece by piece as it is made; the native output is written to a temporary directory and read back in pieces; the reference engine holds the file and its output in memory.',
  'Exit status: 0 all engines agree on every FILE and seed, 1 some differ (the line names the first differing byte offset and the report fields that differ) or a run failed, 2 usage error.',
];

export const AGREE_HELP = helpText(
  'fracture agree [OPTIONS] [FILE]...',
  AGREE_ABOUT,
  [['[FILE]...', 'the files to run the engines on (they are only read)']],
  AGREE_OPTIONS,
  AGREE_AFTER.join('\n\n'),
);

export const MAX_TIMEOUT_MS = 86_400_000;
export const MAX_JOBS = 1024;

/** The help text, laid out as clap lays out the native CLI's (100 columns). */
export function helpText(
  usage: string,
  about: string,
  positionals: [string, string][],
  options: Options,
  after: string,
): string {
  const optionCol = (name: string, o: Option) =>
    `${o.short ? `-${o.short}, ` : '    '}--${name}${o.value ? ` <${o.value}>` : ''}`;
  const rows: [string, string][] = Object.entries(options).map(([name, o]) => [optionCol(name, o), o.help]);
  const positional: [string, string][] = positionals.map(([name, help]) => [name, help]);
  const wrap = (text: string, indent: number) => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      if (line && indent + line.length + 1 + word.length > 100) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
    return lines.join(`\n${' '.repeat(indent)}`);
  };
  // Each section is aligned on its own longest entry, two spaces after it.
  const table = (list: [string, string][]) => {
    const width = Math.max(...list.map(([left]) => left.length)) + 2;
    return list.map(([left, help]) => `  ${left.padEnd(width)}${wrap(help, width + 2)}`).join('\n');
  };
  // Prose paragraphs wrap at 100 columns, as clap wraps them; lines of a table stay as written.
  const prose = (text: string) =>
    text
      .split('\n\n')
      .map((p) => (p.includes('\n') ? p : wrap(p, 0)))
      .join('\n\n');
  // A command without positionals has no Arguments section, as clap prints it.
  const args = positional.length > 0 ? `Arguments:\n${table(positional)}\n\n` : '';
  return `${prose(about)}\n\nUsage: ${usage}\n\n${args}Options:\n${table(rows)}\n\n${prose(after)}\n`;
}

export const HELP = helpText(
  'fracture [OPTIONS] [FILE]...',
  FRACTURE_ABOUT,
  [['[FILE]...', FRACTURE_FILE]],
  OPTIONS,
  FRACTURE_AFTER,
);
export const VERSION = 'fracture 1.0.0 (fracture-engine/1)\n';

export const MINIMIZE_HELP = helpText(
  'fracture minimize [OPTIONS] [ORIGINAL] [CORRUPTED]',
  MINIMIZE_ABOUT,
  [
    ['[ORIGINAL]', MINIMIZE_ORIGINAL],
    ['[CORRUPTED]', MINIMIZE_CORRUPTED],
  ],
  MINIMIZE_OPTIONS,
  MINIMIZE_AFTER,
);

function parseMinimize(argv: string[]): Parsed {
  const { values, positionals, print } = tokenise(argv, MINIMIZE_OPTIONS);
  if (print) return { kind: 'print', text: MINIMIZE_HELP };
  // clap refuses a third positional while it parses, before any value is checked.
  if (positionals.length > 2) throw new UsageError(`unexpected argument ${positionals[2]}`);
  const text = (name: keyof typeof MINIMIZE_OPTIONS) => values.get(name) as string | undefined;
  const timeoutText = text('timeout');
  const timeoutMs = timeoutText === undefined ? 10_000 : integer(timeoutText, MAX_TIMEOUT_MS);
  if (!timeoutMs) {
    throw new UsageError(`Timeout must be an integer from 1 to ${MAX_TIMEOUT_MS} (milliseconds), got ${timeoutText}`);
  }
  const jobsText = text('jobs');
  const jobs = jobsText === undefined ? availableParallelism() : integer(jobsText, MAX_JOBS);
  if (!jobs) throw new UsageError(`Jobs must be an integer from 1 to ${MAX_JOBS}, got ${jobsText}`);
  const test = text('test');
  if (test === undefined) throw new UsageError('minimize needs --test CMD');
  if (positionals.length < 2) throw new UsageError('minimize needs ORIGINAL and CORRUPTED');
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
    if (!o) throw new UsageError(`unknown option ${t.rawName}`);
    if (t.name === 'help' || t.name === 'version') return { values, lists, positionals, print: t.name };
    if (o.value) {
      if (t.value === undefined) throw new UsageError(`option ${t.rawName} needs a value`);
      values.set(t.name, t.value);
      if (o.repeatable) lists.set(t.name, [...(lists.get(t.name) ?? []), t.value]);
    } else {
      if (t.value !== undefined) throw new UsageError(`option ${t.rawName} takes no value`);
      values.set(t.name, true);
    }
  }
  return { values, lists, positionals };
}

export function parseCommandLine(argv: string[], randomSeed: () => number): Parsed {
  // A subcommand is the first argument or nothing (a file called minimize: ./minimize).
  if (argv[0] === 'minimize') return parseMinimize(argv.slice(1));
  if (argv[0] === 'agree') return parseAgree(argv.slice(1));
  if (argv[0] === 'run') return parseRun(argv.slice(1));
  if (argv[0] === 'merge') return parseMerge(argv.slice(1));
  const { values, lists, positionals, print } = tokenise(argv, OPTIONS);
  if (print) return { kind: 'print', text: print === 'help' ? HELP : VERSION };
  const text = (name: keyof typeof OPTIONS) => values.get(name) as string | undefined;
  const { mode, intensity, ranges, fixChecksums } = corruptionOptions(values, lists);
  const seedText = text('seed');
  const seed = seedText === undefined ? randomSeed() : integer(seedText, MAX_SEED);
  if (seed === undefined) throw new UsageError(`Seed must be an integer from 0 to ${MAX_SEED}, got ${seedText}`);
  const engine = text('engine') ?? 'wasm';
  if (engine !== 'wasm' && engine !== 'ts') throw new UsageError(`unknown engine ${engine} (expected wasm or ts)`);
  const countText = text('count');
  const count = countText === undefined ? 1 : integer(countText, MAX_COUNT);
  if (!count) throw new UsageError(`Count must be an integer from 1 to ${MAX_COUNT}, got ${countText}`);
  const zip = text('zip');
  const name = text('name');
  const member = text('member');
  if (member === '') throw new UsageError("--member needs a glob, such as word/document.xml or '**/*.xml'");
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
    },
  };
}

/** --mode, --intensity, --only, --protect and --fix-checksums, checked together: the corrupting command's and agree's. */
function corruptionOptions(values: Map<string, string | true>, lists: Map<string, string[]>) {
  const text = (name: string) => values.get(name) as string | undefined;
  const modeText = text('mode');
  const mode = modeText === undefined ? 'byte_flip' : resolveMode(modeText);
  if (!mode) throw new UsageError(`Unsupported corruption mode: ${modeText}`);
  const intensityText = text('intensity');
  const intensity = intensityText === undefined ? 80 : integer(intensityText, 100);
  if (intensity === undefined) throw new UsageError(`Intensity must be an integer from 0 to 100, got ${intensityText}`);
  const ranges = { only: lists.get('only') ?? [], protect: lists.get('protect') ?? [] };
  const fixChecksums = values.has('fix-checksums');
  // The mode takes the options given, and every range reads (docs/contract.md, section 2, checks 5-8).
  try {
    checkOptions(mode as EngineMode, { ranges, fixChecksums });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  return { mode, intensity, ranges, fixChecksums };
}

/** `fracture agree`'s arguments (docs/cli.md, "fracture agree"). */
function parseAgree(argv: string[]): Parsed {
  const { values, lists, positionals, print } = tokenise(argv, AGREE_OPTIONS);
  if (print) return { kind: 'print', text: print === 'help' ? AGREE_HELP : VERSION };
  const { mode, intensity, ranges, fixChecksums } = corruptionOptions(values, lists);
  const text = (name: keyof typeof AGREE_OPTIONS) => values.get(name) as string | undefined;
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
    name === '' ||
    name === '.' ||
    name === '..' ||
    [...name].some((ch) => ch === '/' || ch === '\\' || isControl(ch.codePointAt(0) ?? 0));
  if (bad) {
    throw new UsageError(`--name must be a file name, not a path or a name with control characters: ${display(name)}`);
  }
}

/** The combinations that cannot work, each refused with its reason, in the native CLI's order. */
function checkCombination(files: string[], count: number, zip: boolean, name: boolean) {
  const stdin = files.filter((f) => f === STDIN).length;
  if (files.length === 0) throw new UsageError('no input files');
  if (stdin > 1) throw new UsageError('- (standard input) can be given only once');
  if (stdin === 1 && zip) {
    throw new UsageError('--zip cannot be used with - (the corrupted bytes go to standard output)');
  }
  if (stdin === 1 && count > 1) {
    throw new UsageError('--count above 1 cannot be used with - (standard output holds one file)');
  }
  if (stdin === 0 && name) throw new UsageError('--name names standard input: it needs - among the FILEs');
}

const RUN_OPTIONS = {
  mode: OPTIONS.mode,
  intensity: OPTIONS.intensity,
  only: OPTIONS.only,
  protect: OPTIONS.protect,
  'fix-checksums': OPTIONS['fix-checksums'],
  seed: {
    value: 'S',
    help: "0-9007199254740991 (default random, always printed; with --resume the campaign's); variant j of file i uses S + i * N + j",
  },
  count: { value: 'N', help: 'variants of every FILE (default 1, at most 1000000)' },
  jobs: { value: 'J', help: 'runs at once (default: the number of cores)' },
  timeout: { value: 'SECONDS', help: 'a run still going after this is hung (default 10; up to 3 decimals)' },
  out: { value: 'DIR', help: 'the campaign directory (default ./campaign)' },
  shard: { value: 'K/M', help: 'run only slice K of M (the runs whose index r = i * N + j has r % M == K - 1)' },
  'crash-exit': { value: 'CODES', help: 'exit codes that count as crashes: 134,139,200-210 (default none)' },
  'crash-pattern': { value: 'REGEX', help: 'a standard-error line matching REGEX is a crash' },
  resume: { help: 'continue the campaign in DIR, skipping the runs it recorded' },
  'no-minimize': { help: 'do not minimise the unique crashes' },
  quiet: { help: 'no progress line and no closing line (errors and the seed line still print)' },
  help: { short: 'h', help: 'print this help' },
} satisfies Options;

const RUN_ABOUT =
  'Feeds variants of FILEs (as fracture --seed S --count N makes them) to PROGRAM and records what happened: accepted (exit 0), rejected (another exit), crashed (a crash signal, --crash-exit, a sanitizer report, a Rust panic or --crash-pattern) or hung (--timeout). Each unique crash is kept with its replay and minimised.';
const RUN_AFTER = [
  "In ARGS, {} is the variant's path (without {}, the variant is PROGRAM's standard input). PROGRAM runs directly (no shell), in a process group of its own, killed at the timeout.",
  'DIR gets campaign.json, runs.jsonl, summary.md and crashes/ID/ (docs/campaigns.md).',
  'Exit status: 0 nothing crashed or hung, 1 something did (or the campaign stopped on an error), 2 usage error.',
];

export const RUN_HELP = helpText(
  'fracture run [OPTIONS] FILE... -- PROGRAM [ARGS]...',
  RUN_ABOUT,
  [
    ['FILE...', 'the files whose variants are fed to PROGRAM'],
    ['PROGRAM [ARGS]...', 'the program under test and its arguments, after --'],
  ],
  RUN_OPTIONS,
  RUN_AFTER.join('\n\n'),
);

const MERGE_OPTIONS = {
  out: { value: 'DIR', help: 'the merged campaign directory (absent or empty)' },
  quiet: { help: 'no closing line' },
  help: { short: 'h', help: 'print this help' },
} satisfies Options;

export const MERGE_HELP = helpText(
  'fracture merge [OPTIONS] DIR...',
  'Merges the directories of the shards of one campaign (fracture run --shard K/M) into one, equal to a single run over all of them.',
  [['DIR...', 'the shard directories']],
  MERGE_OPTIONS,
  'Exit status: 0 nothing crashed or hung, 1 something did, 2 usage error.',
);

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
  const { values, lists, positionals, print } = tokenise(before, RUN_OPTIONS);
  if (print) return { kind: 'print', text: RUN_HELP };
  const text = (name: keyof typeof RUN_OPTIONS) => values.get(name) as string | undefined;
  const modeText = text('mode');
  const mode = modeText === undefined ? 'byte_flip' : resolveMode(modeText);
  if (!mode) throw new UsageError(`Unsupported corruption mode: ${modeText}`);
  const intensityText = text('intensity');
  const intensity = intensityText === undefined ? 80 : integer(intensityText, 100);
  if (intensity === undefined) throw new UsageError(`Intensity must be an integer from 0 to 100, got ${intensityText}`);
  const seedText = text('seed');
  const seed = seedText === undefined ? undefined : integer(seedText, MAX_SEED);
  if (seedText !== undefined && seed === undefined) {
    throw new UsageError(`Seed must be an integer from 0 to ${MAX_SEED}, got ${seedText}`);
  }
  const countText = text('count');
  const count = countText === undefined ? 1 : integer(countText, MAX_COUNT);
  if (!count) throw new UsageError(`Count must be an integer from 1 to ${MAX_COUNT}, got ${countText}`);
  const jobsText = text('jobs');
  const jobs = jobsText === undefined ? availableParallelism() : integer(jobsText, MAX_JOBS);
  if (!jobs) throw new UsageError(`Jobs must be an integer from 1 to ${MAX_JOBS}, got ${jobsText}`);
  const timeoutText = text('timeout');
  const timeoutMs = timeoutText === undefined ? 10_000 : parseTimeout(timeoutText);
  if (timeoutMs === undefined) {
    throw new UsageError(
      `Timeout must be a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}, with at most 3 decimals, got ${timeoutText}`,
    );
  }
  const shardText = text('shard');
  let shard: [number, number] | null = null;
  if (shardText !== undefined) {
    const m = /^([0-9]+)\/([0-9]+)$/.exec(shardText);
    const k = m ? integer(m[1], MAX_COUNT) : undefined;
    const n = m ? integer(m[2], MAX_COUNT) : undefined;
    if (!k || !n || k > n) throw new UsageError(`Shard must be K/M with 1 <= K <= M <= ${MAX_COUNT}, got ${shardText}`);
    shard = [k, n];
  }
  const crashExitText = text('crash-exit');
  const crashExit = crashExitText === undefined ? [] : parseCrashExit(crashExitText);
  if (!crashExit) {
    throw new UsageError(
      `--crash-exit must be exit codes from 1 to 255 and ranges A-B, comma-separated, got ${crashExitText}`,
    );
  }
  const crashPattern = text('crash-pattern') ?? null;
  if (crashPattern !== null) {
    try {
      new RegExp(crashPattern, 'u');
    } catch (e) {
      throw new UsageError(`--crash-pattern is not a valid regular expression: ${(e as Error).message}`);
    }
  }
  const only = lists.get('only') ?? [];
  const protect = lists.get('protect') ?? [];
  const fixChecksums = values.has('fix-checksums');
  try {
    checkOptions(mode as EngineMode, { ranges: { only, protect }, fixChecksums });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (positionals.includes(STDIN)) throw new UsageError('- (standard input) cannot be a campaign input');
  if (positionals.length === 0) throw new UsageError('no input files');
  const program = dash < 0 ? [] : argv.slice(dash + 1);
  if (program.length === 0) throw new UsageError('run needs -- PROGRAM [ARGS...] after the FILEs');
  return {
    kind: 'campaign',
    args: {
      mode,
      intensity,
      only,
      protect,
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
      quiet: values.has('quiet'),
      files: positionals,
      program,
    },
  };
}

function parseMerge(argv: string[]): Parsed {
  const { values, positionals, print } = tokenise(argv, MERGE_OPTIONS);
  if (print) return { kind: 'print', text: MERGE_HELP };
  const out = values.get('out') as string | undefined;
  if (out === undefined) throw new UsageError('merge needs --out DIR');
  if (positionals.length === 0) throw new UsageError('merge needs the shard directories');
  return { kind: 'merge', args: { dirs: positionals, out, quiet: values.has('quiet') } };
}

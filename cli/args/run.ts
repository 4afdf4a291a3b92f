// `fracture run` and `fracture merge`: their arguments (docs/campaigns.md, sections 1 and 10;
// engine-rs/cli/src/args/run.rs natively).
import { MERGE, RUN, usage } from '../cli-tables.ts';
import {
  corruptionOptions,
  countOf,
  integer,
  jobsOf,
  MAX_COUNT,
  type Printed,
  seedOf,
  STDIN,
  tokenise,
  UsageError,
} from './shared.ts';

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

export const RUN_HELP = RUN.help;
export const MERGE_HELP = MERGE.help;
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

/** `--shard K/N`: 1 <= K <= N <= MAX_COUNT. */
function shardOf(shardText: string | undefined): [number, number] | null {
  if (shardText === undefined) return null;
  const m = /^([0-9]+)\/([0-9]+)$/.exec(shardText);
  const k = m ? integer(m[1], MAX_COUNT) : undefined;
  const n = m ? integer(m[2], MAX_COUNT) : undefined;
  if (!k || !n || k > n) throw new UsageError(usage.shard(MAX_COUNT, shardText));
  return [k, n];
}

export function parseRun(argv: string[]): { kind: 'campaign'; args: RunArgs } | Printed {
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
  const shard = shardOf(text('shard'));
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

export function parseMerge(argv: string[]): { kind: 'merge'; args: MergeArgs } | Printed {
  const { values, positionals, print } = tokenise(argv, MERGE.options);
  if (print) return { kind: 'print', text: MERGE_HELP };
  const out = values.get('out') as string | undefined;
  if (positionals.length === 0) throw new UsageError(usage.mergeNeedsDirs());
  if (out === undefined) throw new UsageError(usage.mergeNeedsOut());
  return { kind: 'merge', args: { dirs: positionals, out, quiet: values.has('quiet') } };
}

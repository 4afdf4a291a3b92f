// `fracture run` and `fracture merge`: their arguments (docs/campaigns.md, sections 1 and 10;
// engine-rs/cli/src/args/run.rs natively), decided by fracture_host::args.
import type { Corruption, Line } from './shared.ts';

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
  /** What fracture_host::args decided, as the host module takes it back (describeCampaign). */
  decided: string;
}

/** `fracture merge` (docs/campaigns.md, section 10). */
export interface MergeArgs {
  dirs: string[];
  out: string;
  quiet: boolean;
}

export function parseRun(line: Line<Decided>): { kind: 'campaign'; args: RunArgs } {
  // --crash-pattern is checked when the campaign is planned (cli/run.ts), by the regex crate that
  // matches it, in the host module.
  const c = line.decided;
  const { corruption } = c;
  return {
    kind: 'campaign',
    args: {
      mode: corruption.mode,
      intensity: corruption.intensity,
      only: corruption.only,
      protect: corruption.protect,
      fixChecksums: corruption.fixChecksums,
      seed: c.seed ?? undefined,
      count: c.count,
      jobs: c.jobs,
      timeoutMs: c.timeoutMs,
      out: line.text('out') ?? 'campaign',
      shard: c.shard,
      crashExit: c.crashExit,
      crashPattern: c.crashPattern,
      resume: c.resume,
      minimize: c.minimize,
      baseline: c.baseline,
      quiet: c.quiet,
      files: line.positionals,
      program: line.program ?? [],
      decided: JSON.stringify(c),
    },
  };
}

/** What fracture_host::args decides for `fracture run` (its seed: null when not given). */
export type Decided = Omit<
  RunArgs,
  'mode' | 'intensity' | 'only' | 'protect' | 'fixChecksums' | 'seed' | 'out' | 'files' | 'program' | 'decided'
> & {
  corruption: Corruption;
  seed: number | null;
};

export function parseMerge(line: Line<{ quiet: boolean }>): { kind: 'merge'; args: MergeArgs } {
  return {
    kind: 'merge',
    args: { dirs: line.positionals, out: line.text('out') as string, quiet: line.decided.quiet },
  };
}

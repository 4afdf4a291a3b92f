// `fracture run` and `fracture merge`: their arguments (docs/campaigns.md, sections 1 and 10;
// engine-rs/cli/src/args/run.rs natively), decided by fracture_host::args.
import type { Corruption, Line } from './shared.ts';

/** `fracture run` (docs/campaigns.md, section 1): what fracture_host::args decided, as natively. */
export interface RunArgs {
  decided: Decided;
  out: string;
  files: string[];
  /** PROGRAM then ARGS. */
  program: string[];
  /** The decisions as the host module takes them back (planCampaign). */
  decidedJson: string;
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
  const decided = line.decided;
  const out = line.text('out') ?? 'campaign';
  const args = { decided, out, files: line.positionals, program: line.program ?? [] };
  return { kind: 'campaign', args: { ...args, decidedJson: JSON.stringify(decided) } };
}

/** What fracture_host::args decides for `fracture run` (the seed null when not given). */
export interface Decided {
  corruption: Corruption;
  seed: number | null;
  count: number;
  jobs: number;
  timeoutMs: number;
  shard: [number, number] | null;
  /** Sorted, distinct. */
  crashExit: number[];
  crashPattern: string | null;
  resume: boolean;
  minimize: boolean;
  /** Run each FILE unmodified first (`--no-baseline` turns it off). */
  baseline: boolean;
  quiet: boolean;
}

export function parseMerge(line: Line<{ quiet: boolean }>): { kind: 'merge'; args: MergeArgs } {
  return {
    kind: 'merge',
    args: { dirs: line.positionals, out: line.text('out') as string, quiet: line.decided.quiet },
  };
}

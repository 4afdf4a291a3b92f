// The corrupting command's arguments (`fracture [OPTIONS] FILE...`; engine-rs/cli/src/args/corrupt.rs
// natively), decided by fracture_host::args: the combinations it refuses and --name's rules are there.
import type { ModeVariant } from '../../lib/engine/shared/types.ts';
import { type Corruption, type Line, UsageError, variantOf } from './shared.ts';

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
  /** What fracture_host::args decided, as the outputs module takes it back (RunPlan). */
  decided: string;
}

/** The corrupting command's arguments, as `line` holds them. */
export function parseCorrupt(line: Line<Decided>): { kind: 'run'; args: Args } {
  const c = line.decided;
  // --engine is this CLI's own (the native one refuses it), so its check is here.
  const engine = line.text('engine') ?? 'wasm';
  if (engine !== 'wasm' && engine !== 'ts') throw new UsageError(`unknown engine ${engine} (expected wasm or ts)`);
  const { corruption } = c;
  return {
    kind: 'run',
    args: {
      mode: corruption.mode,
      intensity: corruption.intensity,
      seed: c.seed,
      count: c.count,
      out: line.text('out') ?? 'corrupted',
      name: c.name,
      engine,
      report: c.report,
      pdf: c.pdf,
      json: c.json,
      quiet: c.quiet,
      dryRun: c.dryRun,
      zip: line.text('zip'),
      files: line.positionals,
      ranges: { only: corruption.only, protect: corruption.protect },
      fixChecksums: corruption.fixChecksums,
      ...(corruption.member !== null ? { member: corruption.member } : {}),
      variant: variantOf(corruption),
      decided: JSON.stringify(c),
    },
  };
}

/** What fracture_host::args decides for the corrupting command. */
export interface Decided {
  corruption: Corruption;
  seed: number;
  count: number;
  name: string;
  report: boolean;
  pdf: boolean;
  json: boolean;
  quiet: boolean;
  dryRun: boolean;
}

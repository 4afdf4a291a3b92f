// The corrupting command's arguments (`fracture [OPTIONS] FILE...`; engine-rs/cli/src/args/corrupt.rs
// natively), decided by fracture_host::args: the combinations it refuses and --name's rules are there.
import type { RunSettings } from '../../sdk/engine.ts';
import { type Corruption, type Line, UsageError, variantOf } from './shared.ts';

export interface Args {
  /** What fracture_host::args decided. */
  decided: Decided;
  /** Every variant's engine settings: the mode, intensity, ranges, --fix-checksums, --member, the mode's options. */
  settings: RunSettings;
  engine: 'wasm' | 'ts';
  out: string;
  zip?: string;
  files: string[];
}

/** The corrupting command's arguments, as `line` holds them. */
export function parseCorrupt(line: Line<Decided>): { kind: 'run'; args: Args } {
  const c = line.decided;
  // --engine is this CLI's own (the native one refuses it), so its check is here.
  const engine = line.text('engine') ?? 'wasm';
  if (engine !== 'wasm' && engine !== 'ts') throw new UsageError(`unknown engine ${engine} (expected wasm or ts)`);
  const { corruption } = c;
  const settings: RunSettings = {
    mode: corruption.mode,
    intensity: corruption.intensity,
    ranges: { only: corruption.only, protect: corruption.protect },
    fixChecksums: corruption.fixChecksums,
    ...(corruption.member !== null ? { member: corruption.member } : {}),
    ...variantOf(corruption),
  };
  const zip = line.text('zip');
  const out = line.text('out') ?? 'corrupted';
  const args: Args = { decided: c, settings, engine, out, files: line.positionals };
  return { kind: 'run', args: zip === undefined ? args : { ...args, zip } };
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

// `fracture minimize` and `fracture diagnose`: their arguments (engine-rs/cli/src/args/tools.rs
// natively), read and decided by fracture_host::args; `fracture bench` decides its own in cli/bench.ts.
import type { Line } from './shared.ts';

export interface MinimizeArgs {
  test: string;
  original: string;
  corrupted: string;
  out?: string;
  timeoutMs: number;
  jobs: number;
  quiet: boolean;
}

/** `fracture diagnose` (docs/damage.md). */
export interface DiagnoseArgs {
  file: string;
  original?: string;
  repair?: string;
  json: boolean;
}

export function parseMinimize(line: Line<{ test: string; timeoutMs: number; jobs: number; quiet: boolean }>): {
  kind: 'minimize';
  args: MinimizeArgs;
} {
  const [original, corrupted] = line.positionals;
  return { kind: 'minimize', args: { ...line.decided, original, corrupted, out: line.text('out') } };
}

export function parseDiagnose(line: Line<{ json: boolean }>): { kind: 'diagnose'; args: DiagnoseArgs } {
  const { json } = line.decided;
  return {
    kind: 'diagnose',
    args: { file: line.positionals[0], original: line.text('original'), repair: line.text('repair'), json },
  };
}

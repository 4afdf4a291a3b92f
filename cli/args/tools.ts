// `fracture minimize` and `fracture diagnose`: their arguments (engine-rs/cli/src/args/tools.rs
// natively), decided by fracture_host::args; `fracture bench` parses its own in cli/bench.ts.
import { DIAGNOSE, MINIMIZE } from '../cli-tables.ts';
import { type Decider, decide, type Printed, tokenise } from './shared.ts';

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

export const MINIMIZE_HELP = MINIMIZE.help;

export function parseMinimize(argv: string[], outputs: Decider): { kind: 'minimize'; args: MinimizeArgs } | Printed {
  const tokens = tokenise(argv, MINIMIZE.options);
  if (tokens.print) return { kind: 'print', text: MINIMIZE_HELP };
  const m = decide<{ test: string; timeoutMs: number; jobs: number; quiet: boolean }>(outputs, 'minimize', tokens);
  const [original, corrupted] = tokens.positionals;
  return { kind: 'minimize', args: { ...m, original, corrupted, out: tokens.values.get('out') as string | undefined } };
}

export function parseDiagnose(argv: string[], outputs: Decider): { kind: 'diagnose'; args: DiagnoseArgs } | Printed {
  const tokens = tokenise(argv, DIAGNOSE.options);
  if (tokens.print) return { kind: 'print', text: DIAGNOSE.help };
  const { json } = decide<{ json: boolean }>(outputs, 'diagnose', tokens);
  const text = (name: keyof typeof DIAGNOSE.options) => tokens.values.get(name) as string | undefined;
  return {
    kind: 'diagnose',
    args: { file: tokens.positionals[0], original: text('original'), repair: text('repair'), json },
  };
}

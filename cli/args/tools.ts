// `fracture minimize` and `fracture diagnose`: their arguments (engine-rs/cli/src/args/tools.rs
// natively; `fracture bench` parses its own in cli/bench.ts).
import { DIAGNOSE, MINIMIZE, usage } from '../cli-tables.ts';
import { integer, jobsOf, type Printed, tokenise, UsageError } from './shared.ts';

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
export const MAX_TIMEOUT_MS = 86_400_000;

export function parseMinimize(argv: string[]): { kind: 'minimize'; args: MinimizeArgs } | Printed {
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

export function parseDiagnose(argv: string[]): { kind: 'diagnose'; args: DiagnoseArgs } | Printed {
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

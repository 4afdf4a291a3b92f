// The npm CLI's arguments: the same options, texts and exit codes as the native `fracture`
// (engine-rs/cli/src/args/), plus --engine and agree. Every command's options, help text and usage
// errors come from engine-data/cli.toml (cli-tables.ts), and how a line is read and what is decided
// about it is fracture_host::args, through the outputs module (cli/args/shared.ts); what stays here is
// typing each command's decisions. Each command's is in cli/args/, as natively: the corrupting
// command's (`corrupt.ts`), run and merge (`run.ts`), minimize and diagnose (`tools.ts`), agree
// (`agree.ts`). The commands take their parsed arguments from here and never reach into cli/args/.
import { type AgreeArgs, parseAgree } from './args/agree.ts';
import { type Args, parseCorrupt } from './args/corrupt.ts';
import { type MergeArgs, parseMerge, parseRun, type RunArgs } from './args/run.ts';
import { type Line, type Printed, type Reader, readLine } from './args/shared.ts';
import { type DiagnoseArgs, type MinimizeArgs, parseDiagnose, parseMinimize } from './args/tools.ts';

export { AGREE_ENGINES, type AgreeArgs, type AgreeEngine } from './args/agree.ts';
export type { Args } from './args/corrupt.ts';
export type { MergeArgs, RunArgs } from './args/run.ts';
export { MAX_SEED, readLine, refusal, STDIN, UsageError } from './args/shared.ts';
export type { DiagnoseArgs, MinimizeArgs } from './args/tools.ts';

export type Parsed =
  | { kind: 'run'; args: Args }
  | { kind: 'diagnose'; args: DiagnoseArgs }
  | { kind: 'minimize'; args: MinimizeArgs }
  | { kind: 'agree'; args: AgreeArgs }
  | { kind: 'campaign'; args: RunArgs }
  | { kind: 'merge'; args: MergeArgs }
  | Printed;

/** The command `argv` names and its arguments, read and decided by `outputs` (the outputs module). */
export function parseCommandLine(argv: string[], randomSeed: () => number, outputs: Reader): Parsed {
  const line = readLine<never>(outputs, argv, randomSeed());
  if (line.kind === 'print') return line;
  const as = <D>(l: Line<never>) => l as Line<D>;
  if (line.command === 'minimize') return parseMinimize(as(line));
  if (line.command === 'agree') return parseAgree(as(line));
  if (line.command === 'run') return parseRun(as(line));
  if (line.command === 'merge') return parseMerge(as(line));
  if (line.command === 'diagnose') return parseDiagnose(as(line));
  return parseCorrupt(as(line));
}

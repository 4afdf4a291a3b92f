// The npm CLI's arguments, tokenised by node:util's parseArgs: the same options, texts and exit codes as
// the native `fracture` (engine-rs/cli/src/args/, clap), plus --engine and agree. Every command's
// options, help text and usage errors come from engine-data/cli.toml (cli-tables.ts), and what is
// decided about them is fracture_host::args, through the outputs module; what stays here is which
// command the arguments name. Each command's parser is in cli/args/, as natively: the
// corrupting command's (`corrupt.ts`), run and merge (`run.ts`), minimize and diagnose (`tools.ts`),
// agree (`agree.ts`), and the steps they share (`shared.ts`). The commands take their parsed
// arguments from here and never reach into cli/args/.
import { NATIVE_ONLY, usage } from './cli-tables.ts';
import { type AgreeArgs, parseAgree } from './args/agree.ts';
import { type Args, parseCorrupt } from './args/corrupt.ts';
import { type MergeArgs, parseMerge, parseRun, type RunArgs } from './args/run.ts';
import { type Decider, type Printed, UsageError } from './args/shared.ts';
import { type DiagnoseArgs, type MinimizeArgs, parseDiagnose, parseMinimize } from './args/tools.ts';

export { AGREE_ENGINES, type AgreeArgs, type AgreeEngine } from './args/agree.ts';
export type { Args } from './args/corrupt.ts';
export type { MergeArgs, RunArgs } from './args/run.ts';
export { integer, intensityOf, MAX_SEED, refusal, STDIN, tokenise, UsageError } from './args/shared.ts';
export type { DiagnoseArgs, MinimizeArgs } from './args/tools.ts';

export type Parsed =
  | { kind: 'run'; args: Args }
  | { kind: 'diagnose'; args: DiagnoseArgs }
  | { kind: 'minimize'; args: MinimizeArgs }
  | { kind: 'agree'; args: AgreeArgs }
  | { kind: 'campaign'; args: RunArgs }
  | { kind: 'merge'; args: MergeArgs }
  | Printed;

/** The command `argv` names and its arguments, decided by `outputs` (the outputs module). */
export function parseCommandLine(argv: string[], randomSeed: () => number, outputs: Decider): Parsed {
  // A subcommand is the first argument or nothing (a file called minimize: ./minimize).
  if (argv[0] === 'minimize') return parseMinimize(argv.slice(1), outputs);
  if (NATIVE_ONLY.includes(argv[0])) throw new UsageError(usage.nativeOnly(argv[0]));
  if (argv[0] === 'agree') return parseAgree(argv.slice(1), outputs);
  if (argv[0] === 'run') return parseRun(argv.slice(1), outputs);
  if (argv[0] === 'merge') return parseMerge(argv.slice(1), outputs);
  if (argv[0] === 'diagnose') return parseDiagnose(argv.slice(1), outputs);
  return parseCorrupt(argv, randomSeed, outputs);
}

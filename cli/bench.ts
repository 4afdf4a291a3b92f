// `fracture bench` in the npm CLI: the suite of docs/benchmark.md on the WebAssembly engine and the
// reference engine (lib/engine/host/bench.ts and bench-run.ts, which the /benchmark page's worker runs
// too), as plan, execute and emit; the options, texts and exit codes of the native `fracture bench`
// (engine-rs/cli/src/bench.rs), plus --engine and --ts-max-mib. The JSON, the table and the
// comparison with OLD.json are fracture-host's (engine-rs/host/src/bench.rs), through the outputs
// module, as natively.
import { readFile } from 'node:fs/promises';
import { arch, availableParallelism, platform } from 'node:os';
import {
  BENCH_INPUTS,
  type BenchInput,
  type BenchOptions,
  checkBenchOptions,
  environment,
  MIB,
  planCells,
  sizeText,
  TS_MAX_BYTES,
} from '../lib/engine/host/bench.ts';
import { runCells } from '../lib/engine/host/bench-run.ts';
import { fsPath } from '../lib/engine/host/byte-paths.ts';
import { displayName as display } from '../lib/report/display.ts';
import { loadWasmEngine } from '../lib/engine/host/node.ts';
import { loadOutputsModule } from '../lib/engine/host-module/node.ts';
import { resolveMode } from '../lib/engine/shared/modes.ts';
import { ENGINE_MODES } from '../lib/engine/shared/types.ts';
import { integer, intensityOf, MAX_SEED, refusal, tokenise, UsageError } from './args.ts';
import { BENCH, usage } from './cli-tables.ts';
import { ioText } from './io.ts';

export const BENCH_HELP = BENCH.help;

export const MAX_BENCH_BYTES = 2048 * MIB;
const MAX_RUNS = 100;

export interface BenchArgs {
  options: BenchOptions;
  json: boolean;
  compare?: string;
  maxSlowdown: number;
}

/** A size: MiB, or KiB with a K suffix. */
function benchSize(v: string): number | undefined {
  const kib = /[Kk]$/.test(v);
  const unit = kib ? 1024 : MIB;
  const n = integer(kib ? v.slice(0, -1) : v, MAX_BENCH_BYTES / unit);
  return n ? n * unit : undefined;
}

export function parseBench(argv: string[]): BenchArgs | { print: string } {
  const { values, positionals, print } = tokenise(argv, BENCH.options);
  if (print) return { print: BENCH_HELP };
  if (positionals.length > 0) throw new UsageError(usage.unexpectedArgument(positionals[0]));
  const text = (name: keyof typeof BENCH.options) => values.get(name) as string | undefined;
  const list = (v: string) => v.split(',');
  const sizesText = text('sizes');
  const sizes = sizesText === undefined ? [16 * MIB] : list(sizesText).map(benchSize);
  if (sizes.some((s) => s === undefined)) {
    throw new UsageError(usage.sizes(sizesText ?? ''));
  }
  const modesText = text('modes');
  const modes = modesText === undefined ? [...ENGINE_MODES] : list(modesText).map((m) => resolveMode(m) ?? m);
  const unknown = modes.find((m) => !(ENGINE_MODES as readonly string[]).includes(m));
  if (unknown !== undefined) throw new UsageError(usage.mode(unknown));
  const inputsText = text('inputs');
  const inputs = inputsText === undefined ? [...BENCH_INPUTS] : list(inputsText);
  const badInput = inputs.find((i) => !(BENCH_INPUTS as readonly string[]).includes(i));
  if (badInput !== undefined) throw new UsageError(usage.benchInput(badInput));
  const intensity = intensityOf(values);
  const runsText = text('runs');
  const runs = runsText === undefined ? 5 : integer(runsText, MAX_RUNS);
  if (!runs) throw new UsageError(usage.runs(MAX_RUNS, runsText ?? ''));
  const seedText = text('seed');
  const seed = seedText === undefined ? 1 : integer(seedText, MAX_SEED);
  if (seed === undefined) throw new UsageError(usage.seed(MAX_SEED, seedText ?? ''));
  const engineText = text('engine') ?? 'both';
  if (!['wasm', 'ts', 'both'].includes(engineText)) {
    throw new UsageError(`unknown engine ${engineText} (expected wasm, ts or both)`);
  }
  const capText = text('ts-max-mib');
  const cap = capText === undefined ? TS_MAX_BYTES : benchSize(capText);
  if (cap === undefined)
    throw new UsageError(`--ts-max-mib must be MiB from 1 to 2048 (or KiB as 64K), got ${capText}`);
  const slowText = text('max-slowdown');
  const maxSlowdown = slowText === undefined ? 1.25 : Number(slowText);
  if (slowText !== undefined && (!/^[0-9.eE+]+$/.test(slowText) || !Number.isFinite(maxSlowdown) || maxSlowdown < 1)) {
    throw new UsageError(usage.maxSlowdown(slowText));
  }
  const options: BenchOptions = {
    sizes_bytes: sizes as number[],
    modes,
    inputs: inputs as BenchInput[],
    engines: engineText === 'both' ? ['wasm', 'ts'] : [engineText as 'wasm' | 'ts'],
    intensity,
    runs,
    seed,
    ts_max_bytes: cap,
  };
  const problem = checkBenchOptions(options);
  if (problem) throw new UsageError(problem);
  return { options, json: values.has('json'), compare: text('compare'), maxSlowdown };
}

interface Io {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream & { isTTY?: boolean };
}

/** OLD.json's text, checked (by fracture-host's rule) before any time is spent. */
async function readOld(file: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(fsPath(file), 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${display(file)}: ${ioText(e)}`);
  }
  const problem = (await loadOutputsModule()).benchOldProblem(text);
  if (problem !== undefined) throw new UsageError(`${display(file)} is ${problem}`);
  return text;
}

const NODE_ARCH: Record<string, string> = { x64: 'x86_64', arm64: 'aarch64', ia32: 'x86' };

export async function bench(argv: string[], io: Io): Promise<number> {
  // Plan: the arguments, OLD, the rows.
  let a: BenchArgs;
  let old: string | undefined;
  try {
    const parsed = parseBench(argv);
    if ('print' in parsed) {
      io.out.write(parsed.print);
      return 0;
    }
    a = parsed;
    old = a.compare === undefined ? undefined : await readOld(a.compare);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err.write(refusal(e.message, 'fracture bench'));
    return 2;
  }
  const cells = planCells(a.options);
  const env = environment('node', {
    os: platform(),
    arch: NODE_ARCH[arch()] ?? arch(),
    cores: availableParallelism(),
    user_agent: null,
    runtime: `node ${process.version}`,
  });
  // Execute.
  const engine = await loadWasmEngine();
  const shown = io.err.isTTY === true && !a.json;
  const rows = await runCells(engine, a.options, cells, {
    onProgress: (done, total, c) => {
      if (shown)
        io.err.write(
          `\rfracture bench: ${done}/${total} ${c.mode} ${c.engine} ${c.input} ${sizeText(c.size_bytes)}\x1b[K`,
        );
    },
  });
  if (shown) io.err.write('\r\x1b[K');
  // Emit.
  const outputs = await loadOutputsModule();
  const result = JSON.stringify({ environment: env, options: a.options, rows });
  const [text, slower] = outputs.benchEmit(result, old, a.json, a.maxSlowdown);
  io.out.write(text);
  if (slower === '') return 0;
  io.err.write(`${slower}\n`);
  return 1;
}

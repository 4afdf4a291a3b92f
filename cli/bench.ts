// `fracture bench` in the npm CLI: the suite of docs/benchmark.md on the WebAssembly engine and the
// reference engine (lib/engine/host/bench.ts and bench-run.ts, which the /benchmark page's worker runs
// too), as plan, execute and emit; the options, texts and exit codes of the native `fracture bench`
// (engine-rs/cli/src/bench.rs), plus --engine and --ts-max-mib, read and decided as natively by
// fracture_host::args. The JSON, the table and the
// comparison with OLD.json are fracture-host's (engine-rs/host/src/bench.rs), through the outputs
// module, as natively.
import { readFile } from 'node:fs/promises';
import { arch, availableParallelism, platform } from 'node:os';
import { type BenchOptions, environment, planCells, sizeText } from '../lib/engine/host/bench.ts';
import { runCells } from '../lib/engine/host/bench-run.ts';
import { fsPath } from '../lib/engine/host/byte-paths.ts';
import { displayName as display } from '../lib/report/display.ts';
import { loadWasmEngine } from '../lib/engine/host/node.ts';
import { loadOutputsModule } from '../lib/engine/host-module/node.ts';
import { benchOldUnusable, benchProgress, cannotRead } from '../lib/engine/shared/messages.ts';
import { readLine, refusal, UsageError } from './args.ts';
import { ioText } from './io.ts';

export interface BenchArgs {
  options: BenchOptions;
  json: boolean;
  compare?: string;
  maxSlowdown: number;
}

/** The arguments, read and decided by fracture_host::args (through the outputs module), as natively. */
export async function parseBench(argv: string[]): Promise<BenchArgs | { print: string }> {
  const line = readLine<Omit<BenchArgs, 'compare'>>(await loadOutputsModule(), ['bench', ...argv]);
  if (line.kind === 'print') return { print: line.text };
  return { ...line.decided, compare: line.text('compare') };
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
    throw new UsageError(cannotRead(display(file), ioText(e)));
  }
  const problem = (await loadOutputsModule()).benchOldProblem(text);
  if (problem !== undefined) throw new UsageError(benchOldUnusable(display(file), problem));
  return text;
}

const NODE_ARCH: Record<string, string> = { x64: 'x86_64', arm64: 'aarch64', ia32: 'x86' };

export async function bench(argv: string[], io: Io): Promise<number> {
  // Plan: the arguments, OLD, the rows.
  let a: BenchArgs;
  let old: string | undefined;
  try {
    const parsed = await parseBench(argv);
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
    // The runner counts runs; the line counts rows, as natively: drawn as each row's first run ends.
    onProgress: (done, total, c) => {
      const runs = a.options.runs;
      if (!shown || (done - 1) % runs !== 0) return;
      const [row, rows] = [(done - 1) / runs + 1, total / runs].map(String);
      io.err.write(`\r${benchProgress(row, rows, c.mode, c.engine, c.input, sizeText(c.size_bytes))}\x1b[K`);
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

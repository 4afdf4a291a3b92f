// `npx fracture`: the command line tool, running the WebAssembly engine (default) or the TypeScript
// reference engine. Same options, output names, texts and exit codes as the native binary.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { corrupt as corruptTs } from '../lib/engine/reference/engine.ts';
import { corruptedName, reportName } from '../lib/engine/shared/names.ts';
import type { CorruptResult, Report } from '../lib/engine/shared/types.ts';
import { availableParallelism } from 'node:os';
import { loadWasmEngine, nodeSha256, startNodeHelpers } from '../lib/engine/host/node.ts';
import { PARALLEL_MIN_BYTES, runWasm, type FlipHelper } from '../lib/engine/host/run.ts';
import { writeSessionZip } from './zip.ts';
import { parseCommandLine, UsageError, type Args } from './args.ts';

const MAX_INPUT = 0xffffffff;

/** Hands out each name once per run, case-insensitively: `x.pdf`, `x (2).pdf`, ... (as the native CLI). */
export class Dedup {
  private taken = new Set<string>();
  claim(name: string): string {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let k = 2; this.taken.has(candidate.toLowerCase()); k++) candidate = `${stem} (${k})${ext}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

interface Engine {
  run: (input: Uint8Array, name: string, args: Args, seed: number) => Promise<CorruptResult>;
  close: () => Promise<void>;
}

/** Helper threads at most, beside the main one, for large flip-mode files (as the browser's helper workers). */
const MAX_HELPERS = 3;

async function engineFor(kind: Args['engine']): Promise<Engine> {
  if (kind === 'ts') {
    return {
      run: async (input, name, a, seed) => corruptTs(input, name, { mode: a.mode, intensity: a.intensity, seed }),
      close: async () => {},
    };
  }
  const wasm = await loadWasmEngine();
  // Started with the first file that can use them; none on one core or if they fail to start.
  let pool: ReturnType<typeof startNodeHelpers> | undefined;
  const helpersFor = async (a: Args, size: number): Promise<FlipHelper[]> => {
    const count = Math.min(MAX_HELPERS, availableParallelism() - 1);
    if ((a.mode !== 'byte_flip' && a.mode !== 'header_preserve_flip') || size < PARALLEL_MIN_BYTES || count < 1)
      return [];
    pool ??= startNodeHelpers(count);
    return pool.then(
      (p) => p.helpers,
      () => [],
    );
  };
  return {
    run: async (input, name, a, seed) =>
      runWasm(
        wasm,
        input,
        name,
        { mode: a.mode, intensity: a.intensity, seed },
        {},
        await helpersFor(a, input.length),
        nodeSha256,
      ),
    close: async () => {
      await pool?.then(
        (p) => p.close(),
        () => undefined,
      );
    },
  };
}

function ioText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return e instanceof Error ? e.message : String(e);
}

async function readInput(file: string): Promise<Uint8Array> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(file);
  } catch (e) {
    throw new Error(ioText(e));
  }
  if (info.isDirectory()) throw new Error('is a directory');
  if (info.size > MAX_INPUT) {
    throw new Error(`Input too large: ${info.size} bytes (the engine takes at most ${MAX_INPUT} bytes)`);
  }
  try {
    // A Buffer is fine: the reference engine takes a plain view of any Uint8Array it is given.
    return await readFile(file);
  } catch (e) {
    throw new Error(ioText(e));
  }
}

export async function main(argv: string[], io = { out: process.stdout, err: process.stderr }): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv, () => Math.floor(Math.random() * 2147483647));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err.write(`fracture: ${e.message} (see fracture --help)\n`);
    return 2;
  }
  if (parsed.kind === 'print') {
    io.out.write(parsed.text);
    return 0;
  }
  const a = parsed.args;
  io.err.write(`fracture: seed ${a.seed} (file i uses seed + i)\n`);
  try {
    await mkdir(a.out, { recursive: true });
  } catch (e) {
    io.err.write(`fracture: cannot create output directory ${a.out}: ${ioText(e)}\n`);
    return 1;
  }
  let engine: Engine;
  try {
    engine = await engineFor(a.engine);
  } catch (e) {
    io.err.write(`fracture: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const started = new Date();
  const done: { outName: string; path: string; report: Report }[] = [];
  try {
    return await runFiles(a, engine, io, started, done);
  } finally {
    await engine.close();
  }
}

async function runFiles(
  a: Args,
  engine: Engine,
  io: { out: NodeJS.WritableStream; err: NodeJS.WritableStream },
  started: Date,
  done: { outName: string; path: string; report: Report }[],
): Promise<number> {
  const outNames = new Dedup();
  const reportNames = new Dedup();
  let failed = 0;
  for (const [i, file] of a.files.entries()) {
    const seed = a.seed + i;
    const name = path.basename(file);
    try {
      const input = await readInput(file);
      const { data, report } = await engine.run(input, name, a, seed);
      const outName = outNames.claim(corruptedName(name));
      const outPath = path.join(a.out, outName);
      await writeFile(outPath, data).catch((e) => {
        throw new Error(`cannot write ${outPath}: ${ioText(e)}`);
      });
      if (a.report) {
        const reportPath = path.join(a.out, reportNames.claim(reportName(name)));
        await writeFile(reportPath, `${JSON.stringify(report, null, 2)}\n`).catch((e) => {
          throw new Error(`cannot write ${reportPath}: ${ioText(e)}`);
        });
      }
      io.out.write(
        a.json ? `${JSON.stringify(report)}\n` : `${file} -> ${outPath} (${data.length} bytes, seed ${seed})\n`,
      );
      if (a.zip) done.push({ outName, path: outPath, report });
    } catch (e) {
      io.err.write(`fracture: ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
      failed++;
    }
  }
  if (a.zip) {
    try {
      await writeSessionZip(a.zip, started, a, done);
    } catch (e) {
      io.err.write(`fracture: cannot write ${a.zip}: ${e instanceof Error ? e.message : String(e)}\n`);
      return 1;
    }
    if (!a.json) io.out.write(`${a.zip} (${done.length} files + session report)\n`);
  }
  return failed > 0 ? 1 : 0;
}

// Each engine's turn at one FILE and seed in `fracture agree` (cli/agree.ts): the native binary as a
// subprocess writing into a temporary directory, the reference engine in memory, the WebAssembly engine
// streamed as the corrupting command streams it. Each output is read, or compared as it is written,
// in pieces of the streamed route's size, so that only the reference engine holds a whole output.
import { type FileHandle, open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fromBytes, fsPath } from '../../lib/engine/host/byte-paths.ts';
import { readExact } from '../../lib/engine/host/stream-fix.ts';
import { STREAM_PIECE } from '../../lib/engine/host/stream-node.ts';
import type { NodeEngine, RunSettings } from '../../sdk/engine.ts';
import { privateDir, removePrivateDir } from '../../sdk/outputs.ts';
import type { AgreeArgs, AgreeEngine } from '../args.ts';
import { spawnExact } from '../exact-exec.ts';
import { ioText } from '../io.ts';
import type { Progress } from '../progress.ts';
import { type Compared, Comparison, type Reader, seen, type Tamper } from './compare.ts';
import type { EngineRun } from './outcome.ts';

/** One FILE and seed, as every engine's turn at it sees them. */
export interface SeedRun {
  a: AgreeArgs;
  file: string;
  /** The FILE, open for the streamed engine. */
  handle: FileHandle;
  size: number;
  /** The name the engines are given (for detection and reports). */
  name: string;
  settings: RunSettings;
  seed: number;
  tamper: Tamper | undefined;
  ui: Progress;
  /** Starts an engine's bar: the file's size, moved by the engine's progress where it reports one. */
  turn: (engine: AgreeEngine) => void;
}

/** An engine's output as the comparison reads it: its run, and its bytes from any offset. */
export interface Output {
  run: EngineRun;
  read: Reader;
}

/** What the native binary's turn leaves until its seed is compared: its directory and open output. */
export interface Scratch {
  dir?: string;
  out?: FileHandle;
}

/** Removes what the native binary's turn left (once its seed is compared, or failed). */
export async function clearScratch(scratch: Scratch): Promise<void> {
  await scratch.out?.close();
  if (scratch.dir) await removePrivateDir(scratch.dir);
}

/** The native binary's output, in a temporary directory (kept in `scratch`), read back in pieces. */
export async function nativeOutput(s: SeedRun, native: string, scratch: Scratch): Promise<Output> {
  s.turn('native');
  scratch.dir = await privateDir('fracture-agree-');
  const run = await runNative(s.a, native, s.file, s.seed, scratch.dir);
  s.ui.done();
  const [outName] = (await readdir(scratch.dir, { encoding: 'buffer' })).map(fromBytes);
  if (outName === undefined) throw new Error('it wrote no output');
  const out = await open(fsPath(path.join(scratch.dir, outName)), 'r');
  scratch.out = out;
  const st = await out.stat();
  run.size = st.size;
  return {
    run,
    read: async (pos, len) => {
      const buf = new Uint8Array(Math.min(len, Math.max(0, st.size - pos)));
      await readExact(out, buf, pos);
      return seen(s.tamper, 'native', pos, buf);
    },
  };
}

/** The reference engine's output of `whole` (the FILE read once for every seed), in memory. */
export async function referenceOutput(s: SeedRun, ts: NodeEngine, whole: Uint8Array): Promise<Output> {
  s.turn('ts');
  const r = await ts.run(whole, s.name, s.settings, s.seed, { onProgress: (f) => s.ui.progress(f) });
  s.ui.done();
  const data = seen(s.tamper, 'ts', 0, r.data);
  return {
    run: { engine: 'ts', size: r.data.length, time_ms: r.report.time_ms, report: { ...r.report } },
    read: async (pos: number, len: number) => data.subarray(pos, pos + len),
  };
}

/** The WebAssembly engine streamed as the corrupting command streams it; each piece compared as it is written. */
export async function streamedAgainst(
  s: SeedRun,
  prepareStream: NonNullable<NodeEngine['prepareStream']>,
  baseline: Output,
): Promise<Compared> {
  const cmp = new Comparison(baseline.read, baseline.run.size);
  let pos = 0;
  s.turn('wasm');
  const prepared = await prepareStream(s.handle, s.size, s.name, s.settings, s.seed);
  const report = await prepared.run(
    async (bytes) => {
      const at = pos;
      pos += bytes.length;
      await cmp.feed(seen(s.tamper, 'wasm', at, bytes));
    },
    (f) => s.ui.progress(f),
  );
  s.ui.done();
  await cmp.finish();
  return { run: { engine: 'wasm', size: pos, time_ms: report.time_ms, report: { ...report } }, cmp };
}

/** The native output against the reference's, in pieces. */
export async function nativeAgainst(native: Output, baseline: Output): Promise<Compared> {
  const cmp = new Comparison(baseline.read, baseline.run.size);
  for (let pos = 0; pos < native.run.size && cmp.offset === null; pos += STREAM_PIECE) {
    await cmp.feed(await native.read(pos, STREAM_PIECE));
  }
  await cmp.finish();
  return { run: native.run, cmp };
}

/** The native binary on FILE with `seed`, its output in `dir`: its --json report (host fields and all). */
function runNative(a: AgreeArgs, native: string, file: string, seed: number, dir: string): Promise<EngineRun> {
  const args = ['--mode', a.mode, '--intensity', String(a.intensity), '--seed', String(seed)];
  for (const r of a.ranges.only) args.push(`--only=${r}`);
  for (const r of a.ranges.protect) args.push(`--protect=${r}`);
  if (a.fixChecksums) args.push('--fix-checksums');
  // An absolute path: a FILE starting with - is not read as an option.
  args.push('--json', '--quiet', '--out', dir, path.resolve(file));
  return new Promise((resolve, reject) => {
    const child = spawnExact(native, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr?.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => reject(new Error(ioText(e))));
    child.on('close', (code, signal) => {
      const stderr = Buffer.concat(err).toString('utf8').trim().split('\n');
      // Its seed line comes first; the last line says why it failed.
      if (code !== 0) {
        const why = stderr.filter((l) => !/^fracture: seed /.test(l)).pop() ?? '';
        reject(new Error(`exit ${signal ?? code}${why ? `: ${why}` : ''}`));
        return;
      }
      try {
        const report = JSON.parse(Buffer.concat(out).toString('utf8').trim().split('\n').pop() ?? '');
        resolve({ engine: 'native', size: 0, time_ms: report.time_ms, report });
      } catch {
        reject(new Error('its --json report did not parse'));
      }
    });
  });
}

// `fracture agree` (docs/cli.md, "fracture agree"): the WebAssembly engine, the TypeScript reference
// engine and, with --native, the native binary run each FILE with each seed; their output bytes and
// reports (timings aside) are compared, one line per FILE and seed. The same three steps as the
// corrupting command: plan (each FILE looked at, the native binary asked its version), execute (the
// engines run and compared), emit (the summary and the exit code). Each engine's turn is in
// cli/agree/engines.ts, the comparison in cli/agree/compare.ts, the lines in cli/agree/outcome.ts.
//
// Memory stays bounded where the engines allow it: the WebAssembly engine streams the file as the
// corrupting command does and each piece it writes is compared at once with the same bytes of the
// baseline (the reference engine's output in memory, or the native output in its temporary file, read
// back in pieces); nothing holds a whole output but the reference engine, which is a whole-buffer
// engine (leave it out with --engines wasm,native for files it cannot hold).
import type { BigIntStats } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import path from 'node:path';
import { fsPath, lossyName } from '../lib/engine/host/byte-paths.ts';
import { readExact } from '../lib/engine/host/stream-fix.ts';
import { STREAM_HELPERS_MIN } from '../lib/engine/host/stream-node.ts';
import { nodeEngine, type NodeEngine, type RunSettings } from '../sdk/engine.ts';
import { display, specialKind } from '../sdk/outputs.ts';
import { AGREE_ENGINES, type AgreeArgs, type AgreeEngine, refusal } from './args.ts';
import { type Compared, differences, type Tamper, testTamper } from './agree/compare.ts';
import {
  clearScratch,
  nativeAgainst,
  nativeOutput,
  type Output,
  referenceOutput,
  type Scratch,
  type SeedRun,
  streamedAgainst,
} from './agree/engines.ts';
import { type Outcome, outcomeJson, outcomeText } from './agree/outcome.ts';
import { spawnSyncExact } from './exact-exec.ts';
import { ioText } from './io.ts';
import { Progress } from './progress.ts';
import * as msg from '../lib/engine/shared/messages.ts';

/** The reference engine's limit (the corrupting command's for `--engine ts`). */
const MAX_WHOLE = 0xffffffff;

interface Io {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream & { isTTY?: boolean };
}

/** What every FILE's run shares: the arguments, the engines in this process, the override, the bars. */
interface Context {
  a: AgreeArgs;
  engines: { wasm?: NodeEngine; ts?: NodeEngine };
  tamper: Tamper | undefined;
  ui: Progress;
}

/** A FILE as planned: its size and identity, or why it cannot be run. */
interface PlannedFile {
  file: string;
  info?: BigIntStats;
  error?: string;
}

/**
 * Plan: each FILE looked at (a special file is a usage error, as in the corrupting command; one that
 * cannot be looked at fails in its turn) and the native binary asked for its version.
 */
async function planAgree(a: AgreeArgs): Promise<{ files: PlannedFile[] } | { refusal: string }> {
  if (a.native !== undefined) {
    const r = spawnSyncExact(a.native, ['--version'], { encoding: 'utf8' });
    if (r.error) return { refusal: `--native ${display(a.native)}: cannot run it: ${ioText(r.error)}` };
    if (r.status !== 0 || !/^fracture \S+ \(fracture-engine\/[0-9]+\)/.test(r.stdout)) {
      return { refusal: `--native ${display(a.native)} is not a fracture binary (its --version did not say so)` };
    }
  }
  const files: PlannedFile[] = [];
  for (const file of a.files) {
    try {
      const info = await stat(fsPath(file), { bigint: true });
      const kind = specialKind(info);
      if (kind) return { refusal: msg.notRegular(display(file), kind) };
      if (info.isDirectory()) files.push({ file, error: 'is a directory' });
      else files.push({ file, info });
    } catch (e) {
      files.push({ file, error: ioText(e) });
    }
  }
  return { files };
}

export async function agree(a: AgreeArgs, io: Io): Promise<number> {
  const planned = await planAgree(a);
  if ('refusal' in planned) {
    io.err.write(refusal(planned.refusal, 'fracture agree'));
    return 2;
  }
  const tamper = testTamper();
  let wasm: NodeEngine | undefined;
  let ts: NodeEngine | undefined;
  try {
    if (a.engines.includes('ts')) ts = await nodeEngine('ts');
    if (a.engines.includes('wasm')) {
      wasm = await nodeEngine('wasm', {
        helpers: true,
        // The module's own edits, on its helper threads: never the native addon's.
        addon: false,
        streamSoon: planned.files.some((f) => f.info !== undefined && f.info.size >= BigInt(STREAM_HELPERS_MIN)),
        onHelpersFailed: (e) =>
          io.err.write(
            `fracture: the helper threads did not start (${e instanceof Error ? e.message : String(e)}); streaming on one thread\n`,
          ),
      });
    }
  } catch (e) {
    io.err.write(`fracture: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  // On a terminal (standard error), without --json: a bar for the engine at work and one for the whole run.
  const seeds = a.seeds[1] - a.seeds[0] + 1;
  const total = planned.files.reduce((sum, f) => sum + Number(f.info?.size ?? 0n), 0) * seeds * a.engines.length;
  const ui = new Progress(io.out, io.err, !a.json, total);
  const tally = { agree: 0, differ: 0, error: 0 };
  const emitLine = (o: Outcome) => {
    tally[o.status]++;
    ui.outLine(a.json ? outcomeJson(o) : outcomeText(o));
  };
  try {
    for (const f of planned.files) await runFile({ a, engines: { wasm, ts }, tamper, ui }, f, emitLine);
  } finally {
    ui.finish();
    await wasm?.close();
  }
  return emit(a, tally, io);
}

/** Emit: the summary on standard error (standard output holds one line per FILE and seed) and the exit code. */
function emit(a: AgreeArgs, tally: Record<Outcome['status'], number>, io: Io): number {
  const runs = tally.agree + tally.differ + tally.error;
  const what = `${runs} ${runs === 1 ? 'run' : 'runs'} of ${a.engines.join(', ')}`;
  io.err.write(
    tally.differ + tally.error === 0
      ? `fracture agree: ${what}: all agree\n`
      : `fracture agree: ${what}: ${tally.agree} agree, ${tally.differ} differ, ${tally.error} failed\n`,
  );
  return tally.differ + tally.error === 0 ? 0 : 1;
}

/** Execute one FILE: each seed in turn, its line emitted as soon as it is known. */
async function runFile(ctx: Context, f: PlannedFile, emitLine: (o: Outcome) => void) {
  const { a, engines } = ctx;
  const fileError = (error: string) =>
    emitLine({ file: f.file, seed: null, status: 'error', runs: [], differences: [], error });
  if (f.info === undefined) return fileError(f.error ?? 'cannot be read');
  let handle: FileHandle;
  try {
    handle = await open(fsPath(f.file), 'r');
  } catch (e) {
    return fileError(ioText(e));
  }
  try {
    const info = await handle.stat({ bigint: true });
    if (!info.isFile()) return fileError('not a regular file');
    const size = Number(info.size);
    // The reference engine's input, read once for every seed.
    let whole: Uint8Array | undefined;
    if (engines.ts) {
      if (size > MAX_WHOLE) {
        return fileError(
          `ts: Input too large: ${size} bytes (the reference engine takes at most ${MAX_WHOLE} bytes; leave it out with --engines wasm,native)`,
        );
      }
      whole = new Uint8Array(size);
      try {
        await readExact(handle, whole, 0);
      } catch (e) {
        return fileError(ioText(e));
      }
    }
    const settings: RunSettings = {
      mode: a.mode,
      intensity: a.intensity,
      ranges: a.ranges,
      fixChecksums: a.fixChecksums,
    };
    for (let seed = a.seeds[0]; seed <= a.seeds[1]; seed++) {
      const outcome = await runSeed(ctx, f.file, handle, size, whole, settings, seed);
      // The file as it was when opened, or this seed's comparison means nothing.
      const now = await handle.stat({ bigint: true });
      if (outcome.status !== 'error' && (now.size !== info.size || now.mtimeNs !== info.mtimeNs)) {
        outcome.status = 'error';
        outcome.error = 'the file changed while the engines read it';
      }
      emitLine(outcome);
    }
  } finally {
    await handle.close();
  }
}

/** One FILE with one seed through every engine, compared with the baseline (ts, else native). */
async function runSeed(
  ctx: Context,
  file: string,
  handle: FileHandle,
  size: number,
  whole: Uint8Array | undefined,
  settings: RunSettings,
  seed: number,
): Promise<Outcome> {
  const { a, engines, tamper, ui } = ctx;
  const name = lossyName(path.basename(file));
  const turn = (engine: AgreeEngine) => ui.start(`${display(file)} ${seed} ${engine}`, size);
  const s: SeedRun = { a, file, handle, size, name, settings, seed, tamper, ui, turn };
  const outcome: Outcome = { file, seed, status: 'agree', runs: [], differences: [] };
  const fail = (engine: AgreeEngine, e: unknown): Outcome => ({
    ...outcome,
    status: 'error',
    error: `${engine}: ${e instanceof Error ? e.message : String(e)}`,
  });
  const scratch: Scratch = {};
  try {
    let native: Output | undefined;
    if (a.native !== undefined) {
      try {
        native = await nativeOutput(s, a.native, scratch);
      } catch (e) {
        return fail('native', e);
      }
    }
    let reference: Output | undefined;
    if (engines.ts && whole) {
      try {
        reference = await referenceOutput(s, engines.ts, whole);
      } catch (e) {
        return fail('ts', e);
      }
    }
    // The baseline every other engine is compared with: the reference engine, else the native binary.
    const baseline = reference ?? native;
    if (baseline === undefined) throw new Error('agree needs the reference engine or the native binary as a baseline');
    const compared: Compared[] = [];
    const prepareStream = engines.wasm?.prepareStream;
    if (prepareStream) {
      try {
        compared.push(await streamedAgainst(s, prepareStream, baseline));
      } catch (e) {
        return fail('wasm', e);
      }
    }
    if (native && baseline !== native) compared.push(await nativeAgainst(native, baseline));
    outcome.runs = [...compared.map((c) => c.run), baseline.run].sort(
      (x, y) => AGREE_ENGINES.indexOf(x.engine) - AGREE_ENGINES.indexOf(y.engine),
    );
    outcome.differences = differences(compared, baseline.run);
    if (outcome.differences.length > 0) outcome.status = 'differ';
    return outcome;
  } finally {
    await clearScratch(scratch);
  }
}

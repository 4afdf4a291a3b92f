// `fracture agree` (docs/cli.md, "fracture agree"): the WebAssembly engine, the TypeScript reference
// engine and, with --native, the native binary run each FILE with each seed; their output bytes and
// reports (timings aside) are compared, one line per FILE and seed. The same three steps as the
// corrupting command: plan (each FILE looked at, the native binary asked its version), execute (the
// engines run and compared), emit (the summary and the exit code).
//
// Memory stays bounded where the engines allow it: the WebAssembly engine streams the file as the
// corrupting command does and each piece it writes is compared at once with the same bytes of the
// baseline (the reference engine's output in memory, or the native output in its temporary file, read
// back in pieces); nothing holds a whole output but the reference engine, which is a whole-buffer
// engine (leave it out with --engines wasm,native for files it cannot hold).
import type { BigIntStats } from 'node:fs';
import { type FileHandle, open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fromBytes, fsPath, lossyName } from '../lib/engine/host/byte-paths.ts';
import { readExact } from '../lib/engine/host/stream-fix.ts';
import { STREAM_HELPERS_MIN, STREAM_PIECE } from '../lib/engine/host/stream-node.ts';
import { nodeEngine, type NodeEngine, type RunSettings } from '../sdk/engine.ts';
import { display, privateDir, removePrivateDir, specialKind } from '../sdk/outputs.ts';
import { AGREE_ENGINES, type AgreeArgs, type AgreeEngine, refusal } from './args.ts';
import { spawnExact, spawnSyncExact } from './exact-exec.ts';
import { ioText } from './io.ts';
import { Progress } from './progress.ts';
import * as msg from '../lib/engine/shared/messages.ts';

/** The reference engine's limit (the corrupting command's for `--engine ts`). */
const MAX_WHOLE = 0xffffffff;
/** Report fields that are timings, left out of the comparison (shown aside). */
const TIMINGS = ['time_ms', 'ops_ms'];
/** Fields a host adds to the engine's report (the native CLI's --json has them; docs/contract.md, 11.5). */
const HOST_FIELDS = ['replay', 'share_link', 'browser_decoder'];

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

/** One engine's run of one FILE and seed. */
export interface EngineRun {
  engine: AgreeEngine;
  /** The output's length in bytes. */
  size: number;
  time_ms: number;
  report: Record<string, unknown>;
}

/** One report field on which an engine differs from the baseline. */
export interface FieldDifference {
  field: string;
  /** The engine's value and the baseline's (null: the field is missing). */
  value: unknown;
  against: unknown;
}

/** How an engine's output and report differ from the baseline's. */
export interface Difference {
  engine: AgreeEngine;
  against: AgreeEngine;
  /** The first byte offset where the outputs differ (null: the same bytes). */
  offset: number | null;
  /** The engine's byte there and the baseline's (null: that output ends there). */
  bytes: [number | null, number | null] | null;
  fields: FieldDifference[];
}

/** The outcome of one FILE and seed (seed null: the FILE failed before any seed ran). */
export interface Outcome {
  file: string;
  seed: number | null;
  status: 'agree' | 'differ' | 'error';
  runs: EngineRun[];
  differences: Difference[];
  error?: string;
}

/** A FILE as planned: its size and identity, or why it cannot be run. */
interface PlannedFile {
  file: string;
  info?: BigIntStats;
  error?: string;
}

/** The test-only override (docs/cli.md, "fracture agree"): one engine's output byte at `offset` is flipped. */
interface Tamper {
  engine: AgreeEngine;
  offset: number;
}

/**
 * FRACTURE_AGREE_TAMPER=ENGINE:OFFSET, honoured only when FRACTURE_TEST_HOOKS=1: the bytes of that
 * engine's output at OFFSET are seen with every bit flipped (the engine and its report are untouched).
 * For the tests of a disagreement; a user never sets it.
 */
function testTamper(): Tamper | undefined {
  if (process.env.FRACTURE_TEST_HOOKS !== '1') return undefined;
  const m = /^(wasm|ts|native):([0-9]+)$/.exec(process.env.FRACTURE_AGREE_TAMPER ?? '');
  return m ? { engine: m[1] as AgreeEngine, offset: Number(m[2]) } : undefined;
}

/** `bytes`, the output of `engine` from `pos`, as the comparison sees them (a copy when tampered with). */
function seen(tamper: Tamper | undefined, engine: AgreeEngine, pos: number, bytes: Uint8Array): Uint8Array {
  if (!tamper || tamper.engine !== engine || tamper.offset < pos || tamper.offset >= pos + bytes.length) return bytes;
  const copy = bytes.slice();
  copy[tamper.offset - pos] ^= 0xff;
  return copy;
}

/** Reads `len` bytes of a baseline output from `pos` (fewer at its end). */
type Reader = (pos: number, len: number) => Promise<Uint8Array>;

/**
 * Compares an output, fed in order piece by piece, with a baseline read at the same offsets: keeps the
 * first differing offset and stops comparing after it.
 */
export class Comparison {
  private at = 0;
  offset: number | null = null;
  bytes: [number | null, number | null] | null = null;
  constructor(
    private readonly baseline: Reader,
    private readonly baselineSize: number,
  ) {}

  async feed(piece: Uint8Array): Promise<void> {
    const pos = this.at;
    this.at += piece.length;
    if (this.offset !== null) return;
    const len = Math.max(0, Math.min(piece.length, this.baselineSize - pos));
    const base = len > 0 ? await this.baseline(pos, len) : new Uint8Array(0);
    const mine = piece.subarray(0, base.length);
    if (Buffer.compare(mine, base) !== 0) {
      let i = 0;
      while (mine[i] === base[i]) i++;
      this.offset = pos + i;
      this.bytes = [mine[i], base[i]];
    } else if (piece.length > base.length) {
      // The baseline ends inside this piece.
      this.offset = pos + base.length;
      this.bytes = [piece[base.length], null];
    }
  }

  /** After the last piece: an output shorter than the baseline differs where it ends. */
  async finish(): Promise<void> {
    if (this.offset !== null || this.at >= this.baselineSize) return;
    const [b] = await this.baseline(this.at, 1);
    this.offset = this.at;
    this.bytes = [null, b];
  }
}

/** The report without timings and host fields, for comparison. */
function comparable(report: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(report).filter(([k]) => !TIMINGS.includes(k) && !HOST_FIELDS.includes(k)));
}

/** The fields on which `report` differs from `baseline`, in the baseline's order, then the report's own. */
function fieldDifferences(report: Record<string, unknown>, baseline: Record<string, unknown>): FieldDifference[] {
  const a = comparable(report);
  const b = comparable(baseline);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => ({ field: k, value: a[k] ?? null, against: b[k] ?? null }));
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
  /** Each engine's turn has its bar: the file's size, moved by the engine's progress where it reports one. */
  const turn = (engine: AgreeEngine) => ui.start(`${display(file)} ${seed} ${engine}`, size);
  const outcome: Outcome = { file, seed, status: 'agree', runs: [], differences: [] };
  const fail = (engine: AgreeEngine, e: unknown): Outcome => ({
    ...outcome,
    status: 'error',
    error: `${engine}: ${e instanceof Error ? e.message : String(e)}`,
  });
  let nativeDir: string | undefined;
  let nativeOut: FileHandle | undefined;
  try {
    // The native binary's output, in a temporary directory, read back in pieces.
    let native: { run: EngineRun; read: Reader } | undefined;
    if (a.native !== undefined) {
      try {
        turn('native');
        nativeDir = await privateDir('fracture-agree-');
        const run = await runNative(a, a.native, file, seed, nativeDir);
        ui.done();
        const [outName] = (await readdir(nativeDir, { encoding: 'buffer' })).map(fromBytes);
        if (outName === undefined) throw new Error('it wrote no output');
        const out = await open(fsPath(path.join(nativeDir, outName)), 'r');
        nativeOut = out;
        const st = await out.stat();
        run.size = st.size;
        native = {
          run,
          read: async (pos, len) => {
            const buf = new Uint8Array(Math.min(len, Math.max(0, st.size - pos)));
            await readExact(out, buf, pos);
            return seen(tamper, 'native', pos, buf);
          },
        };
      } catch (e) {
        return fail('native', e);
      }
    }
    // The reference engine's output, in memory.
    let reference: { run: EngineRun; data: Uint8Array } | undefined;
    if (engines.ts && whole) {
      try {
        turn('ts');
        const r = await engines.ts.run(whole, name, settings, seed, { onProgress: (f) => ui.progress(f) });
        ui.done();
        const data = seen(tamper, 'ts', 0, r.data);
        reference = {
          run: { engine: 'ts', size: r.data.length, time_ms: r.report.time_ms, report: { ...r.report } },
          data,
        };
      } catch (e) {
        return fail('ts', e);
      }
    }
    // The baseline every other engine is compared with: the reference engine, else the native binary.
    const baseline = reference
      ? {
          engine: 'ts' as const,
          run: reference.run,
          size: reference.data.length,
          read: async (pos: number, len: number) => reference.data.subarray(pos, pos + len),
        }
      : native
        ? { engine: 'native' as const, run: native.run, size: native.run.size, read: native.read }
        : undefined;
    if (baseline === undefined) throw new Error('agree needs the reference engine or the native binary as a baseline');
    const compared: { run: EngineRun; cmp: Comparison }[] = [];
    if (engines.wasm?.prepareStream) {
      // Streamed as the corrupting command streams it; each piece compared as it is written.
      const cmp = new Comparison(baseline.read, baseline.size);
      let pos = 0;
      try {
        turn('wasm');
        const prepared = await engines.wasm.prepareStream(handle, size, name, settings, seed);
        const report = await prepared.run(
          async (bytes) => {
            const at = pos;
            pos += bytes.length;
            await cmp.feed(seen(tamper, 'wasm', at, bytes));
          },
          (f) => ui.progress(f),
        );
        ui.done();
        await cmp.finish();
        compared.push({ run: { engine: 'wasm', size: pos, time_ms: report.time_ms, report: { ...report } }, cmp });
      } catch (e) {
        return fail('wasm', e);
      }
    }
    if (native && baseline.engine !== 'native') {
      // The native output against the reference's, in pieces.
      const cmp = new Comparison(baseline.read, baseline.size);
      for (let pos = 0; pos < native.run.size && cmp.offset === null; pos += STREAM_PIECE) {
        await cmp.feed(await native.read(pos, STREAM_PIECE));
      }
      await cmp.finish();
      compared.push({ run: native.run, cmp });
    }
    outcome.runs = [...compared.map((c) => c.run), baseline.run].sort(
      (x, y) => AGREE_ENGINES.indexOf(x.engine) - AGREE_ENGINES.indexOf(y.engine),
    );
    for (const { run, cmp } of compared) {
      const fields = fieldDifferences(run.report, baseline.run.report);
      if (cmp.offset === null && fields.length === 0) continue;
      outcome.differences.push({
        engine: run.engine,
        against: baseline.engine,
        offset: cmp.offset,
        bytes: cmp.bytes,
        fields,
      });
    }
    if (outcome.differences.length > 0) outcome.status = 'differ';
    return outcome;
  } finally {
    await nativeOut?.close();
    if (nativeDir) await removePrivateDir(nativeDir);
  }
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

const hexByte = (b: number | null) =>
  b === null ? 'none (its output ends there)' : `0x${b.toString(16).padStart(2, '0')}`;

const fieldText = (v: unknown) => (v === null ? 'absent' : JSON.stringify(v));

/** The line of text for an outcome. */
export function outcomeText(o: Outcome): string {
  const shown = display(o.file);
  if (o.seed === null) return `${shown}: error: ${o.error}`;
  const head = `${shown} seed ${o.seed}`;
  const timings = `(${o.runs.map((r) => `${r.engine} ${r.time_ms.toFixed(1)} ms`).join(', ')})`;
  if (o.status === 'error') return `${head}: error: ${o.error}`;
  if (o.status === 'agree') {
    const [r] = o.runs;
    return `${head}: agree, ${r.size} bytes, sha256 ${String(r.report.sha256_after)} ${timings}`;
  }
  const parts = o.differences.map((d) => {
    const bytes =
      d.offset === null || d.bytes === null
        ? 'same bytes'
        : `first differing byte at offset ${d.offset} (${d.engine} ${hexByte(d.bytes[0])}, ${d.against} ${hexByte(d.bytes[1])})`;
    const fields =
      d.fields.length === 0
        ? 'same report'
        : `report fields differ: ${d.fields
            .map((x) => `${x.field} (${d.engine} ${fieldText(x.value)}, ${d.against} ${fieldText(x.against)})`)
            .join(', ')}`;
    return `${d.engine} vs ${d.against}: ${bytes}; ${fields}`;
  });
  return `${head}: DIFFER: ${parts.join('; ')} ${timings}`;
}

/** The JSON object for an outcome, on one line (docs/cli.md, "fracture agree"). */
export function outcomeJson(o: Outcome): string {
  return JSON.stringify({
    file: display(o.file),
    seed: o.seed,
    status: o.status,
    engines: o.runs.map((r) => ({
      engine: r.engine,
      size: r.size,
      sha256: r.report.sha256_after ?? null,
      time_ms: r.time_ms,
    })),
    differences: o.differences.map((d) => ({
      engine: d.engine,
      against: d.against,
      offset: d.offset,
      bytes: d.bytes,
      fields: d.fields,
    })),
    error: o.error ?? null,
  });
}

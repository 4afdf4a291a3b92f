// `npx fracture`: the command line tool, running the WebAssembly engine (default) or the TypeScript
// reference engine. Same options, output names, texts and exit codes as the native binary.
import type { BigIntStats } from 'node:fs';
import { type FileHandle, mkdir, open, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkVariant } from '../lib/engine/host/policy.ts';
import type { CorruptResult } from '../lib/engine/shared/types.ts';
import { reportJson } from '../lib/report/display.ts';
import { hitLines } from '../lib/report/text.ts';
import { nodeEngine, type NodeEngine, type RunSettings } from '../sdk/engine.ts';
import { STREAM_HELPERS_MIN, writeAllTo } from '../lib/engine/host/stream-node.ts';
import { MAX_SEED, parseCommandLine, refusal, STDIN, UsageError, type Args } from './args.ts';
import { Progress } from './progress.ts';
import { ioText } from './io.ts';
import { fsPath, lossyName } from '../lib/engine/host/byte-paths.ts';
import { filePdf, type HostReport, withHostFields } from './reports.ts';
import { type Plan, planJson, planRun, planText, standardFile } from './plan.ts';
import {
  display,
  OutputError,
  outputMode,
  privateDir,
  Refusal,
  removePrivateDir,
  writeAtomically,
} from '../sdk/outputs.ts';
import * as msg from '../lib/engine/shared/messages.ts';

const MAX_INPUT = 0xffffffff;
/** The most standard input a streamed run takes (the engine's positions are exact doubles). */
const MAX_STREAMED = Number.MAX_SAFE_INTEGER;

/**
 * The size limit of standard input: `max`, or less when the environment variable
 * FRACTURE_STDIN_LIMIT (a number of bytes, a testing aid both CLIs take) says so.
 */
function stdinLimit(max: number): number {
  const text = process.env.FRACTURE_STDIN_LIMIT;
  return text !== undefined && /^[0-9]+$/.test(text) ? Math.min(max, Number(text)) : max;
}

function tooLarge(limit: number): Error {
  return new Error(msg.stdinTooLarge(String(limit)));
}
/** Bytes read at a time, so the progress bar moves while a large file is read. */
const PIECE = 8 * 1024 * 1024;
/** Where the scan stage ends: reading counts as its part (docs/contract.md, section 11.1). */
const SCAN = 0.15;

/** A file's bytes, read a piece at a time; `check` refuses bad arguments before a large file is read. */
async function readFileInput(file: string, check: () => void, progress: (fraction: number) => void) {
  let handle: FileHandle;
  try {
    handle = await open(fsPath(file), 'r');
  } catch (e) {
    throw new Error(ioText(e));
  }
  try {
    const info = await handle.stat({ bigint: true });
    if (info.isDirectory()) throw new Error('is a directory');
    if (info.size > MAX_INPUT) {
      throw new Error(`Input too large: ${info.size} bytes (the engine takes at most ${MAX_INPUT} bytes)`);
    }
    check();
    const bytes = new Uint8Array(Number(info.size));
    let at = 0;
    try {
      while (at < bytes.length) {
        const { bytesRead } = await handle.read(bytes, at, Math.min(PIECE, bytes.length - at), at);
        if (bytesRead === 0) break;
        at += bytesRead;
        progress((SCAN * at) / bytes.length);
      }
    } catch (e) {
      throw new Error(ioText(e));
    }
    const probe = await handle.read(new Uint8Array(1), 0, 1, at);
    if (at !== bytes.length || probe.bytesRead !== 0 || changed(info, await handle.stat({ bigint: true }))) {
      throw new Error(msg.changedWhileRead());
    }
    return { bytes, mode: Number(info.mode) };
  } finally {
    await handle.close();
  }
}

/** Whether a file's size or modification time differs between two looks at it. */
function changed(before: BigIntStats, after: BigIntStats): boolean {
  return before.size !== after.size || before.mtimeNs !== after.mtimeNs;
}

/** Standard input to its end, at most `limit` bytes (a longer stream stops with an error as it passes it). */
async function readStdin(): Promise<Uint8Array> {
  const limit = stdinLimit(MAX_INPUT);
  const pieces: Buffer[] = [];
  let size = 0;
  try {
    for await (const piece of process.stdin as AsyncIterable<Buffer>) {
      size += piece.length;
      if (size > limit) throw tooLarge(limit);
      pieces.push(piece);
    }
  } catch (e) {
    throw new Error(ioText(e));
  }
  return Buffer.concat(pieces, size);
}

/** Standard input up to this long is held in memory; longer, it is copied to a temporary file (as natively). */
export const STDIN_IN_MEMORY = 16 * 1024 * 1024;

/**
 * Standard input for a run that streams: its bytes when they end within STDIN_IN_MEMORY, else a copy
 * to stream from, in a private directory (mode 0700, the file 0600; `dir`, which the caller removes
 * with removePrivateDir; removed here if the copy fails). At most MAX_STREAMED bytes (stdinLimit),
 * counted as they come: a longer stream stops there.
 */
async function spoolStdin(): Promise<{ bytes: Uint8Array } | { dir: string; file: string }> {
  const limit = stdinLimit(MAX_STREAMED);
  const stdin = process.stdin as AsyncIterable<Buffer> & NodeJS.ReadableStream;
  const iterator = stdin[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let ended = false;
  try {
    while (size <= STDIN_IN_MEMORY) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      size += next.value.length;
      if (size > limit) throw tooLarge(limit);
    }
  } catch (e) {
    throw new Error(ioText(e));
  }
  if (ended) return { bytes: Buffer.concat(head, size) };
  const dir = await privateDir('fracture-stdin-').catch((e) => {
    throw new Error(msg.cannotCopyStdin(ioText(e)));
  });
  const file = path.join(dir, 'input');
  try {
    const out = await open(file, 'wx', 0o600);
    try {
      for (let piece = head.shift(); piece !== undefined; piece = head.shift()) await writeAllTo(out, piece);
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        size += next.value.length;
        if (size > limit) throw tooLarge(limit);
        await writeAllTo(out, next.value);
      }
    } finally {
      await out.close();
    }
  } catch (e) {
    await removePrivateDir(dir);
    if (e instanceof Error && e.message.startsWith('Input too large')) throw e;
    throw new Error(`cannot copy standard input to ${file}: ${ioText(e)}`);
  }
  return { dir, file };
}

/** Writes all of `data` to `stream`, resolving once it is handed to the system. */
function writeAll(stream: NodeJS.WritableStream, data: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    stream.once('error', onError);
    stream.write(data, (e) => {
      stream.off('error', onError);
      if (e) reject(e);
      else resolve();
    });
  });
}

/**
 * One input through the engine with `seed`: the corrupted bytes and the report. The one place where
 * the CLI turns bytes into their corrupted copy, whatever they were read from or are written to.
 */
export function corruptOne(
  engine: NodeEngine,
  input: Uint8Array,
  name: string,
  settings: RunSettings,
  seed: number,
  progress: (fraction: number) => void,
): Promise<CorruptResult> {
  // Reading was the first part of the scan stage; the engine's fractions carry on from there.
  return engine.run(input, name, settings, seed, { onProgress: (f) => progress(Math.max(SCAN, f)) });
}

interface Io {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream & { isTTY?: boolean };
}

export async function main(argv: string[], io: Io = { out: process.stdout, err: process.stderr }): Promise<number> {
  // `fracture bench` (cli/bench.ts) parses its own arguments. It, minimize, agree, run, merge and diagnose are
  // loaded only when asked for: an ordinary run's start-up loads none of them.
  if (argv[0] === 'bench') return (await import('./bench.ts')).bench(argv.slice(1), io);
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv, () => Math.floor(Math.random() * 2147483647));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err.write(refusal(e.message, helpOf(argv)));
    return 2;
  }
  if (parsed.kind === 'print') {
    io.out.write(parsed.text);
    return 0;
  }
  if (parsed.kind === 'minimize') return (await import('./minimize.ts')).minimize(parsed.args, io);
  if (parsed.kind === 'diagnose') return (await import('./diagnose.ts')).diagnose(parsed.args, io);
  if (parsed.kind === 'agree') return (await import('./agree.ts')).agree(parsed.args, io);
  if (parsed.kind === 'campaign' || parsed.kind === 'merge') {
    // Loaded only for these commands.
    const { CampaignUsage, runCampaign } = await import('./run.ts');
    try {
      if (parsed.kind === 'campaign') return await runCampaign(parsed.args, io);
      const { mergeCampaigns } = await import('./merge.ts');
      return await mergeCampaigns(parsed.args, io);
    } catch (e) {
      if (!(e instanceof CampaignUsage)) throw e;
      io.err.write(refusal(e.message, helpOf(argv)));
      return 2;
    }
  }
  const a = parsed.args;
  // Plan, then execute, then emit (docs/cli.md, "One shape: plan, execute, emit"). Every output is
  // planned before anything is written ("Plan, then write"); a refused run prints its one line and
  // nothing else.
  let plan: Plan;
  try {
    plan = await planRun(a);
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    io.err.write(refusal(e.message));
    return 2;
  }
  if (a.dryRun) {
    io.out.write(a.json ? planJson(plan) : planText(plan));
    return 0;
  }
  // A malformed SOURCE_DATE_EPOCH is refused before anything is written (docs/cli.md, "The batch ZIP").
  const refused = a.zip === undefined ? undefined : await (await import('./zip.ts')).sourceDateEpochRefusal();
  if (refused !== undefined) {
    io.err.write(refused);
    return 2;
  }
  io.err.write(
    a.count === 1 ? `${msg.seedLine(String(a.seed))}\n` : `${msg.seedLineCount(String(a.seed), String(a.count))}\n`,
  );
  let engine: NodeEngine;
  try {
    engine = await nodeEngine(a.engine, {
      helpers: true,
      streamSoon: await streamSoon(a),
      // A run showing and keeping no report hashes nothing: its hashing thread need not start.
      measures: a.json || a.report || a.pdf || a.zip !== undefined || a.fixChecksums || a.files.includes(STDIN),
      onHelpersFailed: (e) =>
        io.err.write(
          `fracture: the helper threads did not start (${e instanceof Error ? e.message : String(e)}); streaming on one thread\n`,
        ),
    });
  } catch (e) {
    io.err.write(`fracture: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  try {
    return await runFiles(a, plan, engine, io);
  } finally {
    await engine.close();
  }
}

/** Where a usage error points: the subcommand's help, or fracture's. */
/** The command whose help a usage error points at. */
function helpOf(argv: string[]): string {
  return ['minimize', 'run', 'merge', 'agree', 'diagnose'].includes(argv[0]) ? `fracture ${argv[0]}` : 'fracture';
}

/** Whether a file that streams on helper threads is coming (they can start at once). */
async function streamSoon(a: Args): Promise<boolean> {
  if (a.pdf) return false;
  const sizes = await Promise.all(
    a.files.map((f) =>
      f === STDIN
        ? 0
        : stat(fsPath(f)).then(
            (s) => s.size,
            () => 0,
          ),
    ),
  );
  return sizes.some((size) => size >= STREAM_HELPERS_MIN);
}

async function runFiles(a: Args, plan: Plan, engine: NodeEngine, io: Io): Promise<number> {
  // Earlier outputs' second links being removed beside the run (writeAtomically): none is left when the process ends.
  const discarding: Promise<unknown>[] = [];
  try {
    return await runFilesWith(a, plan, engine, io, discarding);
  } finally {
    await Promise.all(discarding);
  }
}

async function runFilesWith(
  a: Args,
  plan: Plan,
  engine: NodeEngine,
  io: Io,
  discarding: Promise<unknown>[],
): Promise<number> {
  const started = new Date();
  // With `-` among the FILEs standard output carries its bytes, so every line goes to stderr.
  const filter = a.files.includes(STDIN);
  // A closed standard output fails the write's callback (writeAll), then emits 'error' as well: that
  // event is heard here, so it cannot stop the process before the temporary copy is removed.
  if (filter) io.out.on('error', () => undefined);
  const sizes = await Promise.all(
    a.files.map((f) =>
      stat(fsPath(f)).then(
        (s) => (s.isFile() ? s.size : 0),
        () => 0,
      ),
    ),
  );
  const ui = new Progress(io.out, io.err, !a.quiet && !a.json, sizes.reduce((x, y) => x + y, 0) * a.count);
  const line = (text: string) => (filter ? ui.errLine(text) : ui.outLine(text));
  let outDirReady = false;
  const ensureOutDir = async () => {
    if (outDirReady) return;
    await mkdir(fsPath(a.out), { recursive: true }).catch((e) => {
      throw new OutDirError(msg.cannotCreateOutDir(display(a.out), ioText(e)));
    });
    outDirReady = true;
  };
  const done: DoneFile[] = [];
  const settings: RunSettings = {
    mode: a.mode,
    intensity: a.intensity,
    ranges: a.ranges,
    fixChecksums: a.fixChecksums,
    ...(a.member !== undefined ? { member: a.member } : {}),
    ...a.variant,
  };
  let failed = 0;
  for (const [i, file] of a.files.entries()) {
    const shown = display(file);
    const fail = (e: unknown) => {
      ui.errLine(`fracture: ${shown}: ${e instanceof Error ? e.message : String(e)}`);
      failed++;
      ui.done();
    };
    const seedOf = (j: number) => variantSeed(a, i, j);
    /** The engine's checks, once the file is open; a file that was not there when the run was planned has no outputs. */
    const check = () => {
      if (file !== STDIN && plan.inputs[i].variants.length === 0) throw new Error(msg.changedWhileRead());
      engineCheck(a, seedOf(0));
    };
    ui.start(shown, sizes[i]);
    let input: Uint8Array = new Uint8Array(0);
    let name: string;
    // The replay command's name: a FILE's own (bytes that are not UTF-8 kept), the report's for standard input.
    const replayName = file === STDIN ? undefined : path.basename(file);
    // The input's permissions, which every output made from it keeps within (none: standard input
    // that is not a regular file).
    let inputMode: number | undefined;
    // Files the WebAssembly engine streams are read piece by piece as each variant is written.
    let streamed: { handle: FileHandle; size: number; info: BigIntStats } | undefined;
    // Standard input past STDIN_IN_MEMORY, copied here to be streamed; removed after its runs.
    let spool: string | undefined;
    try {
      const streams = plan.inputs[i].route === 'streamed' && engine.prepareStream !== undefined;
      if (file === STDIN) inputMode = standardFile(0)?.identity.mode;
      if (file === STDIN && streams) {
        engineCheck(a, seedOf(0));
        const got = await spoolStdin();
        name = a.name;
        if ('bytes' in got) input = got.bytes;
        else {
          spool = got.dir;
          const handle = await open(got.file, 'r');
          const info = await handle.stat({ bigint: true });
          streamed = { handle, size: Number(info.size), info };
        }
        ui.grow(streamed?.size ?? input.length);
      } else if (file !== STDIN && streams) {
        const handle = await open(fsPath(file), 'r').catch((e) => {
          throw new Error(ioText(e));
        });
        const info = await handle.stat({ bigint: true }).catch(async (e) => {
          await handle.close();
          throw new Error(ioText(e));
        });
        try {
          if (!info.isFile()) throw new Error(info.isDirectory() ? 'is a directory' : 'not a regular file');
          check();
        } catch (e) {
          await handle.close();
          throw e;
        }
        streamed = { handle, size: Number(info.size), info };
        inputMode = Number(info.mode);
        name = lossyName(path.basename(file));
      } else if (file === STDIN) {
        input = await readStdin();
        ui.grow(input.length);
        name = a.name;
      } else {
        // Bad arguments (seed + i past the limit, say) are refused before a large file is read.
        const got = await readFileInput(file, check, (f) => ui.progress(f));
        input = got.bytes;
        inputMode = got.mode;
        name = lossyName(path.basename(file));
      }
    } catch (e) {
      if (spool) await removePrivateDir(spool);
      fail(e);
      failed += a.count - 1;
      continue;
    }
    const mode = outputMode([inputMode]);
    try {
      for (let j = 0; j < a.count; j++) {
        const planned = plan.inputs[i].variants[j];
        try {
          const seed = seedOf(j);
          if (j > 0) ui.start(`${shown} (seed ${seed})`, streamed?.size ?? input.length);
          let outName = '';
          let destination: string;
          // Undefined when a streamed run shows and keeps no report: none is made (no measures).
          let report: HostReport | undefined;
          let size: number;
          let data: Uint8Array = new Uint8Array(0);
          /** Writes an output of this file (a failure of the file itself is `cannot write OUT`). */
          const write = <T>(target: string, fill: (out: FileHandle) => Promise<T>) =>
            writeAtomically(target, mode, fill, discarding).catch((e) => {
              throw e instanceof OutputError ? new Error(msg.cannotWrite(display(target), ioText(e.error))) : e;
            });
          if (streamed && engine.prepareStream) {
            const source = streamed;
            // The engine's checks throw before the output exists.
            const prepared = await engine.prepareStream(source.handle, source.size, name, settings, seed);
            /** The input has the size and time it had when it was opened, or the run fails. */
            const unchanged = async () => {
              if (changed(source.info, await source.handle.stat({ bigint: true })))
                throw new Error(msg.changedWhileRead());
            };
            if (file === STDIN) {
              report = withHostFields(
                await prepared.run(
                  (bytes) =>
                    writeAll(io.out, bytes).catch((e) => {
                      throw new Error(msg.cannotWriteStdout(ioText(e)));
                    }),
                  (f) => ui.progress(f),
                ),
              );
              destination = 'standard output';
            } else {
              const target = planned.out as string;
              outName = path.basename(target);
              try {
                await ensureOutDir();
              } catch (e) {
                prepared.free();
                throw e;
              }
              destination = target;
              const cannot = (e: unknown) => new Error(msg.cannotWrite(display(target), ioText(e)));
              let ran = false;
              // No report shown or kept, checksums not fixed (which makes one, its hits shown): none measured.
              const shows = a.json || planned.report || planned.pdf || a.zip || planned.checksums !== 'unfixed';
              try {
                report = await write(target, async (out) => {
                  ran = true;
                  if (!shows) {
                    await prepared.write(
                      (bytes) => writeAllTo(out, bytes).catch((e) => Promise.reject(cannot(e))),
                      (f) => ui.progress(f),
                      out,
                    );
                    await unchanged();
                    return undefined;
                  }
                  const r = await prepared.run(
                    (bytes) => writeAllTo(out, bytes).catch((e) => Promise.reject(cannot(e))),
                    (f) => ui.progress(f),
                    // Read too: checksum fixing patches the file in place.
                    out,
                  );
                  await unchanged();
                  return withHostFields(r, undefined, undefined, replayName);
                });
              } finally {
                if (!ran) prepared.free();
              }
            }
            size = prepared.size;
          } else {
            const result = await corruptOne(engine, input, name, settings, seed, (f) => ui.progress(f));
            data = result.data;
            report = withHostFields(result.report, undefined, undefined, replayName);
            size = data.length;
            if (file === STDIN) {
              await writeAll(io.out, data).catch((e) => {
                throw new Error(msg.cannotWriteStdout(ioText(e)));
              });
              destination = 'standard output';
            } else {
              const target = planned.out as string;
              outName = path.basename(target);
              await ensureOutDir();
              destination = target;
              await write(target, (out) =>
                out.writeFile(data).catch((e) => {
                  throw new Error(msg.cannotWrite(display(target), ioText(e)));
                }),
              );
            }
          }
          ui.progress(1);
          if (planned.report && report) {
            const json = `${reportJson(report, 2)}\n`;
            const reportPath = planned.report;
            await ensureOutDir();
            await write(reportPath, (out) =>
              out.writeFile(json).catch((e) => {
                throw new Error(msg.cannotWrite(display(reportPath), ioText(e)));
              }),
            );
          }
          if (planned.pdf && report) {
            // --pdf reads inputs whole (see above): its change map compares the original and the result.
            const pdfPath = planned.pdf;
            await ensureOutDir();
            const pdf = await filePdf(input, data, report);
            await write(pdfPath, (out) =>
              out.writeFile(pdf).catch((e) => {
                throw new Error(msg.cannotWrite(display(pdfPath), ioText(e)));
              }),
            );
          }
          if (a.json && report) line(reportJson(report));
          else if (!a.quiet) {
            line(`${shown} -> ${display(destination)} (${size} bytes, seed ${seed})`);
            // What was hit, when the run made a report (docs/cli.md, "What was hit").
            for (const l of report ? hitLines(report) : []) line(l);
          }
          if (a.zip && report) done.push({ outName, path: destination, report, mode: inputMode });
          ui.done();
        } catch (e) {
          if (e instanceof OutDirError) {
            ui.finish();
            io.err.write(`fracture: ${e.message}\n`);
            return 1;
          }
          fail(e);
        }
      }
    } finally {
      await streamed?.handle.close();
      if (spool) await removePrivateDir(spool);
    }
  }
  ui.finish();
  return emit(a, started, done, failed, io, discarding);
}

/** One corrupted file, kept for the ZIP. */
interface DoneFile {
  outName: string;
  path: string;
  report: HostReport;
  mode?: number;
}

/** What the run leaves besides its files: the batch ZIP and its line (cli/zip.ts), and the exit code. */
async function emit(
  a: Args,
  started: Date,
  done: DoneFile[],
  failed: number,
  io: Io,
  discarding: Promise<unknown>[],
): Promise<number> {
  if (a.zip !== undefined && !(await (await import('./zip.ts')).emitZip(a.zip, started, a, done, io, discarding))) {
    return 1;
  }
  return failed > 0 ? 1 : 0;
}

/** The output directory could not be made: the run stops, as the native CLI's does. */
class OutDirError extends Error {}

/** The engine's own argument check, before a file is read (its texts, as the native CLI's). */
function engineCheck(a: Args, seed: number) {
  checkVariant(a.mode, a.intensity, seed);
}

/** Variant j of file i: seed + i * count + j; past MAX_SEED, the engine's error with the exact value. */
function variantSeed(a: Args, i: number, j: number): number {
  const seed = BigInt(a.seed) + BigInt(i) * BigInt(a.count) + BigInt(j);
  if (seed > BigInt(MAX_SEED)) throw new Error(`Seed must be an integer from 0 to ${MAX_SEED}, got ${seed}`);
  return Number(seed);
}

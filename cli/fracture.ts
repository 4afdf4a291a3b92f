// `npx fracture`: the command line tool, running the WebAssembly engine (default) or the TypeScript
// reference engine. Same options, output names, texts and exit codes as the native binary.
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkArguments, MAX_SEED } from '../lib/engine/reference/errors.ts';
import { corruptedName, reportName, variantName, variantReportName } from '../lib/engine/shared/names.ts';
import type { CorruptResult } from '../lib/engine/shared/types.ts';
import { reportJson } from '../lib/report/display.ts';
import { nodeEngine, type NodeEngine, type RunSettings } from '../sdk/engine.ts';
import { STREAM_HELPERS_MIN, writeAllTo } from '../lib/engine/host/stream-node.ts';
import { parseCommandLine, STDIN, UsageError, type Args } from './args.ts';
import { Progress } from './progress.ts';
import { ioText, openOutput, writeWhole } from './io.ts';
import { minimize } from './minimize.ts';
import { type HostReport, pdfNameOf, withHostFields, writeFilePdf } from './reports.ts';

const MAX_INPUT = 0xffffffff;
/** Bytes read at a time, so the progress bar moves while a large file is read. */
const PIECE = 8 * 1024 * 1024;
/** Where the scan stage ends: reading counts as its part (docs/contract.md, section 11.1). */
const SCAN = 0.15;

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

/** A file's bytes, read a piece at a time; `check` refuses bad arguments before a large file is read. */
async function readFileInput(file: string, check: () => void, progress: (fraction: number) => void) {
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
  check();
  const bytes = new Uint8Array(info.size);
  try {
    const handle = await open(file, 'r');
    try {
      let at = 0;
      while (at < bytes.length) {
        const { bytesRead } = await handle.read(bytes, at, Math.min(PIECE, bytes.length - at), at);
        if (bytesRead === 0) break;
        at += bytesRead;
        progress((SCAN * at) / bytes.length);
      }
      const probe = await handle.read(new Uint8Array(1), 0, 1, at);
      if (at !== bytes.length || probe.bytesRead !== 0) throw new Error('the file changed while it was being read');
    } finally {
      await handle.close();
    }
  } catch (e) {
    throw new Error(ioText(e));
  }
  return bytes;
}

/** Standard input to its end. */
async function readStdin(): Promise<Uint8Array> {
  const pieces: Buffer[] = [];
  let size = 0;
  try {
    for await (const piece of process.stdin as AsyncIterable<Buffer>) {
      size += piece.length;
      if (size > MAX_INPUT) {
        throw new Error(
          `Input too large: more than ${MAX_INPUT} bytes on standard input (the engine takes at most ${MAX_INPUT} bytes)`,
        );
      }
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
 * Standard input for a run that streams: its bytes when they end within STDIN_IN_MEMORY, else a
 * temporary copy to stream from (`dir`, which the caller removes; removed here if the copy fails).
 */
async function spoolStdin(): Promise<{ bytes: Uint8Array } | { dir: string; file: string }> {
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
    }
  } catch (e) {
    throw new Error(ioText(e));
  }
  if (ended) return { bytes: Buffer.concat(head, size) };
  const dir = await mkdtemp(path.join(tmpdir(), 'fracture-stdin-')).catch((e) => {
    throw new Error(`cannot copy standard input to a temporary file: ${ioText(e)}`);
  });
  const file = path.join(dir, 'input');
  try {
    // The head already taken, then the rest of the same iterator.
    const rest = { [Symbol.asyncIterator]: () => iterator };
    async function* all() {
      yield* head.splice(0);
      yield* rest;
    }
    await pipeline(Readable.from(all()), createWriteStream(file));
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
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
  if (parsed.kind === 'minimize') return minimize(parsed.args, io);
  const a = parsed.args;
  io.err.write(
    a.count === 1
      ? `fracture: seed ${a.seed} (file i uses seed + i)\n`
      : `fracture: seed ${a.seed} (variant j of file i uses seed + i * ${a.count} + j)\n`,
  );
  let engine: NodeEngine;
  try {
    engine = await nodeEngine(a.engine, {
      helpers: true,
      streamSoon: await streamSoon(a),
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
    return await runFiles(a, engine, io);
  } finally {
    await engine.close();
  }
}

/** Whether a file that streams on helper threads is coming (they can start at once). */
async function streamSoon(a: Args): Promise<boolean> {
  if (a.pdf) return false;
  const sizes = await Promise.all(
    a.files.map((f) =>
      f === STDIN
        ? 0
        : stat(f).then(
            (s) => s.size,
            () => 0,
          ),
    ),
  );
  return sizes.some((size) => size >= STREAM_HELPERS_MIN);
}

async function runFiles(a: Args, engine: NodeEngine, io: Io): Promise<number> {
  // Earlier outputs being deleted beside the run (openOutput): none is left when the process ends.
  const discarding: Promise<unknown>[] = [];
  try {
    return await runFilesWith(a, engine, io, discarding);
  } finally {
    await Promise.all(discarding);
  }
}

async function runFilesWith(a: Args, engine: NodeEngine, io: Io, discarding: Promise<unknown>[]): Promise<number> {
  const started = new Date();
  // With `-` among the FILEs standard output carries its bytes, so every line goes to stderr.
  const filter = a.files.includes(STDIN);
  // A closed standard output fails the write's callback (writeAll), then emits 'error' as well: that
  // event is heard here, so it cannot stop the process before the temporary copy is removed.
  if (filter) io.out.on('error', () => undefined);
  const sizes = await Promise.all(
    a.files.map((f) =>
      stat(f).then(
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
    await mkdir(a.out, { recursive: true }).catch((e) => {
      throw new Error(`cannot create output directory ${a.out}: ${ioText(e)}`);
    });
    outDirReady = true;
  };
  const outNames = new Dedup();
  const reportNames = new Dedup();
  const pdfNames = new Dedup();
  const done: { outName: string; path: string; report: HostReport }[] = [];
  const settings: RunSettings = {
    mode: a.mode,
    intensity: a.intensity,
    ranges: a.ranges,
    fixChecksums: a.fixChecksums,
  };
  let failed = 0;
  for (const [i, file] of a.files.entries()) {
    const fail = (e: unknown) => {
      ui.errLine(`fracture: ${file}: ${e instanceof Error ? e.message : String(e)}`);
      failed++;
      ui.done();
    };
    const seedOf = (j: number) => variantSeed(a, i, j);
    ui.start(file, sizes[i]);
    let input: Uint8Array = new Uint8Array(0);
    let name: string;
    // Files the WebAssembly engine streams are read piece by piece as each variant is written.
    let streamed: { handle: FileHandle; size: number } | undefined;
    // Standard input past STDIN_IN_MEMORY, copied here to be streamed; removed after its runs.
    let spool: string | undefined;
    try {
      const streams = !a.pdf && engine.prepareStream !== undefined;
      if (file === STDIN && streams) {
        engineCheck(a, seedOf(0));
        const got = await spoolStdin();
        name = a.name;
        if ('bytes' in got) input = got.bytes;
        else {
          spool = got.dir;
          const handle = await open(got.file, 'r');
          streamed = { handle, size: (await handle.stat()).size };
        }
        ui.grow(streamed?.size ?? input.length);
      } else if (file !== STDIN && streams) {
        engineCheck(a, seedOf(0));
        const info = await stat(file).catch((e) => {
          throw new Error(ioText(e));
        });
        if (info.isDirectory()) throw new Error('is a directory');
        const handle = await open(file, 'r').catch((e) => {
          throw new Error(ioText(e));
        });
        streamed = { handle, size: info.size };
        name = path.basename(file);
      } else if (file === STDIN) {
        input = await readStdin();
        ui.grow(input.length);
        name = a.name;
      } else {
        // Bad arguments (seed + i past the limit, say) are refused before a large file is read.
        input = await readFileInput(
          file,
          () => engineCheck(a, seedOf(0)),
          (f) => ui.progress(f),
        );
        name = path.basename(file);
      }
    } catch (e) {
      if (spool) await rm(spool, { recursive: true, force: true });
      fail(e);
      failed += a.count - 1;
      continue;
    }
    try {
      for (let j = 0; j < a.count; j++) {
        try {
          const seed = seedOf(j);
          if (j > 0) ui.start(`${file} (seed ${seed})`, streamed?.size ?? input.length);
          let outName = '';
          let destination: string;
          let report: HostReport;
          let size: number;
          let data: Uint8Array = new Uint8Array(0);
          if (streamed && engine.prepareStream) {
            // The engine's checks throw before the output exists.
            const prepared = await engine.prepareStream(streamed.handle, streamed.size, name, settings, seed);
            if (file === STDIN) {
              report = withHostFields(
                await prepared.run(
                  (bytes) =>
                    writeAll(io.out, bytes).catch((e) => {
                      throw new Error(`cannot write standard output: ${ioText(e)}`);
                    }),
                  (f) => ui.progress(f),
                ),
              );
              destination = 'standard output';
            } else {
              outName = outNames.claim(a.count > 1 ? variantName(name, seed) : corruptedName(name));
              try {
                await ensureOutDir();
              } catch (e) {
                prepared.free();
                throw new OutDirError(e instanceof Error ? e.message : String(e));
              }
              destination = path.join(a.out, outName);
              const target = destination;
              const cannot = (e: unknown) => new Error(`cannot write ${target}: ${ioText(e)}`);
              // Read too: checksum fixing patches the file in place.
              const out = await openOutput(target, discarding).catch((e) => {
                prepared.free();
                throw cannot(e);
              });
              let wrote = false;
              try {
                report = withHostFields(
                  await prepared.run(
                    (bytes) => writeAllTo(out, bytes).catch((e) => Promise.reject(cannot(e))),
                    (f) => ui.progress(f),
                    out,
                  ),
                );
                await out.close();
                wrote = true;
              } finally {
                if (!wrote) {
                  await out.close().catch(() => undefined);
                  // Nothing half-written is left behind.
                  await rm(target, { force: true });
                }
              }
            }
            size = prepared.size;
          } else {
            const result = await corruptOne(engine, input, name, settings, seed, (f) => ui.progress(f));
            data = result.data;
            report = withHostFields(result.report);
            size = data.length;
            if (file === STDIN) {
              await writeAll(io.out, data).catch((e) => {
                throw new Error(`cannot write standard output: ${ioText(e)}`);
              });
              destination = 'standard output';
            } else {
              outName = outNames.claim(a.count > 1 ? variantName(name, seed) : corruptedName(name));
              await ensureOutDir().catch((e) => {
                throw new OutDirError(e instanceof Error ? e.message : String(e));
              });
              destination = path.join(a.out, outName);
              // Replaced, not truncated in place, as a streamed output is (openOutput).
              await writeWhole(destination, data, discarding).catch((e) => {
                throw new Error(`cannot write ${destination}: ${ioText(e)}`);
              });
            }
          }
          ui.progress(1);
          const jsonName = a.count > 1 ? variantReportName(name, seed) : reportName(name);
          if (a.report) {
            await ensureOutDir();
            const reportPath = path.join(a.out, reportNames.claim(jsonName));
            await writeFile(reportPath, `${reportJson(report, 2)}\n`).catch((e) => {
              throw new Error(`cannot write ${reportPath}: ${ioText(e)}`);
            });
          }
          if (a.pdf) {
            // --pdf reads inputs whole (see above): its change map compares the original and the result.
            await ensureOutDir();
            const pdfPath = path.join(a.out, pdfNames.claim(pdfNameOf(jsonName)));
            await writeFilePdf(pdfPath, input, data, report).catch((e) => {
              throw new Error(`cannot write ${pdfPath}: ${ioText(e)}`);
            });
          }
          if (a.json) line(reportJson(report));
          else if (!a.quiet) line(`${file} -> ${destination} (${size} bytes, seed ${seed})`);
          if (a.zip) done.push({ outName, path: destination, report });
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
      if (spool) await rm(spool, { recursive: true, force: true });
    }
  }
  ui.finish();
  if (a.zip) {
    try {
      // Loaded only here: the archive's name tables take tens of milliseconds to set up at start-up.
      const { writeSessionZip } = await import('./zip.ts');
      await writeSessionZip(a.zip, started, a, done);
    } catch (e) {
      io.err.write(`fracture: cannot write ${a.zip}: ${e instanceof Error ? e.message : String(e)}\n`);
      return 1;
    }
    if (!a.json && !a.quiet) io.out.write(`${a.zip} (${done.length} files + session report)\n`);
  }
  return failed > 0 ? 1 : 0;
}

/** The output directory could not be made: the run stops, as the native CLI's does. */
class OutDirError extends Error {}

/** The engine's own argument check, before a file is read (its texts, as the native CLI's). */
function engineCheck(a: Args, seed: number) {
  checkArguments(a.mode, a.intensity, seed, 0);
}

/** Variant j of file i: seed + i * count + j; past MAX_SEED, the engine's error with the exact value. */
function variantSeed(a: Args, i: number, j: number): number {
  const seed = BigInt(a.seed) + BigInt(i) * BigInt(a.count) + BigInt(j);
  if (seed > BigInt(MAX_SEED)) throw new Error(`Seed must be an integer from 0 to ${MAX_SEED}, got ${seed}`);
  return Number(seed);
}

// `import { corrupt } from 'fracture'` in Node: the engine runs in this process (the WebAssembly module,
// or the TypeScript reference engine); `data` is a Uint8Array.
import { createWriteStream } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fromBytes, fsPath, lossyName, toBytes } from '../lib/engine/host/byte-paths.ts';
import { loadOutputsModule } from '../lib/engine/host-module/node.ts';
import { readExact } from '../lib/engine/host/stream-fix.ts';
import { writeAllTo } from '../lib/engine/host/stream-node.ts';
import type { Report as EngineReport } from '../lib/engine/shared/types.ts';
import { nodeEngine, type NodeEngine } from './engine.ts';
import {
  checkPlan,
  display,
  fileKey,
  identifyOutput,
  outputMode,
  privateDir,
  removePrivateDir,
  specialKind,
  writeAtomically,
} from './outputs.ts';
import {
  abortable,
  abortError,
  type CorruptInput,
  type CorruptOptions,
  type Report,
  resolveOptions,
  type Variant,
  withReplay,
  type VariantOptions,
  variantsWith,
} from './options.ts';
import * as msg from '../lib/engine/shared/messages.ts';

export type { CorruptInput, CorruptOptions, EngineMode, Report, Stage, Variant, VariantOptions } from './options.ts';
export { corruptedName, SITE_ORIGIN, variantName } from './options.ts';
export type { DiagnoseCause, DiagnoseOptions, DiagnoseReport, DiagnoseResult } from './diagnose-node.ts';
export { diagnose, diagnoseFile } from './diagnose-node.ts';

/**
 * A stream `corruptFile` reads its input from: any Node readable stream (`fs.createReadStream`,
 * `process.stdin`, a socket), or any async iterable of bytes. Written without Node's own types, so the
 * declarations compile in a project without @types/node.
 */
export type ByteSource = AsyncIterable<Uint8Array | string>;

/**
 * A stream `corruptFile` writes its output to: any Node writable stream (`fs.createWriteStream`,
 * `process.stdout`, a socket), written in order, each chunk's callback awaited.
 */
export interface ByteSink {
  write(chunk: Uint8Array, callback: (error?: Error | null) => void): unknown;
}

export interface CorruptResult {
  /** The corrupted bytes. */
  data: Uint8Array;
  /** The report: every field of `fracture --json`'s line (the engine's, then `replay` and `share_link`). */
  report: Report;
}

const engines = new Map<'wasm' | 'ts', Promise<NodeEngine>>();

function engineFor(kind: 'wasm' | 'ts'): Promise<NodeEngine> {
  let engine = engines.get(kind);
  if (!engine) {
    engine = nodeEngine(kind);
    // A failed load is not kept: the next call tries again.
    engine.catch(() => engines.delete(kind));
    engines.set(kind, engine);
  }
  return engine;
}

/** Corrupts a copy of `input`; resolves to the corrupted bytes and the report. */
export async function corrupt(input: CorruptInput, options: CorruptOptions = {}): Promise<CorruptResult> {
  const o = resolveOptions(input, options);
  if (options.signal?.aborted) throw abortError();
  const engine = await engineFor(o.engine);
  // The engine reads Uint8Arrays and Blobs; an ArrayBuffer is viewed, not copied (the engine copies it in).
  const bytes = input instanceof ArrayBuffer ? new Uint8Array(input) : input;
  const result = await engine.run(bytes, o.filename, o, o.seed, {
    onStage: abortable(options),
    onProgress: options.onProgress,
  });
  if (options.signal?.aborted) throw abortError();
  return { data: result.data, report: withReplay(await loadOutputsModule(), result.report, o.siteOrigin) };
}

/** `count` variants of `input` with seeds `seed` ... `seed + count - 1`, as `fracture --count` makes them. */
export function corruptVariants(input: CorruptInput, options: VariantOptions): Promise<Variant<Uint8Array>[]> {
  return variantsWith(input, options, corrupt);
}

/**
 * Corrupts a file (a path) or a readable stream into a file (a path) or a writable stream, and
 * resolves to the report. Every mode, without `fixChecksums`, streams through the WebAssembly engine:
 * any size, in bounded memory (a readable stream is first copied to a temporary file, in a private
 * directory, because the engine reads by position). `fixChecksums`, `member` and the `ts` engine read the whole
 * input (at most 4294967295 bytes). A path is a string or, for a name that is not UTF-8, its bytes
 * as a Uint8Array (as node:fs takes them; `fs.readdirSync(dir, { encoding: 'buffer' })` lists them
 * so). The default `filename` is the input path's name (a byte that is not UTF-8 as
 * U+FFFD, as the CLIs' reports have it).
 *
 * The input is never changed (docs/cli.md, "Nothing lost"): an output path that is the input (the same
 * file, through a symlink or a hard link too) or a directory, or an input that is not a regular file,
 * rejects before anything is written; the output is written to a temporary file beside it and renamed
 * onto its name once whole, so a run that fails (a bad option, an input that changed while it was
 * read) leaves an earlier file there as it was; the output is never readable by more users than the
 * input.
 */
export async function corruptFile(
  input: string | Uint8Array | ByteSource,
  output: string | Uint8Array | ByteSink,
  options: Omit<CorruptOptions, 'onStage' | 'signal'> = {},
): Promise<Report> {
  const inputPath = pathOf(input);
  const outputPath = pathOf(output);
  const filename = options.filename ?? (inputPath === undefined ? undefined : lossyName(path.basename(inputPath)));
  const o = resolveOptions(new Uint8Array(0), { ...options, filename });
  // The replay command names a path's own bytes (the report's filename has U+FFFD where they are not UTF-8).
  const replayText = options.filename ?? (inputPath === undefined ? undefined : path.basename(inputPath));
  const replayName = replayText === undefined ? undefined : toBytes(replayText);
  let inputMode: number | undefined;
  if (inputPath !== undefined) {
    const info = await stat(fsPath(inputPath), { bigint: true });
    const kind = specialKind(info);
    if (kind) throw new Error(msg.notRegular(display(inputPath), kind));
    inputMode = Number(info.mode);
    if (outputPath !== undefined) {
      const refusal = await checkPlan(
        [{ shown: inputPath, key: fileKey(info) }],
        [{ shown: outputPath, id: identifyOutput(outputPath) }],
      );
      if (refusal) throw new Error(refusal);
    }
  } else if (outputPath !== undefined) {
    const refusal = await checkPlan([], [{ shown: outputPath, id: identifyOutput(outputPath) }]);
    if (refusal) throw new Error(refusal);
  }
  let spool: string | undefined;
  try {
    let file: string;
    if (inputPath !== undefined) file = inputPath;
    else {
      spool = await privateDir('fracture-sdk-');
      file = path.join(spool, 'input');
      await pipeline(input as ByteSource, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    }
    const engine = await engineFor(o.engine);
    const handle = await open(fsPath(file), 'r');
    try {
      const before = await handle.stat({ bigint: true });
      if (inputPath !== undefined && before.ino !== (await stat(fsPath(inputPath), { bigint: true })).ino) {
        throw new Error(msg.changedWhileRead());
      }
      const unchanged = async () => {
        const after = await handle.stat({ bigint: true });
        if (after.size !== before.size || after.mtimeNs !== before.mtimeNs) throw new Error(msg.changedWhileRead());
      };
      const size = Number(before.size);
      /** The output through `write`; `target` is the output file when it is one (checksums are fixed there). */
      let produce: (write: (bytes: Uint8Array) => Promise<void>, target?: FileHandle) => Promise<EngineReport>;
      // `member` reads the archive whole: it is rebuilt around its members.
      if (engine.prepareStream && o.member === undefined) {
        // The engine's checks throw here, before the output exists.
        const prepared = await engine.prepareStream(handle, size, o.filename, o, o.seed);
        let ran = false;
        produce = async (write, target) => {
          ran = true;
          const report = await prepared.run(write, options.onProgress, target);
          await unchanged();
          return report;
        };
        try {
          return withReplay(
            await loadOutputsModule(),
            await sinkInto(outputPath ?? (output as ByteSink), inputMode, produce),
            o.siteOrigin,
            replayName,
          );
        } finally {
          if (!ran) prepared.free();
        }
      }
      const bytes = new Uint8Array(size);
      await readExact(handle, bytes, 0);
      await unchanged();
      const result = await engine.run(bytes, o.filename, o, o.seed, { onProgress: options.onProgress });
      produce = async (write) => {
        await write(result.data);
        return result.report;
      };
      return withReplay(
        await loadOutputsModule(),
        await sinkInto(outputPath ?? (output as ByteSink), inputMode, produce),
        o.siteOrigin,
        replayName,
      );
    } finally {
      await handle.close();
    }
  } finally {
    if (spool) await removePrivateDir(spool);
  }
}

/**
 * A path given as a string or as its bytes (a Buffer, as node:fs takes a name that is not UTF-8),
 * held as lib/engine/host/byte-paths.ts holds it; undefined for a stream.
 */
function pathOf(p: string | Uint8Array | ByteSource | ByteSink): string | undefined {
  if (typeof p === 'string') return p;
  return p instanceof Uint8Array ? fromBytes(p) : undefined;
}

/**
 * Runs `produce` into a path (through a temporary file beside it, renamed onto it once whole, with
 * the input's permissions at most) or into a writable stream, written in order.
 */
async function sinkInto(
  output: string | ByteSink,
  inputMode: number | undefined,
  produce: (write: (bytes: Uint8Array) => Promise<void>, target?: FileHandle) => Promise<EngineReport>,
): Promise<EngineReport> {
  if (typeof output === 'string') {
    const discarding: Promise<unknown>[] = [];
    try {
      return await writeAtomically(
        output,
        outputMode([inputMode]),
        (handle) => produce((bytes) => writeAllTo(handle, bytes), handle),
        discarding,
      );
    } finally {
      await Promise.all(discarding);
    }
  }
  // A copy: the stream may keep the chunk after its callback, and the engine reuses its buffers.
  return produce(
    (bytes) =>
      new Promise<void>((resolve, reject) => {
        output.write(bytes.slice(), (e) => (e ? reject(e) : resolve()));
      }),
  );
}

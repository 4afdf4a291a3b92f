// `import { corrupt } from 'fracture'` in Node: the engine runs in this process (the WebAssembly module,
// or the TypeScript reference engine); `data` is a Uint8Array.
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { writeAllTo } from '../lib/engine/host/stream-node.ts';
import type { Report } from '../lib/engine/shared/types.ts';
import { nodeEngine, type NodeEngine } from './engine.ts';
import {
  abortable,
  abortError,
  type CorruptInput,
  type CorruptOptions,
  resolveOptions,
  type Variant,
  type VariantOptions,
  variantsWith,
} from './options.ts';

export type { CorruptInput, CorruptOptions, EngineMode, Report, Stage, Variant, VariantOptions } from './options.ts';
export { corruptedName, variantName } from './options.ts';

export interface CorruptResult {
  /** The corrupted bytes. */
  data: Uint8Array;
  /** The report: the engine's fields of `fracture --json`'s line (the CLI adds `replay`, `share_link`). */
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
  return result;
}

/** `count` variants of `input` with seeds `seed` ... `seed + count - 1`, as `fracture --count` makes them. */
export function corruptVariants(input: CorruptInput, options: VariantOptions): Promise<Variant<Uint8Array>[]> {
  return variantsWith(input, options, corrupt);
}

/**
 * Corrupts a file (a path) or a Node readable stream into a file (a path) or a writable stream, and
 * resolves to the report. Every mode, without `fixChecksums`, streams through the WebAssembly engine:
 * any size, in bounded memory (a readable stream is first copied to a temporary file, because the
 * engine reads by position). `fixChecksums` and the `ts` engine
 * read the whole input (at most 4294967295 bytes). The default `filename` is the input path's name.
 */
export async function corruptFile(
  input: string | NodeJS.ReadableStream,
  output: string | NodeJS.WritableStream,
  options: Omit<CorruptOptions, 'onStage' | 'signal'> = {},
): Promise<Report> {
  const filename = options.filename ?? (typeof input === 'string' ? path.basename(input) : undefined);
  const o = resolveOptions(new Uint8Array(0), { ...options, filename });
  let spool: string | undefined;
  try {
    let file: string;
    if (typeof input === 'string') file = input;
    else {
      spool = await mkdtemp(path.join(tmpdir(), 'fracture-sdk-'));
      file = path.join(spool, 'input');
      await pipeline(input, createWriteStream(file));
    }
    const engine = await engineFor(o.engine);
    const sink = await openSink(output);
    let done = false;
    try {
      let report: Report;
      if (engine.prepareStream) {
        const handle = await open(file, 'r');
        try {
          const { size } = await handle.stat();
          const prepared = await engine.prepareStream(handle, size, o.filename, o, o.seed);
          report = await prepared.run(sink.write, options.onProgress, sink.handle);
        } finally {
          await handle.close();
        }
      } else {
        const result = await engine.run(await readFile(file), o.filename, o, o.seed, {
          onProgress: options.onProgress,
        });
        await sink.write(result.data);
        report = result.report;
      }
      await sink.close();
      done = true;
      return report;
    } finally {
      if (!done) await sink.abandon();
    }
  } finally {
    if (spool) await rm(spool, { recursive: true, force: true });
  }
}

/** A path (created, removed again if the run fails) or a writable stream, written in order. */
async function openSink(output: string | NodeJS.WritableStream) {
  if (typeof output === 'string') {
    // Read too: checksum fixing patches the file in place.
    const handle = await open(output, 'w+');
    return {
      handle,
      write: (bytes: Uint8Array) => writeAllTo(handle, bytes),
      close: () => handle.close(),
      abandon: async () => {
        await handle.close().catch(() => undefined);
        await rm(output, { force: true });
      },
    };
  }
  return {
    // A copy: the stream may keep the chunk after its callback, and the engine reuses its buffers.
    write: (bytes: Uint8Array) =>
      new Promise<void>((resolve, reject) => {
        output.write(Buffer.from(bytes), (e) => (e ? reject(e) : resolve()));
      }),
    handle: undefined,
    close: () => Promise.resolve(),
    abandon: () => Promise.resolve(),
  };
}

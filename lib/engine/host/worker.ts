/// <reference lib="webworker" />
// The engine's Web Worker: loads the WebAssembly module, says "ready", then runs one job per message.
// A worker can also serve as a helper that flips pieces of another worker's job.
import init, * as wasm from '../pkg/fracture_engine.js';
import { blobFromBytes } from '../shared/blob.ts';
import type { CorruptCallbacks, Report, Stage } from '../shared/types.ts';
import { answerFlip, type FlipHelper, flipClient } from './flip-helpers.ts';
import { answerHash, hashClient, type StreamHasher } from './hash-helper.ts';
import {
  type FlipReply,
  type FlipRequest,
  type FromWorker,
  HELD_EVENTS_MAX_BYTES,
  type HashReply,
  type HashRequest,
  type JobEvent,
  type ToWorker,
} from './protocol.ts';
import { BENCH_WORKER_NAME } from './bench.ts';
import { runCells, warmAtRest } from './bench-run.ts';
import { runReference } from './run-ts.ts';
import { type OutputFile, runWasmToBlob, runWasmToFile, type WasmEngine } from './run.ts';
import { browserRoute } from './policy.ts';
import { blobSide, HELPER_NAME, helperSide, streamStored, streamWasm } from './stream-web.ts';

declare const self: DedicatedWorkerGlobalScope;

const post = (msg: FromWorker, transfer: Transferable[] = []) => self.postMessage(msg, transfer);

// Without the module (a browser lacking WebAssembly SIMD, say) the worker still works: it runs the
// TypeScript reference engine, which gives the same bytes, and says so in the console.
// `new URL(..., import.meta.url)`: bundlers (Vite with no plugin) emit the module and rewrite the URL.
const wasmUrl = new URL('../pkg/fracture_engine_bg.wasm', import.meta.url);
const ready: Promise<WasmEngine | undefined> = init({ module_or_path: wasmUrl }).then(
  (exports): WasmEngine => ({ ...wasm, memory: exports.memory }),
  (e: unknown) => {
    console.warn(
      `Fracture: the WebAssembly engine did not load (${e instanceof Error ? e.message : String(e)}); using the TypeScript engine`,
    );
    return undefined;
  },
);
// A benchmark worker says "ready" once it has also warmed up (warmAtRest): the page reads the tab's
// memory at rest then.
const benchReady = self.name === BENCH_WORKER_NAME ? ready.then(warmBench) : ready;
void benchReady.then(() => post({ type: 'ready' }));

async function warmBench(engine: WasmEngine | undefined) {
  if (engine) await warmAtRest(engine).catch(() => undefined);
  return engine;
}

/**
 * V8 first runs WebAssembly as baseline code and switches a function to optimised code only at its
 * next call, never inside a running one. So, right after "ready",
 * every mode runs once on 1 MiB: the hot functions tier up before the first real file arrives (jobs
 * posted meanwhile wait for this).
 */
const warm = ready.then(async (engine) => {
  if (!engine || self.name === BENCH_WORKER_NAME) return;
  if (self.name === HELPER_NAME) {
    // A helper mostly hashes: its SHA-256 is the function to have optimised before the first piece.
    const sha = new engine.Sha256Stream();
    sha.update(new Uint8Array(1 << 20));
    sha.free();
    return;
  }
  const sample = new Uint8Array(1 << 20);
  for (let i = 0; i < sample.length; i++) sample[i] = (i * 2654435761) >>> 24;
  for (const mode of ['byte_flip', 'guaranteed_break', 'truncate_insert', 'shuffle_blocks']) {
    // The path large files take: hashed by the module, piece by piece, output as a Blob.
    await runWasmToBlob(engine, sample.slice(), 'warm-up.bin', { mode, intensity: 80, seed: 1 }, {}, [], 'engine');
  }
});

/**
 * The benchmark page's runs (docs/benchmark.md), in this worker, one after another; between runs it
 * yields, so progress reaches the page (which cancels by ending the worker).
 */
async function bench(msg: Extract<ToWorker, { type: 'bench' }>) {
  const engine = await benchReady;
  await warm.catch(() => undefined);
  try {
    if (!engine) throw new Error('The WebAssembly engine did not load, and the benchmark makes its inputs with it');
    const rows = await runCells(engine, msg.options, msg.cells, {
      onProgress: (done, total, cell) => post({ type: 'bench-progress', id: msg.id, done, total, cell }),
      pause: () => new Promise((resolve) => setTimeout(resolve, 0)),
    });
    post({ type: 'bench-done', id: msg.id, rows });
  } catch (e) {
    post({ type: 'error', id: msg.id, message: messageOf(e) });
  }
}

/** A helper reached over a port: one request at a time per port, answers matched by id. */
function helperOver(port: MessagePort): FlipHelper {
  const client = flipClient((request, transfer) => port.postMessage(request, transfer));
  port.onmessage = (e: MessageEvent<FlipReply>) => client.receive(e.data);
  return client.helper;
}

function serveFlips(port: MessagePort) {
  port.onmessage = async (e: MessageEvent<FlipRequest>) => {
    const engine = await ready;
    const reply: FlipReply = engine
      ? answerFlip(engine, e.data)
      : { id: e.data.id, error: 'The WebAssembly engine is not loaded' };
    port.postMessage(reply, 'part' in reply ? [reply.part] : []);
  };
}

/** An origin-private file opened for writing by this worker, with what is needed to hand it back or remove it. */
interface Stored {
  handle: OutputFile & { close(): void };
  file: FileSystemFileHandle;
  dir: FileSystemDirectoryHandle;
  name: string;
}

/**
 * Folders opened for outputs, by path. A batch of thousands of small files writes into one folder:
 * walking to it from the root for each file cost more than the engine's work on the file.
 */
const folders = new Map<string, Promise<FileSystemDirectoryHandle>>();

/** The folder at `path`, created where missing; from the cache unless `fresh`. */
function folder(path: readonly string[], fresh: boolean): Promise<FileSystemDirectoryHandle> {
  const key = path.join('/');
  let dir = fresh ? undefined : folders.get(key);
  if (!dir) {
    dir = (async () => {
      let at = await navigator.storage.getDirectory();
      for (const part of path) at = await at.getDirectoryHandle(part, { create: true });
      return at;
    })();
    folders.set(key, dir);
    dir.catch(() => folders.delete(key));
  }
  return dir;
}

/** Opens `path` (directories, then the file) in the origin-private file system, creating what is missing. */
async function openStore(path: readonly string[]): Promise<Stored> {
  if (path.length === 0) throw new Error('no file name');
  const name = path[path.length - 1];
  const open = async (fresh: boolean) => {
    const dir = await folder(path.slice(0, -1), fresh);
    return { dir, file: await dir.getFileHandle(name, { create: true }) };
  };
  // A cached folder may have been removed meanwhile (the page releases a tab's results with it).
  const { dir, file } = await open(false).catch(() => open(true));
  const handle = await file.createSyncAccessHandle();
  return { handle, file, dir, name };
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A hasher reached over a port (hash-helper.ts); the buffers it gives back go to `pool`. */
function hasherOver(port: MessagePort, pool?: ArrayBuffer[]): StreamHasher {
  const client = hashClient(
    (request, transfer) => port.postMessage(request, transfer),
    pool && ((part) => pool.push(part)),
  );
  port.onmessage = (e: MessageEvent<HashReply>) => client.receive(e.data);
  return client.hasher;
}

/** The origin-private file at `path`, as a File (once whoever wrote it has closed it). */
async function storedFile(path: readonly string[]): Promise<File> {
  let dir = await navigator.storage.getDirectory();
  for (const part of path.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
  return (await dir.getFileHandle(path[path.length - 1])).getFile();
}

/** Removes the origin-private file at `path`, if it is there. */
async function removeStored(path: readonly string[]): Promise<void> {
  let dir = await navigator.storage.getDirectory();
  for (const part of path.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
  await dir.removeEntry(path[path.length - 1]);
}

/**
 * Hashes the pieces that arrive on `port`; with `storePath`, also writes the output's pieces, in order,
 * to that origin-private file (opened at the first, truncated and closed at the stream's finish).
 */
function serveHashes(port: MessagePort, storePath?: readonly string[]) {
  const hashes = new Map<HashRequest['side'], wasm.Sha256Stream>();
  let file: Promise<Stored> | undefined;
  let at = 0;
  const write = async (request: HashRequest) => {
    file ??= openStore(storePath as readonly string[]);
    const place = await file;
    try {
      if ('part' in request) {
        // Sized once when the length is planned (StreamSide.reserve); the finish cuts it to what was written.
        if (at === 0 && request.size !== undefined) place.handle.truncate(request.size);
        const bytes = new Uint8Array(request.part);
        if (place.handle.write(bytes, { at }) !== bytes.length) throw new Error('the file was not written in full');
        at += bytes.length;
      } else place.handle.truncate(at);
    } catch (e) {
      // Released, so that the engine worker can remove the file.
      place.handle.close();
      file = Promise.reject(e);
      file.catch(() => undefined);
      throw e;
    }
    // No flush(): see runWasmToFile.
    if ('finish' in request) place.handle.close();
  };
  // One request at a time, in order: the writes and the hash must not overtake one another.
  let queue = Promise.resolve();
  port.onmessage = (e: MessageEvent<HashRequest>) => {
    const request = e.data;
    queue = queue.then(async () => {
      const engine = await ready;
      let reply: HashReply;
      if (!engine) reply = { id: request.id, error: 'The WebAssembly engine is not loaded' };
      else {
        try {
          if (storePath && request.side === 'output') await write(request);
          reply = answerHash(engine, hashes, request);
        } catch (err) {
          reply = { id: request.id, error: messageOf(err), store: true };
        }
      }
      // The piece goes back for reuse: new buffers for every piece would pile up as garbage here.
      if ('part' in request && !('error' in reply)) port.postMessage({ ...reply, part: request.part }, [request.part]);
      else port.postMessage(reply);
    });
  };
}

/**
 * A streamed job (stream-web.ts): `hasher` hashes the input, `writer` hashes the output and writes
 * it to `storePath` when given; else the output becomes a Blob here.
 */
async function runStreamed(
  engine: WasmEngine,
  input: Blob,
  msg: Extract<ToWorker, { type: 'corrupt' }>,
  events: CorruptCallbacks,
  hasher: MessagePort,
  writer: MessagePort,
): Promise<{ data: Blob; report: Report; notStored?: string }> {
  // Full-size piece buffers, going round between this worker and the helpers.
  const pool: ArrayBuffer[] = [];
  const inputSide = helperSide(hasherOver(hasher, pool), 'input');
  const outputSide = helperSide(hasherOver(writer, pool), 'output');
  const storePath = msg.storePath;
  if (!storePath) {
    const output = blobSide(outputSide);
    const report = await streamWasm(
      engine,
      input,
      msg.name,
      msg.options,
      events,
      { input: inputSide, output: output.side },
      pool,
    );
    return { data: await output.blob(), report };
  }
  try {
    const out = await streamStored(
      engine,
      input,
      msg.name,
      msg.options,
      events,
      { input: inputSide, output: outputSide },
      pool,
    );
    if (out.data) {
      await removeStored(storePath).catch(() => undefined);
      return { data: out.data, report: out.report, notStored: out.notStored };
    }
    // The File of an origin-private file is backed by the file on disk; it crosses by reference.
    return { data: await storedFile(storePath), report: out.report };
  } catch (e) {
    await removeStored(storePath).catch(() => undefined);
    throw e;
  }
}

/**
 * The structure map of a Blob, read by position with FileReaderSync (the module's walk reads only
 * where the layout sends it, so memory is the map's, at most 8,193 regions, at any size).
 */
async function structureMap(msg: Extract<ToWorker, { type: 'map' }>) {
  try {
    const engine = await ready;
    if (!engine) throw new Error('The WebAssembly engine is not loaded');
    const input = msg.input;
    const file = {
      size: () => input.size,
      read: (pos: number, len: number) =>
        new Uint8Array(new FileReaderSync().readAsArrayBuffer(input.slice(pos, pos + len))),
      write: () => {
        throw 'the input is not written';
      },
    };
    post({ type: 'mapped', id: msg.id, map: JSON.parse(engine.structureMap(msg.name, file)) });
  } catch (e) {
    post({ type: 'error', id: msg.id, message: messageOf(e) });
  }
}

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  if (msg.type === 'map') {
    void structureMap(msg);
    return;
  }
  if (msg.type === 'serve-flips') {
    serveFlips(msg.port);
    return;
  }
  if (msg.type === 'serve-hashes') {
    serveHashes(msg.port, msg.storePath);
    return;
  }
  if (msg.type === 'bench') {
    void bench(msg);
    return;
  }
  if (msg.type === 'diagnose') {
    // The diagnose module is fetched only now, the first time a file is diagnosed.
    const { id } = msg;
    import('../diagnose/browser.ts')
      .then(({ diagnoseBlob }) => diagnoseBlob(msg.file, msg.name, msg.original, msg.originalName))
      .then(
        (result) => post({ type: 'diagnosed', id, result }),
        (e: unknown) => post({ type: 'error', id, message: e instanceof Error ? e.message : String(e) }),
      );
    return;
  }
  if (msg.type !== 'corrupt') return;
  const { id } = msg;
  const size = msg.input instanceof Blob ? msg.input.size : msg.input.byteLength;
  const held: JobEvent[] | undefined = size < HELD_EVENTS_MAX_BYTES ? [] : undefined;
  // The answer, with the events held back for it.
  const answer = (m: Extract<FromWorker, { type: 'done' | 'error' }>) =>
    post(held && held.length > 0 ? { ...m, events: held } : m);
  try {
    // `engine: 'ts'` asks for the reference engine; otherwise the module, once warm.
    const engine = msg.options.engine === 'ts' ? undefined : await ready;
    if (engine) await warm.catch(() => undefined);
    const input = msg.input instanceof ArrayBuffer ? new Uint8Array(msg.input) : msg.input;
    const events = {
      onStage: (stage: Stage, message: string) =>
        held ? held.push({ stage, message }) : post({ type: 'stage', id, stage, message }),
      onProgress: (fraction: number) => (held ? held.push({ fraction }) : post({ type: 'progress', id, fraction })),
    };
    if (
      engine &&
      msg.input instanceof Blob &&
      msg.hasher &&
      msg.writer &&
      browserRoute(msg.options, msg.input) === 'streamed'
    ) {
      const out = await runStreamed(engine, msg.input, msg, events, msg.hasher, msg.writer);
      answer({ type: 'done', id, ...out });
      return;
    }
    const helpers = (msg.helpers ?? []).map(helperOver);
    // Asked to, the module's output is written to an origin-private file; where that cannot be
    // opened, it goes back as a Blob and the page is told why.
    let notStored: string | undefined;
    let stored: Stored | undefined;
    if (engine && msg.storePath) {
      stored = await openStore(msg.storePath).catch((e: unknown) => {
        notStored = messageOf(e);
        return undefined;
      });
    }
    if (stored) {
      const opened = stored;
      try {
        const hasher = msg.hasher ? hasherOver(msg.hasher) : undefined;
        const out = await runWasmToFile(
          engine as WasmEngine,
          input,
          msg.name,
          msg.options,
          events,
          helpers,
          opened.handle,
          hasher,
        );
        opened.handle.close();
        if (out.data) {
          notStored = out.notStored;
          await opened.dir.removeEntry(opened.name).catch(() => undefined);
        }
        // The File of an origin-private file is backed by the file on disk; it crosses by reference.
        const data = out.data ?? (await opened.file.getFile());
        answer({ type: 'done', id, data, report: out.report, ...(notStored === undefined ? {} : { notStored }) });
      } catch (e) {
        opened.handle.close();
        await opened.dir.removeEntry(opened.name).catch(() => undefined);
        throw e;
      }
      return;
    }
    // The output goes back as a Blob, built here piece by piece: a Blob crosses by reference.
    const { data, report } = engine
      ? await runWasmToBlob(engine, input, msg.name, msg.options, events, helpers)
      : await runReference(input, msg.name, msg.options, events).then(async (r) => ({
          data: await blobFromBytes(r.data),
          report: r.report,
        }));
    if (msg.storePath && notStored === undefined) notStored = 'the WebAssembly engine is not loaded';
    answer({ type: 'done', id, data, report, ...(notStored === undefined ? {} : { notStored }) });
  } catch (e) {
    answer({ type: 'error', id, message: e instanceof Error ? e.message : String(e) });
  } finally {
    for (const port of msg.helpers ?? []) port.close();
    msg.hasher?.close();
    msg.writer?.close();
  }
};

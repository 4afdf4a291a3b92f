// The page's side of the engine: `corrupt()` runs one file in a Web Worker (never on the main thread),
// reports stages and progress, transfers bytes instead of copying them, resolves to the output as a
// Blob, and aborts by terminating.
import type { CorruptCallbacks, CorruptOptions, EngineResult, OutputPlace } from '../shared/types.ts';
import { browserRoute, sharesFlips } from './policy.ts';
import type { FromWorker, JobEvent, StructureMap, ToWorker } from './protocol.ts';

export type { StructureMap };
import { HELPER_NAME } from './stream-web.ts';
import type { DiagnoseResult } from '../diagnose/result.ts';

type Input = Blob | ArrayBuffer | Uint8Array;

/** A worker whose module grew past this much memory is not reused: wasm memory never shrinks. */
const RECYCLE_AFTER_BYTES = 32 * 1024 * 1024;
const MAX_IDLE = 2;

interface EngineWorker {
  worker: Worker;
  ready: Promise<void>;
}

/** Helper workers at most for one job, beside its own. */
const MAX_HELPERS = 3;

const idle: EngineWorker[] = [];
let nextId = 1;
/** Jobs under way. */
let running = 0;

/**
 * Helper workers started ahead of a large job (a streamed one takes two: one hashes the input, one
 * hashes and writes the output), so it does not wait for their module. A job's helpers are ended
 * with it, and new spares started.
 */
const SPARE_HELPERS = 2;
const spare: EngineWorker[] = [];
let sparing = false;

function refillSpares() {
  // Not while a job runs (it started its own helpers): a loading module would take a core from it.
  if (running > 0) return;
  while (spare.length < SPARE_HELPERS) spare.push(spawn('helper'));
}

function takeHelper(): EngineWorker {
  return spare.shift() ?? spawn('helper');
}

function spawn(role: 'engine' | 'helper' = 'engine'): EngineWorker {
  // './worker.js' is what the compiled package holds; from the sources Vite resolves it to worker.ts.
  // The name tells the worker its role (a helper skips the engine's warm-up).
  const worker = new Worker(new URL('./worker.js', import.meta.url), {
    type: 'module',
    name: role === 'engine' ? 'fracture-engine' : HELPER_NAME,
  });
  // Jobs are posted only after "ready": a message sent before the module loaded could be lost.
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (e: MessageEvent<FromWorker>) => {
      if (e.data.type !== 'ready') return;
      resolve();
      worker.removeEventListener('message', onMessage);
    };
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', (e) => reject(new Error(e.message || 'The engine failed to load')), {
      once: true,
    });
  });
  return { worker, ready };
}

function release(w: EngineWorker, inputSize: number) {
  if (inputSize > RECYCLE_AFTER_BYTES || idle.length >= MAX_IDLE) w.worker.terminate();
  else idle.push(w);
}

/** Starts a worker ahead of the first file, so the first run does not wait for the module. */
export function warmUp(): Promise<void> {
  // Not while a job runs: its worker comes back when it ends, and a new one would take a core from it.
  if (idle.length === 0 && running > 0) return Promise.resolve();
  if (idle.length === 0) idle.push(spawn());
  // The spares after the engine's own worker, so that they do not delay it.
  const ready = idle[0].ready;
  if (!sparing) {
    sparing = true;
    void ready.then(refillSpares, () => undefined);
  }
  return ready;
}

export function corrupt(
  file: File,
  options: CorruptOptions,
  callbacks?: CorruptCallbacks,
  signal?: AbortSignal,
): Promise<EngineResult>;
export function corrupt(
  input: Input,
  name: string,
  options: CorruptOptions,
  callbacks?: CorruptCallbacks,
  signal?: AbortSignal,
  place?: OutputPlace,
): Promise<EngineResult>;
export function corrupt(
  input: Input,
  nameOrOptions: string | CorruptOptions,
  a?: CorruptOptions | CorruptCallbacks,
  b?: CorruptCallbacks | AbortSignal,
  c?: AbortSignal,
  place: OutputPlace = {},
): Promise<EngineResult> {
  if (typeof nameOrOptions === 'string') {
    return run(input, nameOrOptions, a as CorruptOptions, (b as CorruptCallbacks) ?? {}, c, place);
  }
  return run(input, (input as File).name, nameOrOptions, (a as CorruptCallbacks) ?? {}, b as AbortSignal | undefined);
}

async function run(
  input: Input,
  name: string,
  options: CorruptOptions,
  callbacks: CorruptCallbacks,
  signal?: AbortSignal,
  place: OutputPlace = {},
): Promise<EngineResult> {
  if (signal?.aborted) throw abortError();
  const w = idle.pop() ?? spawn();
  running++;
  const size = input instanceof Blob ? input.size : input.byteLength;
  // A Blob from 16 MiB on streams (stream-web.ts), on two helpers; other large flips share pieces with
  // helpers (not with byte ranges or checksum fixing: they run in the engine's own worker).
  const streamed = browserRoute(options, input) === 'streamed';
  const helpers = streamed
    ? await readyHelpers(SPARE_HELPERS)
    : sharesFlips(options, size) && cores() >= 2
      ? await readyHelpers(Math.min(MAX_HELPERS, cores() - 1))
      : [];
  const id = nextId++;
  return new Promise<EngineResult>((resolve, reject) => {
    let settled = false;
    const finish = (ok: boolean) => {
      settled = true;
      running--;
      // A streamed job's helpers only hashed (and wrote), and their ports are closed: they serve again.
      for (const h of helpers) {
        if (ok && streamed && spare.length < SPARE_HELPERS) spare.push(h);
        else h.worker.terminate();
      }
      if (helpers.length > 0 && sparing) refillSpares();
      w.worker.removeEventListener('message', onMessage);
      w.worker.removeEventListener('error', onError);
      signal?.removeEventListener('abort', onAbort);
      // A streamed job's module held a few pieces, not the file: its worker serves again.
      if (ok) release(w, streamed ? 0 : size);
      else w.worker.terminate();
    };
    // A small input's events come with its answer (HELD_EVENTS_MAX_BYTES), in order.
    const replay = (events: readonly JobEvent[] = []) => {
      for (const event of events)
        if ('stage' in event) callbacks.onStage?.(event.stage, event.message);
        else callbacks.onProgress?.(event.fraction);
    };
    const onMessage = (e: MessageEvent<FromWorker>) => {
      const msg = e.data;
      if (!('id' in msg) || msg.id !== id) return;
      switch (msg.type) {
        case 'stage':
          callbacks.onStage?.(msg.stage, msg.message);
          break;
        case 'progress':
          callbacks.onProgress?.(msg.fraction);
          break;
        case 'done':
          replay(msg.events);
          finish(true);
          resolve(
            msg.notStored === undefined
              ? { data: msg.data, report: msg.report }
              : { data: msg.data, report: msg.report, notStored: msg.notStored },
          );
          break;
        case 'error':
          replay(msg.events);
          finish(true);
          reject(new Error(msg.message));
          break;
      }
    };
    const onError = (e: ErrorEvent) => {
      if (settled) return;
      finish(false);
      reject(new Error(e.message || 'The engine worker failed'));
    };
    const onAbort = () => {
      if (settled) return;
      finish(false);
      reject(abortError());
    };
    w.worker.addEventListener('message', onMessage);
    w.worker.addEventListener('error', onError);
    signal?.addEventListener('abort', onAbort, { once: true });
    w.ready.then(
      () => {
        if (settled) return;
        const serve = (h: EngineWorker, type: 'serve-flips' | 'serve-hashes', storePath?: readonly string[]) => {
          const channel = new MessageChannel();
          h.worker.postMessage({ type, port: channel.port2, ...(storePath ? { storePath } : {}) } satisfies ToWorker, [
            channel.port2,
          ]);
          return channel.port1;
        };
        let ports: MessagePort[] = [];
        let hasher: MessagePort | undefined;
        let writer: MessagePort | undefined;
        if (streamed && helpers.length === SPARE_HELPERS) {
          hasher = serve(helpers[0], 'serve-hashes');
          writer = serve(helpers[1], 'serve-hashes', place.path);
        } else {
          ports = helpers.map((h) => serve(h, 'serve-flips'));
          // With the output stored, the first helper also computes the checksums (hash-helper.ts).
          if (place.path && helpers.length > 0) hasher = serve(helpers[0], 'serve-hashes');
        }
        const msg: ToWorker = {
          type: 'corrupt',
          id,
          input: toTransferable(input),
          name,
          options,
          ...(place.path ? { storePath: place.path } : {}),
          helpers: ports,
          ...(hasher ? { hasher } : {}),
          ...(writer ? { writer } : {}),
        };
        w.worker.postMessage(msg, [
          ...(msg.input instanceof ArrayBuffer ? [msg.input] : []),
          ...ports,
          ...(hasher ? [hasher] : []),
          ...(writer ? [writer] : []),
        ]);
      },
      (e: unknown) => {
        if (settled) return;
        finish(false);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/**
 * The structure map of `input` named `name` (docs/contract.md, section 14.1), made in an engine
 * worker by positional reads of the Blob: the page never holds the file, whatever its size.
 */
export async function structureMap(input: Blob, name: string): Promise<StructureMap> {
  const w = idle.pop() ?? spawn();
  const id = nextId++;
  try {
    await w.ready;
    const reply = await new Promise<FromWorker>((resolve, reject) => {
      const onMessage = (e: MessageEvent<FromWorker>) => {
        if (!('id' in e.data) || e.data.id !== id) return;
        w.worker.removeEventListener('message', onMessage);
        resolve(e.data);
      };
      w.worker.addEventListener('message', onMessage);
      w.worker.addEventListener('error', (e) => reject(new Error(e.message || 'The engine worker failed')), {
        once: true,
      });
      w.worker.postMessage({ type: 'map', id, input, name } satisfies ToWorker);
    });
    if (reply.type === 'error') throw new Error(reply.message);
    if (reply.type !== 'mapped') throw new Error(`unexpected reply ${reply.type}`);
    release(w, 0);
    return reply.map;
  } catch (e) {
    w.worker.terminate();
    throw e;
  }
}

const cores = () => (typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 1 : 1);

/**
 * `count` helper workers (spares first), each ready before it is used: for a streamed job, or for a
 * large flip-mode input (the contract lets chunks run in any order; one fewer than the cores, at most
 * MAX_HELPERS). None when they fail to start.
 */
async function readyHelpers(count: number): Promise<EngineWorker[]> {
  const helpers = Array.from({ length: count }, takeHelper);
  try {
    await Promise.all(helpers.map((h) => h.ready));
    return helpers;
  } catch {
    for (const h of helpers) h.worker.terminate();
    return [];
  }
}

/** Blobs cross by reference; bytes are transferred (the caller's buffer is detached: no copy). */
function toTransferable(input: Input): Blob | ArrayBuffer {
  if (input instanceof Blob || input instanceof ArrayBuffer) return input;
  if (input.byteOffset === 0 && input.byteLength === input.buffer.byteLength && input.buffer instanceof ArrayBuffer)
    return input.buffer;
  return input.slice().buffer;
}

function abortError(): Error {
  return new DOMException('The corruption was aborted', 'AbortError');
}

/**
 * Diagnoses `file` (docs/damage.md) in an engine worker, against `original` when given: the diagnose
 * module loads there the first time, reads the Blobs by position, and nothing leaves the page.
 */
export async function diagnose(
  file: Blob,
  name: string,
  original?: Blob,
  originalName?: string,
): Promise<DiagnoseResult> {
  const w = idle.shift() ?? spawn();
  await w.ready;
  const id = nextId++;
  try {
    return await new Promise<DiagnoseResult>((resolve, reject) => {
      const onMessage = (e: MessageEvent<FromWorker>) => {
        const m = e.data;
        if (!('id' in m) || m.id !== id) return;
        if (m.type === 'diagnosed') resolve(m.result);
        else if (m.type === 'error') reject(new Error(m.message));
        else return;
        w.worker.removeEventListener('message', onMessage);
      };
      w.worker.addEventListener('message', onMessage);
      const msg: ToWorker = { type: 'diagnose', id, file, name, original, originalName };
      w.worker.postMessage(msg);
    });
  } finally {
    release(w, 0);
  }
}

// Runs one file through the WebAssembly engine's stages. Shared by the Web Worker and the Node CLI, so
// both report the same stages and measure time the same way.
import { ESCALATION_MESSAGE, STAGES } from '../shared/stages.ts';
import type { CorruptOptions, CorruptResult, Report, Stage } from '../shared/types.ts';

/** The part of the wasm-bindgen module this runner uses. */
export interface WasmEngine {
  memory: { readonly buffer: ArrayBuffer };
  InputBuffer: new (len: number) => { ptr(): number; len(): number; free(): void };
  WasmJob: {
    fromBuffer(input: unknown, name: string, mode: string, intensity: number, seed: number, sha256?: string): WasmJobHandle;
  };
  checkArgs(mode: string, intensity: number, seed: number): void;
  flipPart(part: Uint8Array, start: number, n: number, h: number, k: number, seed: number, first: number, last: number): void;
}

/**
 * Flips chunks `first..=last` of an `n`-byte input elsewhere (another Web Worker): `part` holds the
 * bytes from `start`; resolves to the part, flipped. ENGINE.md lets chunks run in any order.
 */
export type FlipHelper = (part: Uint8Array, start: number, n: number, h: number, k: number, seed: number, first: number, last: number) => Promise<Uint8Array>;

/** Chunks (64 KiB) per piece of work handed out: 4 MiB, so little is ever copied at once. */
const BATCH_CHUNKS = 64;
const CHUNK = 65536;
/** Inputs at least this long spread the flip modes' chunks over the helpers. */
export const PARALLEL_MIN_BYTES = 16 * 1024 * 1024;

interface WasmJobHandle {
  plan(): void;
  corrupt(): void;
  flipPlan(): Float64Array | number[];
  beginChunks(): boolean;
  flipChunks(first: number, last: number): void;
  outputMutPtr(): number;
  endChunks(): void;
  verify(): boolean;
  report(timeMs: number, opsMs: number): string;
  reportWith(timeMs: number, opsMs: number, sha256?: string): string;
  outputPtr(): number;
  outputLen(): number;
  dropInput(): void;
  free(): void;
}

export interface StageEvents {
  onStage?: (stage: Stage, message: string) => void;
  onProgress?: (fraction: number) => void;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * SHA-256 by the platform's WebCrypto (browsers in secure contexts, Node): several times faster than
 * hashing inside WebAssembly. Undefined where it is missing, and the engine hashes itself.
 */
async function platformSha256(bytes: Uint8Array): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  // digest() copies the bytes when called, so a view of the module's memory is safe to pass.
  const digest = new Uint8Array(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** Bytes read from a Blob at a time. */
const READ_SLICE = 8 * 1024 * 1024;

function stage(events: StageEvents, s: Stage) {
  const info = STAGES.find((x) => x.stage === s)!;
  events.onStage?.(s, info.message);
  return () => events.onProgress?.(info.progress);
}

/** Copies the input into the module's memory: from bytes at once, or from a Blob chunk by chunk. */
async function load(engine: WasmEngine, input: Uint8Array | Blob) {
  const size = input instanceof Uint8Array ? input.length : input.size;
  const buffer = new engine.InputBuffer(size);
  try {
    // The view must be re-created after any allocation: growing memory detaches old views.
    const view = () => new Uint8Array(engine.memory.buffer, buffer.ptr(), size);
    if (input instanceof Uint8Array) {
      view().set(input);
    } else {
      // Large slices, each read at once: far faster than the Blob's 64 KiB stream chunks, and only
      // one slice is ever held outside the module's memory.
      for (let at = 0; at < size; at += READ_SLICE) {
        const part = new Uint8Array(await input.slice(at, Math.min(size, at + READ_SLICE)).arrayBuffer());
        if (part.length !== Math.min(READ_SLICE, size - at)) throw new Error('The file changed while it was being read');
        view().set(part, at);
      }
    }
    return buffer;
  } catch (e) {
    buffer.free();
    throw e;
  }
}

export async function runWasm(
  engine: WasmEngine,
  input: Uint8Array | Blob,
  name: string,
  options: CorruptOptions,
  events: StageEvents = {},
  helpers: readonly FlipHelper[] = [],
): Promise<CorruptResult> {
  // Reject bad arguments before reading 200 MB.
  engine.checkArgs(options.mode, options.intensity, options.seed);
  const t0 = performance.now();
  let done = stage(events, 'scan');
  const buffer = await load(engine, input);
  const size = input instanceof Uint8Array ? input.length : input.size;
  const shaBefore = await platformSha256(new Uint8Array(engine.memory.buffer, buffer.ptr(), size));
  const job = engine.WasmJob.fromBuffer(buffer, name, options.mode, options.intensity, options.seed, shaBefore);
  try {
    done();
    done = stage(events, 'plan');
    job.plan();
    done();
    done = stage(events, 'corrupt');
    const t1 = performance.now();
    if (helpers.length > 0 && size >= PARALLEL_MIN_BYTES && job.flipPlan().length === 2) {
      await corruptInChunks(engine, job, size, options.seed, helpers);
    } else {
      job.corrupt();
    }
    const opsMs = performance.now() - t1;
    done();
    done = stage(events, 'verify');
    if (job.verify()) events.onStage?.('verify', ESCALATION_MESSAGE);
    done();
    done = stage(events, 'report');
    const shaAfter = await platformSha256(new Uint8Array(engine.memory.buffer, job.outputPtr(), job.outputLen()));
    const provisional = job.reportWith(0, 0, shaAfter);
    job.dropInput();
    const data = new Uint8Array(engine.memory.buffer, job.outputPtr(), job.outputLen()).slice();
    const report = JSON.parse(provisional) as Report;
    report.time_ms = round3(performance.now() - t0);
    report.ops_ms = round3(opsMs);
    done();
    return { data, report };
  } finally {
    job.free();
  }
}

/**
 * The flip modes' corrupt stage spread over this worker and `helpers`: 4 MiB pieces of the output are
 * handed out in order, flipped where they land and written back. Same bytes as `job.corrupt()`.
 */
async function corruptInChunks(engine: WasmEngine, job: WasmJobHandle, n: number, seed: number, helpers: readonly FlipHelper[]) {
  const [h, k] = Array.from(job.flipPlan());
  job.beginChunks();
  const last = Math.floor((n - 1) / CHUNK);
  let next = Math.floor(h / CHUNK);
  const take = () => {
    if (next > last) return undefined;
    const first = next;
    next = Math.min(last, first + BATCH_CHUNKS - 1) + 1;
    return [first, next - 1] as const;
  };
  // Views are made afresh each time: memory growth detaches old ones.
  const output = (start: number, end: number) => new Uint8Array(engine.memory.buffer, job.outputMutPtr() + start, end - start);
  const remote = async (helper: FlipHelper) => {
    for (let batch = take(); batch; batch = take()) {
      const [first, lastChunk] = batch;
      const start = first * CHUNK;
      const end = Math.min(n, (lastChunk + 1) * CHUNK);
      const flipped = await helper(output(start, end).slice(), start, n, h, k, seed, first, lastChunk);
      output(start, end).set(flipped);
    }
  };
  const local = async () => {
    for (let batch = take(); batch; batch = take()) {
      job.flipChunks(batch[0], batch[1]);
      // Let the helpers' answers in between pieces.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  await Promise.all([local(), ...helpers.map(remote)]);
  job.endChunks();
}

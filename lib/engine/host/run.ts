// Runs one file through the WebAssembly engine's stages. Shared by the Web Worker and the Node CLI, so
// both report the same stages and measure time the same way.
import type * as Bindings from '../pkg/fracture_engine.js';
import { blobFromPieces } from '../shared/blob.ts';
import { ESCALATION_MESSAGE, enterStage, roundMs } from '../shared/stages.ts';
import type { CorruptCallbacks, CorruptOptions, CorruptResult, EngineResult, Report } from '../shared/types.ts';
import { type FlipHelper, flipFields } from './flip-helpers.ts';
import type { StreamHasher } from './hash-helper.ts';
import { usesHelpers } from './protocol.ts';
import { variantTexts } from './variant.ts';

/**
 * The loaded module: its exports, typed by the declarations wasm-bindgen writes for it
 * (lib/engine/pkg/fracture_engine.d.ts, from `make wasm`), and its memory.
 */
export type WasmEngine = typeof Bindings & Pick<Bindings.InitOutput, 'memory'>;

/**
 * SHA-256 by the platform's WebCrypto (browsers in secure contexts, Node): several times faster than
 * hashing inside WebAssembly, and off this thread. `digest()` copies the bytes when it is called (the
 * Web Crypto spec says so, and tests/cross-engine/parallel.test.ts checks it), so the view may change at once:
 * the hash runs while the engine goes on, and its result fills the report at the end.
 */
export function platformSha256(bytes: Uint8Array): Promise<string> {
  return globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>).then((digest) => {
    let hex = '';
    for (const b of new Uint8Array(digest)) hex += b.toString(16).padStart(2, '0');
    return hex;
  });
}

/**
 * A SHA-256 outside the module, as lower-case hex. It must have read the bytes (hashed or copied them)
 * by the time it returns: the stages change them right after.
 */
export type Sha256 = (bytes: Uint8Array) => Promise<string>;

/** WebCrypto's, where there is one (not in an insecure context). */
const webCrypto = (): Sha256 | undefined => (globalThis.crypto?.subtle ? platformSha256 : undefined);

/** The engine's placeholder for a SHA-256 that is still being computed outside it. */
const PENDING = 'pending';

/** Bytes read from a Blob at a time. */
const READ_SLICE = 8 * 1024 * 1024;

/**
 * Feeds `[0, length)` to a module hasher in READ_SLICE steps: V8 optimises a WebAssembly function for
 * its next call, never inside a running one, so one 200 MB call would run as baseline code throughout.
 */
function hashInSlices(length: number, hashTo: (end: number) => void) {
  for (let at = 0; at < length; at += READ_SLICE) hashTo(Math.min(length, at + READ_SLICE));
}

/**
 * Where the SHA-256 checksums are computed. 'platform': WebCrypto, several times faster than hashing
 * in WebAssembly, but `digest()` takes a copy of all the bytes first. 'engine': the module hashes each
 * piece as it is read in or copied out, with no extra copy.
 */
export type Hashing = 'platform' | 'engine';

/** From this size on, the worker hashes in the module: a WebCrypto copy of 200 MB would cost the tab 200 MB. */
export const ENGINE_HASH_MIN_BYTES = 16 * 1024 * 1024;

const sizeOf = (input: Uint8Array | Blob) => (input instanceof Uint8Array ? input.length : input.size);

/** Who hashes an input of `size` bytes in the worker (see ENGINE_HASH_MIN_BYTES). */
const hashingFor = (size: number): Hashing => (size >= ENGINE_HASH_MIN_BYTES ? 'engine' : 'platform');

/**
 * Copies the input into the module's memory: from bytes at once, or from a Blob a slice at a time, the
 * next slice already being read while one is copied (and hashed, with engine hashing).
 */
async function load(engine: WasmEngine, input: Uint8Array | Blob, hashing: Hashing, hasher?: StreamHasher) {
  const size = sizeOf(input);
  const buffer = new engine.InputBuffer(size);
  try {
    // The view must be re-created after any allocation: growing memory detaches old views.
    const view = () => new Uint8Array(engine.memory.buffer, buffer.ptr(), size);
    if (input instanceof Uint8Array) {
      view().set(input);
      if (hasher) {
        for (let at = 0; at < size; at += READ_SLICE)
          await hasher.update('input', input.slice(at, Math.min(size, at + READ_SLICE)).buffer);
      } else if (hashing === 'engine') hashInSlices(size, (end) => buffer.hashTo(end));
    } else {
      // Large slices, each read at once: far faster than the Blob's 64 KiB stream chunks.
      const read = (at: number) => input.slice(at, Math.min(size, at + READ_SLICE)).arrayBuffer();
      let pending = read(0);
      for (let at = 0; at < size; at += READ_SLICE) {
        const part = new Uint8Array(await pending);
        if (at + READ_SLICE < size) pending = read(at + READ_SLICE);
        if (part.length !== Math.min(READ_SLICE, size - at))
          throw new Error('The file changed while it was being read');
        view().set(part, at);
        // The slice read is hashed by the helper (transferred there), or here in the module.
        if (hasher) await hasher.update('input', part.buffer);
        else if (hashing === 'engine') buffer.hashTo(at + part.length);
      }
    }
    return buffer;
  } catch (e) {
    buffer.free();
    throw e;
  }
}

/**
 * Runs one file through the stages, the output coming back as bytes (the npm CLI, the tests): WebCrypto
 * hashes beside the stages, and large flips are shared with `helpers` when given.
 */
export function runWasm(
  engine: WasmEngine,
  input: Uint8Array | Blob,
  name: string,
  options: CorruptOptions,
  events: CorruptCallbacks = {},
  helpers: readonly FlipHelper[] = [],
  sha256: Sha256 | undefined = webCrypto(),
): Promise<CorruptResult> {
  return runStages(engine, input, name, options, events, helpers, sha256, (output, length, hashTo) => {
    if (hashTo) hashInSlices(length, hashTo);
    return output(0, length).slice();
  });
}

/**
 * `runWasm` the Web Worker's way, so that the tab never holds a second whole copy of a large file: the
 * output becomes a Blob copied out of the module's memory a few MiB at a time, and from
 * ENGINE_HASH_MIN_BYTES on the module hashes each piece read in and copied out (no WebCrypto copy).
 */
export function runWasmToBlob(
  engine: WasmEngine,
  input: Uint8Array | Blob,
  name: string,
  options: CorruptOptions,
  events: CorruptCallbacks = {},
  helpers: readonly FlipHelper[] = [],
  hashing: Hashing = hashingFor(sizeOf(input)),
): Promise<EngineResult> {
  return runStages(
    engine,
    input,
    name,
    options,
    events,
    helpers,
    hashing === 'platform' ? webCrypto() : undefined,
    outputBlob,
  );
}

/** The output as a Blob copied out of the module's memory a piece at a time, each piece hashed first. */
function outputBlob(output: OutputView, length: number, hashTo?: (end: number) => void | Promise<void>) {
  return blobFromPieces(length, async (start, end) => {
    await hashTo?.(end);
    return output(start, end).slice();
  });
}

/**
 * Where the worker writes an output instead of a Blob: an origin-private file's sync access handle
 * (FileSystemSyncAccessHandle), which writes straight from a view of the module's memory.
 */
export interface OutputFile {
  write(bytes: Uint8Array, options: { at: number }): number;
  truncate(size: number): void;
  flush(): void;
}

/** Bytes written to an OutputFile per call (hashed just before, with engine hashing). */
const WRITE_SLICE = 8 * 1024 * 1024;

/**
 * `runWasmToBlob`, the output written to `file` (no copy out of the module's memory: `data` is
 * undefined). If a write fails (the quota is full, say), the output becomes a Blob after all and
 * `notStored` says why.
 */
export async function runWasmToFile(
  engine: WasmEngine,
  input: Uint8Array | Blob,
  name: string,
  options: CorruptOptions,
  events: CorruptCallbacks,
  helpers: readonly FlipHelper[],
  file: OutputFile,
  /** Computes the checksums beside the stages, on another core; without one the module hashes. */
  hasher?: StreamHasher,
): Promise<{ data: Blob | undefined; report: Report; notStored?: string }> {
  const hashing = hashingFor(sizeOf(input));
  let notStored: string | undefined;
  const { data, report } = await runStages(
    engine,
    input,
    name,
    options,
    events,
    helpers,
    hashing === 'platform' ? webCrypto() : undefined,
    async (output, length, hashTo): Promise<Blob | undefined> => {
      try {
        for (let at = 0; at < length; at += WRITE_SLICE) {
          const end = Math.min(length, at + WRITE_SLICE);
          await hashTo?.(end);
          if (file.write(output(at, end), { at }) !== end - at) throw new Error('the file was not written in full');
        }
        // No flush(): the File handed on reads what was written, and results need not outlive a crash
        // (storage.ts sweeps them at the next start-up).
        file.truncate(length);
        return undefined;
      } catch (e) {
        notStored = e instanceof Error ? e.message : String(e);
        // hashTo feeds only what was not fed yet, so pieces already hashed are not hashed twice.
        return outputBlob(output, length, hashTo);
      }
    },
    hashing === 'engine' ? hasher : undefined,
  );
  return notStored === undefined ? { data, report } : { data, report, notStored };
}

/** A view of the output's bytes `[start, end)` in the module's memory, made afresh (growth detaches views). */
type OutputView = (start: number, end: number) => Uint8Array;

async function runStages<T>(
  engine: WasmEngine,
  input: Uint8Array | Blob,
  name: string,
  options: CorruptOptions,
  events: CorruptCallbacks,
  helpers: readonly FlipHelper[],
  /** The SHA-256 outside the module ('platform' hashing); without one the module hashes ('engine'). */
  sha256: Sha256 | undefined,
  /**
   * Takes the output out of the module; with engine or helper hashing, calls `hashTo(end)` (awaiting
   * it where it returns a promise) before it hands on `[.., end)`.
   */
  takeOutput: (output: OutputView, length: number, hashTo?: (end: number) => void | Promise<void>) => T | Promise<T>,
  /** Hashes input and output on a helper, beside the stages (with engine hashing only). */
  hasher?: StreamHasher,
): Promise<{ data: T; report: Report }> {
  // Reject bad arguments before reading 200 MB.
  engine.checkArgs(options.mode, options.intensity, options.seed);
  const only = [...(options.ranges?.only ?? [])];
  const protect = [...(options.ranges?.protect ?? [])];
  const fix = options.fixChecksums === true;
  const variant = variantTexts(options);
  engine.checkOptions(options.mode, only, protect, fix, ...variant);
  const hashing: Hashing = sha256 ? 'platform' : 'engine';
  const t0 = performance.now();
  let done = enterStage(events, 'scan');
  const helper = sha256 ? undefined : hasher;
  const buffer = await load(engine, input, hashing, helper);
  const size = sizeOf(input);
  // Platform and helper hashing run beside the stages below; engine hashing finishes the buffer's own digest here.
  const shaBefore = helper
    ? helper.finish('input')
    : sha256?.(new Uint8Array(engine.memory.buffer, buffer.ptr(), size));
  void shaBefore?.catch(() => undefined); // awaited at the end; a failure there rejects the run
  const job = engine.WasmJob.fromBuffer(
    buffer,
    name,
    options.mode,
    options.intensity,
    options.seed,
    shaBefore ? PENDING : undefined,
  );
  try {
    if (
      only.length + protect.length > 0 ||
      fix ||
      options.member !== undefined ||
      variant.some((v) => v !== undefined)
    ) {
      job.setOptions(only, protect, fix, options.member, ...variant);
    }
    done();
    done = enterStage(events, 'plan');
    job.plan();
    done();
    done = enterStage(events, 'corrupt');
    const t1 = performance.now();
    const pieces = helpers.length > 0 && usesHelpers(options.mode, size) ? job.flipPieces() : [];
    if (pieces.length > 0) await corruptInPieces(engine, job, pieces, helpers);
    else job.corrupt();
    const opsMs = performance.now() - t1;
    done();
    done = enterStage(events, 'verify');
    if (job.verify()) events.onStage?.('verify', ESCALATION_MESSAGE);
    done();
    done = enterStage(events, 'report');
    const length = job.outputLen();
    const output: OutputView = (start, end) =>
      new Uint8Array(engine.memory.buffer, job.outputPtr() + start, Math.min(end, length) - start);
    const shaAfter = sha256?.(output(0, length));
    // A flip that copied keeps the input until here; the output alone is needed from now on.
    job.dropInput();
    let fed = 0;
    const hashTo = helper
      ? async (end: number) => {
          // A copy of the piece goes to the helper, so the module's memory is never handed over.
          const from = fed;
          fed = Math.max(fed, end);
          if (end > from) await helper.update('output', output(from, end).slice().buffer);
        }
      : hashing === 'engine'
        ? (end: number) => job.hashOutputTo(end)
        : undefined;
    const data = await takeOutput(output, length, hashTo);
    // Whatever takeOutput did not feed (a Blob it was not asked for) goes to the helper now.
    if (helper) await hashTo?.(length);
    const helperAfter = helper?.finish('output');
    // Without a digest from outside, the job finishes its own (fed by hashTo, or all at once).
    const after = shaAfter ?? helperAfter;
    const report = JSON.parse(job.reportWith(0, 0, after ? PENDING : undefined)) as Report;
    if (shaBefore && after) [report.sha256_before, report.sha256_after] = await Promise.all([shaBefore, after]);
    report.time_ms = roundMs(performance.now() - t0);
    report.ops_ms = roundMs(opsMs);
    done();
    return { data, report };
  } finally {
    job.free();
  }
}

/**
 * The flip modes' corrupt stage spread over this worker and `helpers`: the job's pieces (4 MiB each)
 * are handed out in order, flipped where they land and written back. Same bytes as `job.corrupt()`.
 * The output is the input itself when the engine flips in place, so the module holds one copy of the
 * file. Takes over `pieces` (frees them). A helper's failure fails the stage, once no piece is in
 * flight any more (nothing touches the job after this returns).
 */
export async function corruptInPieces(
  engine: Pick<WasmEngine, 'memory'>,
  job: Bindings.WasmJob,
  pieces: Bindings.FlipPiece[],
  helpers: readonly FlipHelper[],
) {
  job.beginChunks();
  let next = 0;
  let failed = false;
  const take = () => (failed ? undefined : pieces[next++]);
  // Views are made afresh each time: memory growth detaches old ones.
  const output = (piece: Bindings.FlipPiece) =>
    new Uint8Array(engine.memory.buffer, job.outputMutPtr() + piece.start(), piece.end() - piece.start());
  const remote = async (helper: FlipHelper) => {
    for (let piece = take(); piece; piece = take()) {
      const flipped = await helper(output(piece).slice(), flipFields(piece));
      output(piece).set(flipped);
    }
  };
  const local = async () => {
    for (let piece = take(); piece; piece = take()) {
      job.flipPiece(piece);
      // Let the helpers' answers in between pieces.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  try {
    const settled = await Promise.allSettled(
      [local, ...helpers.map((helper) => () => remote(helper))].map((work) =>
        work().catch((e: unknown) => {
          failed = true;
          throw e;
        }),
      ),
    );
    for (const s of settled) if (s.status === 'rejected') throw s.reason;
  } finally {
    for (const piece of pieces) piece.free();
  }
  job.endChunks();
}

// One file through the WebAssembly engine in the browser's engine worker, streamed from its Blob: the
// adapter of the streaming driver (stream-driver.ts) that reads the pieces from the Blob and hands the
// input's and the output's pieces on (to helper workers that hash them and write the output), so the
// tab holds a few pieces, never the file. The same bytes and report as the whole-buffer run. No Node
// or DOM specifics: tests run it in Node.
import { BlobReader } from '../shared/blob.ts';
import { ESCALATION_MESSAGE, enterStage, roundMs } from '../shared/stages.ts';
import type { CorruptCallbacks, CorruptOptions, Report } from '../shared/types.ts';
import { StoreError, type StreamHasher } from './hash-helper.ts';
import type { WasmEngine } from './run.ts';
import {
  type DriverSide,
  drivePieces,
  openStream,
  type PieceMemory,
  type PieceSource,
  STREAM_PIECE,
} from './stream-driver.ts';

/** The name a helper worker is started with (the engine's own worker warms up its modes; a helper need not). */
export const HELPER_NAME = 'fracture-engine-helper';

/** Bytes per piece: the driver's (stream-driver.ts says why 1 MiB). */
export const WEB_STREAM_PIECE = STREAM_PIECE;

/** Pieces in flight: one edited while the next is read (the tab's memory bound). */
const DEPTH = 2;
/** Spare pieces kept for reuse: those in flight, their copies for the input's side, and a few more. */
const POOL_MAX = 4 * DEPTH;

// Whether a job streams is the hosts' policy (policy.ts); named here too for the tests of this driver.
export { streamsInBrowser, WEB_STREAM_MIN_BYTES } from './policy.ts';

/**
 * One side of the run (the input's bytes, or the output's), in order. `update` may transfer the buffer
 * and resolves once another piece may be sent; `finish` gives the side's SHA-256 as lower-case hex.
 */
export interface StreamSide {
  update(part: ArrayBuffer): Promise<void>;
  finish(): Promise<string>;
  /**
   * The side's whole length, told before its first piece when it is planned: a side that writes a
   * file sizes it once. An origin-private file in a private window lives in the browser's memory, and
   * growing it a piece at a time took a third longer there (docs/performance.md, "The browser").
   */
  reserve?(size: number): void;
}

/**
 * The Blob, read through one BYOB reader per pass (blob.ts): reads in order wait for the one before,
 * so that each is read in place; others (moved blocks) are sliced at once.
 */
function blobSource(input: Blob): PieceSource {
  return {
    reader: () => {
      const blob = new BlobReader(input);
      let ahead = 0;
      let inOrder: Promise<unknown> = Promise.resolve();
      return {
        read: (pos, into) => {
          if (pos !== ahead) return blob.read(pos, into);
          ahead = pos + into.length;
          const read = inOrder.then(() => blob.read(pos, into));
          inOrder = read.catch(() => undefined);
          return read;
        },
        close: () => blob.close(),
      };
    },
    // A worker reads a Blob synchronously with FileReaderSync (the structure map's walk).
    positional:
      typeof FileReaderSync === 'undefined'
        ? undefined
        : () => ({
            size: () => input.size,
            read: (pos: number, len: number) =>
              new Uint8Array(new FileReaderSync().readAsArrayBuffer(input.slice(pos, pos + len))),
            write: () => {
              throw 'the input is not written';
            },
          }),
  };
}

/** A side for the driver: a piece the driver edits next is copied first (the side takes the buffer). */
function driverSide(side: StreamSide, take: (len: number) => Uint8Array<ArrayBuffer>): DriverSide {
  return {
    update: (bytes, spare) => {
      const whole = bytes.byteOffset === 0 && bytes.length === bytes.buffer.byteLength;
      if (spare && whole) return side.update(bytes.buffer);
      const copy = take(bytes.length);
      copy.set(bytes);
      return side.update(copy.buffer);
    },
    finish: () => side.finish(),
  };
}

/**
 * Streams `input` through the engine: the input's bytes go to `sides.input` (hashed), the output's to
 * `sides.output` (hashed and kept). Rejects with the engine's error text for bad arguments before any
 * output exists; a side's failure rejects the run once nothing is in flight.
 */
export async function streamWasm(
  engine: WasmEngine,
  input: Blob,
  name: string,
  options: CorruptOptions,
  events: CorruptCallbacks,
  sides: { input: StreamSide; output: StreamSide },
  /** Full-size piece buffers to reuse: the sides put back the pieces they are done with. */
  pool: ArrayBuffer[] = [],
): Promise<Report> {
  const t0 = performance.now();
  // Exactly `len` bytes (a side takes the whole buffer); only full pieces are reused. The sides give
  // back whatever they were handed, and guaranteed_break's output pieces are new memory of any length
  // (the module's), so the pool would gain one piece per piece: it keeps at most POOL_MAX, and a
  // piece of another length is dropped, never lent as a piece of this one.
  const take = (len: number): Uint8Array<ArrayBuffer> => {
    if (pool.length > POOL_MAX) pool.length = POOL_MAX;
    for (let b = len === WEB_STREAM_PIECE ? pool.pop() : undefined; b; b = pool.pop())
      if (b.byteLength === len) return new Uint8Array(b);
    return new Uint8Array(len);
  };
  const memory: PieceMemory = {
    take,
    release: (piece) => {
      if (piece.length === WEB_STREAM_PIECE && piece.byteOffset === 0) pool.push(piece.buffer);
    },
  };
  const source = blobSource(input);
  let done = enterStage(events, 'scan');
  const opened = await openStream(engine, source, input.size, name, options, memory);
  if (opened.outLen > 0) sides.output.reserve?.(opened.outLen);
  // No progress events within the stage (as the whole-buffer run): each moves the page's progress
  // bar, whose width transition kept the page's main thread busy on a core the workers need.
  const { hexIn, hexOut, opsMs } = await drivePieces(opened, {
    source,
    memory,
    depth: DEPTH,
    sides: { input: driverSide(sides.input, take), output: driverSide(sides.output, take) },
    onStage: (stage) => {
      done();
      done = enterStage(events, stage);
    },
  });
  const report = JSON.parse(opened.run.report(hexIn, hexOut, 0, 0)) as Report;
  if (report.escalated) events.onStage?.('verify', ESCALATION_MESSAGE);
  done();
  done = enterStage(events, 'report');
  report.time_ms = roundMs(performance.now() - t0);
  report.ops_ms = roundMs(opsMs);
  done();
  return report;
}

/** A side hashed by a helper (hash-helper.ts): the buffer is transferred there. */
export function helperSide(hasher: StreamHasher, side: 'input' | 'output'): StreamSide {
  // The length reserved goes with the next piece.
  let size: number | undefined;
  return {
    update: (part) => {
      const told = size;
      size = undefined;
      return hasher.update(side, part, told);
    },
    finish: () => hasher.finish(side),
    reserve: (n) => {
      size = n;
    },
  };
}

/** A side hashed here, in this worker's module: where no helper is at hand (its pieces go back to `pool`). */
export function localSide(engine: Pick<WasmEngine, 'Sha256Stream'>, pool?: ArrayBuffer[]): StreamSide {
  const sha = new engine.Sha256Stream();
  return {
    update: async (part) => {
      sha.update(new Uint8Array(part));
      pool?.push(part);
    },
    finish: async () => {
      const hex = sha.hex();
      sha.free();
      return hex;
    },
  };
}

/** `side`, with each piece also kept in a Blob (a copy, taken before `side` may transfer the buffer). */
export function blobSide(side: StreamSide): { side: StreamSide; blob: () => Promise<Blob> } {
  // A streamed body: the browser's blob store takes it piece by piece (lib/engine/shared/blob.ts).
  const pipe = new TransformStream<Uint8Array, Uint8Array>();
  const blob = new Response(pipe.readable, { headers: { 'content-type': 'application/octet-stream' } }).blob();
  blob.catch(() => undefined);
  const writer = pipe.writable.getWriter();
  return {
    side: {
      update: async (part) => {
        await writer.ready;
        void writer.write(new Uint8Array(part.slice(0)));
        await side.update(part);
      },
      finish: async () => {
        await writer.close();
        return side.finish();
      },
    },
    blob: () => blob,
  };
}

/**
 * `streamWasm`, the output written by `sides.output` (a helper writing the origin-private file). If
 * that write fails (StoreError: the quota is full, say), the run goes again, hashed here, with the
 * output in a Blob, and `notStored` says why: the same bytes, as the run is deterministic.
 */
export async function streamStored(
  engine: WasmEngine,
  input: Blob,
  name: string,
  options: CorruptOptions,
  events: CorruptCallbacks,
  sides: { input: StreamSide; output: StreamSide },
  pool: ArrayBuffer[] = [],
): Promise<{ report: Report; data?: Blob; notStored?: string }> {
  try {
    return { report: await streamWasm(engine, input, name, options, events, sides, pool) };
  } catch (e) {
    if (!(e instanceof StoreError)) throw e;
    const output = blobSide(localSide(engine, pool));
    const report = await streamWasm(
      engine,
      input,
      name,
      options,
      events,
      { input: localSide(engine, pool), output: output.side },
      pool,
    );
    return { report, data: await output.blob(), notStored: e.message };
  }
}

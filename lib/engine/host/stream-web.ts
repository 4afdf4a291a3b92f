// One file through the WebAssembly engine in the browser's engine worker, streamed from its Blob: the
// module plans the run and edits 1 MiB pieces (StreamRun, docs/engine.md, Streaming); around each edit
// this side reads the next piece from the Blob and hands the input's and the output's pieces on (to
// helper workers that hash them and write the output), so the tab holds a few pieces, never the file.
// The same bytes and report as the whole-buffer run. No Node or DOM specifics: tests run it in Node.
import { roundMs } from '../reference/report.ts';
import { BlobReader, readAt } from '../shared/blob.ts';
import { ESCALATION_MESSAGE, enterStage } from '../shared/stages.ts';
import type { CorruptCallbacks, CorruptOptions, Report } from '../shared/types.ts';
import { StoreError, type StreamHasher } from './hash-helper.ts';
import type { WasmEngine } from './run.ts';
import { streamArgs } from './stream-args.ts';

/** The name a helper worker is started with (the engine's own worker warms up its modes; a helper need not). */
export const HELPER_NAME = 'fracture-engine-helper';

/**
 * Bytes per piece: a multiple of the engine's chunk, sector and block sizes, 1 MiB as the native
 * stream's (200 MiB byte_flip, two runs each side by side: tab peak 1.41-1.43x the file against
 * 1.53-1.57x for 4 MiB pieces, click to complete 1,751 and 2,120 ms against 1,928 and 2,073 ms).
 */
export const WEB_STREAM_PIECE = 1024 * 1024;
/** The head the engine detects the format from (its first chunk). */
const HEAD = 65536;

// Whether a job streams is the hosts' policy (policy.ts); named here too for the tests of this driver.
export { streamsInBrowser, WEB_STREAM_MIN_BYTES } from './policy.ts';

/**
 * One side of the run (the input's bytes, or the output's), in order. `update` may transfer the buffer
 * and resolves once another piece may be sent; `finish` gives the side's SHA-256 as lower-case hex.
 */
export interface StreamSide {
  update(part: ArrayBuffer): Promise<void>;
  finish(): Promise<string>;
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
  // Exactly `len` bytes (a side takes the whole buffer); only full pieces are pooled.
  const take = (len: number) =>
    new Uint8Array((len === WEB_STREAM_PIECE && pool.pop()) || new ArrayBuffer(len)) as Uint8Array<ArrayBuffer>;
  const size = input.size;
  let done = enterStage(events, 'scan');
  const stream = new engine.StreamRun(...streamArgs(size, await readAt(input, 0, Math.min(size, HEAD)), name, options));
  let consumed = false;
  // What may still touch `stream` when a failure ends the run early: awaited before it is freed.
  let next: Promise<{ buf: Uint8Array<ArrayBuffer>; countIn: boolean }> | undefined;
  let measuring: Promise<void> = Promise.resolve();
  let stopped = false;
  const readers: BlobReader[] = [];
  const reader = () => {
    readers.push(new BlobReader(input));
    return readers[readers.length - 1];
  };
  try {
    // byte_flip on csv, tsv and json: its verdict counts byte values over the whole output first.
    if (stream.countingPass()) {
      const counting = reader();
      let buf = take(WEB_STREAM_PIECE);
      for (let pos = 0; pos < size; pos += WEB_STREAM_PIECE) {
        const len = Math.min(WEB_STREAM_PIECE, size - pos);
        const piece = await counting.read(pos, len === buf.length ? buf : take(len));
        stream.count(piece, pos);
        if (piece.length === WEB_STREAM_PIECE) buf = piece;
      }
      pool.push(buf.buffer);
      counting.close();
      stream.decide();
    }
    done();
    done = enterStage(events, 'plan');
    const outLen = stream.outLen();
    const inPlace = stream.measuresInPlace();
    // guaranteed_break goes by input pieces; each completes some output (a few bytes may wait).
    const breaks = stream.breaks();
    const steps = breaks ? size : outLen;
    done();
    done = enterStage(events, 'corrupt');
    // Layouts that do not read the input in order measure it in a pass of their own, beside.
    if (!inPlace)
      measuring = measureInput(reader(), size, sides.input, take, (b) => {
        if (stopped) throw new Error('stopped');
        stream.countInput(b);
      });
    measuring.catch(() => undefined); // awaited below
    const pieces = reader();
    const load = async (pos: number) => {
      const len = Math.min(WEB_STREAM_PIECE, steps - pos);
      const segs = stream.segments(pos, len);
      let buf = take(len);
      let countIn = false;
      const overrides: Promise<void>[] = [];
      for (let i = 0; i < segs.length; i += 3) {
        const [at, from, n] = [segs[i], segs[i + 1], segs[i + 2]];
        if (i === 0 && from >= 0 && at === 0 && n === len) {
          // The usual case: the piece is the input's bytes, read in order.
          buf = await pieces.read(from, buf);
        } else {
          const part = buf.subarray(at, at + n);
          if (from < 0) stream.fill(part);
          else if (i === 0) await pieces.read(from, part);
          else overrides.push(pieces.read(from, part).then(() => undefined));
        }
        if (i === 0 && inPlace) {
          // A copy: the piece is edited in place right after.
          const copy = take(n);
          copy.set(buf.subarray(at, at + n));
          await sides.input.update(copy.buffer);
          // With moved blocks to come, the input is counted now; else with the edit, in one call.
          if (segs.length > 3) stream.countInput(buf.subarray(at, at + n));
          else countIn = true;
        }
      }
      // Every read settled before any failure is raised: none may write into the piece afterwards.
      for (const r of await Promise.allSettled(overrides)) if (r.status === 'rejected') throw r.reason;
      return { buf, countIn };
    };
    let opsMs = 0;
    // No progress events within the stage (as the whole-buffer run): each moves the page's progress
    // bar, whose width transition kept the page's main thread busy on a core the workers need.
    next = steps > 0 ? load(0) : undefined;
    next?.catch(() => undefined);
    for (let pos = 0; pos < steps; pos += WEB_STREAM_PIECE) {
      const cur = await (next as NonNullable<typeof next>);
      next = pos + WEB_STREAM_PIECE < steps ? load(pos + WEB_STREAM_PIECE) : undefined;
      next?.catch(() => undefined);
      const t = performance.now();
      let out = cur.buf;
      if (breaks) {
        // The output is new bytes of its own length; the input piece's buffer serves again.
        out = stream.breakPiece(cur.buf, pos, cur.countIn) as Uint8Array<ArrayBuffer>;
        if (cur.buf.length === WEB_STREAM_PIECE) pool.push(cur.buf.buffer);
      } else stream.editPiece(cur.buf, pos, cur.countIn);
      opsMs += performance.now() - t;
      if (out.length > 0) await sides.output.update(out.buffer);
    }
    await measuring;
    done();
    done = enterStage(events, 'verify');
    const [shaIn, shaOut] = await Promise.all([sides.input.finish(), sides.output.finish()]);
    consumed = true;
    const report = JSON.parse(stream.report(shaIn, shaOut, 0, 0)) as Report;
    if (report.escalated) events.onStage?.('verify', ESCALATION_MESSAGE);
    done();
    done = enterStage(events, 'report');
    report.time_ms = roundMs(performance.now() - t0);
    report.ops_ms = roundMs(opsMs);
    done();
    return report;
  } finally {
    if (!consumed) {
      stopped = true;
      await Promise.allSettled([next, measuring]);
      stream.free();
    }
    for (const r of readers) r.close();
  }
}

async function measureInput(
  reader: BlobReader,
  size: number,
  side: StreamSide,
  take: (len: number) => Uint8Array<ArrayBuffer>,
  count: (bytes: Uint8Array) => void,
) {
  for (let pos = 0; pos < size; pos += WEB_STREAM_PIECE) {
    const piece = await reader.read(pos, take(Math.min(WEB_STREAM_PIECE, size - pos)));
    count(piece);
    await side.update(piece.buffer);
  }
}

/** A side hashed by a helper (hash-helper.ts): the buffer is transferred there. */
export function helperSide(hasher: StreamHasher, stream: 'input' | 'output'): StreamSide {
  return { update: (part) => hasher.update(stream, part), finish: () => hasher.finish(stream) };
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

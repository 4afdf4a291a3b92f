// One file through the WebAssembly engine in Node, streamed: any size in bounded memory, the same bytes
// and report as the whole-buffer run (docs/engine.md, Streaming). The module plans the run and edits
// 1 MiB pieces synchronously; around those calls this side reads pieces (positioned reads) and writes
// them, and Node's crypto hashes both sides (the module counts byte values). With helper threads
// (stream-helpers.ts) the hashing and, where edits are keyed by position, the edits run there.
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { roundMs } from '../reference/report.ts';
import type { CorruptOptions, Report } from '../shared/types.ts';
import type { WasmEngine } from './run.ts';
import { streamArgs } from './stream-args.ts';
import { copySpool, fixAndMeasure, openSpool, readExact, spoolOn } from './stream-fix.ts';
import type { StreamHelpers } from './stream-helpers.ts';

/**
 * Bytes per piece: a multiple of the engine's 64 KiB chunk, as the native stream's. A piece that fits
 * the core's cache is still there for the next step (200 MiB byte_flip, 5 runs side by side: 1 MiB
 * 0.85-0.88 s and 1.5 s of CPU, 4 MiB 0.88-1.15 s and 1.6-2.0 s).
 */
export const STREAM_PIECE = 1024 * 1024;
/**
 * From this size on, the CLI streams with helper threads: they take about 60 ms of CPU to start,
 * which a smaller file does not win back (side by side: 6 MB 30 ms slower, 20 MB even, 28 MB 30 ms
 * faster, 200 MiB 0.5 s faster).
 */
export const STREAM_HELPERS_MIN = 24 * 1024 * 1024;
/** The head the engine detects the format from (its first chunk). */
const HEAD = 65536;

export interface PreparedStream {
  /** The output's length. */
  size: number;
  /**
   * Streams the output into `write` (which must have taken the bytes when it resolves). With checksum
   * fixing, `target` (the destination file, open for reading and writing, written through `write`
   * otherwise) is written, fixed and measured in place; without it a temporary file is, then copied.
   */
  run: (
    write: (bytes: Uint8Array) => Promise<void>,
    onProgress?: (fraction: number) => void,
    target?: FileHandle,
  ) => Promise<Report>;
  /** Frees the module's run when `run` is not called. */
  free: () => void;
}

/** Pieces in flight (being read, measured, edited, hashed or written): the memory bound is about this many. */
const SLOTS = 6;

/** Each streamed run's number with the helper threads. */
let runs = 0;

/**
 * Plans a streamed run of the `size`-byte file open as `handle`: the engine's argument and option
 * checks throw here, before any output exists; byte_flip on csv, tsv and json reads the file once
 * here for its verify verdict. `helpers`, when given, are threads that hash the pieces and (in the
 * modes whose edits are keyed by position) edit them, for runs of more than one piece but
 * guaranteed_break's (stream-helpers.ts); without them (or if they failed to start) this thread does
 * all of it.
 */
export async function prepareStream(
  wasm: WasmEngine,
  handle: FileHandle,
  size: number,
  name: string,
  options: CorruptOptions,
  helpers?: () => Promise<StreamHelpers | undefined>,
): Promise<PreparedStream> {
  const t0 = performance.now();
  const head = new Uint8Array(Math.min(size, HEAD));
  await readExact(handle, head, 0);
  const args = streamArgs(size, head, name, options);
  const stream = new wasm.StreamRun(...args);
  // A run made again from `args` is the same run only without a counting pass (it settles the verdict).
  const counted = stream.countingPass();
  try {
    if (counted) {
      const buf = new Uint8Array(Math.min(STREAM_PIECE, size));
      for (let pos = 0; pos < size; pos += STREAM_PIECE) {
        const piece = buf.subarray(0, Math.min(STREAM_PIECE, size - pos));
        await readExact(handle, piece, pos);
        stream.count(piece, pos);
      }
      stream.decide();
    }
  } catch (e) {
    stream.free();
    throw e;
  }
  const outLen = stream.outLen();
  let used = false;
  return {
    size: outLen,
    free: () => {
      if (!used) stream.free();
    },
    run: async (write, onProgress, target) => {
      used = true;
      // With checksum fixing the pieces go to the target, or to a temporary file then copied, and are
      // fixed and measured there.
      const spool = !stream.fixes() ? undefined : target ? spoolOn(target) : await openSpool().catch(freeing(stream));
      try {
        for (;;) {
          if (!spool) return (await pass(write, onProgress))(undefined);
          // Writing is the first half of the progress, measuring the fixed output the second.
          const done = await pass(spool.write, onProgress && ((f) => onProgress(f / 2)));
          const measured = onProgress && ((f: number) => onProgress(0.5 + f / 2));
          const shaOut = await fixAndMeasure(stream, handle, spool, outLen, STREAM_PIECE, measured).catch(
            freeing(stream),
          );
          if (shaOut === undefined) {
            spool.rewind();
            continue;
          }
          if (!target) await copySpool(spool, outLen, STREAM_PIECE, write).catch(freeing(stream));
          return done(shaOut);
        }
      } finally {
        await spool?.remove();
      }
    },
  };

  /** Writes every piece; returns the report's maker (given the fixed output's hash when fixing). */
  async function pass(write: (bytes: Uint8Array) => Promise<void>, onProgress?: (fraction: number) => void) {
    const inPlace = stream.measuresInPlace();
    // guaranteed_break goes by input pieces, in order; each completes some output (a few bytes may
    // wait), made here in new memory: it runs on this thread, helpers aside.
    const breaks = stream.breaks();
    const steps = breaks ? size : outLen;
    const pool = steps > STREAM_PIECE && !breaks ? await helpers?.().catch(() => undefined) : undefined;
    const slotLen = Math.min(STREAM_PIECE, Math.max(outLen, size, 1));
    // One slot more for the input's own pass when it has one (below).
    const bytes = (inPlace ? SLOTS : SLOTS + 1) * slotLen;
    // Helpers read the pieces where they lie, in memory shared with them.
    const slots = pool ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
    const session = pool && slots instanceof SharedArrayBuffer ? pool.session(++runs, slots) : undefined;
    const shaIn = createHash('sha256');
    const shaOut = createHash('sha256');
    const hash = session
      ? (which: 'in' | 'out', bytes: Uint8Array) => session.hash(which, bytes)
      : async (which: 'in' | 'out', bytes: Uint8Array) => {
          (which === 'in' ? shaIn : shaOut).update(bytes);
        };
    let opsMs = 0;
    let editing = 0;
    let editFrom = 0;
    // The time some piece was being edited, on either thread.
    const timed = async (edit: () => Promise<void> | void) => {
      if (editing++ === 0) editFrom = performance.now();
      try {
        await edit();
      } finally {
        if (--editing === 0) opsMs += performance.now() - editFrom;
      }
    };
    const pending: Promise<unknown>[] = [];
    // Every step started, so that a failed run returns only once none is still going.
    const started: Promise<unknown>[] = [];
    let measuring: Promise<void> = Promise.resolve();
    try {
      const editors =
        !counted && session !== undefined && stream.piecewise() && (await session.start(args)) ? session : undefined;
      // Layouts that do not read the input in order measure it in a pass of their own, beside.
      if (!inPlace)
        measuring = measureInput(handle, size, new Uint8Array(slots, SLOTS * slotLen, slotLen), hash, (b) =>
          stream.countInput(b),
        );
      measuring.catch(() => undefined);
      // Each piece: read, measure the input (in order), read moved blocks, edit (on the editing
      // threads when there are, else here), then hash and write the output (in order); SLOTS at a time.
      let inOrder: Promise<unknown> = Promise.resolve();
      let outOrder: Promise<unknown> = Promise.resolve();
      let breakOrder: Promise<unknown> = Promise.resolve();
      for (let k = 0, pos = 0; pos < steps; k++, pos += STREAM_PIECE) {
        if (k >= SLOTS) await pending[k - SLOTS];
        const at = (k % SLOTS) * slotLen;
        const buf = new Uint8Array(slots, at, Math.min(STREAM_PIECE, steps - pos));
        const segs = stream.segments(pos, buf.length);
        const part = (i: number) => buf.subarray(segs[i], segs[i] + segs[i + 2]);
        // Inserted bytes come from the plan stream in order: taken now, piece by piece.
        for (let i = 0; i < segs.length; i += 3) if (segs[i + 1] < 0) stream.fill(part(i));
        const read = (i: number) => (segs[i + 1] < 0 ? Promise.resolve() : readExact(handle, part(i), segs[i + 1]));
        const first = read(0);
        // With moved blocks to come, the input is counted before they land; else with the edit, in one call.
        const countIn = inPlace && segs.length === 3;
        if (inPlace) {
          inOrder = Promise.all([inOrder, first]).then(async () => {
            await hash('in', part(0));
            if (!countIn) stream.countInput(part(0));
          });
        }
        const loaded = (inPlace ? inOrder : first).then(async () => {
          for (let i = 3; i < segs.length; i += 3) await read(i);
        });
        let out = buf;
        const edited = (breaks ? Promise.all([breakOrder, loaded]) : loaded).then(() =>
          timed(() => {
            if (breaks) out = stream.breakPiece(buf, pos, countIn);
            else if (editors) return editors.edit(buf, pos, k);
            else stream.editPiece(buf, pos, countIn);
          }),
        );
        if (breaks) breakOrder = edited;
        const end = pos + buf.length;
        outOrder = Promise.all([outOrder, edited])
          .then(() => Promise.all([hash('out', out), write(out)]))
          .then(() => onProgress?.(end / steps));
        pending[k] = outOrder;
        started.push(first, inOrder, loaded, edited, outOrder);
        // A failure is taken from the next wait below; this keeps it from counting as unhandled.
        outOrder.catch(() => undefined);
      }
      await outOrder;
      await measuring;
      for (const tally of editors ? await editors.tally() : []) stream.addTally(tally);
    } catch (e) {
      await Promise.allSettled([...started, measuring]);
      session?.drop();
      stream.free();
      throw e;
    }
    if (steps === 0) onProgress?.(1);
    const [hexIn, hexOut] = session
      ? await Promise.all([session.digest('in'), session.digest('out')])
      : [shaIn.digest('hex'), shaOut.digest('hex')];
    return (fixedSha: string | undefined) => {
      const json = stream.report(hexIn, fixedSha ?? hexOut, roundMs(performance.now() - t0), roundMs(opsMs));
      return JSON.parse(json) as Report;
    };
  }
}

/** Frees the run when a fixing step fails, and passes the error on. */
function freeing(stream: { free(): void }) {
  return (e: unknown): never => {
    stream.free();
    throw e;
  };
}

async function measureInput(
  handle: FileHandle,
  size: number,
  buf: Uint8Array,
  hash: (which: 'in', bytes: Uint8Array) => Promise<void>,
  count: (bytes: Uint8Array) => void,
): Promise<void> {
  for (let pos = 0; pos < size; pos += STREAM_PIECE) {
    const piece = buf.subarray(0, Math.min(STREAM_PIECE, size - pos));
    await readExact(handle, piece, pos);
    await hash('in', piece);
    count(piece);
  }
}

/** Writes all of `bytes` at the handle's position. */
export async function writeAllTo(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let at = 0;
  while (at < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, at, bytes.length - at);
    at += bytesWritten;
  }
}

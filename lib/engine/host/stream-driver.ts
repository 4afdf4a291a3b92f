// The one streaming driver: a file through the WebAssembly engine's StreamRun in bounded memory, the
// same bytes and report as the whole-buffer run (docs/engine.md, Streaming). The module plans the run
// and edits 1 MiB pieces synchronously; this driver takes the steps around those calls once, for every
// host that streams: the head and the run, byte_flip's counting pass and verdict, the plan (output
// length, where the input is measured, guaranteed_break's pieces), then each piece (its segments
// filled and read, the input's bytes measured, the edit, the output handed on, in order, a few pieces
// in flight), the input's own measuring pass beside where the layout needs one, and the two digests.
// What differs between hosts comes in through small interfaces: where the bytes are read from
// (PieceSource), the memory pieces live in (PieceMemory), the input's and the output's sides
// (DriverSide), and where edits run (PieceEditors). The adapters: stream-web.ts (the browser's engine
// worker: Blob reads, sides hashed by helper workers) and stream-node.ts (the npm CLI and the SDK:
// positional file reads, helper threads, the checksum fix pass of stream-fix.ts).
import type * as Bindings from '../pkg/fracture_engine.js';
import type { CorruptOptions } from '../shared/types.ts';
import type { WasmEngine } from './run.ts';
import { type StreamArgs, streamArgs } from './stream-args.ts';

/**
 * Bytes per piece: a multiple of the engine's 64 KiB chunk (and its sector and block sizes), 1 MiB as
 * the native stream's. A piece that fits the core's cache is still there for the next step (Node,
 * 200 MiB byte_flip, 5 runs side by side: 1 MiB 0.85-0.88 s and 1.5 s of CPU, 4 MiB 0.88-1.15 s and
 * 1.6-2.0 s; the browser, two runs each: tab peak 1.41-1.43x the file against 1.53-1.57x for 4 MiB
 * pieces, click to complete 1,751 and 2,120 ms against 1,928 and 2,073 ms).
 */
export const STREAM_PIECE = 1024 * 1024;
/** The head the engine detects the format from (its first chunk). */
const HEAD = 65536;

/** Reads of the input, in a pass of their own (a reader may be faster read in order). */
export interface PieceReader {
  /**
   * `into` filled with the input's bytes from `pos` (a file that got shorter is an error); resolves
   * to the filled bytes: `into`, or the same memory as a new view (use what it returns).
   */
  read(pos: number, into: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>>;
  close(): void;
}

/** A file read and written by position, as the module's `HostFile` (errors thrown as strings). */
export interface HostFile {
  size(): number;
  read(pos: number, len: number): Uint8Array;
  write(pos: number, bytes: Uint8Array): void;
}

/** The input, read by position. */
export interface PieceSource {
  reader(): PieceReader;
  /**
   * The input read synchronously by position, for the module's structure map (docs/contract.md,
   * section 14), which walks the input's layout before the pieces go (for a report, or to resolve
   * selectors); a source without it gets a report without the map and the hits, and refuses
   * selectors on an input longer than the head.
   */
  positional?(): HostFile;
}

/** Where the pieces live. */
export interface PieceMemory {
  /**
   * Exactly `len` bytes for the `k`th piece of the run (`k` -1: the counting pass or the input's own
   * measuring pass, one piece at a time). Piece `k` is taken once piece `k - depth` was handed on.
   */
  take(len: number, k: number): Uint8Array<ArrayBuffer>;
  /** A piece the run is done with (not handed to a side), for reuse. */
  release?(piece: Uint8Array<ArrayBuffer>): void;
}

/** One side of the run (the input's bytes, or the output's), in order. */
export interface DriverSide {
  /**
   * Takes `bytes` (hashes, writes); resolves once the driver may go on with them. `spare`: the driver
   * does nothing more with these bytes (a side may keep their buffer); else the piece is edited next.
   */
  update(bytes: Uint8Array<ArrayBuffer>, spare: boolean): Promise<void>;
  /** The side's SHA-256, lower-case hex. */
  finish(): Promise<string>;
}

/**
 * Edits run elsewhere (helper threads): each counts the piece's input and output bytes, and its changes
 * in the map's regions when the run has a map (their `bounds`, handed over when the editors start).
 */
export interface PieceEditors {
  /** Edits `piece` at `pos` in place; `k` is the piece's number. */
  edit(piece: Uint8Array<ArrayBuffer>, pos: number, k: number): Promise<void>;
  /** The editors' byte counts, each for `addTally`. */
  tally(): Promise<Float64Array[]>;
}

/** A run made and its verdict settled: what the hosts decide from before streaming the pieces. */
export interface OpenedStream {
  run: Bindings.StreamRun;
  /** The run's arguments (a helper's own run made from them is the same run when not `counted`). */
  args: StreamArgs;
  /** The input's length. */
  size: number;
  /**
   * The output's length as planned; 0 for text_transfer and charset_roundtrip, whose output's length
   * is known only once every piece is in (drivePieces returns it).
   */
  outLen: number;
  /** Whether byte_flip's counting pass settled the verdict. */
  counted: boolean;
}

/** How the pieces go: the layout's plan, asked of the run. */
export function planOf(opened: OpenedStream): { inPlace: boolean; breaks: boolean; steps: number } {
  // guaranteed_break goes by input pieces; each completes some output (a few bytes may wait).
  const breaks = opened.run.breaks();
  return { inPlace: opened.run.measuresInPlace(), breaks, steps: breaks ? opened.size : opened.outLen };
}

/**
 * Makes the run of the `size`-byte input: the engine's argument and option checks throw here, before
 * any output exists; byte_flip on csv, tsv and json reads the input once here for its verify verdict.
 * The run is freed if this fails.
 */
export async function openStream(
  wasm: Pick<WasmEngine, 'StreamRun'>,
  source: PieceSource,
  size: number,
  name: string,
  options: CorruptOptions,
  memory: PieceMemory,
): Promise<OpenedStream> {
  const reader = source.reader();
  try {
    const head = await reader.read(0, new Uint8Array(Math.min(size, HEAD)));
    const args = streamArgs(size, head, name, options);
    const run = new wasm.StreamRun(...args);
    try {
      // Selectors on an input longer than the head are resolved against its structure map, read by
      // position, before the run is planned (a source that cannot read so gets the engine's error).
      if (run.selects()) run.select(source.positional?.());
      const counted = run.countingPass();
      if (counted) {
        // byte_flip on csv, tsv and json: its verdict counts byte values over the whole output first.
        const counting = source.reader();
        try {
          let buf: Uint8Array<ArrayBuffer> | undefined;
          for (let pos = 0; pos < size; pos += STREAM_PIECE) {
            const len = Math.min(STREAM_PIECE, size - pos);
            const piece = await counting.read(pos, buf?.length === len ? buf : memory.take(len, -1));
            run.count(piece, pos);
            if (piece.length === STREAM_PIECE) buf = piece;
          }
          if (buf) memory.release?.(buf);
        } finally {
          counting.close();
        }
        run.decide();
      }
      return { run, args, size, outLen: run.outLen(), counted };
    } catch (e) {
      run.free();
      throw e;
    }
  } finally {
    reader.close();
  }
}

export interface DriveOptions {
  source: PieceSource;
  memory: PieceMemory;
  /** Pieces in flight at once (being read, measured, edited, handed on): the memory bound is about this many. */
  depth: number;
  sides: { input: DriverSide; output: DriverSide };
  /**
   * Where the edits run, when elsewhere; called once the plan is known and the map built (undefined:
   * here). Editors of a run with a map count its hits in the regions of `opened.run.bounds()`.
   */
  editors?: () => Promise<PieceEditors | undefined>;
  /** Hears the fraction of the pieces handed on. */
  onProgress?: (fraction: number) => void;
  /** Hears each stage as it begins. */
  onStage?: (stage: 'plan' | 'corrupt' | 'verify') => void;
  /**
   * False when no report is wanted (the npm CLI showing none): the input is neither handed to its
   * side nor counted, and no layout reads it in a pass of its own; the output side still takes every
   * piece, and edits here count no output bytes (editors are told by their host). The digests are
   * then empty strings. The same output bytes either way.
   */
  measured?: boolean;
}

/**
 * Streams every piece of the opened run through `sides` (the input's bytes, measured, and the output's)
 * and returns their digests and the time some piece was being edited. On failure nothing touches the
 * run once it returns, and the run is freed; on success the run is the caller's (its `report`, or a
 * fix pass and another call).
 */
export async function drivePieces(
  opened: OpenedStream,
  o: DriveOptions,
): Promise<{ hexIn: string; hexOut: string; opsMs: number; written: number }> {
  const { run, size } = opened;
  const { memory, sides, depth } = o;
  const measured = o.measured ?? true;
  o.onStage?.('plan');
  const { inPlace, breaks, steps } = planOf(opened);
  o.onStage?.('corrupt');
  const readers: PieceReader[] = [];
  const reader = () => {
    readers.push(o.source.reader());
    return readers[readers.length - 1];
  };
  let opsMs = 0;
  let written = 0;
  let editing = 0;
  let editFrom = 0;
  // The time some piece was being edited, on any thread.
  const timed = async (edit: () => Promise<void> | void) => {
    if (editing++ === 0) editFrom = performance.now();
    try {
      await edit();
    } finally {
      if (--editing === 0) opsMs += performance.now() - editFrom;
    }
  };
  let stopped = false;
  const pending: Promise<unknown>[] = [];
  // Every step started, so that a failed run returns only once none is still going.
  const started: Promise<unknown>[] = [];
  let measuring: Promise<void> = Promise.resolve();
  try {
    // The structure map, for the report's structure and hits: only a measured run makes a report.
    if (measured) {
      const file = o.source.positional?.();
      if (file) run.map(file);
    }
    const editors = await o.editors?.();
    // Layouts that do not read the input in order measure it in a pass of their own, beside.
    if (!inPlace && measured)
      measuring = measureInput(reader(), size, memory, sides.input, (b) => {
        if (stopped) throw new Error('stopped');
        run.countInput(b);
      });
    measuring.catch(() => undefined); // awaited below
    const pieces = reader();
    // Each piece: read, measure the input (in order), read moved blocks, edit (on the editors when
    // there are, else here), then hand the output on (in order); `depth` at a time.
    let inOrder: Promise<unknown> = Promise.resolve();
    let outOrder: Promise<unknown> = Promise.resolve();
    let breakOrder: Promise<unknown> = Promise.resolve();
    for (let k = 0, pos = 0; pos < steps; k++, pos += STREAM_PIECE) {
      if (k >= depth) await pending[k - depth];
      const len = Math.min(STREAM_PIECE, steps - pos);
      let buf = memory.take(len, k);
      const segs = run.segments(pos, len);
      const part = (i: number) => buf.subarray(segs[i], segs[i] + segs[i + 2]);
      // Inserted bytes come from the plan sequence in order: taken now, piece by piece.
      for (let i = 0; i < segs.length; i += 3) if (segs[i + 1] < 0) run.fill(part(i));
      const read = async (i: number) => {
        if (segs[i + 1] >= 0) await pieces.read(segs[i + 1], part(i));
      };
      // The usual case: the piece is the input's bytes, read in order (into the piece's own memory).
      const first =
        segs[1] >= 0 && segs[0] === 0 && segs[2] === len
          ? pieces.read(segs[1], buf).then((b) => {
              buf = b;
            })
          : read(0);
      // With moved blocks to come, the input is counted before they land; else with the edit, in one call.
      const countIn = measured && inPlace && segs.length === 3;
      if (inPlace && measured) {
        inOrder = Promise.all([inOrder, first]).then(async () => {
          await sides.input.update(part(0), false);
          if (!countIn) run.countInput(part(0));
        });
      }
      const loaded = (inPlace && measured ? inOrder : first).then(async () => {
        const rest: Promise<void>[] = [];
        for (let i = 3; i < segs.length; i += 3) rest.push(read(i));
        // Every read settled before any failure is raised: none may write into the piece afterwards.
        for (const r of await Promise.allSettled(rest)) if (r.status === 'rejected') throw r.reason;
      });
      let out = buf;
      const edited = (breaks ? Promise.all([breakOrder, loaded]) : loaded).then(() =>
        timed(() => {
          out = buf;
          if (breaks) {
            // The output is new bytes of its own length; the input piece's memory serves again.
            out = run.breakPiece(buf, pos, countIn) as Uint8Array<ArrayBuffer>;
            memory.release?.(buf);
          } else if (editors) return editors.edit(buf, pos, k);
          else run.editPiece(buf, pos, countIn, measured);
        }),
      );
      if (breaks) breakOrder = edited;
      const end = pos + len;
      outOrder = Promise.all([outOrder, edited]).then(async () => {
        written += out.length;
        if (out.length > 0) await sides.output.update(out, true);
        o.onProgress?.(end / steps);
      });
      pending[k] = outOrder;
      started.push(first, inOrder, loaded, edited, outOrder);
      // A failure is taken from the next wait below; this keeps it from counting as unhandled.
      outOrder.catch(() => undefined);
    }
    await outOrder;
    await measuring;
    for (const tally of editors ? await editors.tally() : []) run.addTally(tally);
    if (steps === 0) o.onProgress?.(1);
    o.onStage?.('verify');
    const [hexIn, hexOut] = measured ? await Promise.all([sides.input.finish(), sides.output.finish()]) : ['', ''];
    return { hexIn, hexOut, opsMs, written };
  } catch (e) {
    stopped = true;
    await Promise.allSettled([...started, measuring]);
    run.free();
    throw e;
  } finally {
    for (const r of readers) r.close();
  }
}

/** The input read in order for its hash and byte counts (layouts whose pieces do not read it in order). */
async function measureInput(
  reader: PieceReader,
  size: number,
  memory: PieceMemory,
  side: DriverSide,
  count: (bytes: Uint8Array) => void,
): Promise<void> {
  for (let pos = 0; pos < size; pos += STREAM_PIECE) {
    const piece = await reader.read(pos, memory.take(Math.min(STREAM_PIECE, size - pos), -1));
    count(piece);
    await side.update(piece, true);
  }
}

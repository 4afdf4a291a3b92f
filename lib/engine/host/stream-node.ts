// One file through the WebAssembly engine in Node, streamed: the adapter of the streaming driver
// (stream-driver.ts) for the npm CLI and the SDK. Any size in bounded memory, the same bytes and report
// as the whole-buffer run (docs/engine.md, Streaming). This side reads pieces by position and writes
// them, and Node's crypto hashes both sides (the module counts byte values). With helper threads
// (stream-helpers.ts) the hashing and, where edits are keyed by position, the edits run there; with
// checksum fixing the output is fixed and measured after the pieces (stream-fix.ts).
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { roundMs } from '../shared/stages.ts';
import type { CorruptOptions, Report } from '../shared/types.ts';
import type { WasmEngine } from './run.ts';
import { type DriverSide, drivePieces, openStream, type PieceSource, planOf, STREAM_PIECE } from './stream-driver.ts';
import { copySpool, fixAndMeasure, hostFile, openSpool, readExact, spoolOn } from './stream-fix.ts';
import type { StreamHelpers } from './stream-helpers.ts';

export { STREAM_PIECE } from './stream-driver.ts';

/**
 * From this size on, the CLI streams with helper threads: they take about 60 ms of CPU to start,
 * which a smaller file does not win back (side by side: 6 MB 30 ms slower, 20 MB even, 28 MB 30 ms
 * faster, 200 MiB 0.5 s faster).
 */
export const STREAM_HELPERS_MIN = 24 * 1024 * 1024;

export interface PreparedStream {
  /**
   * The output's length: as planned, and once `run` or `write` is done, as written (text_transfer and
   * charset_roundtrip know theirs only then).
   */
  readonly size: number;
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
  /**
   * `run` for a caller that shows no report (the npm CLI without `--json`, `--report`, `--pdf` or
   * `--zip`): the same output bytes, without the SHA-256s and the input's byte counts only the report
   * shows (the native CLI's `write_stream`); resolves to the output's length. Checksum fixing, whose
   * verdict needs the output measured, runs measured.
   */
  write: (
    write: (bytes: Uint8Array) => Promise<void>,
    onProgress?: (fraction: number) => void,
    target?: FileHandle,
  ) => Promise<number>;
  /** Frees the module's run when `run` is not called. */
  free: () => void;
}

/** Pieces in flight (being read, measured, edited, hashed or written): the memory bound is about this many. */
const SLOTS = 6;

/** Each streamed run's number with the helper threads. */
let runs = 0;

/** The file open as `handle`, read by position (concurrent reads are independent). */
function fileSource(handle: FileHandle): PieceSource {
  const reader = {
    read: async (pos: number, into: Uint8Array<ArrayBuffer>) => {
      await readExact(handle, into, pos);
      return into;
    },
    close: () => undefined,
  };
  return { reader: () => reader, positional: () => hostFile(handle.fd) };
}

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
  const source = fileSource(handle);
  // The counting pass reads into one piece of memory of its own.
  let counting: Uint8Array<ArrayBuffer> | undefined;
  const opened = await openStream(wasm, source, size, name, options, {
    take: (len) => {
      counting ??= new Uint8Array(Math.min(STREAM_PIECE, size));
      return counting.subarray(0, len);
    },
  });
  counting = undefined;
  const { run: stream, outLen } = opened;
  let used = false;
  let produced = outLen;
  return {
    get size() {
      return produced;
    },
    free: () => {
      if (!used) stream.free();
    },
    write: async (write, onProgress, target) => {
      if (stream.fixes()) return (await run(write, onProgress, target)).result_size;
      used = true;
      await pass(write, onProgress, false);
      return produced;
    },
    run,
  };

  async function run(
    write: (bytes: Uint8Array) => Promise<void>,
    onProgress?: (fraction: number) => void,
    target?: FileHandle,
  ): Promise<Report> {
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
  }

  /** Writes every piece; returns the report's maker (given the fixed output's hash when fixing). */
  async function pass(
    write: (bytes: Uint8Array) => Promise<void>,
    onProgress?: (fraction: number) => void,
    measured = true,
  ) {
    const { inPlace, breaks, steps } = planOf(opened);
    // guaranteed_break's output is made here in new memory: it runs on this thread, helpers aside.
    const pool = steps > STREAM_PIECE && !breaks ? await helpers?.().catch(() => undefined) : undefined;
    const slotLen = Math.min(STREAM_PIECE, Math.max(outLen, size, 1));
    // One slot more for the input's own pass when it has one.
    const bytes = (inPlace ? SLOTS : SLOTS + 1) * slotLen;
    // Helpers read the pieces where they lie, in memory shared with them.
    const slots = pool ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
    const session = pool && slots instanceof SharedArrayBuffer ? pool.session(++runs, slots) : undefined;
    const side = (which: 'in' | 'out', write?: (bytes: Uint8Array) => Promise<void>): DriverSide => {
      const sha = createHash('sha256');
      const hash = !measured
        ? async () => undefined
        : session
          ? (bytes: Uint8Array) => session.hash(which, bytes)
          : async (bytes: Uint8Array) => {
              sha.update(bytes);
            };
      return {
        update: async (bytes) => {
          await (write ? Promise.all([hash(bytes), write(bytes)]) : hash(bytes));
        },
        finish: async () => (session ? session.digest(which) : sha.digest('hex')),
      };
    };
    let digests: { hexIn: string; hexOut: string; opsMs: number; written: number };
    try {
      digests = await drivePieces(opened, {
        source,
        memory: {
          take: (len, k) =>
            new Uint8Array(slots, (k < 0 ? SLOTS : k % SLOTS) * slotLen, len) as Uint8Array<ArrayBuffer>,
        },
        depth: SLOTS,
        sides: { input: side('in'), output: side('out', write) },
        // The editors' own runs are this one only without a counting pass (it settled the verdict).
        editors:
          session && !opened.counted
            ? async () =>
                stream.piecewise() && (await session.start(opened.args, measured, stream.bounds()))
                  ? session
                  : undefined
            : undefined,
        onProgress,
        measured,
      });
    } catch (e) {
      session?.drop();
      throw e;
    }
    const { hexIn, hexOut, opsMs } = digests;
    produced = digests.written;
    if (!measured) {
      // Nothing was hashed: the hashing thread forgets the run's memory; the run is not reported.
      session?.drop();
      stream.free();
    }
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

/** Writes all of `bytes` at the handle's position. */
export async function writeAllTo(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  let at = 0;
  while (at < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, at, bytes.length - at);
    at += bytesWritten;
  }
}

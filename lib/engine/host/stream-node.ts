// One file through the WebAssembly engine in Node, streamed: any size in bounded memory, the same bytes
// and report as the whole-buffer run (docs/engine.md, Streaming). The module plans the run and edits
// 4 MiB pieces synchronously; around each call this side reads the next piece (positioned reads) and
// writes the previous one, and Node's crypto hashes both sides (the module counts byte values).
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { roundMs } from '../reference/report.ts';
import type { CorruptOptions, Report } from '../shared/types.ts';
import type { WasmEngine } from './run.ts';

/** Bytes per piece: a multiple of the engine's 64 KiB chunk, as the native stream's. */
export const STREAM_PIECE = 4 * 1024 * 1024;
/** The head the engine detects the format from (its first chunk). */
const HEAD = 65536;

/** Whether a run streams: every mode, without checksum fixing. */
export function streams(options: Pick<CorruptOptions, 'mode' | 'fixChecksums'>): boolean {
  return !options.fixChecksums;
}

/** Fills `buf` from `pos`; a file that got shorter is an error, as natively. */
async function readExact(handle: FileHandle, buf: Uint8Array, pos: number): Promise<void> {
  let at = 0;
  while (at < buf.length) {
    const { bytesRead } = await handle.read(buf, at, buf.length - at, pos + at);
    if (bytesRead === 0) throw new Error('the file changed while it was being read');
    at += bytesRead;
  }
}

export interface PreparedStream {
  /** The output's length. */
  size: number;
  /** Streams the output into `write` (which must have taken the bytes when it resolves). */
  run: (write: (bytes: Uint8Array) => Promise<void>, onProgress?: (fraction: number) => void) => Promise<Report>;
  /** Frees the module's run when `run` is not called. */
  free: () => void;
}

/**
 * Plans a streamed run of the `size`-byte file open as `handle`: the engine's argument and option
 * checks throw here, before any output exists; byte_flip on csv, tsv and json reads the file once
 * here for its verify verdict.
 */
export async function prepareStream(
  wasm: WasmEngine,
  handle: FileHandle,
  size: number,
  name: string,
  options: CorruptOptions,
): Promise<PreparedStream> {
  const t0 = performance.now();
  const head = new Uint8Array(Math.min(size, HEAD));
  await readExact(handle, head, 0);
  const stream = new wasm.StreamRun(
    size,
    head,
    name,
    options.mode,
    options.intensity,
    options.seed,
    [...(options.ranges?.only ?? [])],
    [...(options.ranges?.protect ?? [])],
    options.fixChecksums ?? false,
  );
  try {
    if (stream.countingPass()) {
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
    run: async (write, onProgress) => {
      used = true;
      const shaIn = createHash('sha256');
      const shaOut = createHash('sha256');
      const inPlace = stream.measuresInPlace();
      // guaranteed_break goes by input pieces; each completes some output (a few bytes may wait).
      const breaks = stream.breaks();
      const steps = breaks ? size : outLen;
      // Layouts that do not read the input in order measure it in a pass of their own, beside.
      const measuring = inPlace ? Promise.resolve() : measureInput(handle, size, shaIn, (b) => stream.countInput(b));
      // Three buffers: one being read, one being edited, one being written.
      const buffers = [0, 1, 2].map(() => new Uint8Array(Math.min(STREAM_PIECE, Math.max(steps, 1))));
      let k = 0;
      const load = async (pos: number) => {
        const buf = buffers[k++ % 3].subarray(0, Math.min(STREAM_PIECE, steps - pos));
        const segs = stream.segments(pos, buf.length);
        let countIn = false;
        const overrides: Promise<void>[] = [];
        for (let i = 0; i < segs.length; i += 3) {
          const [at, from, len] = [segs[i], segs[i + 1], segs[i + 2]];
          const part = buf.subarray(at, at + len);
          if (from < 0) stream.fill(part);
          else if (i === 0) await readExact(handle, part, from);
          else overrides.push(readExact(handle, part, from));
          if (i === 0 && inPlace) {
            shaIn.update(part);
            // With moved blocks to come, the input is counted now; else with the edit, in one call.
            if (segs.length > 3) stream.countInput(part);
            else countIn = true;
          }
        }
        await Promise.all(overrides);
        return { buf, countIn };
      };
      let opsMs = 0;
      let writing: Promise<void> = Promise.resolve();
      try {
        let next = steps > 0 ? load(0) : undefined;
        for (let pos = 0; pos < steps; pos += STREAM_PIECE) {
          const cur = await (next as ReturnType<typeof load>);
          next = pos + STREAM_PIECE < steps ? load(pos + STREAM_PIECE) : undefined;
          const t = performance.now();
          let out: Uint8Array = cur.buf;
          if (breaks) out = stream.breakPiece(cur.buf, pos, cur.countIn);
          else stream.editPiece(cur.buf, pos, cur.countIn);
          opsMs += performance.now() - t;
          shaOut.update(out);
          await writing;
          writing = write(out);
          onProgress?.((pos + cur.buf.length) / steps);
        }
        await writing;
        await measuring;
      } catch (e) {
        stream.free();
        await Promise.allSettled([writing, measuring]);
        throw e;
      }
      if (steps === 0) onProgress?.(1);
      const json = stream.report(
        shaIn.digest('hex'),
        shaOut.digest('hex'),
        roundMs(performance.now() - t0),
        roundMs(opsMs),
      );
      return JSON.parse(json) as Report;
    },
  };
}

async function measureInput(
  handle: FileHandle,
  size: number,
  sha: ReturnType<typeof createHash>,
  count: (bytes: Uint8Array) => void,
): Promise<void> {
  const buf = new Uint8Array(Math.min(STREAM_PIECE, Math.max(size, 1)));
  for (let pos = 0; pos < size; pos += STREAM_PIECE) {
    const piece = buf.subarray(0, Math.min(STREAM_PIECE, size - pos));
    await readExact(handle, piece, pos);
    sha.update(piece);
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

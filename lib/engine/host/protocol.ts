// The one typed protocol of the engine's workers: between the page and its engine worker, and between
// a worker and the helpers that flip pieces of its job (Web Workers, or threads in Node). Replies carry
// the request's id.
import type { FlipPiece } from '../pkg/fracture_engine.js';
import type { CorruptOptions, Report, Stage } from '../shared/types.ts';
import type { BenchOptions, BenchRow, Cell } from './bench.ts';
import type { DiagnoseResult } from '../diagnose/result.ts';

/** A MessagePort: the DOM's, or Node's where Node code checks this file (it has no DOM types). */
type Port = InstanceType<typeof MessagePort>;

export type ToWorker =
  | {
      type: 'corrupt';
      id: number;
      /** A Blob crosses by reference; an ArrayBuffer is transferred. */
      input: Blob | ArrayBuffer;
      name: string;
      options: CorruptOptions;
      /** Where the output goes in the origin-private file system (OutputPlace.path); none: a Blob. */
      storePath?: readonly string[];
      /** Ports to helper workers that flip pieces of a large flip-mode job (see `usesHelpers`). */
      helpers?: Port[];
      /** A port to a helper that computes the job's SHA-256 checksums beside its stages (HashRequest). */
      hasher?: Port;
      /**
       * A streamed job (stream-web.ts): a port to a second helper, which hashes the output's pieces
       * and writes them to `storePath` when given (`hasher` then hashes the input's).
       */
      writer?: Port;
    }
  | {
      /** Run the benchmark's `cells` (docs/benchmark.md; bench-run.ts), answered by bench-progress, then bench-done or error. */
      type: 'bench';
      id: number;
      options: BenchOptions;
      cells: Cell[];
    }
  | {
      /**
       * The structure map of `input` (docs/contract.md, section 14.1), read by position (the Target
       * picker, at any size the site takes), answered by `mapped` or `error`.
       */
      type: 'map';
      id: number;
      input: Blob;
      name: string;
    }
  | {
      /** Diagnose `file` (docs/damage.md), against `original` when given: answered by diagnosed or error. */
      type: 'diagnose';
      id: number;
      file: Blob;
      name: string;
      original?: Blob;
      originalName?: string;
    }
  | {
      /** Become a helper: flip the pieces that arrive on `port` (FlipRequest, answered by FlipReply). */
      type: 'serve-flips';
      port: Port;
    }
  | {
      /**
       * Hash the pieces that arrive on `port` (HashRequest, answered by HashReply); with `storePath`, also
       * write the output's pieces, in order, to that origin-private file (closed at its `finish`).
       */
      type: 'serve-hashes';
      port: Port;
      storePath?: readonly string[];
    };

/** A stage or progress event of a job, as its 'stage' and 'progress' messages carry them. */
export type JobEvent = { stage: Stage; message: string } | { fraction: number };

/**
 * Below this input size a job's stage and progress events go with its answer rather than each in a
 * message: the whole job takes milliseconds, and for thousands of small files the page spent more
 * time taking a dozen messages per file than the worker spent on the file. The page replays them in
 * order before the result, so every stage is still shown (with its artificial delay, pacing.ts).
 */
export const HELD_EVENTS_MAX_BYTES = 1024 * 1024;

export type FromWorker =
  | { type: 'ready' }
  | { type: 'stage'; id: number; stage: Stage; message: string }
  | { type: 'progress'; id: number; fraction: number }
  /** The output as a Blob, which crosses by reference; `events`: a small input's, held (HELD_EVENTS_MAX_BYTES). */
  | { type: 'done'; id: number; data: Blob; report: Report; notStored?: string; events?: JobEvent[] }
  | { type: 'error'; id: number; message: string; events?: JobEvent[] }
  | { type: 'diagnosed'; id: number; result: DiagnoseResult }
  /** A benchmark's runs done so far, of `total`, the last one of `cell`. */
  | { type: 'bench-progress'; id: number; done: number; total: number; cell: Cell }
  | { type: 'bench-done'; id: number; rows: BenchRow[] }
  /** A structure map: the family and `[path, start, end, unitEnd]` per region (StructureMap). */
  | { type: 'mapped'; id: number; map: StructureMap };

/** A file's family (section 7) and its structure map's regions, `unitEnd` as `Region.unitEnd`. */
export interface StructureMap {
  family: string;
  regions: [path: string, start: number, end: number, unitEnd: number][];
}

/**
 * A flip piece's fields, as the module's `FlipPiece` declares them: what crosses to a helper (the
 * object itself points into one module's memory), which rebuilds the piece in its own.
 */
export type FlipFields = {
  [K in keyof FlipPiece as FlipPiece[K] extends (...args: never[]) => unknown ? never : K]: FlipPiece[K];
};

/** A piece for a helper to flip: the input's bytes `piece.start()..piece.end()`, transferred. */
export type FlipRequest = { id: number; part: ArrayBuffer; piece: FlipFields };
/** The part flipped, transferred back, or why it was not. */
export type FlipReply = { id: number; part: ArrayBuffer } | { id: number; error: string };

/**
 * A piece of the job's input or output for the hasher's SHA-256 of that stream, in order (its buffer
 * transferred), or the end of the stream. Every request is answered, so the sender can bound what is
 * in flight.
 */
/**
 * A piece to hash (and, for a writer, to write), or the end of the side. `size`, on the output's first
 * piece when its length is planned: the writer sizes its file to it at once (see `StreamSide.reserve`).
 */
export type HashRequest = { id: number; side: 'input' | 'output' } & (
  | { part: ArrayBuffer; size?: number }
  | { finish: true }
);
/**
 * A piece taken, or the stream's digest (lower-case hex) after `finish`, or why not (`store`: the
 * output could not be written to its file, which may be retried elsewhere).
 */
export type HashReply =
  /** `part`: the piece's buffer given back (transferred) for reuse, once hashed (and written). */
  { id: number; hex?: string; part?: ArrayBuffer } | { id: number; error: string; store?: true };

/** Flip-mode inputs at least this long spread their pieces over helpers. */
export const PARALLEL_MIN_BYTES = 16 * 1024 * 1024;

/** Whether a job's corrupt stage is shared with helpers: a flip mode, from PARALLEL_MIN_BYTES on. */
export function usesHelpers(mode: string, size: number): boolean {
  return (mode === 'byte_flip' || mode === 'header_preserve_flip') && size >= PARALLEL_MIN_BYTES;
}

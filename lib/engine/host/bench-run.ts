// The timed runs of the benchmark (docs/benchmark.md), in the /benchmark page's worker and the npm
// CLI's `fracture bench`. The inputs come from the core's generator in the WebAssembly module
// (InputBuffer.benchInput), the same bytes as natively; what is timed is one engine call on bytes in
// memory, its output included.
import { Job } from '../reference/engine.ts';
import {
  type BenchInput,
  type BenchOptions,
  type BenchRow,
  benchRow,
  type Cell,
  COPY_BYTES,
  fileName,
  INPUT_MIN_BYTES,
  WARM_UP_BYTES,
} from './bench.ts';
import type { WasmEngine } from './run.ts';

/** The input of `cell`, made in the module's memory (not timed). */
function makeInput(engine: WasmEngine, input: BenchInput, size: number, seed: number) {
  return engine.InputBuffer.benchInput(input, size, seed);
}

/**
 * One timed WebAssembly run: the stages on the input in the module's memory (both SHA-256 digests
 * included), then the output copied out through `scratch`, piece by piece. Returns milliseconds.
 */
function timeWasm(engine: WasmEngine, cell: Cell, size: number, o: BenchOptions, scratch: Uint8Array): number {
  const buffer = makeInput(engine, cell.input, size, o.seed);
  const t0 = performance.now();
  const job = engine.WasmJob.fromBuffer(buffer, fileName(cell.input), cell.mode, o.intensity, o.seed, undefined);
  try {
    job.plan();
    job.corrupt();
    job.verify();
    const length = job.outputLen();
    job.dropInput();
    for (let at = 0; at < length; at += scratch.length) {
      const end = Math.min(length, at + scratch.length);
      job.hashOutputTo(end);
      scratch.set(new Uint8Array(engine.memory.buffer, job.outputPtr() + at, end - at));
    }
    job.reportWith(0, 0, undefined);
    return performance.now() - t0;
  } finally {
    job.free();
  }
}

/** One timed run of the reference engine: its stages on the input in a JavaScript array. */
function timeTs(engine: WasmEngine, cell: Cell, size: number, o: BenchOptions): number {
  const buffer = makeInput(engine, cell.input, size, o.seed);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(engine.memory.buffer, buffer.ptr(), size).slice();
  } finally {
    buffer.free();
  }
  const t0 = performance.now();
  const job = Job.scan(bytes, fileName(cell.input), { mode: cell.mode, intensity: o.intensity, seed: o.seed });
  job.plan();
  job.corrupt();
  job.verify();
  job.report(0, 0);
  if (job.output.length < 0) throw new Error('no output');
  return performance.now() - t0;
}

export interface RunEvents {
  /** After each run: runs done and the total of the suite. */
  onProgress?: (done: number, total: number, cell: Cell) => void;
  /** Asked between runs; true stops the suite (it rejects with BenchCancelled). */
  cancelled?: () => boolean;
  /** Awaited between runs (the worker yields to its messages there). */
  pause?: () => Promise<void>;
}

export class BenchCancelled extends Error {
  constructor() {
    super('The benchmark was cancelled');
  }
}

/** The timed runs of every cell, each cell after an untimed warm-up on 1 MiB of its input. */
export async function runCells(
  engine: WasmEngine,
  o: BenchOptions,
  cells: readonly Cell[],
  events: RunEvents = {},
): Promise<BenchRow[]> {
  const scratch = new Uint8Array(COPY_BYTES);
  const total = cells.length * o.runs;
  const rows: BenchRow[] = [];
  let done = 0;
  const once = (cell: Cell, size: number) =>
    cell.engine === 'wasm' ? timeWasm(engine, cell, size, o, scratch) : timeTs(engine, cell, size, o);
  for (const cell of cells) {
    once(cell, Math.max(Math.min(WARM_UP_BYTES, cell.size_bytes), INPUT_MIN_BYTES[cell.input]));
    const times: number[] = [];
    for (let i = 0; i < o.runs; i++) {
      await events.pause?.();
      if (events.cancelled?.()) throw new BenchCancelled();
      times.push(once(cell, cell.size_bytes));
      done++;
      events.onProgress?.(done, total, cell);
    }
    rows.push(benchRow(cell, o, times));
  }
  return rows;
}

// The timed runs of the benchmark (docs/benchmark.md), in the /benchmark page's worker and the npm
// CLI's `fracture bench`. The inputs come from the core's generator in the WebAssembly module
// (BenchBuffers.fill), the same bytes as natively. A WebAssembly run is one call into the module
// (BenchBuffers.run): the core's streamed run on one thread over the input in the module's memory
// (`stream::corrupt_held`, the same code the native CLI times), each output piece copied out; a
// reference run is that engine's whole-buffer call.
//
// Memory (docs/benchmark.md, "Memory"): one size of the suite at a time, in one buffer of the
// module's memory made for it and freed after it (BenchBuffers): the input, made once per input kind.
// A WebAssembly run holds a piece or two beside it, never a second copy of the file. The reference
// engine reads the same input where it is; each of its outputs is freed as soon as it is timed.
import { Job } from '../reference/engine.ts';
import {
  BENCH_INPUTS,
  type BenchInput,
  type BenchOptions,
  type BenchRow,
  benchRow,
  type Cell,
  fileName,
  INPUT_MIN_BYTES,
  planCells,
  WARM_UP_BYTES,
} from './bench.ts';
import { ENGINE_MODES } from '../shared/types.ts';
import type { WasmEngine } from './run.ts';

type Buffers = InstanceType<WasmEngine['BenchBuffers']>;

/** One timed WebAssembly run on the first `size` bytes of the input. Returns milliseconds. */
function timeWasm(buffers: Buffers, cell: Cell, size: number, o: BenchOptions): number {
  const t0 = performance.now();
  buffers.run(cell.mode, fileName(cell.input), size, o.intensity, o.seed);
  return performance.now() - t0;
}

/** Frees an output of the reference engine at once (`ArrayBuffer.prototype.transfer`), not at the next collection. */
function release(bytes: Uint8Array, engine: WasmEngine) {
  const buffer = bytes.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  if (buffer === engine.memory.buffer || typeof buffer.transfer !== 'function') return;
  try {
    buffer.transfer(0);
  } catch {
    // Not detachable (a WebAssembly memory's, say): left to the collector.
  }
}

/**
 * One timed run of the reference engine: its stages on the first `size` bytes of the input, read
 * where they are in the module's memory.
 */
function timeTs(engine: WasmEngine, buffers: Buffers, cell: Cell, size: number, o: BenchOptions): number {
  const bytes = new Uint8Array(engine.memory.buffer, buffers.inputPtr(), size);
  const t0 = performance.now();
  const job = Job.scan(bytes, fileName(cell.input), { mode: cell.mode, intensity: o.intensity, seed: o.seed });
  job.plan();
  job.corrupt();
  const first = job.output;
  job.verify();
  job.report(0, 0);
  const time = performance.now() - t0;
  // Escalated (verify corrupted the input again): the first output is garbage too.
  if (job.output !== first) release(first, engine);
  release(job.output, engine);
  return time;
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

/**
 * The cells in the order they run: one size of the suite after another (a reference row capped
 * below a size runs with the first size it belongs to), in each the reference engine's rows first,
 * then the WebAssembly engine's, each engine's by input. Each group is run on one input buffer.
 */
export function runOrder(o: BenchOptions, cells: readonly Cell[]): Cell[][] {
  const left = new Set(cells);
  const groups: Cell[][] = [];
  const sizes = [...o.sizes_bytes, ...cells.map((c) => c.size_bytes)];
  for (const size of sizes) {
    const cap = o.ts_max_bytes === null ? size : Math.min(size, o.ts_max_bytes);
    const group = [...left].filter((c) => c.size_bytes === (c.engine === 'ts' ? cap : size));
    if (group.length === 0) continue;
    for (const c of group) left.delete(c);
    const rank = (c: Cell) => (c.engine === 'ts' ? 0 : 2) + (c.input === 'random' ? 0 : 1);
    groups.push(
      group
        .map((c, i) => ({ c, i }))
        .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
        .map((x) => x.c),
    );
  }
  return groups;
}

/** The timed runs of every cell, each cell after an untimed warm-up on the first 1 MiB of its input. */
export async function runCells(
  engine: WasmEngine,
  o: BenchOptions,
  cells: readonly Cell[],
  events: RunEvents = {},
): Promise<BenchRow[]> {
  const total = cells.length * o.runs;
  const rows = new Map<Cell, BenchRow>();
  let done = 0;
  for (const group of runOrder(o, cells)) {
    const buffers = new engine.BenchBuffers(Math.max(...group.map((c) => c.size_bytes)));
    try {
      let made: [BenchInput, number] | undefined;
      for (const cell of group) {
        if (made?.[0] !== cell.input || made[1] !== cell.size_bytes) {
          buffers.fill(cell.input, cell.size_bytes, o.seed);
          made = [cell.input, cell.size_bytes];
        }
        const once = (size: number) =>
          cell.engine === 'wasm' ? timeWasm(buffers, cell, size, o) : timeTs(engine, buffers, cell, size, o);
        once(Math.min(Math.max(WARM_UP_BYTES, INPUT_MIN_BYTES[cell.input]), cell.size_bytes));
        const times: number[] = [];
        for (let i = 0; i < o.runs; i++) {
          await events.pause?.();
          if (events.cancelled?.()) throw new BenchCancelled();
          times.push(once(cell.size_bytes));
          done++;
          events.onProgress?.(done, total, cell);
        }
        rows.set(cell, benchRow(cell, o, times));
      }
    } finally {
      buffers.free();
    }
  }
  return cells.map((c) => rows.get(c) as BenchRow);
}

/**
 * The size of the benchmark worker's warm-up at rest: 1 MiB, so that the module's heap keeps, free
 * at rest, room for a run's own allocations beside its input (a piece, the plans, the structure
 * map, the report): `bench-run.test.ts` checks that a run then grows the module by its input and
 * at most 2 MiB more.
 */
export const AT_REST_BYTES = 1024 * 1024;

/**
 * The benchmark worker's warm-up before it says "ready": every mode of both engines on 1 MiB of
 * both inputs, so the code of both engines is compiled and their heaps have grown to what a run
 * needs beyond its buffers while the worker is at rest, before the tab's memory at rest is read
 * (docs/benchmark.md, "Memory"). The timed runs keep their own warm-up.
 */
export async function warmAtRest(engine: WasmEngine): Promise<void> {
  const o: BenchOptions = {
    sizes_bytes: [AT_REST_BYTES],
    modes: [...ENGINE_MODES],
    inputs: [...BENCH_INPUTS],
    engines: ['wasm', 'ts'],
    intensity: 80,
    runs: 1,
    seed: 1,
    ts_max_bytes: null,
  };
  await runCells(engine, o, planCells(o));
}

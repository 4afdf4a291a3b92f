// The /benchmark page's side of the benchmark (docs/benchmark.md): the runs go to a Web Worker of the
// engine (worker.ts, the one the workspace runs files in), never the main thread; progress comes back
// after every run, and cancelling ends the worker, which frees its memory at once.
import type { BenchOptions, BenchRow, Cell } from './bench.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

export interface BenchRun {
  rows: Promise<BenchRow[]>;
  /** Ends the run; `rows` rejects with BENCH_CANCELLED. */
  cancel(): void;
}

export const BENCH_CANCELLED = 'The benchmark was cancelled';

export function startBench(
  options: BenchOptions,
  cells: Cell[],
  onProgress: (done: number, total: number, cell: Cell) => void,
): BenchRun {
  // './worker.js' as client.ts names it: the compiled package's file; Vite resolves it to worker.ts.
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'fracture-engine' });
  let cancel = () => worker.terminate();
  const rows = new Promise<BenchRow[]>((resolve, reject) => {
    const end = (error?: Error, result?: BenchRow[]) => {
      worker.terminate();
      if (error) reject(error);
      else resolve(result ?? []);
    };
    cancel = () => end(new Error(BENCH_CANCELLED));
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if (m.type === 'ready') {
        const request: ToWorker = { type: 'bench', id: 1, options, cells };
        worker.postMessage(request);
      } else if (m.type === 'bench-progress') onProgress(m.done, m.total, m.cell);
      else if (m.type === 'bench-done') end(undefined, m.rows);
      else if (m.type === 'error') end(new Error(m.message));
    };
    worker.onerror = (e) => end(new Error(e.message || 'The engine failed to load'));
  });
  return { rows, cancel: () => cancel() };
}

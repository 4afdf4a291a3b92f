// The /benchmark page's side of the benchmark (docs/benchmark.md): the runs go to Web Workers of the
// engine (worker.ts, the one the workspace runs files in), never the main thread; progress comes back
// after every run, and cancelling ends the worker, which frees its memory at once. Each mode and
// engine runs in a fresh worker: a module's memory never shrinks, and outputs of other lengths
// (truncate_insert, interrupted_transfer) leave holes that the next mode's input does not fit, so one
// worker for the whole suite grew to 3 times the input; the reference engine's garbage stays in its
// own worker too.
import { BENCH_WORKER_NAME, type BenchOptions, type BenchRow, type Cell } from './bench.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

export interface BenchRun {
  rows: Promise<BenchRow[]>;
  /** Ends the run; `rows` rejects with BENCH_CANCELLED. */
  cancel(): void;
}

export const BENCH_CANCELLED = 'The benchmark was cancelled';
/** The pause between one mode's worker and the next (see below). */
const RELEASE_MS = 500;

export function startBench(
  options: BenchOptions,
  cells: Cell[],
  onProgress: (done: number, total: number, cell: Cell) => void,
): BenchRun {
  const total = cells.length * options.runs;
  const groupOf = (c: Cell) => `${c.mode} ${c.engine}`;
  const groups = [...new Set(cells.map(groupOf))];
  let stop: (() => void) | undefined;
  let cancelled = false;

  /** One mode's cells of one engine in a worker of its own; `before` runs were done before it. */
  const runMode = (group: Cell[], before: number) =>
    new Promise<BenchRow[]>((resolve, reject) => {
      // './worker.js' as client.ts names it: the compiled package's file; Vite resolves it to worker.ts.
      const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: BENCH_WORKER_NAME });
      const end = (error?: Error, rows?: BenchRow[]) => {
        worker.terminate();
        stop = undefined;
        if (error) reject(error);
        else resolve(rows ?? []);
      };
      stop = () => end(new Error(BENCH_CANCELLED));
      worker.onmessage = (e: MessageEvent<FromWorker>) => {
        const m = e.data;
        if (m.type === 'ready') {
          const request: ToWorker = { type: 'bench', id: 1, options, cells: group };
          worker.postMessage(request);
        } else if (m.type === 'bench-progress') onProgress(before + m.done, total, m.cell);
        else if (m.type === 'bench-done') end(undefined, m.rows);
        else if (m.type === 'error') end(new Error(m.message));
      };
      worker.onerror = (e) => end(new Error(e.message || 'The engine failed to load'));
    });

  const rows = (async () => {
    const all: BenchRow[] = [];
    for (const key of groups) {
      if (cancelled) throw new Error(BENCH_CANCELLED);
      // The ended worker's memory goes when its thread has shut down: not at once, so wait a moment
      // rather than hold two modules' memory.
      if (all.length > 0) await new Promise((resolve) => setTimeout(resolve, RELEASE_MS));
      if (cancelled) throw new Error(BENCH_CANCELLED);
      const group = cells.filter((c) => groupOf(c) === key);
      all.push(...(await runMode(group, all.length * options.runs)));
    }
    // The rows in the order they were asked for.
    return cells.flatMap((c) =>
      all.filter(
        (r) => r.mode === c.mode && r.engine === c.engine && r.input === c.input && r.size_bytes === c.size_bytes,
      ),
    );
  })();
  return {
    rows,
    cancel: () => {
      cancelled = true;
      stop?.();
    },
  };
}

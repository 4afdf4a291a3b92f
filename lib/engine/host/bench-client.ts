// The /benchmark page's side of the benchmark (docs/benchmark.md): the runs go to a Web Worker of
// the engine (worker.ts, the one the workspace runs files in), never the main thread; progress comes
// back after every run, and cancelling ends the worker, which frees its memory at once.
//
// The worker is started before the run (`prepareBench`, when the visitor reaches the page's form) and waits at rest, so
// the tab's memory before a run already holds it: a run adds only its buffers (docs/benchmark.md,
// "Memory"). One worker runs the whole suite, then ends (a module's memory never shrinks), and a
// fresh one waits for the next run.
import { BENCH_WORKER_NAME, type BenchOptions, type BenchRow, type Cell } from './bench.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

export interface BenchRun {
  rows: Promise<BenchRow[]>;
  /** Ends the run; `rows` rejects with BENCH_CANCELLED. */
  cancel(): void;
}

export const BENCH_CANCELLED = 'The benchmark was cancelled';
/** The pause between an ended worker and the next one (its memory goes when its thread has shut down). */
const RELEASE_MS = 2000;

interface Standby {
  worker: Worker;
  /** Resolves when the engine has loaded; rejects when it failed to. */
  ready: Promise<void>;
  /** The messages after "ready" go here. */
  listen: (on: (m: FromWorker) => void) => void;
}

let standby: Standby | undefined;
/** Whether the page wants a worker waiting (between prepareBench and disposeBench). */
let wanted = false;

function startWorker(): Standby {
  // './worker.js' as client.ts names it: the compiled package's file; Vite resolves it to worker.ts.
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: BENCH_WORKER_NAME });
  let on: ((m: FromWorker) => void) | undefined;
  let fail: ((e: Error) => void) | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    fail = reject;
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      if (e.data.type === 'ready') resolve();
      else on?.(e.data);
    };
  });
  worker.onerror = (e) => {
    const error = new Error(e.message || 'The engine failed to load');
    fail?.(error);
    on?.({ type: 'error', id: 1, message: error.message });
  };
  // Nobody may be waiting yet: a failure to load is reported by the run that uses this worker.
  ready.catch(() => undefined);
  return { worker, ready, listen: (f) => (on = f) };
}

/** Starts the engine's worker now, to wait at rest for the run (the page calls this when the visitor reaches its form). */
export function prepareBench(): Promise<void> {
  wanted = true;
  standby ??= startWorker();
  return standby.ready;
}

/** Ends the waiting worker (the page calls this when it closes). */
export function disposeBench() {
  wanted = false;
  standby?.worker.terminate();
  standby = undefined;
}

export function startBench(
  options: BenchOptions,
  cells: Cell[],
  onProgress: (done: number, total: number, cell: Cell) => void,
): BenchRun {
  const current = standby ?? startWorker();
  standby = undefined;
  let stop: (() => void) | undefined;
  let ended = false;
  const rows = new Promise<BenchRow[]>((resolve, reject) => {
    const end = (error?: Error, result?: BenchRow[]) => {
      if (ended) return;
      ended = true;
      current.worker.terminate();
      // The next run's worker, once this one's memory has gone.
      setTimeout(() => {
        if (wanted) prepareBench().catch(() => undefined);
      }, RELEASE_MS);
      if (error) reject(error);
      else resolve(result ?? []);
    };
    stop = () => end(new Error(BENCH_CANCELLED));
    current.listen((m) => {
      if (m.type === 'bench-progress') onProgress(m.done, m.total, m.cell);
      else if (m.type === 'bench-done') end(undefined, m.rows);
      else if (m.type === 'error') end(new Error(m.message));
    });
    current.ready.then(
      () => {
        if (ended) return;
        const request: ToWorker = { type: 'bench', id: 1, options, cells };
        current.worker.postMessage(request);
      },
      (e: Error) => end(e),
    );
  });
  return { rows, cancel: () => stop?.() };
}

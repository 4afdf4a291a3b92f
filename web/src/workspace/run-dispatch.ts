// A run's events reach the page's state in batches: each event of the worker (a stage, progress,
// a finished file) arrives as its own task, and dispatching each one re-renders the workspace. With
// thousands of small files that is several renders per file, each costing more than the engine's
// work on it, so the main thread, not the engine, set the pace (docs/performance.md, "Many small
// files"). Events are collected and applied together at most every FLUSH_INTERVAL_MS, the first one
// after a quiet spell at once (a single file's stages and its completion are not held back).
import type { RunEvent, WorkspaceAction } from './state.ts';

/** Shorter than any artificial stage delay (pacing.ts), so a user's run shows every stage. */
export const FLUSH_INTERVAL_MS = 100;

export interface RunDispatch {
  /** Queues a run event; the queue is applied on a later task. */
  dispatch(event: RunEvent): void;
  /** Applies what is queued now (before the run's end is dispatched). */
  flush(): void;
}

export function batchedRunDispatch(
  dispatch: (action: WorkspaceAction) => void,
  clock: { now(): number; later(run: () => void, ms: number): unknown } = {
    now: () => performance.now(),
    later: (run, ms) => setTimeout(run, ms),
  },
): RunDispatch {
  let queue: RunEvent[] = [];
  let scheduled = false;
  let last = Number.NEGATIVE_INFINITY;
  const flush = () => {
    scheduled = false;
    if (queue.length === 0) return;
    const events = queue;
    queue = [];
    last = clock.now();
    dispatch(events.length === 1 ? events[0] : { type: 'batch', events });
  };
  return {
    dispatch(event) {
      queue.push(event);
      if (scheduled) return;
      scheduled = true;
      clock.later(flush, Math.max(0, last + FLUSH_INTERVAL_MS - clock.now()));
    },
    flush,
  };
}

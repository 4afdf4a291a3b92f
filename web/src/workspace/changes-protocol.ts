// What the preview asks of the change map's worker, and the one step of navigation both the worker
// and the page-thread fallback run.
import type { ByteSource, ChangeMap } from '../../../lib/engine/host-module/reports.ts';
import { type ByteWindow, nextRun, previousRun, type Run, windowAround } from './change-runs.ts';

/** Where to move: the first run, the run after or before the one starting at `from`. */
export type StepWhere = { to: 'first' } | { to: 'next' | 'previous'; from: number };

export interface ChangeStep {
  /** Null when there is no run there (nothing changed, or past the last one). */
  run: Run | null;
  window: ByteWindow;
}

export type ChangesRequest =
  | { id: number; type: 'map'; original: Blob; result: Blob }
  | { id: number; type: 'step'; original: Blob; result: Blob; map: ChangeMap; where: StepWhere };

export type ChangesReply =
  | { id: number; type: 'map'; map: ChangeMap }
  | { id: number; type: 'step'; step: ChangeStep }
  | { id: number; type: 'error'; message: string };

export async function changeStep(
  map: ChangeMap,
  original: ByteSource,
  result: ByteSource,
  where: StepWhere,
): Promise<ChangeStep> {
  const run =
    where.to === 'first'
      ? await nextRun(map, original, result, 0)
      : where.to === 'next'
        ? await nextRun(map, original, result, where.from + 1)
        : await previousRun(map, original, result, where.from);
  return { run, window: await windowAround(map, original, result, run) };
}

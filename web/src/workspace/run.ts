// One processing run: which files go, with which seeds, and how the engine's stage and progress events
// become state transitions. The engine and the clock are injected, so tests drive it without a worker.
import { MAX_FILE_BYTES } from '../constants.ts';
import { blobFromBytes } from '../../../lib/engine/shared/blob.ts';
import type {
  CorruptCallbacks,
  CorruptOptions,
  CorruptResult,
  EngineMode,
  EngineResult,
  ModeVariant,
  OutputPlace,
} from '../../../lib/engine/shared/types.ts';
import type { Pacing } from './pacing.ts';
import type { FileItem, FileResult, RunEvent } from './state.ts';

export type CorruptFn = (
  file: Blob | ArrayBuffer,
  name: string,
  options: CorruptOptions,
  callbacks: CorruptCallbacks,
  signal?: AbortSignal,
  place?: OutputPlace,
) => Promise<CorruptResult | EngineResult>;

export interface RunSettings {
  mode: EngineMode;
  intensity: number;
  masterSeed: number;
  /** Byte ranges and Keep checksums valid, for the modes that take them (absent: off). */
  ranges?: CorruptOptions['ranges'];
  fixChecksums?: boolean;
  /** The member glob (docs/contract.md, section 6.11); every mode takes it (absent: off). */
  member?: string;
  /** The algorithm's own options (direction, charset, BOM, block size; variantOptions.ts), absent: defaults. */
  variant?: ModeVariant;
}

/**
 * Whether the run aims by structure: a selector among its ranges (section 14.4) or a member glob
 * (section 6.11). Such a run does not retry a failed file in RETRY_MODE: the retry would drop the
 * target and damage what the user aimed away from, and the engine's own error (a selector or glob
 * that matches nothing in this file, a file of another format) is what the file's row should say.
 */
export function aimsByStructure(settings: Pick<RunSettings, 'ranges' | 'member'>): boolean {
  // A range text starting with a letter is a selector (lib/engine/reference/select.ts, isSelector;
  // not imported, so the page's first load does not carry the engine's modules).
  const texts = [...(settings.ranges?.only ?? []), ...(settings.ranges?.protect ?? [])];
  return settings.member !== undefined || texts.some((t) => /^[A-Za-z]/.test(t));
}

export interface RunDeps {
  corrupt: CorruptFn;
  dispatch: (event: RunEvent) => void;
  pacing: Pacing;
  signal?: AbortSignal;
  /** Where the engine keeps a file's output in the origin-private file system (storage.ts); none: a Blob in memory. */
  storePathFor?: (item: FileItem) => readonly string[] | undefined;
}

/** The mode a failed file is retried with, as the 'failed' state message promises. */
export const RETRY_MODE: EngineMode = 'guaranteed_break';

export interface RunPlan {
  /** Files without a result, within the size limit, in list order: file i gets master seed + i. */
  toProcess: FileItem[];
  /** Files over the limit: skipped, each with its own toast. */
  tooLarge: FileItem[];
}

export function planRun(items: readonly FileItem[]): RunPlan {
  const toProcess: FileItem[] = [];
  const tooLarge: FileItem[] = [];
  for (const item of items) {
    if (item.result) continue;
    (item.file.size > MAX_FILE_BYTES ? tooLarge : toProcess).push(item);
  }
  return { toProcess, tooLarge };
}

export function isTooLarge(file: Blob): boolean {
  return file.size > MAX_FILE_BYTES;
}

export interface RunOutcome {
  completed: FileItem[];
  failed: { item: FileItem; error: string }[];
  /** Files whose output was to be stored on disk but stayed in memory, and why. */
  notStored: { item: FileItem; reason: string }[];
  aborted: boolean;
}

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Unknown error occurred';
}

/**
 * Turns engine callbacks into dispatches, holding each stage on screen for its pacing delay. Events
 * are replayed in order; progress events waiting behind a delay collapse into the latest one.
 */
export function stagePresenter(
  id: number,
  dispatch: RunDeps['dispatch'],
  pacing: Pacing,
  /** Shown only after this: a file started early is shown once the one before it is. */
  after: Promise<unknown> = Promise.resolve(),
) {
  let tail: Promise<unknown> = after;
  // The progress task still waiting in the queue, which later progress events update in place
  // until a stage event is queued behind it.
  let waiting: { fraction: number } | null = null;
  const enqueue = (task: () => void | Promise<void>) => {
    tail = tail.then(task);
  };
  const callbacks: CorruptCallbacks = {
    onStage(stage, message) {
      waiting = null;
      enqueue(async () => {
        dispatch({ type: 'stage', id, stage, message });
        const ms = pacing.delayFor(stage);
        if (ms > 0) await pacing.sleep(ms);
      });
    },
    onProgress(fraction) {
      if (waiting) {
        waiting.fraction = Math.max(waiting.fraction, fraction);
        return;
      }
      const box = { fraction };
      waiting = box;
      enqueue(() => {
        if (waiting === box) waiting = null;
        dispatch({ type: 'progress', id, fraction: box.fraction });
      });
    },
  };
  return { callbacks, settled: () => tail };
}

async function attempt(
  item: FileItem,
  mode: EngineMode,
  settings: RunSettings,
  seed: number,
  deps: RunDeps,
  after?: Promise<unknown>,
) {
  const presenter = stagePresenter(item.id, deps.dispatch, deps.pacing, after);
  try {
    // The options belong to the chosen mode; the retry mode takes none.
    const options: CorruptOptions =
      mode === settings.mode
        ? { mode, intensity: settings.intensity, seed, ranges: settings.ranges, fixChecksums: settings.fixChecksums }
        : { mode, intensity: settings.intensity, seed };
    if (mode === settings.mode && settings.member !== undefined) options.member = settings.member;
    if (mode === settings.mode && settings.variant) Object.assign(options, settings.variant);
    const path = deps.storePathFor?.(item);
    const place = path ? { path } : undefined;
    return await deps.corrupt(item.file, item.file.name, options, presenter.callbacks, deps.signal, place);
  } finally {
    await presenter.settled();
  }
}

/** The engine's output as the Blob a download needs; the worker already gives one for large outputs. */
export async function outputBlob(data: Uint8Array | Blob): Promise<Blob> {
  return data instanceof Blob ? data : blobFromBytes(data);
}

async function resultOf(data: Uint8Array | Blob, report: CorruptResult['report'], seed: number): Promise<FileResult> {
  return { blob: await outputBlob(data), report, seed };
}

/**
 * Below this size, and when every file of the run is this small, the next file goes to the engine
 * while the page takes in the one before: a small file's run is a round trip of a few milliseconds,
 * and one at a time the worker waited for the page and the page for the worker (docs/performance.md,
 * "Many small files in the browser"). Large files go one at a time: two at once would hold two in
 * memory.
 */
export const PIPELINED_MAX_BYTES = 1024 * 1024;

type Produced = { produced: CorruptResult | EngineResult } | { error: unknown };

/** One file through the engine, retried once in RETRY_MODE where the rule allows; never rejects. */
async function produce(
  item: FileItem,
  seed: number,
  settings: RunSettings,
  deps: RunDeps,
  after?: Promise<unknown>,
): Promise<Produced> {
  try {
    try {
      return { produced: await attempt(item, settings.mode, settings, seed, deps, after) };
    } catch (error) {
      if (settings.mode === RETRY_MODE || aimsByStructure(settings) || deps.signal?.aborted) throw error;
      // Shown in order too: not before the file ahead of this one.
      await after;
      deps.dispatch({ type: 'retrying', id: item.id, error: errorText(error) });
      return { produced: await attempt(item, RETRY_MODE, settings, seed, deps) };
    }
  } catch (error) {
    return { error };
  }
}

/** Dispatches a file's result or failure into `outcome`; false when the run was aborted instead. */
async function take(item: FileItem, seed: number, done: Produced, deps: RunDeps, outcome: RunOutcome) {
  if ('error' in done) {
    if (deps.signal?.aborted) return false;
    const text = errorText(done.error);
    deps.dispatch({ type: 'failed', id: item.id, error: text });
    outcome.failed.push({ item, error: text });
    return true;
  }
  const { produced } = done;
  if ('notStored' in produced && produced.notStored) outcome.notStored.push({ item, reason: produced.notStored });
  const result = await resultOf(produced.data, produced.report, seed);
  deps.dispatch({ type: 'completed', id: item.id, result });
  outcome.completed.push(item);
  return true;
}

/**
 * Processes files in list order, file i with seed master + i. A failing file is retried once in
 * RETRY_MODE (unless that was its mode already, or the run aims by structure), then marked failed;
 * the others keep going and keep their results. Results are taken in list order; small files overlap
 * by one (PIPELINED_MAX_BYTES), each shown only once the one before it is.
 */
export async function runFiles(files: readonly FileItem[], settings: RunSettings, deps: RunDeps): Promise<RunOutcome> {
  const outcome: RunOutcome = { completed: [], failed: [], notStored: [], aborted: false };
  const overlap = files.every((item) => item.file.size < PIPELINED_MAX_BYTES);
  const start = (i: number, after?: Promise<unknown>) =>
    produce(files[i], settings.masterSeed + i, settings, deps, after);
  let next = files.length > 0 && !deps.signal?.aborted ? start(0) : undefined;
  for (let i = 0; next; i++) {
    const current = next;
    // The next file's events wait until this one's result is dispatched.
    let shown = () => {};
    const ahead = new Promise<void>((resolve) => {
      shown = resolve;
    });
    next = overlap && i + 1 < files.length && !deps.signal?.aborted ? start(i + 1, ahead) : undefined;
    try {
      if (!(await take(files[i], settings.masterSeed + i, await current, deps, outcome))) break;
    } finally {
      shown();
    }
    if (deps.signal?.aborted) break;
    if (!overlap && i + 1 < files.length) next = start(i + 1);
  }
  // An aborted run's remaining files are not started (one started early settles on its own).
  if (deps.signal?.aborted && outcome.completed.length + outcome.failed.length < files.length) outcome.aborted = true;
  return outcome;
}

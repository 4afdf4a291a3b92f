// The per-file state machine and the run-level state of the workspace (docs/product.md, "Per-file
// states" and "Home page"), as a pure reducer so every transition is testable without a DOM.
import type { Report, Stage } from '../../../lib/engine/shared/types.ts';

export type FileState =
  | 'queued'
  | 'inspecting'
  | 'preparing'
  | 'corrupting'
  | 'verifying'
  | 'packaging'
  | 'complete'
  | 'failed';

/** Label and message of every state, as the spec's table words them. */
export const FILE_STATES: Readonly<Record<FileState, { label: string; message: string }>> = {
  queued: { label: 'Queued', message: 'Queued for processing. Nothing leaves your device.' },
  inspecting: { label: 'Inspecting', message: 'Identifying format and integrity…' },
  preparing: { label: 'Planning', message: 'Choosing safest method to trigger failure…' },
  corrupting: { label: 'Corrupting', message: 'Corrupting…' },
  verifying: { label: 'Verifying', message: "Verifying the file won't open…" },
  packaging: { label: 'Packaging', message: 'Packaging results and reports…' },
  complete: { label: 'Complete', message: 'Done. Files saved locally.' },
  failed: { label: 'Failed', message: "Couldn't corrupt on the first pass. Retrying with 'Guaranteed Failure'…" },
};

/** Which state each engine stage puts a file in. */
const STATE_OF_STAGE: Readonly<Record<Stage, FileState>> = {
  scan: 'inspecting',
  plan: 'preparing',
  corrupt: 'corrupting',
  verify: 'verifying',
  report: 'packaging',
};

export const STAGE_ORDER: readonly Stage[] = ['scan', 'plan', 'corrupt', 'verify', 'report'];

/** Unknown stages map to corrupting. */
export function stateForStage(stage: string): FileState {
  return Object.hasOwn(STATE_OF_STAGE, stage) ? STATE_OF_STAGE[stage as Stage] : 'corrupting';
}

/**
 * What a finished file keeps: its report and the corrupted bytes (downloads and previews read them).
 * After "Download All as ZIP" the bytes are released (storage.ts) and `remake` stands in for them:
 * the engine makes them again from the report's options, the same bytes (results.ts, `bytesOf`).
 */
export type FileResult = { report: Report; seed: number } & (
  | { blob: Blob; remake?: undefined }
  | { blob?: undefined; remake: () => Promise<Blob> }
);

export interface FileItem {
  /** Increasing in list order, so the list stays sorted by id. */
  id: number;
  file: File;
  state: FileState;
  /** 0-100. */
  progress: number;
  message: string;
  /** The engine stage last reported and its message, shown as the step text ("Step a/b"). */
  step?: { stage: string; index: number; message: string };
  processing: boolean;
  result?: FileResult;
  /** The error of the last failed attempt. */
  error?: string;
}

export interface WorkspaceState {
  items: readonly FileItem[];
  nextId: number;
  busy: boolean;
  /** The current or last run: files it set out to process and how many have finished either way. */
  run: { total: number; done: number } | null;
  /** The file whose report the forensic report section and the preview show. */
  latestId: number | null;
}

/** What a run reports about one file (run.ts); several may come as one 'batch' (run-dispatch.ts). */
export type RunEvent =
  | { type: 'stage'; id: number; stage: string; message: string }
  | { type: 'progress'; id: number; fraction: number }
  | { type: 'retrying'; id: number; error: string }
  | { type: 'completed'; id: number; result: FileResult }
  | { type: 'failed'; id: number; error: string };

export type WorkspaceAction =
  | RunEvent
  | { type: 'add'; files: readonly File[] }
  | { type: 'remove'; id: number }
  | { type: 'clear' }
  | { type: 'runStarted'; ids: readonly number[] }
  /** Run events in order, applied with one copy of the list (thousands of small files make many). */
  | { type: 'batch'; events: readonly RunEvent[] }
  | { type: 'runEnded' }
  /** The file's bytes were let go; `remake` makes them again. */
  | { type: 'released'; id: number; remake: () => Promise<Blob> }
  /** The bytes of the result with `report`, made again. */
  | { type: 'remade'; id: number; report: Report; blob: Blob };

export const initialWorkspace: WorkspaceState = { items: [], nextId: 1, busy: false, run: null, latestId: null };

function queued(item: FileItem): FileItem {
  return {
    ...item,
    state: 'queued',
    progress: 0,
    message: FILE_STATES.queued.message,
    step: undefined,
    processing: false,
    error: undefined,
  };
}

/** Position of an item by id: ids increase along the list, so binary search keeps thousands cheap. */
export function indexOfId(items: readonly FileItem[], id: number): number {
  let lo = 0;
  let hi = items.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = items[mid].id;
    if (at === id) return mid;
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function update(state: WorkspaceState, id: number, change: (item: FileItem) => FileItem): WorkspaceState {
  const at = indexOfId(state.items, id);
  if (at < 0) return state;
  const items = state.items.slice();
  items[at] = change(items[at]);
  return { ...state, items };
}

export function workspaceReducer(state: WorkspaceState, action: WorkspaceAction): WorkspaceState {
  switch (action.type) {
    case 'add': {
      if (action.files.length === 0) return state;
      const added = action.files.map(
        (file, i): FileItem =>
          queued({ id: state.nextId + i, file, state: 'queued', progress: 0, message: '', processing: false }),
      );
      return { ...state, items: [...state.items, ...added], nextId: state.nextId + added.length };
    }
    case 'remove': {
      // A file in the middle of a run stays until the run is over.
      const item = state.items[indexOfId(state.items, action.id)];
      if (!item || item.processing) return state;
      const items = state.items.filter((f) => f.id !== action.id);
      return { ...state, items, latestId: state.latestId === action.id ? latestWithResult(items) : state.latestId };
    }
    case 'clear':
      return state.busy ? state : { ...initialWorkspace, nextId: state.nextId };
    case 'runStarted': {
      const ids = new Set(action.ids);
      return {
        ...state,
        busy: true,
        run: { total: action.ids.length, done: 0 },
        items: state.items.map((item) => (ids.has(item.id) ? queued(item) : item)),
      };
    }
    case 'stage':
    case 'progress':
    case 'retrying':
    case 'completed':
    case 'failed':
      return applyEvents(state, [action]);
    case 'batch':
      return applyEvents(state, action.events);
    case 'runEnded':
      return { ...state, busy: false };
    case 'released':
      return update(state, action.id, (item) =>
        item.result?.blob
          ? { ...item, result: { report: item.result.report, seed: item.result.seed, remake: action.remake } }
          : item,
      );
    case 'remade':
      return update(state, action.id, (item) =>
        item.result && !item.result.blob && item.result.report === action.report
          ? { ...item, result: { report: item.result.report, seed: item.result.seed, blob: action.blob } }
          : item,
      );
  }
}

/** The file an event changes, changed; undefined for an event that changes nothing. */
function changedBy(item: FileItem, event: RunEvent): FileItem | undefined {
  switch (event.type) {
    case 'stage': {
      const next = stateForStage(event.stage);
      const index = STAGE_ORDER.indexOf(event.stage as Stage);
      return {
        ...item,
        state: next,
        message: FILE_STATES[next].message,
        step: { stage: event.stage, index: index < 0 ? (item.step?.index ?? 0) : index + 1, message: event.message },
        processing: true,
      };
    }
    case 'progress': {
      const percent = Math.round(Math.min(1, Math.max(0, event.fraction)) * 100);
      return percent > item.progress ? { ...item, progress: percent, processing: true } : undefined;
    }
    case 'retrying':
      return {
        ...item,
        state: 'failed',
        message: FILE_STATES.failed.message,
        progress: 0,
        step: undefined,
        processing: true,
        error: event.error,
      };
    case 'completed':
      return {
        ...item,
        state: 'complete',
        message: FILE_STATES.complete.message,
        progress: 100,
        processing: false,
        result: event.result,
        error: undefined,
      };
    case 'failed':
      return {
        ...item,
        state: 'failed',
        message: `Couldn't corrupt this file: ${event.error}`,
        processing: false,
        error: event.error,
      };
  }
}

/**
 * Run events in order, the list copied at most once however many there are: a copy per event would
 * cost thousands of files x several events each. Events for files no longer listed change nothing.
 */
function applyEvents(state: WorkspaceState, events: readonly RunEvent[]): WorkspaceState {
  let items: FileItem[] | undefined;
  let { run, latestId } = state;
  for (const event of events) {
    const list = items ?? state.items;
    const at = indexOfId(list, event.id);
    if (at < 0) continue;
    const changed = changedBy(list[at], event);
    if (!changed) continue;
    items ??= state.items.slice();
    items[at] = changed;
    if (event.type === 'completed' || event.type === 'failed') {
      run = run && { ...run, done: Math.min(run.total, run.done + 1) };
      if (event.type === 'completed') latestId = event.id;
    }
  }
  return items ? { ...state, items, run, latestId } : state;
}

function latestWithResult(items: readonly FileItem[]): number | null {
  for (let i = items.length - 1; i >= 0; i--) if (items[i].result) return items[i].id;
  return null;
}

/** Overall progress = processed / to-process x 100 (0 before any run). */
export function overallPercent(run: WorkspaceState['run']): number {
  if (!run || run.total === 0) return 0;
  return Math.round((run.done / run.total) * 100);
}

/** A file with a result. */
export type Finished = FileItem & { result: FileResult };

export function processedItems(items: readonly FileItem[]): Finished[] {
  return items.filter((item): item is Finished => item.result !== undefined);
}

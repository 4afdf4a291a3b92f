// The workspace's state and commands, shared by the upload section, the report section and the
// preview panel through one context. Everything that talks to the engine, the clipboard or the
// download machinery goes through here; the components only render and call.
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RANGE_MODES } from '../../../lib/engine/shared/mode-tables.ts';
import { ALGORITHMS, algorithmFor, modeLabel } from '../../../lib/engine/shared/modes.ts';
import type { AlgorithmValue } from '../../../lib/engine/shared/modes.ts';
import { corruptedName, reportName } from '../../../lib/engine/shared/names.ts';
import type { Report } from '../../../lib/engine/shared/types.ts';
import { displayName, reportJson } from '../../../lib/report/display.ts';
import { shareLink, withHostFields } from '../../../lib/report/host-fields.ts';
import { toast } from '../ui/toast.tsx';
import { parseRangesField, type RangesField } from './rangesField.ts';
import { copyText, parseSeed, randomSeed, saveBlob } from './bytes.ts';
import { corrupt } from './engine.ts';
import { loadBatch, preloadWorkspace, whenIdle } from './heavy.ts';
import { browserPacing } from './pacing.ts';
import { planRun, runFiles } from './run.ts';
import type { CorruptFn, RunSettings } from './run.ts';
import { bytesOf, type Finished, hostReportOf, loadPdf, pdfOf, remakeResult } from './results.ts';
import { serveDownload } from './served-download.ts';
import { parseShareQuery } from './share.ts';
import { keepWhileStreaming, resultStore } from './storage.ts';
import { initialWorkspace, processedItems, workspaceReducer } from './state.ts';
import type { FileItem, WorkspaceState } from './state.ts';

export const INTENSITY = { min: 1, max: 100, step: 1, default: 80 } as const;

export function clampIntensity(value: number): number {
  if (!Number.isFinite(value)) return INTENSITY.default;
  return Math.min(INTENSITY.max, Math.max(INTENSITY.min, Math.round(value)));
}

const PROCESSING_FAILED = {
  title: "We couldn't corrupt this file",
  description: "Try Won't Open mode or increase intensity.",
  variant: 'destructive',
} as const;

const KEPT_IN_MEMORY = 'Results kept in memory';
const keptInMemory = (reason: string) =>
  `The browser's private file storage could not be used (${reason}), so results are held in memory: in a private window a large batch may not fit.`;

const MADE_AGAIN = (name: string) =>
  `${name} was let go after the ZIP download; the same seed makes the same bytes again.`;

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function messageOf(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

/** The finished file a report belongs to, for the fields only the page knows. */
function finishedWith(items: readonly FileItem[], report: Report): Finished | undefined {
  return items.find((f) => f.result?.report === report) as Finished | undefined;
}

export interface WorkspaceApi {
  state: WorkspaceState;
  algorithm: AlgorithmValue;
  intensity: number;
  /** The Byte ranges field as typed, and what it says (an error, or the ranges). */
  rangesText: string;
  rangesField: RangesField;
  fixChecksums: boolean;
  /** Whether the chosen algorithm takes byte ranges and Keep checksums valid. */
  optionsApply: boolean;
  /** The master seed; null only until the page has mounted. */
  seed: number | null;
  zipping: boolean;
  telemetryShown: boolean;
  /** The report of the latest processed file, if any. */
  latest: FileItem | undefined;
  addFiles(files: readonly File[]): void;
  removeFile(id: number): void;
  clearFiles(): void;
  setAlgorithm(value: string): void;
  setIntensity(value: number): void;
  setRangesText(text: string): void;
  setFixChecksums(on: boolean): void;
  newSeed(): void;
  /** Uses a seed the user typed; returns false (and says why) when it is not a valid seed. */
  applySeed(text: string): boolean;
  copySeed(): Promise<void>;
  /** Copies `/?algorithm=…&intensity=…&seed=…` for the current settings. */
  copyShareLink(): Promise<void>;
  start(): Promise<void>;
  /** Saves one result; one released after a ZIP download is made again first. */
  downloadFile(id: number): Promise<void>;
  downloadZip(): Promise<void>;
  copyReport(report: Report): Promise<void>;
  downloadReport(report: Report): Promise<void>;
  /** Saves `{name}_corruption_report.pdf`, made in this tab. */
  downloadPdf(report: Report): Promise<void>;
  pdfBusy: boolean;
  toggleTelemetry(): void;
}

/** Removes the stored results of files `ids` (their files in the origin-private file system). */
async function releaseStored(ids: readonly number[]): Promise<void> {
  const store = await resultStore();
  if (typeof store === 'object') await Promise.all(ids.map((id) => store.release(id)));
}

/** Shown once the browser has every byte of the ZIP (the service worker's served download ended). */
export const ZIP_READY = 'ZIP ready. Safe to close this tab.';

/**
 * A ZIP saved the plain way (no service worker serves downloads here): the browser reads the archive
 * on its own, and nothing tells the page when it has every byte, so it never says "safe to close".
 */
function plainZipToast(what: string) {
  return { title: 'ZIP download started', description: `${what}. Keep this tab open until your browser has saved it.` };
}

const WorkspaceContext = createContext<WorkspaceApi | null>(null);

export function useWorkspace(): WorkspaceApi {
  const api = useContext(WorkspaceContext);
  if (!api) throw new Error('useWorkspace must be used within a WorkspaceProvider');
  return api;
}

interface ProviderProps {
  children: ReactNode;
  /** The engine; tests pass their own. */
  engine?: CorruptFn;
  /** The first master seed; random when absent. */
  initialSeed?: number;
}

export function WorkspaceProvider({ children, engine = corrupt, initialSeed }: ProviderProps) {
  const [state, dispatch] = useReducer(workspaceReducer, initialWorkspace);
  const [algorithm, setAlgorithmValue] = useState<AlgorithmValue>(ALGORITHMS[0].value);
  const [intensity, setIntensityValue] = useState<number>(INTENSITY.default);
  const [rangesText, setRangesText] = useState('');
  const [fixChecksums, setFixChecksums] = useState(false);
  const rangesField = useMemo(() => parseRangesField(rangesText), [rangesText]);
  const optionsApply = (RANGE_MODES as readonly string[]).includes(algorithmFor(algorithm).mode);
  // Drawn after mount, so a prerendered page never bakes one seed in for every visitor.
  const [seed, setSeed] = useState<number | null>(initialSeed ?? null);
  const [zipping, setZipping] = useState(false);
  const [telemetryShown, setTelemetryShown] = useState(false);
  const [pdfBusy, setPdfBusy] = useState(false);
  /** How many ZIP downloads under way read each result (by its report). */
  const readingRef = useRef(new WeakMap<Report, number>());
  /** The same by file id: a stored result a ZIP download still streams from is not removed. */
  const streamingRef = useRef(new Map<number, number>());
  /** Files removed or cleared while a ZIP download streamed their results: those go when it ends. */
  const orphanedRef = useRef(new Set<number>());

  // Commands run after awaits and must see the latest state, not the render they started in.
  const stateRef = useRef(state);
  stateRef.current = state;
  const settingsRef = useRef({ algorithm, intensity, seed, rangesField, fixChecksums, optionsApply });
  settingsRef.current = { algorithm, intensity, seed, rangesField, fixChecksums, optionsApply };

  // The session report describes the run that produced the files, not settings changed since.
  const lastRunRef = useRef<RunSettings | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  // The real engine's heavy parts load when the page is idle, or with the first file (addFiles).
  const preload = engine === corrupt ? preloadWorkspace : undefined;
  useEffect(() => (preload ? whenIdle(preload) : undefined), [preload]);

  useEffect(() => {
    if (initialSeed === undefined) setSeed(randomSeed());
  }, [initialSeed]);

  // A share link (/?algorithm=…&intensity=…&seed=…) presets the settings; bad values are named and
  // ignored. Runs after the random seed above, so a seed from the link wins.
  const location = useLocation();
  useEffect(() => {
    const link = parseShareQuery(location.search);
    if (!link) return;
    const loaded: string[] = [];
    if (link.algorithm) {
      setAlgorithmValue(link.algorithm);
      loaded.push(modeLabel(algorithmFor(link.algorithm).mode));
    }
    if (link.intensity !== undefined) {
      setIntensityValue(link.intensity);
      loaded.push(`intensity ${link.intensity}%`);
    }
    if (link.seed !== undefined) {
      setSeed(link.seed);
      loaded.push(`seed ${link.seed}`);
    }
    if (loaded.length > 0) toast({ title: 'Settings loaded from link', description: `${loaded.join(', ')}.` });
    if (link.ignored.length > 0) {
      toast({
        title: 'Some link settings were ignored',
        description: `Ignored ${link.ignored.join('; ')}.`,
        variant: 'destructive',
      });
    }
  }, [location.search]);

  // "Start Corrupting" and the mode pages arrive with { scrollTo: 'upload', algorithm }.
  const requested = (location.state as { algorithm?: unknown } | null)?.algorithm;
  useEffect(() => {
    if (typeof requested === 'string') setAlgorithmValue(algorithmFor(requested).value);
  }, [requested]);

  const start = useCallback(async () => {
    const current = stateRef.current;
    if (current.busy) return;
    if (current.items.length === 0) {
      toast({ title: 'No files selected', description: 'Please add files first.', variant: 'destructive' });
      return;
    }
    const plan = planRun(current.items);
    for (const item of plan.tooLarge) {
      toast({
        title: 'File too large',
        description: `${displayName(item.file.name)} exceeds 200MB limit`,
        variant: 'destructive',
      });
    }
    if (plan.toProcess.length === 0) {
      if (plan.tooLarge.length === 0) {
        toast({
          title: 'Nothing to process',
          description: 'Every file already has a result. Add more files to run again.',
        });
      }
      return;
    }
    const { algorithm: value, intensity: level, rangesField: field, optionsApply: apply } = settingsRef.current;
    if (apply && !field.ok) {
      toast({ title: 'Check the byte ranges', description: field.error, variant: 'destructive' });
      return;
    }
    const masterSeed = settingsRef.current.seed ?? randomSeed();
    const controller = new AbortController();
    abortRef.current = controller;
    const settings: RunSettings = { mode: algorithmFor(value).mode, intensity: level, masterSeed };
    if (apply && field.ok && field.ranges) settings.ranges = field.ranges;
    if (apply && settingsRef.current.fixChecksums) settings.fixChecksums = true;
    lastRunRef.current = settings;
    dispatch({ type: 'runStarted', ids: plan.toProcess.map((item) => item.id) });
    try {
      // Outputs go to the origin-private file system when the real engine runs (tests pass their own).
      const store = engine === corrupt ? await resultStore() : undefined;
      if (typeof store === 'string') toast({ title: KEPT_IN_MEMORY, description: keptInMemory(store) });
      const outcome = await runFiles(plan.toProcess, settings, {
        corrupt: engine,
        dispatch,
        pacing: browserPacing(),
        signal: controller.signal,
        storeFor: typeof store === 'object' ? (item) => store.pathFor(item.id) : undefined,
      });
      if (outcome.aborted) return;
      const notStored = outcome.notStored[0];
      if (notStored) toast({ title: KEPT_IN_MEMORY, description: keptInMemory(notStored.reason) });
      for (const _ of outcome.failed) toast(PROCESSING_FAILED);
      if (outcome.completed.length > 0) {
        toast({
          title: 'Done. Files saved locally.',
          description: `Successfully processed ${plural(outcome.completed.length, 'file')} with deterministic seeds`,
        });
      }
    } catch {
      // runFiles settles every file itself; reaching here means the run as a whole broke.
      toast(PROCESSING_FAILED);
    } finally {
      dispatch({ type: 'runEnded' });
      if (abortRef.current === controller) abortRef.current = null;
    }
  }, [engine]);

  const downloadFile = useCallback(async (id: number) => {
    const item = stateRef.current.items.find((f): f is Finished => f.id === id && f.result !== undefined);
    if (!item) return;
    const name = corruptedName(item.file.name);
    if (!item.result.blob) toast({ title: 'Making the file again', description: MADE_AGAIN(displayName(name)) });
    try {
      saveBlob(await bytesOf(item), name);
    } catch (error) {
      toast({
        title: 'Download failed',
        description: messageOf(error) ?? 'The corrupted file could not be made again',
        variant: 'destructive',
      });
    }
  }, []);

  /**
   * After the ZIP download has every byte: lets go of the results it was made of (their stored
   * files, or their Blobs), each made again from its report when asked for (bytesOf).
   */
  const releaseResults = useCallback(
    async (items: readonly Finished[]) => {
      const opened = engine === corrupt ? await resultStore() : undefined;
      const store = typeof opened === 'object' ? opened : undefined;
      for (const { id, result } of items) {
        const now = stateRef.current.items.find((f) => f.id === id);
        // Removed since, or another result by now: nothing of this one to let go.
        if (now?.result?.report !== result.report || !now.result.blob) continue;
        const file = now.file;
        const path = store?.pathFor(id);
        const gone = store?.release(id);
        dispatch({
          type: 'released',
          id,
          // Written where the released file was, once it is gone.
          remake: async () => {
            await gone;
            const blob = await remakeResult(file, result.report, engine, path);
            dispatch({ type: 'remade', id, report: result.report, blob });
            return blob;
          },
        });
      }
    },
    [engine],
  );

  const downloadZip = useCallback(async () => {
    const current = stateRef.current;
    if (current.busy) return;
    const done = processedItems(current.items);
    if (done.length === 0) {
      toast({
        title: 'No processed files',
        description: 'Process files first before downloading as ZIP',
        variant: 'destructive',
      });
      return;
    }
    setZipping(true);
    try {
      const { algorithm: value, intensity: level, seed: masterSeed } = settingsRef.current;
      const settings = lastRunRef.current ?? {
        mode: algorithmFor(value).mode,
        intensity: level,
        masterSeed: masterSeed ?? 0,
      };
      const { batchArchive } = await loadBatch();
      // Results released by an earlier ZIP download are made again first, one at a time.
      const files = [];
      for (const item of done) files.push({ data: await bytesOf(item), report: item.result.report });
      const archive = await batchArchive(files, settings, new Date());
      // A result that another ZIP download under way still reads is let go when that one is done.
      const reading = readingRef.current;
      const streaming = streamingRef.current;
      const read = (by: number) => {
        for (const { id, result } of done) {
          reading.set(result.report, (reading.get(result.report) ?? 0) + by);
          const count = (streaming.get(id) ?? 0) + by;
          if (count > 0) streaming.set(id, count);
          else {
            streaming.delete(id);
            // Removed while the archive streamed from it: its stored result goes now.
            if (orphanedRef.current.delete(id)) void releaseStored([id]);
          }
        }
      };
      read(1);
      const served = await serveDownload(archive.blob, archive.name).catch((error: unknown) => {
        read(-1);
        throw error;
      });
      const what = `${plural(done.length, 'file')} with premium session report`;
      if (served) {
        keepWhileStreaming(served.ended);
        // "Safe to close" only once the browser has the last byte, which the service worker tells.
        toast({ title: 'Downloading ZIP', description: `${what}. Keep this tab open until it is saved.` });
        void served.ended.then((end) => {
          read(-1);
          if (end === 'done') {
            toast({ title: ZIP_READY, description: `Downloaded ${what}` });
            return releaseResults(done.filter(({ result }) => reading.get(result.report) === 0));
          }
          // Not served after all (the worker was replaced meanwhile): saved the plain way, kept.
          if (end === 'unserved') {
            saveBlob(archive.blob, archive.name);
            toast(plainZipToast(what));
          } else {
            toast({
              title: end === 'cancelled' ? 'ZIP download cancelled' : 'ZIP download failed',
              description: 'The archive did not reach your downloads. Your results are still here: download again.',
              variant: 'destructive',
            });
          }
        });
      } else {
        read(-1);
        saveBlob(archive.blob, archive.name);
        toast(plainZipToast(what));
      }
    } catch (error) {
      toast({
        title: 'ZIP Creation Failed',
        description: messageOf(error) ?? 'Unknown error occurred',
        variant: 'destructive',
      });
    } finally {
      setZipping(false);
    }
  }, [releaseResults]);

  const copySeed = useCallback(async () => {
    const { seed: current } = settingsRef.current;
    if (current === null) return;
    try {
      await copyText(String(current));
      toast({ title: 'Seed copied', description: `Seed ${current} is on your clipboard.` });
    } catch (error) {
      toast({
        title: 'Copy failed',
        description: messageOf(error) ?? 'Unable to copy the seed',
        variant: 'destructive',
      });
    }
  }, []);

  const newSeed = useCallback(() => {
    const next = randomSeed();
    setSeed(next);
    toast({ title: 'New seed generated', description: `Runs now start from seed ${next}.` });
  }, []);

  const applySeed = useCallback((text: string) => {
    const value = parseSeed(text);
    if (value === undefined) {
      toast({
        title: 'Invalid seed',
        description: 'Enter a whole number from 0 to 9007199254740991.',
        variant: 'destructive',
      });
      return false;
    }
    setSeed(value);
    toast({ title: 'Seed set', description: `Runs now start from seed ${value}.` });
    return true;
  }, []);

  /** The report as the browser hands it out: engine fields, then replay, share_link, browser_decoder. */
  const hosted = useCallback((report: Report) => {
    const item = finishedWith(stateRef.current.items, report);
    return item ? hostReportOf(item) : Promise.resolve(withHostFields(report));
  }, []);

  const copyReport = useCallback(
    async (report: Report) => {
      try {
        await copyText(reportJson(await hosted(report), 2));
        toast({ title: 'Report copied', description: `${displayName(report.filename)} report is on your clipboard.` });
      } catch (error) {
        toast({
          title: 'Copy failed',
          description: messageOf(error) ?? 'Unable to copy report metadata',
          variant: 'destructive',
        });
      }
    },
    [hosted],
  );

  const downloadReport = useCallback(
    async (report: Report) => {
      const name = reportName(report.filename);
      const json = reportJson(await hosted(report), 2);
      saveBlob(new Blob([json], { type: 'application/json' }), name);
      toast({ title: 'Report downloaded', description: name });
    },
    [hosted],
  );

  const downloadPdf = useCallback(async (report: Report) => {
    const item = finishedWith(stateRef.current.items, report);
    if (!item) return;
    setPdfBusy(true);
    try {
      const { pdfReportName } = await loadPdf();
      const name = pdfReportName(report.filename);
      saveBlob(await pdfOf(item, new Date()), name);
      toast({ title: 'PDF report downloaded', description: name });
    } catch (error) {
      toast({
        title: 'PDF report failed',
        description: messageOf(error) ?? 'Unknown error occurred',
        variant: 'destructive',
      });
    } finally {
      setPdfBusy(false);
    }
  }, []);

  const copyShareLink = useCallback(async () => {
    const { algorithm: value, intensity: level, seed: current } = settingsRef.current;
    if (current === null) return;
    const link = shareLink({ mode: algorithmFor(value).mode, intensity: level, seed: current });
    try {
      await copyText(link);
      toast({ title: 'Share link copied', description: link });
    } catch (error) {
      toast({
        title: 'Copy failed',
        description: messageOf(error) ?? 'Unable to copy the share link',
        variant: 'destructive',
      });
    }
  }, []);

  const api = useMemo<WorkspaceApi>(() => {
    const latest = state.latestId === null ? undefined : state.items.find((f) => f.id === state.latestId);
    return {
      state,
      algorithm,
      intensity,
      rangesText,
      rangesField,
      fixChecksums,
      optionsApply,
      seed,
      zipping,
      telemetryShown,
      latest,
      addFiles: (files) => {
        if (preload) {
          preload();
          void resultStore();
        }
        dispatch({ type: 'add', files });
      },
      removeFile: (id) => {
        // As the reducer: a file in the middle of a run stays, and so does its storage.
        const kept = stateRef.current.items.find((f) => f.id === id)?.processing !== false;
        dispatch({ type: 'remove', id });
        if (!preload || kept) return;
        // A ZIP download still streaming from its stored result lets it go when it ends.
        if (streamingRef.current.has(id)) orphanedRef.current.add(id);
        else void releaseStored([id]);
      },
      clearFiles: () => {
        const { busy, items } = stateRef.current;
        dispatch({ type: 'clear' });
        if (!preload || busy) return;
        const streaming = streamingRef.current;
        if (streaming.size === 0) {
          void resultStore().then((store) => (typeof store === 'object' ? store.releaseAll() : undefined));
          return;
        }
        // A ZIP download is streaming: the results it reads go when it ends, the others now.
        for (const { id } of items) if (streaming.has(id)) orphanedRef.current.add(id);
        void releaseStored(items.filter(({ id }) => !streaming.has(id)).map(({ id }) => id));
      },
      setAlgorithm: (value) => setAlgorithmValue(algorithmFor(value).value),
      setIntensity: (value) => setIntensityValue(clampIntensity(value)),
      setRangesText,
      setFixChecksums,
      newSeed,
      applySeed,
      copySeed,
      copyShareLink,
      start,
      downloadFile,
      downloadZip,
      copyReport,
      downloadReport,
      downloadPdf,
      pdfBusy,
      toggleTelemetry: () => setTelemetryShown((shown) => !shown),
    };
  }, [
    state,
    algorithm,
    intensity,
    rangesText,
    rangesField,
    fixChecksums,
    optionsApply,
    seed,
    zipping,
    telemetryShown,
    newSeed,
    applySeed,
    copySeed,
    copyShareLink,
    start,
    downloadFile,
    downloadZip,
    copyReport,
    downloadReport,
    preload,
    downloadPdf,
    pdfBusy,
  ]);

  return <WorkspaceContext.Provider value={api}>{children}</WorkspaceContext.Provider>;
}

// The workspace's state and commands, shared by the upload section, the report section and the
// preview panel through one context. The provider puts together four hooks, one per concern:
// selection (useSelection.ts: the files and their states), settings (useSettings.ts), the run
// (useRun.ts) and the results (useResults.ts: downloads, ZIP, reports). Everything that talks to the
// engine, the clipboard or the download machinery goes through them; the components only render
// and call. What they run on (engine, preloading, result storage) is the host (host.ts).
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { AlgorithmValue } from '../../../lib/engine/shared/modes.ts';
import type { ModeVariant, Report } from '../../../lib/engine/shared/types.ts';
import { whenIdle } from '../site/shell/idle.ts';
import { browserHost, type WorkspaceHost } from './host.ts';
import type { RangesField } from './rangesField.ts';
import { type FileItem, indexOfId, type WorkspaceState } from './state.ts';
import { useResults } from './useResults.ts';
import { useRun } from './useRun.ts';
import { useSelection } from './useSelection.ts';
import { type OpenedLink, useSettings } from './useSettings.ts';
import { useShownLatest } from './useShownLatest.ts';
import type { ExpectedFile } from './share.ts';
import { ZipReads } from './zip-reads.ts';

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
  /** The Member field as typed (a glob of ZIP or tar members, docs/contract.md section 6.11). */
  memberText: string;
  setMemberText(text: string): void;
  /** The chosen algorithm's own options (variantOptions.ts), and a change to some of them. */
  variant: ModeVariant;
  setVariant(patch: ModeVariant): void;
  /** The master seed; null only until the page has mounted. */
  seed: number | null;
  zipping: boolean;
  telemetryShown: boolean;
  /** The report of the latest processed file, if any (during a run, updated twice a second: useShownLatest.ts). */
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
  /** Copies the share link of the current settings (docs/contract.md, section 11.5). */
  copyShareLink(file?: ExpectedFile): Promise<void>;
  /** The share link the page was opened with (share.ts), until dismissed. */
  link: OpenedLink | undefined;
  /** Whether the settings are still the loaded link's. */
  linkHolds: boolean;
  dismissLink(): void;
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

const WorkspaceContext = createContext<WorkspaceApi | null>(null);

export function useWorkspace(): WorkspaceApi {
  const api = useContext(WorkspaceContext);
  if (!api) throw new Error('useWorkspace must be used within a WorkspaceProvider');
  return api;
}

interface ProviderProps {
  children: ReactNode;
  /** What the workspace runs on; tests pass their own engine and no storage. */
  host?: WorkspaceHost;
  /** The first master seed; random when absent. */
  initialSeed?: number;
}

export function WorkspaceProvider({ children, host = browserHost, initialSeed }: ProviderProps) {
  const [zipReads] = useState(() => new ZipReads());
  const selection = useSelection(host, zipReads);
  const settings = useSettings(initialSeed);
  const run = useRun(host, selection, settings.now);
  const results = useResults({ host, selection, settings: settings.now, lastRun: run.lastRun, zipReads });
  const [telemetryShown, setTelemetryShown] = useState(false);

  // The engine's heavy parts load when the page is idle, or with the first file (addFiles).
  const { preload } = host;
  useEffect(() => (preload ? whenIdle(preload) : undefined), [preload]);

  const { state } = selection;
  const latestId = useShownLatest(state.latestId, state.busy);
  const api = useMemo<WorkspaceApi>(() => {
    const latest = latestId === null ? undefined : state.items[indexOfId(state.items, latestId)];
    return {
      state,
      latest,
      addFiles: selection.addFiles,
      removeFile: selection.removeFile,
      clearFiles: selection.clearFiles,
      algorithm: settings.algorithm,
      intensity: settings.intensity,
      rangesText: settings.rangesText,
      rangesField: settings.rangesField,
      fixChecksums: settings.fixChecksums,
      optionsApply: settings.optionsApply,
      memberText: settings.memberText,
      setMemberText: settings.setMemberText,
      variant: settings.variant,
      setVariant: settings.setVariant,
      seed: settings.seed,
      setAlgorithm: settings.setAlgorithm,
      setIntensity: settings.setIntensity,
      setRangesText: settings.setRangesText,
      setFixChecksums: settings.setFixChecksums,
      newSeed: settings.newSeed,
      applySeed: settings.applySeed,
      copySeed: settings.copySeed,
      copyShareLink: settings.copyShareLink,
      link: settings.link,
      linkHolds: settings.linkHolds,
      dismissLink: settings.dismissLink,
      start: run.start,
      zipping: results.zipping,
      pdfBusy: results.pdfBusy,
      downloadFile: results.downloadFile,
      downloadZip: results.downloadZip,
      copyReport: results.copyReport,
      downloadReport: results.downloadReport,
      downloadPdf: results.downloadPdf,
      telemetryShown,
      toggleTelemetry: () => setTelemetryShown((shown) => !shown),
    };
  }, [
    state,
    latestId,
    selection.addFiles,
    selection.removeFile,
    selection.clearFiles,
    settings.algorithm,
    settings.intensity,
    settings.rangesText,
    settings.rangesField,
    settings.fixChecksums,
    settings.optionsApply,
    settings.memberText,
    settings.setMemberText,
    settings.variant,
    settings.setVariant,
    settings.seed,
    settings.setAlgorithm,
    settings.setIntensity,
    settings.setRangesText,
    settings.setFixChecksums,
    settings.newSeed,
    settings.applySeed,
    settings.copySeed,
    settings.copyShareLink,
    settings.link,
    settings.linkHolds,
    settings.dismissLink,
    run.start,
    results.zipping,
    results.pdfBusy,
    results.downloadFile,
    results.downloadZip,
    results.copyReport,
    results.downloadReport,
    results.downloadPdf,
    telemetryShown,
  ]);

  return <WorkspaceContext.Provider value={api}>{children}</WorkspaceContext.Provider>;
}

// What the user does with finished files: save one, save all as a ZIP (with the session report),
// copy or save a report as JSON, save its PDF. After a ZIP download has every byte, the results it
// was made of are let go and made again from their reports when asked for (results.ts).
import { useCallback, useState } from 'react';
import { algorithmFor } from '../../../lib/engine/shared/modes.ts';
import { corruptedName, reportName } from '../../../lib/engine/shared/names.ts';
import type { Report } from '../../../lib/engine/shared/types.ts';
import { displayName, reportJson } from '../../../lib/report/display.ts';
import { withHostFields } from '../../../lib/engine/host-module/reports.ts';
import { toast } from '../ui/toast.tsx';
import { copyText, saveBlob } from './bytes.ts';
import { loadBatch } from './heavy.ts';
import { type WorkspaceHost, openedStore, releaseStored } from './host.ts';
import { messageOf, plural } from './messages.ts';
import { loadOutputs } from './outputs.ts';
import { bytesOf, type Finished, hostReportOf, loadPdf, pdfOf, remakeResult } from './results.ts';
import type { RunSettings } from './run.ts';
import { serveDownload } from './served-download.ts';
import { processedItems } from './state.ts';
import type { FileItem } from './state.ts';
import { keepWhileStreaming } from './storage.ts';
import type { Selection } from './useSelection.ts';
import type { SettingsNow } from './useSettings.ts';
import type { ZipReads } from './zip-reads.ts';

/** Shown once the browser has every byte of the ZIP (the service worker's served download ended). */
export const ZIP_READY = 'ZIP ready. Safe to close this tab.';

const madeAgain = (name: string) =>
  `${name} was let go after the ZIP download; the same seed makes the same bytes again.`;

/**
 * A ZIP saved the plain way (no service worker serves downloads here): the browser reads the archive
 * on its own, and nothing tells the page when it has every byte, so it never says "safe to close".
 */
function plainZipToast(what: string) {
  return { title: 'ZIP download started', description: `${what}. Keep this tab open until your browser has saved it.` };
}

/** The finished file a report belongs to, for the fields only the page knows. */
function finishedWith(items: readonly FileItem[], report: Report): Finished | undefined {
  return items.find((f) => f.result?.report === report) as Finished | undefined;
}

export interface Results {
  zipping: boolean;
  pdfBusy: boolean;
  /** Saves one result; one released after a ZIP download is made again first. */
  downloadFile(id: number): Promise<void>;
  downloadZip(): Promise<void>;
  copyReport(report: Report): Promise<void>;
  downloadReport(report: Report): Promise<void>;
  /** Saves `{name}_corruption_report.pdf`, made in this tab. */
  downloadPdf(report: Report): Promise<void>;
}

export interface ResultsDeps {
  host: WorkspaceHost;
  selection: Selection;
  settings: () => SettingsNow;
  /** The settings of the last run, which the session report describes. */
  lastRun: () => RunSettings | null;
  zipReads: ZipReads;
}

export function useResults({ host, selection, settings, lastRun, zipReads }: ResultsDeps): Results {
  const { now, dispatch } = selection;
  const [zipping, setZipping] = useState(false);
  const [pdfBusy, setPdfBusy] = useState(false);

  const downloadFile = useCallback(
    async (id: number) => {
      const item = now().items.find((f): f is Finished => f.id === id && f.result !== undefined);
      if (!item) return;
      const name = corruptedName(item.file.name);
      if (!item.result.blob) toast({ title: 'Making the file again', description: madeAgain(displayName(name)) });
      try {
        saveBlob(await bytesOf(item), name);
      } catch (error) {
        toast({
          title: 'Download failed',
          description: messageOf(error) ?? 'The corrupted file could not be made again',
          variant: 'destructive',
        });
      }
    },
    [now],
  );

  /**
   * After the ZIP download has every byte: lets go of the results it was made of (their stored
   * files, or their Blobs), each made again from its report when asked for (bytesOf).
   */
  const releaseResults = useCallback(
    async (items: readonly Finished[]) => {
      const store = await openedStore(host);
      for (const { id, result } of items) {
        const current = now().items.find((f) => f.id === id);
        // Removed since, or another result by now: nothing of this one to let go.
        if (current?.result?.report !== result.report || !current.result.blob) continue;
        const file = current.file;
        const path = store?.pathFor(id);
        const gone = store?.release(id);
        dispatch({
          type: 'released',
          id,
          // Written where the released file was, once it is gone.
          remake: async () => {
            await gone;
            const blob = await remakeResult(file, result.report, host.corrupt, path);
            dispatch({ type: 'remade', id, report: result.report, blob });
            return blob;
          },
        });
      }
    },
    [host, now, dispatch],
  );

  const downloadZip = useCallback(async () => {
    const current = now();
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
      const { algorithm, intensity, seed } = settings();
      const described = lastRun() ?? { mode: algorithmFor(algorithm).mode, intensity, masterSeed: seed ?? 0 };
      const { batchArchive } = await loadBatch();
      // Results released by an earlier ZIP download are made again first, one at a time.
      const files = [];
      for (const item of done) files.push({ data: await bytesOf(item), report: item.result.report });
      const archive = await batchArchive(files, described, new Date());
      // A result that another ZIP download under way still reads is let go when that one is done;
      // one removed while this archive streamed from it goes when this one ends.
      const read = (by: 1 | -1) => {
        const free = zipReads.read(done, by);
        if (free.length > 0) void releaseStored(host, free);
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
            return releaseResults(done.filter(({ result }) => zipReads.readers(result.report) === 0));
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
  }, [host, now, settings, lastRun, zipReads, releaseResults]);

  /** The report as the browser hands it out: engine fields, then replay, share_link, browser_decoder. */
  const hosted = useCallback(
    (report: Report) => {
      const item = finishedWith(now().items, report);
      return item ? hostReportOf(item) : loadOutputs().then((outputs) => withHostFields(outputs, report));
    },
    [now],
  );

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

  const downloadPdf = useCallback(
    async (report: Report) => {
      const item = finishedWith(now().items, report);
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
    },
    [now],
  );

  return { zipping, pdfBusy, downloadFile, downloadZip, copyReport, downloadReport, downloadPdf };
}

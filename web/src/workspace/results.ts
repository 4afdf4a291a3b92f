// What the workspace works out about a finished file after the engine is done, once per result and
// only when something asks: its change map and the browser's verdict. Both are cached beside the
// result (a WeakMap, so they go when the file is removed).
import type { ChangeMap } from '../../../lib/report/changes.ts';
import { type BrowserDecoder, type HostReport, withHostFields } from '../../../lib/report/host-fields.ts';
import { mapChanges } from './changes-client.ts';
import { browserVerdict } from './media.ts';
import type { FileItem, FileResult } from './state.ts';

const maps = new WeakMap<FileResult, Promise<ChangeMap>>();
const verdicts = new WeakMap<FileResult, Promise<BrowserDecoder>>();

export function changesOf(item: Finished): Promise<ChangeMap> {
  let map = maps.get(item.result);
  if (!map) {
    map = mapChanges(item.file, item.result.blob);
    // A failure is not cached: asking again retries.
    map.catch(() => maps.delete(item.result));
    maps.set(item.result, map);
  }
  return map;
}

export function verdictOf(item: Finished): Promise<BrowserDecoder> {
  let verdict = verdicts.get(item.result);
  if (!verdict) {
    verdict = browserVerdict(item.file, item.result.blob, item.file.name).catch(() => 'not_applicable' as const);
    verdicts.set(item.result, verdict);
  }
  return verdict;
}

/** The report as the browser hands it out: the engine's fields, then replay, share_link, browser_decoder. */
export async function hostReportOf(item: Finished): Promise<HostReport> {
  return withHostFields(item.result.report, await verdictOf(item));
}

export type Finished = FileItem & { result: FileResult };

/** The PDF writer and pdf-lib: loaded only when a PDF is made, never with the page. */
export const loadPdf = () => import('../../../lib/report/pdf.ts');

/** The file's PDF report, made in this tab. */
export async function pdfOf(item: Finished, madeAt: Date): Promise<Blob> {
  const [{ fileReportPdf }, report, changes] = await Promise.all([loadPdf(), hostReportOf(item), changesOf(item)]);
  const bytes = await fileReportPdf({ report, changes, madeAt });
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}

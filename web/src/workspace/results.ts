// What the workspace works out about a finished file after the engine is done, once per result and
// only when something asks: its bytes (made again if they were released), its change map and the
// browser's verdict. The map and the verdict are cached beside the result's report (a WeakMap, so
// they go when the file is removed); a released and remade result keeps them.
import type { CorruptOptions, Report } from '../../../lib/engine/shared/types.ts';
import {
  type BrowserDecoder,
  type ChangeMap,
  type HostReport,
  withHostFields,
} from '../../../lib/engine/host-module/reports.ts';
import { mapChanges } from './changes-client.ts';
import { loadOutputs } from './outputs.ts';
import { browserVerdict } from './media.ts';
import { parseRangesField } from './rangesField.ts';
import { type CorruptFn, outputBlob } from './run.ts';
import type { Finished } from './state.ts';

export type { Finished };

const maps = new WeakMap<Report, Promise<ChangeMap>>();
const verdicts = new WeakMap<Report, Promise<BrowserDecoder>>();
/** One remake at a time per release, however many views ask. */
const remakes = new WeakMap<() => Promise<Blob>, Promise<Blob>>();

/** The file's corrupted bytes: the result's own, or, once released, made again (once per release). */
export function bytesOf(item: Finished): Promise<Blob> {
  const { blob, remake } = item.result;
  if (blob) return Promise.resolve(blob);
  let made = remakes.get(remake);
  if (!made) {
    made = remake();
    // A failure is not kept: asking again retries.
    made.catch(() => remakes.delete(remake));
    remakes.set(remake, made);
  }
  return made;
}

/**
 * The engine options that made `report`'s output: its mode, intensity, seed, ranges (selectors as
 * given), fixing, member glob and the mode's own options (direction, charset, BOM, block size).
 */
export function optionsOf(report: Report): CorruptOptions {
  const { mode, intensity, seed } = report;
  const options: CorruptOptions = { mode, intensity, seed };
  if (report.ranges) {
    const field = parseRangesField(report.ranges);
    if (!field.ok) throw new Error(`The report's byte ranges do not read back: ${field.error}`);
    if (field.ranges) options.ranges = field.ranges;
  }
  if (report.checksums_fixed !== undefined) options.fixChecksums = true;
  if (report.member !== undefined) options.member = report.member.glob;
  // The mode's own options, where the mode takes them (a report records shuffle_blocks' block size too).
  if (mode === 'text_transfer' || mode === 'charset_roundtrip') options.direction = report.direction;
  if (mode === 'charset_roundtrip') Object.assign(options, { charset: report.charset, bom: report.bom });
  if (mode === 'misdirected_write') options.blockSize = report.block_size;
  return options;
}

/**
 * Runs the engine again on the original with the options its report records, into `storePath` when
 * given. The engine is deterministic, so the bytes are the first run's; the SHA-256 is checked all
 * the same, and a mismatch is an error rather than a different file under the same report.
 */
export async function remakeResult(
  file: File,
  report: Report,
  corrupt: CorruptFn,
  storePath?: readonly string[],
): Promise<Blob> {
  const produced = await corrupt(
    file,
    file.name,
    optionsOf(report),
    {},
    undefined,
    storePath ? { path: storePath } : undefined,
  );
  if (produced.report.sha256_after !== report.sha256_after)
    throw new Error(`${file.name} came out different when made again (was the original changed on disk?)`);
  return outputBlob(produced.data);
}

export function changesOf(item: Finished): Promise<ChangeMap> {
  const key = item.result.report;
  let map = maps.get(key);
  if (!map) {
    map = bytesOf(item).then((blob) => mapChanges(item.file, blob));
    // A failure is not cached: asking again retries.
    map.catch(() => maps.delete(key));
    maps.set(key, map);
  }
  return map;
}

export function verdictOf(item: Finished): Promise<BrowserDecoder> {
  const key = item.result.report;
  let verdict = verdicts.get(key);
  if (!verdict) {
    verdict = bytesOf(item)
      .then((blob) => browserVerdict(item.file, blob, item.file.name))
      .catch(() => 'not_applicable' as const);
    verdicts.set(key, verdict);
  }
  return verdict;
}

/** The report as the browser hands it out: the engine's fields, then replay, share_link, browser_decoder. */
export async function hostReportOf(item: Finished): Promise<HostReport> {
  const [outputs, browserDecoder] = await Promise.all([loadOutputs(), verdictOf(item)]);
  return withHostFields(outputs, item.result.report, { browserDecoder });
}

/** The PDF reports' names and calls: loaded only when a PDF is made, never with the page. */
export const loadPdf = () => import('../../../lib/report/pdf.ts');

/** The file's PDF report, made in this tab. */
export async function pdfOf(item: Finished, madeAt: Date): Promise<Blob> {
  const [{ fileReportPdf }, writers, report, changes] = await Promise.all([
    loadPdf(),
    loadOutputs(),
    hostReportOf(item),
    changesOf(item),
  ]);
  const bytes = fileReportPdf(writers, { report, changes, madeAt });
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}

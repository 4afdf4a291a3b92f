// "Download All as ZIP": every processed file plus the session report (JSON and PDF), written by the streaming ZIP
// writer the command line tool also uses (STORE, ZIP64 when needed, names made safe and unique).
import { withHostFields } from '../../../lib/report/host-fields.ts';
import type { Report } from '../../../lib/engine/shared/types.ts';
import { batchEntries, buildSessionReport, sessionZipName } from '../../../lib/zip/session.ts';
import { zipParts } from '../../../lib/zip/writer.ts';
import { loadPdfWriters } from './results.ts';
import type { RunSettings } from './run.ts';

/** Each finished file's corrupted bytes (`data`) and report, in list order. */
export async function batchArchive(
  done: readonly { data: Blob; report: Report }[],
  settings: RunSettings,
  at: Date,
): Promise<{ blob: Blob; name: string }> {
  const session = buildSessionReport({
    timestamp: at,
    mode: settings.mode,
    intensity: settings.intensity,
    masterSeed: settings.masterSeed,
    files: done.map((result) => withHostFields(result.report)),
  });
  // The PDF writer (the outputs module) comes with the first batch, not with the page.
  const [{ sessionReportPdf }, writers] = await Promise.all([import('../../../lib/report/pdf.ts'), loadPdfWriters()]);
  const pdf = sessionReportPdf(writers, { session, madeAt: at });
  const entries = batchEntries(done, session, pdf);
  // A Blob of the headers and the results themselves, by reference: results kept in the
  // origin-private file system are read from disk by the download, never copied into memory.
  const parts: BlobPart[] = [];
  for await (const part of zipParts(entries))
    parts.push(part instanceof Uint8Array ? (part as Uint8Array<ArrayBuffer>) : (part.source as Blob));
  return { blob: new Blob(parts, { type: 'application/zip' }), name: sessionZipName(at) };
}

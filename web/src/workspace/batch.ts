// "Download All as ZIP": every processed file plus the session report (JSON and PDF), laid out by the
// host crate's batch ZIP, the one the command lines write `--zip` with (lib/zip/batch.ts; STORE,
// ZIP64 when needed, names made safe and unique).
import { withHostFields } from '../../../lib/engine/host-module/reports.ts';
import type { Report } from '../../../lib/engine/shared/types.ts';
import { batchZip } from '../../../lib/zip/batch.ts';
import { loadOutputs } from './outputs.ts';
import type { RunSettings } from './run.ts';

/** Each finished file's corrupted bytes (`data`) and report, in list order. */
export async function batchArchive(
  done: readonly { data: Blob; report: Report }[],
  settings: RunSettings,
  at: Date,
): Promise<{ blob: Blob; name: string }> {
  // The outputs module (the ZIP's layout and the PDF writer) comes with the first batch, not with the page.
  const [{ sessionReportPdf }, outputs] = await Promise.all([import('../../../lib/report/pdf.ts'), loadOutputs()]);
  const { blob, name } = await batchZip(
    outputs,
    { startedAt: at, mode: settings.mode, intensity: settings.intensity, masterSeed: settings.masterSeed },
    done.map((result) => ({ data: result.data, report: withHostFields(outputs, result.report) })),
    { pdf: (session) => sessionReportPdf(outputs, { session, madeAt: at }) },
  );
  return { blob, name };
}

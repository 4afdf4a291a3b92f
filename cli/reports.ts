// The reports the CLI hands out beside the corrupted bytes: the engine's report with the host fields
// (replay command, share link; lib/report/host-fields.ts) and, with --pdf, PDF reports made by the
// writer every host uses (fracture-host's, through the outputs module; lib/report/pdf.ts), dated by
// SOURCE_DATE_EPOCH when it is set, as the native CLI's.
import { loadOutputsModule } from '../lib/engine/host-module/node.ts';
import { withHostFields, type HostReport } from '../lib/report/host-fields.ts';

export { withHostFields, type HostReport };

/** The PDF's name beside a JSON report's: `{name}_corruption_report.pdf`, `x (2).pdf` as `x (2).json`. */
export function pdfNameOf(jsonName: string): string {
  return `${jsonName.slice(0, -'.json'.length)}.pdf`;
}

/** A file's PDF report, with the change map of `original` against `result`. */
export async function filePdf(original: Uint8Array, result: Uint8Array, report: HostReport): Promise<Uint8Array> {
  const [{ fileReportPdf }, writers, { bytesSource, changeMap }] = await Promise.all([
    import('../lib/report/pdf.ts'),
    loadOutputsModule(),
    import('../lib/report/changes.ts'),
  ]);
  const changes = await changeMap(bytesSource(original), bytesSource(result));
  return fileReportPdf(writers, {
    report,
    changes,
    madeAt: new Date(),
    sourceDateEpoch: process.env.SOURCE_DATE_EPOCH,
  });
}

/** The session report's PDF (`session`: its JSON, as the batch ZIP holds it). */
export async function sessionPdf(session: string): Promise<Uint8Array> {
  const [{ sessionReportPdf }, writers] = await Promise.all([import('../lib/report/pdf.ts'), loadOutputsModule()]);
  return sessionReportPdf(writers, { session, madeAt: new Date(), sourceDateEpoch: process.env.SOURCE_DATE_EPOCH });
}

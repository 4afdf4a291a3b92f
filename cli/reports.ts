// The reports the CLI hands out beside the corrupted bytes: the engine's report with the host fields
// (replay command, share link; lib/report/host-fields.ts) and, with --pdf, PDF reports made by the
// same code as the browser's (lib/report/pdf.ts). pdf-lib is loaded only when a PDF is made; the
// package ships it bundled (scripts/build-package.mjs), so it adds no runtime dependency.
import { withHostFields, type HostReport } from '../lib/report/host-fields.ts';
import type { SessionReport } from '../lib/zip/session.ts';

export { withHostFields, type HostReport };

/** The PDF's name beside a JSON report's: `{name}_corruption_report.pdf`, `x (2).pdf` as `x (2).json`. */
export function pdfNameOf(jsonName: string): string {
  return `${jsonName.slice(0, -'.json'.length)}.pdf`;
}

function loadPdf() {
  return import('../lib/report/pdf.ts');
}

/** A file's PDF report, with the change map of `original` against `result`. */
export async function filePdf(original: Uint8Array, result: Uint8Array, report: HostReport): Promise<Uint8Array> {
  const [{ fileReportPdf }, { bytesSource, changeMap }] = await Promise.all([
    loadPdf(),
    import('../lib/report/changes.ts'),
  ]);
  const changes = await changeMap(bytesSource(original), bytesSource(result));
  return fileReportPdf({ report, changes, madeAt: new Date() });
}

/** The session report's PDF, for the batch ZIP. */
export async function sessionPdf(session: SessionReport): Promise<Uint8Array> {
  const { sessionReportPdf } = await loadPdf();
  return sessionReportPdf({ session, madeAt: new Date() });
}

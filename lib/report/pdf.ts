// PDF reports, a file's and a batch's session report: fracture-host's writer (engine-rs/host/src/
// report/pdf, with the pdf-writer crate), the one the native CLI calls, through the outputs module
// (engine-rs/outputs-wasm), so the same report and time make the same bytes in the site, the npm CLI
// and the SDK as natively. Each host hands over its loaded module: the npm CLI and the SDK through
// lib/engine/host-module/node.ts, the site through lib/engine/host-module/browser.ts, which fetches it
// the first time a PDF is made, never with the page.
import type { Report } from '../engine/shared/types.ts';
import type { ChangeMap } from '../engine/host-module/reports.ts';
import type { HostReport } from '../engine/host-module/reports.ts';

/** A file's entry in the session report, as the host crate writes it (docs/zip.md, "Session report";
 * the batch ZIP holds it: lib/zip/batch.ts). */
export interface SessionFile {
  filename: string;
  /** The file's name inside the batch ZIP: `{base}_corrupted{.ext}`, made safe and unique. */
  archive_name: string;
  original_size: number;
  result_size: number;
  entropy_delta: number;
  time_ms: number;
  seed: number;
  recipe: string;
  verdict: string;
  engine?: string;
  sha256_after?: string;
  replay?: string;
  expect_overall?: Report['expect_overall'];
}

/** The session report, keys in the order docs/product.md ("Session report") lists them. */
export interface SessionReport {
  session_timestamp: string;
  total_files: number;
  mode: string;
  intensity: number;
  master_seed: number;
  session_duration_ms: number;
  total_entropy_delta: number;
  recoverability: string;
  files: SessionFile[];
}

/** The outputs module's PDF writers (lib/engine/outputs-pkg; engine-rs/outputs-wasm/src/pdf.rs). */
export interface PdfWriters {
  fileReportPdf(report: string, changes: string, sourceDateEpoch: string | undefined, nowMs: number): Uint8Array;
  sessionReportPdf(session: string, sourceDateEpoch: string | undefined, nowMs: number): Uint8Array;
}

/**
 * When the report is made: `madeAt`, unless `sourceDateEpoch` (the command lines pass
 * SOURCE_DATE_EPOCH's value) holds a valid time, which then stands for it (fracture_host::session::
 * report_made_ms).
 */
export interface Made {
  madeAt: Date;
  sourceDateEpoch?: string;
}

/** A file's report (with its host fields) and its change map, as a PDF. */
export function fileReportPdf(
  writers: PdfWriters,
  { report, changes, madeAt, sourceDateEpoch }: { report: HostReport; changes: ChangeMap } & Made,
): Uint8Array {
  return writers.fileReportPdf(JSON.stringify(report), JSON.stringify(changes), sourceDateEpoch, madeAt.getTime());
}

/** The batch's session report (as the ZIP holds it) as a PDF. */
export function sessionReportPdf(
  writers: PdfWriters,
  { session, madeAt, sourceDateEpoch }: { session: SessionReport | string } & Made,
): Uint8Array {
  const json = typeof session === 'string' ? session : JSON.stringify(session);
  return writers.sessionReportPdf(json, sourceDateEpoch, madeAt.getTime());
}

/** `{name}_corruption_report.pdf`, spaces replaced by underscores (the JSON report's rule). */
export function pdfReportName(name: string): string {
  return `${name.replace(/ /g, '_')}_corruption_report.pdf`;
}

// The reports the CLI hands out beside the corrupted bytes: the engine's report with the host fields
// (replay command, share link) and, with --pdf, PDF reports with their change maps, all made by
// fracture-host through the outputs module (lib/engine/host-module/reports.ts, lib/report/pdf.ts), as
// the native CLI makes them, dated by SOURCE_DATE_EPOCH when it is set.
import { toBytes } from '../lib/engine/host/byte-paths.ts';
import { loadOutputsModule } from '../lib/engine/host-module/node.ts';
import { changeMapOf, type HostReport, withHostFields as hostFieldsOf } from '../lib/engine/host-module/reports.ts';
import type { Report } from '../lib/engine/shared/types.ts';

export type { HostReport };

/** The engine's report with `replay` (on `replayName`, a file's own name, when given) and `share_link`. */
export async function withHostFields(report: Report, replayName?: string): Promise<HostReport> {
  return hostFieldsOf(await loadOutputsModule(), report, {
    replayName: replayName === undefined ? undefined : toBytes(replayName),
  });
}

const source = (bytes: Uint8Array) => ({
  size: bytes.length,
  read: (start: number, end: number) => bytes.subarray(start, end),
});

/** A file's PDF report, with the change map of `original` against `result`. */
export async function filePdf(original: Uint8Array, result: Uint8Array, report: HostReport): Promise<Uint8Array> {
  const [{ fileReportPdf }, writers] = await Promise.all([import('../lib/report/pdf.ts'), loadOutputsModule()]);
  const changes = await changeMapOf(writers, source(original), source(result));
  return fileReportPdf(writers, {
    report,
    changes,
    madeAt: new Date(),
    sourceDateEpoch: process.env.SOURCE_DATE_EPOCH,
  });
}

// The batch download: the session report of docs/product.md ("Session report") and the entries of
// the batch ZIP (every corrupted file, then the report), for the workspace. The command lines build
// theirs in the host crate (engine-rs/host/src/session.rs, batch.rs), which the page does not load:
// the same fields, order and JSON (docs/architecture.md, "What is still written twice").

import type { Report } from '../engine/shared/types.ts';
import { reportJson } from '../report/display.ts';
import { archiveNames } from './names.ts';
import { zipStream, type BlobLike, type ZipEntry } from './writer.ts';

export const SESSION_RECOVERABILITY = 'Unlikely';
export const DEFAULT_RECIPE = 'Unknown';
export const DEFAULT_VERDICT = "Won't Open";

/** What the session report reads from each file's report; a full Report fits. */
export type SessionFileInput = Pick<
  Report,
  'filename' | 'original_size' | 'result_size' | 'entropy_delta' | 'time_ms' | 'seed'
> &
  Partial<Pick<Report, 'recipe' | 'verdict' | 'engine' | 'sha256_after' | 'expect_overall'>> & {
    /** The host's replay command (lib/report/host-fields.ts), when the report carries one. */
    replay?: string;
  };

export interface SessionInput {
  /** When the run started; names the archive and stamps its entries. */
  timestamp: Date;
  /** Engine mode of the run. */
  mode: string;
  intensity: number;
  masterSeed: number;
  /** The run made variants (`--count` above 1): each file's entry is `{base}_corrupted_{seed}{.ext}`. */
  variants?: boolean;
  /** One report per corrupted file, in run order. */
  files: readonly SessionFileInput[];
}

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
  /** The file's overall expectation (docs/contract.md, section 14.2), when its report has one. */
  expect_overall?: Report['expect_overall'];
}

/** Keys in the order docs/product.md ("Session report") lists them. */
export interface SessionReport {
  session_timestamp: string;
  total_files: number;
  mode: string;
  intensity: number;
  master_seed: number;
  session_duration_ms: number;
  total_entropy_delta: number;
  recoverability: typeof SESSION_RECOVERABILITY;
  files: SessionFile[];
}

export function buildSessionReport({
  timestamp,
  mode,
  intensity,
  masterSeed,
  variants = false,
  files,
}: SessionInput): SessionReport {
  // The reports' names are claimed first, so however the inputs are named they keep their own.
  const names = archiveNames([sessionReportName(timestamp), sessionPdfName(timestamp)], files, variants);
  return {
    session_timestamp: timestamp.toISOString(),
    total_files: files.length,
    mode,
    intensity,
    master_seed: masterSeed,
    // Rounded so float addition noise (0.1 + 0.2) does not reach the report.
    session_duration_ms: round(sum(files.map((f) => f.time_ms)), 3),
    total_entropy_delta: round(sum(files.map((f) => f.entropy_delta)), 4),
    recoverability: SESSION_RECOVERABILITY,
    files: files.map((f, i) => ({
      filename: f.filename,
      archive_name: names[i],
      original_size: f.original_size,
      result_size: f.result_size,
      entropy_delta: f.entropy_delta,
      time_ms: f.time_ms,
      seed: f.seed,
      recipe: f.recipe || DEFAULT_RECIPE,
      verdict: f.verdict || DEFAULT_VERDICT,
      engine: f.engine,
      sha256_after: f.sha256_after,
      ...(f.replay === undefined ? {} : { replay: f.replay }),
      ...(f.expect_overall === undefined ? {} : { expect_overall: f.expect_overall }),
    })),
  };
}

/** `fracture_session_YYYYMMDD-HHMMSS.zip`, in local time like the user's clock. */
export function sessionZipName(date: Date): string {
  return `${sessionStem(date)}.zip`;
}

/** `fracture_session_YYYYMMDD-HHMMSS_session_report.json`, the report's name inside the ZIP. */
export function sessionReportName(date: Date): string {
  return `${sessionStem(date)}_session_report.json`;
}

/** `fracture_session_YYYYMMDD-HHMMSS_session_report.pdf`, the PDF beside it (lib/report/pdf.ts). */
export function sessionPdfName(date: Date): string {
  return `${sessionStem(date)}_session_report.pdf`;
}

/** A corrupted file ready for the batch ZIP. */
export interface BatchResult {
  data: Uint8Array | BlobLike;
  report: SessionFileInput;
}

export interface SessionZip {
  /** `fracture_session_YYYYMMDD-HHMMSS.zip` */
  name: string;
  report: SessionReport;
  /** The archive, produced as it is read; see zipStream. */
  stream: ReadableStream<Uint8Array>;
}

/**
 * The whole batch download in one call, as the workspace and the command line tool both make it:
 * the session report of `results` and a stream of the ZIP holding them and it.
 */
export function sessionZip(run: Omit<SessionInput, 'files'>, results: readonly BatchResult[]): SessionZip {
  const report = buildSessionReport({ ...run, files: results.map((r) => r.report) });
  return { name: sessionZipName(run.timestamp), report, stream: zipStream(batchEntries(results, report)) };
}

/**
 * The batch ZIP's entries: each result under its `archive_name` from the session report, then the
 * report itself as JSON, and as PDF when one is given. `results` must be the files the report was
 * built from, in the same order.
 */
export function* batchEntries(
  results: readonly BatchResult[],
  session: SessionReport,
  sessionPdf?: Uint8Array,
): Generator<ZipEntry, void, undefined> {
  if (results.length !== session.files.length) {
    throw new Error(`The session report lists ${session.files.length} files but ${results.length} were given`);
  }
  const timestamp = new Date(session.session_timestamp);
  for (const [i, result] of results.entries()) {
    const listed = session.files[i];
    if (result.report.filename !== listed.filename) {
      throw new Error(`File ${i + 1} is "${result.report.filename}" but the session report lists "${listed.filename}"`);
    }
    yield { name: listed.archive_name, data: result.data, modified: timestamp };
  }
  yield {
    name: sessionReportName(timestamp),
    data: new TextEncoder().encode(`${reportJson(session, 2)}\n`),
    modified: timestamp,
  };
  if (sessionPdf) yield { name: sessionPdfName(timestamp), data: sessionPdf, modified: timestamp };
}

function sessionStem(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
  return `fracture_session_${day}-${time}`;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, v) => total + v, 0);
}

function round(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  // `|| 0` turns -0 into 0.
  return Math.round(value * scale) / scale || 0;
}

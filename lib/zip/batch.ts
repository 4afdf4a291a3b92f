// The batch download's archive as the page makes it ("Download All as ZIP", docs/zip.md). The session
// report, the entries' names and every byte of the ZIP's own come from the host crate through the
// outputs module (engine-rs/outputs-wasm/src/zip.rs: fracture_host::batch, session and zip), the code
// both command lines write their `--zip` with. What is the page's own is its shell: reading each
// result once for its CRC-32, and handing the results to `new Blob` by reference, so results kept in
// the origin-private file system are read from disk by the download and never copied into memory.
// Only globals the browser and Node share (Blob, ReadableStream), so Node's tests run it as the page does.
import type { SessionReport } from '../report/pdf.ts';

export type { SessionReport };

/** The outputs module's batch ZIP (lib/engine/outputs-pkg; the site loads it with its PDF writers). */
type Outputs = Pick<typeof import('../engine/outputs-pkg/fracture_outputs.js'), 'BatchZip' | 'ZipCrc32'>;
type HostBatch = InstanceType<Outputs['BatchZip']>;

export interface BatchRun {
  /** When the run started: names the archive, stamps the report and dates the entries (docs/zip.md). */
  startedAt: Date;
  /**
   * The offset east of UTC, in seconds, of the clock the names and the entries' DOS fields are read
   * on: by default the page's local time at `startedAt`.
   */
  utcOffsetS?: number;
  mode: string;
  intensity: number;
  masterSeed: number;
}

/** A corrupted file for the archive: its bytes and its report (with its host fields). */
export interface BatchResult {
  data: Blob | Uint8Array;
  report: object;
}

export interface BatchArchive {
  /** The archive: the headers and the results' own Blobs, by reference. */
  blob: Blob;
  /** `fracture_session_YYYYMMDD-HHMMSS.zip`, in the local time of `startedAt`. */
  name: string;
  session: SessionReport;
}

export interface BatchOptions {
  /** The session report's PDF, made from the report the archive holds; the ZIP holds it last. */
  pdf?: (session: SessionReport) => Uint8Array | Promise<Uint8Array>;
  /** ZIP64 fields and end records even where 32 bits do: for tests of readers' ZIP64 paths. */
  forceZip64?: boolean;
}

/** Bytes handed to the module's CRC-32 at a time: its copy into WebAssembly memory stays small. */
const CRC_CHUNK = 1 << 20;

/** Every result under its entry name, then the session report as JSON (and as PDF when asked). */
export async function batchZip(
  outputs: Outputs,
  run: BatchRun,
  results: readonly BatchResult[],
  options: BatchOptions = {},
): Promise<BatchArchive> {
  const at = run.startedAt;
  let batch: HostBatch = new outputs.BatchZip(
    at.getTime(),
    // Names and DOS fields in the local time of the page's clock, as the command lines read theirs
    // without SOURCE_DATE_EPOCH (the page has no such variable).
    run.utcOffsetS ?? -at.getTimezoneOffset() * 60,
    run.mode,
    run.intensity,
    run.masterSeed,
    false,
    JSON.stringify(results.map((r) => r.report)),
    options.pdf !== undefined,
  );
  try {
    if (options.forceZip64) batch = batch.forceZip64();
    const session = JSON.parse(batch.sessionJson()) as SessionReport;
    const parts: (Blob | Uint8Array<ArrayBuffer>)[] = [];
    for (const [i, { data }] of results.entries()) {
      const crc = await crcOf(outputs, data, session.files[i].archive_name);
      parts.push(own(batch.fileHeader(data instanceof Blob ? data.size : data.length, crc)));
      parts.push(data instanceof Blob ? data : own(data));
    }
    parts.push(own(batch.reportEntry()));
    if (options.pdf) parts.push(own(batch.pdfEntry(await options.pdf(session))));
    parts.push(own(batch.finish()));
    return { blob: new Blob(parts, { type: 'application/zip' }), name: batch.zipName(), session };
  } finally {
    batch.free();
  }
}

/** The entry's CRC-32, from one read of its bytes; a Blob that cannot be read names the entry. */
async function crcOf(outputs: Outputs, data: Blob | Uint8Array, name: string): Promise<number> {
  const crc = new outputs.ZipCrc32();
  try {
    if (!(data instanceof Blob)) {
      for (let at = 0; at < data.length; at += CRC_CHUNK) crc.update(data.subarray(at, at + CRC_CHUNK));
      return crc.value();
    }
    const reader = data.stream().getReader();
    let read = 0;
    for (;;) {
      const next = await reader.read().catch((error: unknown) => {
        throw new Error(
          `Could not read ZIP entry "${name}": ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      if (next.done) break;
      read += next.value.length;
      for (let at = 0; at < next.value.length; at += CRC_CHUNK) crc.update(next.value.subarray(at, at + CRC_CHUNK));
    }
    // A File changed on disk after it was picked reads short or fails; the header must not lie.
    if (read !== data.size) throw new Error(`ZIP entry "${name}" changed while it was being written`);
    return crc.value();
  } finally {
    crc.free();
  }
}

/** The bytes as a Blob part of their own ArrayBuffer (a view of the module's memory is copied out). */
function own(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes as Uint8Array<ArrayBuffer>;
}

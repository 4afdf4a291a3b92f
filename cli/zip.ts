// `--zip`: the batch ZIP's shell. Its entries, their order, the bytes around them and the session
// report are the host crate's (engine-rs/host: batch, session, zip), through the host module, so the
// native CLI writes the same archive; this reads each corrupted file twice (its CRC-32, then its copy).
import { open, type FileHandle } from 'node:fs/promises';
import { fsPath } from '../lib/engine/host/byte-paths.ts';
import { writeAllTo } from '../lib/engine/host/stream-node.ts';
import { type OutputsModule, loadOutputsModule } from '../lib/engine/host-module/node.ts';
import * as msg from '../lib/engine/shared/messages.ts';
import { display, OutputError, outputMode, writeAtomically } from '../sdk/outputs.ts';
import type { Args } from './args.ts';
import { ioText } from './io.ts';
import { type HostReport, sessionPdf } from './reports.ts';

/** The line refusing a malformed SOURCE_DATE_EPOCH, if it is one (checked before the run writes anything). */
export async function sourceDateEpochRefusal(): Promise<string | undefined> {
  try {
    sessionStart(await loadOutputsModule(), new Date());
    return undefined;
  } catch (e) {
    return `fracture: ${e instanceof Error ? e.message : String(e)}\n`;
  }
}

/** When the session started (fracture_host::session::SessionStart): SOURCE_DATE_EPOCH's when set, else `now`'s. */
function sessionStart(host: OutputsModule, now: Date): { unixMs: number; utcOffsetS: number } {
  const [unixMs, utcOffsetS] = host.sessionStart(
    process.env.SOURCE_DATE_EPOCH,
    now.getTime(),
    -now.getTimezoneOffset() * 60,
  );
  return { unixMs, utcOffsetS };
}

const CHUNK = 4 << 20;

/** Feeds `path`'s bytes to `sink` a buffer at a time, at most `limit` of them; the count. */
async function eachChunk(path: string, limit: number, sink: (chunk: Uint8Array) => Promise<void> | void) {
  const file = await open(fsPath(path), 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    let size = 0;
    while (size < limit) {
      const { bytesRead } = await file.read(buffer, 0, Math.min(CHUNK, limit - size), null);
      if (bytesRead === 0) break;
      await sink(buffer.subarray(0, bytesRead));
      size += bytesRead;
    }
    return size;
  } finally {
    await file.close();
  }
}

/** One corrupted file into the archive: its header from the host module, then its bytes, checked again. */
async function addFile(
  host: OutputsModule,
  batch: InstanceType<OutputsModule['BatchZip']>,
  path: string,
  out: FileHandle,
) {
  const first = new host.ZipCrc32();
  const again = new host.ZipCrc32();
  try {
    const size = await eachChunk(path, Number.MAX_SAFE_INTEGER, (c) => first.update(c));
    const crc = first.value();
    await writeAllTo(out, batch.fileHeader(size, crc));
    const copied = await eachChunk(path, size + 1, async (c) => {
      again.update(c);
      await writeAllTo(out, c);
    });
    // A file that changed since its CRC was taken fails the archive rather than let it lie.
    if (copied !== size || again.value() !== crc) throw new Error(msg.changedWhileZipped(display(path)));
  } finally {
    first.free();
    again.free();
  }
}

/** A corrupted file kept for the ZIP: where it was written, its report and its input's mode. */
interface DoneFile {
  path: string;
  report: HostReport;
  mode?: number;
}

/**
 * `--zip`: the archive written through a temporary file, renamed onto `zipPath` once whole, and its
 * line; false when it could not be written (the line that says why is printed).
 */
export async function emitZip(
  zipPath: string,
  started: Date,
  a: Args,
  done: DoneFile[],
  io: { out: { write(s: string): unknown }; err: { write(s: string): unknown } },
  discarding: Promise<unknown>[],
): Promise<boolean> {
  try {
    // The ZIP holds every input's bytes: it takes the permissions all of them grant.
    const mode = outputMode(done.map((d) => d.mode));
    await writeAtomically(zipPath, mode, (out) => writeSessionZip(out, started, a, done), discarding);
  } catch (e) {
    const why = e instanceof OutputError ? ioText(e.error) : e instanceof Error ? e.message : String(e);
    io.err.write(`fracture: ${msg.cannotWrite(display(zipPath), why)}\n`);
    return false;
  }
  if (!a.decided.json && !a.decided.quiet) io.out.write(`${msg.zipLine(display(zipPath), String(done.length))}\n`);
  return true;
}

/** Writes the batch ZIP into `out`: each file's header from the host module and its bytes, then the rest. */
async function writeSessionZip(out: FileHandle, started: Date, a: Args, done: DoneFile[]): Promise<void> {
  const host = await loadOutputsModule();
  const start = sessionStart(host, started);
  const reports = JSON.stringify(done.map((d) => d.report));
  const batch = new host.BatchZip(
    start.unixMs,
    start.utcOffsetS,
    a.settings.mode,
    a.settings.intensity,
    a.decided.seed,
    a.decided.count > 1,
    reports,
    a.decided.pdf,
  );
  try {
    // The corrupted files are streamed back from disk, so a batch of 200 MB files is never in memory.
    for (const d of done) await addFile(host, batch, d.path, out);
    await writeAllTo(out, batch.reportEntry());
    if (a.decided.pdf) {
      await writeAllTo(out, batch.pdfEntry(await sessionPdf(batch.sessionJson())));
    }
    await writeAllTo(out, batch.finish());
  } finally {
    batch.free();
  }
}

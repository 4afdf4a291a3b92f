// `--zip`: the batch ZIP with the session report (and with --pdf its PDF), built by the same code as the browser's download.
import { createWriteStream, openAsBlob } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { batchEntries, buildSessionReport } from '../lib/zip/session.ts';
import { zipStream } from '../lib/zip/writer.ts';
import type { Args } from './args.ts';
import { type HostReport, sessionPdf } from './reports.ts';

export async function writeSessionZip(
  zipPath: string,
  started: Date,
  a: Args,
  done: { path: string; report: HostReport }[],
): Promise<void> {
  const session = buildSessionReport({
    timestamp: started,
    mode: a.mode,
    intensity: a.intensity,
    masterSeed: a.seed,
    variants: a.count > 1,
    files: done.map((d) => d.report),
  });
  // The corrupted files are streamed back from disk, so a batch of 200 MB files is never in memory.
  const results = await Promise.all(done.map(async (d) => ({ data: await openAsBlob(d.path), report: d.report })));
  const pdf = a.pdf ? await sessionPdf(session) : undefined;
  const stream = zipStream(batchEntries(results, session, pdf));
  await pipeline(Readable.fromWeb(stream as unknown as NodeReadableStream<Uint8Array>), createWriteStream(zipPath));
}

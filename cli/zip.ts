// `--zip`: the batch ZIP with the session report (and with --pdf its PDF), built by the same code as the browser's download.
import { openAsBlob } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { fsPath } from '../lib/engine/host/byte-paths.ts';
import { writeAllTo } from '../lib/engine/host/stream-node.ts';
import { batchEntries, buildSessionReport } from '../lib/zip/session.ts';
import { zipChunks } from '../lib/zip/writer.ts';
import type { Args } from './args.ts';
import { type HostReport, sessionPdf } from './reports.ts';

/** Writes the batch ZIP into `out` (a temporary file, renamed onto the --zip path once whole). */
export async function writeSessionZip(
  out: FileHandle,
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
  const results = await Promise.all(
    done.map(async (d) => ({ data: await openAsBlob(fsPath(d.path)), report: d.report })),
  );
  const pdf = a.pdf ? await sessionPdf(session) : undefined;
  for await (const chunk of zipChunks(batchEntries(results, session, pdf))) await writeAllTo(out, chunk);
}

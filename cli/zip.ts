// `--zip`: the batch ZIP's shell. Its entries, their order, the bytes around them, the session report
// and the writing of the archive (each corrupted file read twice, for its CRC-32 and then its copy)
// are the host crate's (engine-rs/host: batch, session, zip), through the outputs module and node:fs
// (cli/files.ts), so the native CLI writes the same archive the same way.
import { toBytes } from '../lib/engine/host/byte-paths.ts';
import { type OutputsModule, loadOutputsModule } from '../lib/engine/host-module/node.ts';
import * as msg from '../lib/engine/shared/messages.ts';
import { display, outputMode } from '../sdk/outputs.ts';
import type { Args } from './args.ts';
import { nodeFiles, nulEnded } from './files.ts';
import type { DoneFile } from './corrupt/variant.ts';

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

/**
 * `--zip`: the archive written through a temporary file, renamed onto `zipPath` once whole
 * (fracture_host::batch through the outputs module and node:fs, as natively), and its line; false
 * when it could not be written (the line that says why is printed).
 */
export async function emitZip(
  zipPath: string,
  started: Date,
  a: Args,
  done: DoneFile[],
  io: { out: { write(s: string): unknown }; err: { write(s: string): unknown } },
): Promise<boolean> {
  const host = await loadOutputsModule();
  const start = sessionStart(host, started);
  const reports = JSON.stringify(done.map((d) => d.report));
  const { mode, intensity } = a.settings;
  const batch = new host.BatchZip(
    start.unixMs,
    start.utcOffsetS,
    mode,
    intensity,
    a.decided.seed,
    a.decided.count > 1,
    reports,
    a.decided.pdf,
  );
  try {
    // The ZIP holds every input's bytes: it takes the permissions all of them grant.
    const allowed = outputMode(done.map((d) => d.mode));
    const paths = nulEnded(done.map((d) => d.path));
    batch.writeTo(toBytes(zipPath), allowed, paths, process.env.SOURCE_DATE_EPOCH, Date.now(), nodeFiles());
  } catch (e) {
    io.err.write(`fracture: ${e instanceof Error ? e.message : String(e)}\n`);
    return false;
  } finally {
    batch.free();
  }
  if (!a.decided.json && !a.decided.quiet) io.out.write(`${msg.zipLine(display(zipPath), String(done.length))}\n`);
  return true;
}

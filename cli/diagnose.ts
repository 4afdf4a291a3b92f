/**
 * `npx fracture diagnose FILE [--original ORIGINAL] [--json] [--repair OUT]`: the shell around
 * engine-rs/diagnose in WebAssembly, as engine-rs/cli/src/diagnose.rs is the native one. The files are
 * planned as every command plans them (docs/cli.md, "Plan, then write"), read by position, the
 * diagnosis printed as the module words it (the same bytes as the native CLI), the repair written
 * through a temporary file.
 */
import { closeSync, fstatSync, openSync, writeSync } from 'node:fs';
import { type DiagnoseArgs, refusal } from './args.ts';
import { ioText } from './io.ts';
import { fdFile, loadDiagnose } from '../lib/engine/diagnose/node.ts';
import { fsPath } from '../lib/engine/host/byte-paths.ts';
import * as msg from '../lib/engine/shared/messages.ts';
import { display, OutputError, outputMode, writeAtomically } from '../sdk/outputs.ts';
import { loadOutputsModule } from '../lib/engine/host-module/node.ts';
import { nodeFiles, nulEnded } from './files.ts';

interface Io {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

class Failure extends Error {}

function open(file: string): { fd: number; size: number } {
  try {
    const fd = openSync(fsPath(file), 'r');
    return { fd, size: fstatSync(fd).size };
  } catch (e) {
    throw new Failure(`${display(file)}: ${ioText(e)}`);
  }
}

export async function diagnose(a: DiagnoseArgs, io: Io): Promise<number> {
  let allowed: number;
  try {
    // Inputs regular files (or missing: they fail when opened), the repair none of them: as natively.
    const inputs = nulEnded([a.file, ...(a.original === undefined ? [] : [a.original])]);
    allowed = (await loadOutputsModule()).claimFiles(
      inputs,
      nulEnded(a.repair === undefined ? [] : [a.repair]),
      nodeFiles(),
    );
  } catch (e) {
    io.err.write(refusal(e instanceof Error ? e.message : String(e), 'fracture diagnose'));
    return 2;
  }
  const opened: number[] = [];
  try {
    const file = open(a.file);
    opened.push(file.fd);
    const shown = display(a.file);
    if (file.size === 0) throw new Failure(msg.diagnoseEmpty(shown));
    const original = a.original === undefined ? undefined : open(a.original);
    if (original) opened.push(original.fd);
    const glue = await loadDiagnose();
    let d: ReturnType<typeof glue.diagnose>;
    try {
      d = glue.diagnose(
        fdFile(file.fd, file.size),
        shown,
        original && fdFile(original.fd, original.size),
        a.original === undefined ? '' : display(a.original),
      );
    } catch (e) {
      throw new Failure(`${shown}: ${e instanceof Error ? e.message : String(e)}`);
    }
    io.out.write(a.json ? d.json() : d.text());
    if (a.repair !== undefined) {
      const out = a.repair;
      try {
        const line = await writeAtomically(out, outputMode([allowed]), async (handle) =>
          d.repair(fdFile(file.fd, file.size), display(out), {
            write: (bytes: Uint8Array) => writeSync(handle.fd, bytes),
          }),
        );
        io.err.write(line);
      } catch (e) {
        if (e instanceof Error && e.message === 'nothing to repair') throw new Failure(msg.nothingToRepair(shown));
        const why = e instanceof OutputError ? e.error : e;
        throw new Failure(msg.cannotWrite(display(out), ioText(why)));
      }
    }
    return d.damaged() ? 1 : 0;
  } catch (e) {
    if (!(e instanceof Failure)) throw e;
    io.err.write(`fracture: diagnose: ${e.message}\n`);
    return 1;
  } finally {
    for (const fd of opened) closeSync(fd);
  }
}

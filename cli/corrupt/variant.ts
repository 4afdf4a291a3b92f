// One variant of one input in the corrupting command (cli/fracture.ts): the engine's run, streamed or
// whole, written through a temporary file beside its final name; its JSON and PDF reports; its lines.
import { loadOutputsModule } from '../../lib/engine/host-module/node.ts';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { reportJson } from '../../lib/report/display.ts';
import type { NodeEngine, RunSettings } from '../../sdk/engine.ts';
import { writeAllTo } from '../../lib/engine/host/stream-node.ts';
import { display, OutputError, writeAtomically } from '../../sdk/outputs.ts';
import * as msg from '../../lib/engine/shared/messages.ts';
import { STDIN, type Args } from '../args.ts';
import { ioText } from '../io.ts';
import type { Plan } from '../plan.ts';
import type { Progress } from '../progress.ts';
import { filePdf, type HostReport, withHostFields } from '../reports.ts';
import { changed, corruptOne, type OpenedInput, writeAll } from './input.ts';

/** One corrupted file, kept for the ZIP. */
export interface DoneFile {
  path: string;
  report: HostReport;
  mode?: number;
}

/** The output directory could not be made: the run stops, as the native CLI's does. */
export class OutDirError extends Error {}

/** What every variant of the run shares. */
export interface FileRun {
  a: Args;
  engine: NodeEngine;
  settings: RunSettings;
  out: NodeJS.WritableStream;
  ui: Progress;
  /** A result line: to standard output, or to stderr when standard output carries bytes. */
  line: (text: string) => void;
  /** Makes --out once, before the first output (an OutDirError when it cannot). */
  ensureOutDir: () => Promise<void>;
  /** Earlier outputs' second links being removed beside the run (writeAtomically). */
  discarding: Promise<unknown>[];
  /** Each corrupted file, for the ZIP. */
  done: DoneFile[];
}

/** One variant: its planned outputs, the input it is made from and its seed. */
export interface Variant {
  file: string;
  /** The FILE as lines show it. */
  shown: string;
  planned: Plan['inputs'][number]['variants'][number];
  opened: OpenedInput;
  seed: number;
  /** The output's permissions (those of its input, at most). */
  mode: number;
}

/** Where a variant's bytes went, and its report (none when a streamed run shows and keeps none). */
interface Made {
  report?: HostReport;
  size: number;
  data: Uint8Array;
  destination: string;
}

/** Runs one variant and writes everything planned for it; throws when it fails. */
export async function runVariant(run: FileRun, v: Variant): Promise<void> {
  const { a, ui } = run;
  const made =
    v.opened.streamed && run.engine.prepareStream ? await streamedVariant(run, v) : await wholeVariant(run, v);
  ui.progress(1);
  const { report } = made;
  if (v.planned.report && report) {
    await run.ensureOutDir();
    await writeFile(run, v, v.planned.report, `${reportJson(report, 2)}\n`);
  }
  if (v.planned.pdf && report) {
    // --pdf reads inputs whole (the plan): its change map compares the original and the result.
    await run.ensureOutDir();
    await writeFile(run, v, v.planned.pdf, await filePdf(v.opened.input, made.data, report));
  }
  if (a.decided.json && report) run.line(reportJson(report));
  else if (!a.decided.quiet) {
    run.line(msg.fileLine(v.shown, display(made.destination), String(made.size), String(v.seed)));
    // What was hit, when the run made a report with hits (docs/cli.md, "What was hit"): the host
    // crate's lines, as the native CLI prints them.
    if (report?.expect_overall !== undefined)
      for (const l of (await loadOutputsModule()).hitLines(JSON.stringify(report))) run.line(l);
  }
  if (a.zip && report) run.done.push({ path: made.destination, report, mode: v.opened.inputMode });
}

/** Writes an output of this variant (a failure of the file itself is `cannot write OUT`). */
function write<T>(run: FileRun, v: Variant, target: string, fill: (out: FileHandle) => Promise<T>): Promise<T> {
  return writeAtomically(target, v.mode, fill, run.discarding).catch((e) => {
    throw e instanceof OutputError ? new Error(msg.cannotWrite(display(target), ioText(e.error))) : e;
  });
}

function writeFile(run: FileRun, v: Variant, target: string, data: Uint8Array | string): Promise<void> {
  return write(run, v, target, (out) =>
    out.writeFile(data).catch((e) => {
      throw new Error(msg.cannotWrite(display(target), ioText(e)));
    }),
  );
}

/** The whole input in memory through the engine. */
async function wholeVariant(run: FileRun, v: Variant): Promise<Made> {
  const { opened } = v;
  const replayName = v.file === STDIN ? undefined : path.basename(v.file);
  const result = await corruptOne(run.engine, opened.input, opened.name, run.settings, v.seed, (f) =>
    run.ui.progress(f),
  );
  const data = result.data;
  const report = await withHostFields(result.report, replayName);
  if (v.file === STDIN) {
    await writeAll(run.out, data).catch((e) => {
      throw new Error(msg.cannotWriteStdout(ioText(e)));
    });
    return { report, size: data.length, data, destination: msg.standardOutput() };
  }
  const target = v.planned.out as string;
  await run.ensureOutDir();
  await writeFile(run, v, target, data);
  return { report, size: data.length, data, destination: target };
}

/** The input streamed through the engine, piece by piece, into the output (or standard output). */
async function streamedVariant(run: FileRun, v: Variant): Promise<Made> {
  const { a, ui } = run;
  const source = v.opened.streamed as NonNullable<OpenedInput['streamed']>;
  const prepare = run.engine.prepareStream as NonNullable<NodeEngine['prepareStream']>;
  // The engine's checks throw before the output exists.
  const prepared = await prepare(source.handle, source.size, v.opened.name, run.settings, v.seed);
  const none = new Uint8Array(0);
  if (v.file === STDIN) {
    const r = await prepared.run(
      (bytes) =>
        writeAll(run.out, bytes).catch((e) => {
          throw new Error(msg.cannotWriteStdout(ioText(e)));
        }),
      (f) => ui.progress(f),
    );
    return {
      report: await withHostFields(r),
      size: prepared.size,
      data: none,
      destination: msg.standardOutput(),
    };
  }
  const target = v.planned.out as string;
  try {
    await run.ensureOutDir();
  } catch (e) {
    prepared.free();
    throw e;
  }
  const cannot = (e: unknown) => new Error(msg.cannotWrite(display(target), ioText(e)));
  /** The input has the size and time it had when it was opened, or the run fails. */
  const unchanged = async () => {
    if (changed(source.info, await source.handle.stat({ bigint: true }))) throw new Error(msg.changedWhileRead());
  };
  // No report shown or kept, checksums not fixed (which makes one, its hits shown): none measured.
  const shows = a.decided.json || v.planned.report || v.planned.pdf || a.zip || v.planned.checksums !== 'unfixed';
  let ran = false;
  let report: HostReport | undefined;
  try {
    report = await write(run, v, target, async (out) => {
      ran = true;
      const sink = (bytes: Uint8Array) => writeAllTo(out, bytes).catch((e) => Promise.reject(cannot(e)));
      if (!shows) {
        await prepared.write(sink, (f) => ui.progress(f), out);
        await unchanged();
        return undefined;
      }
      // Read too: checksum fixing patches the file in place.
      const r = await prepared.run(sink, (f) => ui.progress(f), out);
      await unchanged();
      return withHostFields(r, path.basename(v.file));
    });
  } finally {
    if (!ran) prepared.free();
  }
  return { report, size: prepared.size, data: none, destination: target };
}

// `npx fracture`: the command line tool, running the WebAssembly engine (default) or the TypeScript
// reference engine. Same options, output names, texts and exit codes as the native binary.
import { mkdir, stat } from 'node:fs/promises';
import { nodeEngine, type NodeEngine } from '../sdk/engine.ts';
import { STREAM_HELPERS_MIN } from '../lib/engine/host/stream-node.ts';
import { loadWasmEngine } from '../lib/engine/host/node.ts';
import { parseCommandLine, refusal, STDIN, UsageError, type Args } from './args.ts';
import { loadOutputsModule, type OutputsModule } from '../lib/engine/host-module/node.ts';
import { Progress } from './progress.ts';
import { ioText } from './io.ts';
import { fsPath } from '../lib/engine/host/byte-paths.ts';
import { type Plan, type PlannedVariant, planRun } from './plan.ts';
import { display, outputMode, Refusal } from '../sdk/outputs.ts';
import * as msg from '../lib/engine/shared/messages.ts';
import { closeInput, type OpenedInput, openInput } from './corrupt/input.ts';
import { type DoneFile, type FileRun, OutDirError, runVariant } from './corrupt/variant.ts';

interface Io {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream & { isTTY?: boolean };
}

export async function main(argv: string[], io: Io = { out: process.stdout, err: process.stderr }): Promise<number> {
  // `fracture bench` (cli/bench.ts) parses its own arguments. It, minimize, agree, run, merge and diagnose are
  // loaded only when asked for: an ordinary run's start-up loads none of them.
  if (argv[0] === 'bench') return (await import('./bench.ts')).bench(argv.slice(1), io);
  let parsed: ReturnType<typeof parseCommandLine>;
  // The engine's module compiles on V8's threads while the outputs module is loaded and the run
  // planned, for the commands that run it (docs/performance.md, "The npm CLI's first run").
  if (!NO_ENGINE.has(argv[0])) loadWasmEngine().catch(() => undefined);
  // The arguments are decided by the outputs module (fracture_host::args), which every run loads.
  const outputs = await loadOutputsModule();
  try {
    parsed = parseCommandLine(argv, () => Math.floor(Math.random() * 2147483647), outputs);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err.write(refusal(e.message, helpOf(argv)));
    return 2;
  }
  if (parsed.kind === 'print') {
    io.out.write(parsed.text);
    return 0;
  }
  // The short-lived commands: the modules they load from here on are optimised later.
  if (['diagnose', 'minimize', 'campaign', 'merge'].includes(parsed.kind)) await optimiseLater();
  if (parsed.kind === 'minimize') return (await import('./minimize.ts')).minimize(parsed.args, io);
  if (parsed.kind === 'diagnose') return (await import('./diagnose.ts')).diagnose(parsed.args, io);
  if (parsed.kind === 'agree') return (await import('./agree.ts')).agree(parsed.args, io);
  if (parsed.kind === 'campaign' || parsed.kind === 'merge') {
    // Loaded only for these commands.
    const { CampaignUsage, runCampaign } = await import('./run.ts');
    try {
      if (parsed.kind === 'campaign') return await runCampaign(parsed.args, io);
      const { mergeCampaigns } = await import('./merge.ts');
      return await mergeCampaigns(parsed.args, io);
    } catch (e) {
      if (!(e instanceof CampaignUsage)) throw e;
      io.err.write(refusal(e.message, helpOf(argv)));
      return 2;
    }
  }
  const a = parsed.args;
  // Plan, then execute, then emit (docs/cli.md, "One shape: plan, execute, emit"). Every output is
  // planned before anything is written ("Plan, then write"); a refused run prints its one line and
  // nothing else.
  let plan: Plan;
  try {
    plan = await planRun(a);
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    io.err.write(refusal(e.message));
    return 2;
  }
  if (a.decided.dryRun) {
    io.out.write(plan.dryRun ?? '');
    return 0;
  }
  // A malformed SOURCE_DATE_EPOCH (it dates the batch ZIP and the PDFs) is refused before anything is
  // written (docs/cli.md, "The batch ZIP").
  const dated = a.zip !== undefined || a.decided.pdf;
  const refused = dated ? await (await import('./zip.ts')).sourceDateEpochRefusal() : undefined;
  if (refused !== undefined) {
    io.err.write(refused);
    return 2;
  }
  const { seed, count, json, report, pdf } = a.decided;
  io.err.write(count === 1 ? `${msg.seedLine(String(seed))}\n` : `${msg.seedLineCount(String(seed), String(count))}\n`);
  let engine: NodeEngine;
  try {
    engine = await nodeEngine(a.engine, {
      helpers: true,
      streamSoon: await streamSoon(a),
      // A run showing and keeping no report hashes nothing: its hashing thread need not start.
      measures: json || report || pdf || a.zip !== undefined || a.settings.fixChecksums || a.files.includes(STDIN),
      onHelpersFailed: (e) =>
        io.err.write(
          `fracture: the helper threads did not start (${e instanceof Error ? e.message : String(e)}); streaming on one thread\n`,
        ),
    });
  } catch (e) {
    io.err.write(`fracture: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  try {
    return await runFiles(a, plan, engine, io);
  } finally {
    await engine.close();
  }
}

/**
 * The first words of the command lines whose engine is not loaded ahead: help, version, the file tools,
 * and `run`, which compiles the campaigns' module first (an engine compiled beside it slowed a ten-run
 * campaign by 3-5 ms).
 */
const NO_ENGINE = new Set(['run', 'diagnose', 'minimize', 'merge', '--help', '-h', '--version', '-V']);

/**
 * V8 runs a WebAssembly function first as baseline code and compiles the ones that grow hot again, with
 * its optimising compiler, on background threads; a Node process waits for those jobs before it exits.
 * A short `diagnose`, `run`, `merge` or `minimize` spent up to 100 ms at its end waiting for optimised
 * code of the diagnose or campaigns module that it would never run (docs/performance.md, "The npm
 * CLI's last 100 ms"). Ten times V8's tiering budget (1,800,000) lets short runs end on baseline
 * code; a long campaign or a large file still gets optimised code soon. The budget is read when a
 * module is instantiated, so the outputs module, loaded before the command is known, keeps V8's
 * default, and the corrupting command and `agree`, whose engines run hot at once, are left alone.
 * Only the command line sets it: it owns its process, as the SDK does not. `node:v8` is imported here
 * alone: loading it costs a process about 2 ms, which the corrupting command need not pay.
 */
async function optimiseLater(): Promise<void> {
  (await import('node:v8')).setFlagsFromString('--wasm-tiering-budget=18000000');
}

/** The command whose help a usage error points at. */
function helpOf(argv: string[]): string {
  return ['minimize', 'run', 'merge', 'agree', 'diagnose'].includes(argv[0]) ? `fracture ${argv[0]}` : 'fracture';
}

/** Whether a file that streams on helper threads is coming (they can start at once). */
async function streamSoon(a: Args): Promise<boolean> {
  if (a.decided.pdf) return false;
  const sizes = await Promise.all(
    a.files.map((f) =>
      f === STDIN
        ? 0
        : stat(fsPath(f)).then(
            (s) => s.size,
            () => 0,
          ),
    ),
  );
  return sizes.some((size) => size >= STREAM_HELPERS_MIN);
}

async function runFiles(a: Args, plan: Plan, engine: NodeEngine, io: Io): Promise<number> {
  // Earlier outputs' second links being removed beside the run (writeAtomically): none is left when the process ends.
  const discarding: Promise<unknown>[] = [];
  try {
    return await runFilesWith(a, plan, engine, io, discarding);
  } finally {
    await Promise.all(discarding);
  }
}

async function runFilesWith(
  a: Args,
  plan: Plan,
  engine: NodeEngine,
  io: Io,
  discarding: Promise<unknown>[],
): Promise<number> {
  const started = new Date();
  // With `-` among the FILEs standard output carries its bytes, so every line goes to stderr.
  const filter = a.files.includes(STDIN);
  // A closed standard output fails the write's callback (writeAll), then emits 'error' as well: that
  // event is heard here, so it cannot stop the process before the temporary copy is removed.
  if (filter) io.out.on('error', () => undefined);
  const sizes = await Promise.all(
    a.files.map((f) =>
      stat(fsPath(f)).then(
        (s) => (s.isFile() ? s.size : 0),
        () => 0,
      ),
    ),
  );
  const { quiet, json, count } = a.decided;
  const ui = new Progress(io.out, io.err, !quiet && !json, sizes.reduce((x, y) => x + y, 0) * count);
  let outDirReady = false;
  const run: FileRun = {
    a,
    engine,
    settings: a.settings,
    out: io.out,
    ui,
    line: (text) => (filter ? ui.errLine(text) : ui.outLine(text)),
    ensureOutDir: async () => {
      if (outDirReady) return;
      await mkdir(fsPath(a.out), { recursive: true }).catch((e) => {
        throw new OutDirError(msg.cannotCreateOutDir(display(a.out), ioText(e)));
      });
      outDirReady = true;
    },
    discarding,
    done: [],
  };
  let failed = 0;
  for (const i of a.files.keys()) {
    try {
      failed += await runFile(run, plan, i, sizes[i]);
    } catch (e) {
      if (!(e instanceof OutDirError)) throw e;
      io.err.write(`fracture: ${e.message}\n`);
      return 1;
    }
  }
  ui.finish();
  return emit(a, started, run.done, failed, io);
}

/** Every variant of FILE i; how many failed (an OutDirError stops the run). */
async function runFile(run: FileRun, plan: Plan, i: number, size: number): Promise<number> {
  const { a, ui } = run;
  const file = a.files[i];
  const shown = display(file);
  let failed = 0;
  const fail = (e: unknown) => {
    ui.errLine(`fracture: ${shown}: ${e instanceof Error ? e.message : String(e)}`);
    failed++;
    ui.done();
  };
  const variants = plan.inputs[i].variants;
  const outputs = await loadOutputsModule();
  /** Variant j's seed, once the engine has checked its arguments (its texts, as natively). */
  const seedOf = (j: number) => checkedSeed(a, outputs, variants[j]);
  ui.start(shown, size);
  let opened: OpenedInput;
  try {
    opened = await openInput({
      file,
      stdinName: a.decided.name,
      streams: plan.inputs[i].route === 'streamed' && run.engine.prepareStream !== undefined,
      // The engine's checks, once the file is open; a file that was not there when the run was planned has no outputs.
      check: () => {
        if (file !== STDIN && variants.length === 0) throw new Error(msg.changedWhileRead());
        seedOf(0);
      },
      grow: (bytes) => ui.grow(bytes),
      progress: (f) => ui.progress(f),
    });
  } catch (e) {
    fail(e);
    return failed + a.decided.count - 1;
  }
  const mode = outputMode([opened.inputMode]);
  try {
    for (let j = 0; j < a.decided.count; j++) {
      try {
        const seed = seedOf(j);
        if (j > 0) ui.start(msg.variantLabel(shown, String(seed)), opened.streamed?.size ?? opened.input.length);
        await runVariant(run, { file, shown, planned: variants[j], opened, seed, mode });
        ui.done();
      } catch (e) {
        if (e instanceof OutDirError) {
          ui.finish();
          throw e;
        }
        fail(e);
      }
    }
  } finally {
    await closeInput(opened);
  }
  return failed;
}

/** What the run leaves besides its files: the batch ZIP and its line (cli/zip.ts), and the exit code. */
async function emit(a: Args, started: Date, done: DoneFile[], failed: number, io: Io): Promise<number> {
  if (a.zip !== undefined && !(await (await import('./zip.ts')).emitZip(a.zip, started, a, done, io))) return 1;
  return failed > 0 ? 1 : 0;
}

/** A variant's seed, after the engine's checks of its arguments (the engine's line when they fail). */
function checkedSeed(a: Args, outputs: Pick<OutputsModule, 'checkVariant'>, v: PlannedVariant): number {
  const refused = outputs.checkVariant(a.settings.mode, a.settings.intensity, v.seed);
  if (refused !== undefined) throw new Error(refused);
  return Number(v.seed);
}

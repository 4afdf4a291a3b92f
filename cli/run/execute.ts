// `fracture run` executed (docs/campaigns.md): each input unmodified first (its baseline), then the
// slice's unrecorded runs, `--jobs` at a time, each handed to the campaign model's ledger as it ends
// and written as the ledger says; then the crashes it names minimised. The ledger (engine-rs/host
// through the host module) decides every record; this shell runs programs and writes files.
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fsPath, toBytes } from '../../lib/engine/host/byte-paths.ts';
import type { CampaignLedger } from '../../lib/engine/host-pkg/fracture_host.js';
import {
  cannotCreate,
  cannotCreateTemp,
  cannotWrite,
  runInterrupted,
  runSeed,
} from '../../lib/engine/shared/messages.ts';
import type { NodeEngine, RunSettings } from '../../sdk/engine.ts';
import { display, privateDir, whenInterrupted } from '../../sdk/outputs.ts';
import type { RunArgs } from '../args.ts';
import { nodeFiles } from '../files.ts';
import { ioText } from '../io.ts';
import { minimizeCrashes } from './minimize.ts';
import { type Input, joined, type Ran, Stop } from './program.ts';
import { loadHostModule } from '../../lib/engine/host-module/node.ts';
import { killRuns } from './spawner.ts';
import { howItEnded, type Io, runIn, type Shell, orStop } from './shell.ts';

/** A private directory of its own for each of the `jobs` slots, under `temp`. */
function jobSlots(temp: string, jobs: number): string[] {
  return Array.from({ length: jobs }, (_, s) => {
    mkdirSync(path.join(temp, String(s)), { mode: 0o700 });
    return path.resolve(temp, String(s));
  });
}

export async function execute(a: RunArgs, inputs: Input[], ledger: CampaignLedger, engine: NodeEngine, io: Io) {
  const dir = a.out;
  try {
    mkdirSync(fsPath(dir), { recursive: true });
  } catch (e) {
    throw new Stop(cannotCreate(display(dir), ioText(e)));
  }
  // DIR's files as fracture_host::campaign::dir writes them, through node:fs (cli/files.ts).
  const files = nodeFiles(io.err);
  const state = new (await loadHostModule()).CampaignDir(toBytes(dir));
  /** runs.jsonl, campaign.json and summary.md: DIR as a finished (or stopped) campaign leaves it. */
  const finish = () => orStop(() => state.writeState(ledger, files));
  finish();
  const temp = await privateDir('fracture-run-').catch((e: unknown) => {
    throw new Stop(cannotCreateTemp(ioText(e)));
  });
  const shell: Shell = { a, inputs, ledger, io, slots: jobSlots(temp, a.decided.jobs), dir: state, files };
  let interrupted = false;
  const forget = whenInterrupted(() => {
    // Ctrl-C, SIGTERM, SIGHUP: no new run; the running ones' groups killed (not recorded).
    interrupted = true;
    killRuns();
    try {
      finish();
    } catch (e) {
      io.err.write(`fracture: run: ${e instanceof Error ? e.message : String(e)}\n`);
    }
    rmSync(temp, { recursive: true, force: true });
    io.err.write(`${runInterrupted()}\n`);
  });
  try {
    for (const i of ledger.baselinesNeeded()) {
      const ran = await runIn(shell, 0, inputs[i], inputs[i].bytes);
      if (interrupted) return 130;
      if (ran) ledger.setBaseline(i, ...howItEnded(ran.ending), ran.ending.stderr);
    }
    finish();
    io.err.write(ledger.baselineLines());
    io.err.write(`${runSeed(String(ledger.seed()), String(a.decided.count))}\n`);
    let stop: Stop | undefined;
    try {
      await runAll(shell, engine, () => interrupted);
    } catch (e) {
      stop = e instanceof Stop ? e : new Stop(e instanceof Error ? e.message : String(e));
    }
    if (interrupted) return 130;
    if (!stop && a.decided.minimize) {
      try {
        await minimizeCrashes(shell, () => interrupted);
      } catch (e) {
        // The other candidates of the round end with it.
        killRuns();
        stop = e instanceof Stop ? e : new Stop(e instanceof Error ? e.message : String(e));
      }
    }
    if (interrupted) return 130;
    forget();
    finish();
    if (stop) throw stop;
    if (!a.decided.quiet) {
      const summary = joined(dir, 'summary.md');
      io.err.write(`${ledger.closingLine('run', display(summary))}\n`);
    }
    return ledger.exitCode();
  } finally {
    forget();
    rmSync(temp, { recursive: true, force: true });
    state.free();
  }
}

/**
 * Run r's variant, made one at a time (the engine's module is one instance) by the engine's
 * report-free `variant`. `makeAhead` starts the next run's while this one's program runs (in the
 * spawner's process), so a fast program waits for no engine.
 */
function variantMaker(s: Shell, engine: NodeEngine) {
  const { a, inputs, ledger } = s;
  const c = a.decided.corruption;
  const settings: RunSettings = {
    mode: c.mode,
    intensity: c.intensity,
    ranges: { only: c.only, protect: c.protect },
    fixChecksums: c.fixChecksums,
  };
  let queue: Promise<unknown> = Promise.resolve();
  const make = (r: number): Promise<Uint8Array> => {
    const input = inputs[Math.floor(r / a.decided.count)];
    const seed = ledger.seed() + r;
    const { variant } = engine;
    const made = queue.then(() =>
      variant
        ? variant(input.bytes, input.name, settings, seed)
        : engine.run(input.bytes, input.name, settings, seed).then((x) => x.data),
    );
    queue = made.catch(() => undefined);
    return made;
  };
  const ahead = new Map<number, Promise<Uint8Array>>();
  return {
    take(r: number) {
      const made = ahead.get(r) ?? make(r);
      ahead.delete(r);
      return made;
    },
    makeAhead(r: number) {
      if (ahead.has(r)) return;
      const made = make(r);
      made.catch(() => undefined); // its failure is met when that run takes it
      ahead.set(r, made);
    },
  };
}

/** The slice's unrecorded runs on the job slots; the first worker that fails stops the others. */
async function runAll(s: Shell, engine: NodeEngine, interrupted: () => boolean) {
  const { a, inputs, ledger, io } = s;
  const runsPath = joined(a.out, 'runs.jsonl');
  let runsFd: number;
  try {
    runsFd = openSync(fsPath(runsPath), 'a');
  } catch (e) {
    throw new Stop(cannotWrite(display(runsPath), ioText(e)));
  }
  // The progress line on a terminal (the campaign model's, as natively).
  const host = await loadHostModule();
  const shown = !a.decided.quiet && io.err.isTTY === true;
  const progress = shown ? new host.RunProgress(ledger.planned(), ledger.counts(), performance.now()) : undefined;
  const variants = variantMaker(s, engine);
  const todo = Array.from(ledger.todo());
  let next = 0;
  let stopping = false;
  const worker = async (slot: number) => {
    while (!stopping && !interrupted() && next < todo.length) {
      const r = todo[next++];
      const input = inputs[Math.floor(r / a.decided.count)];
      const variant = await variants.take(r);
      if (stopping || interrupted()) return;
      const running = runIn(s, slot, input, variant);
      if (next < todo.length) variants.makeAhead(todo[next]);
      const ran: Ran | undefined = await running;
      if (stopping || interrupted() || !ran) return;
      // Recorded in one synchronous step: a signal finds the DIR consistent. The crash's files as the
      // ledger keeps them, campaign.json then at most once a second: fracture_host's CampaignDir.
      const rec = JSON.parse(orStop(() => record(s, r, variant, input.mode, ran))) as {
        line: string;
        outcome: string;
      };
      try {
        writeSync(runsFd, rec.line);
      } catch (e) {
        throw new Stop(cannotWrite(display(runsPath), ioText(e)));
      }
      const drawn = progress?.count(rec.outcome, performance.now());
      if (drawn !== undefined) io.err.write(drawn);
    }
  };
  try {
    await Promise.all(
      s.slots.map((_, k) =>
        worker(k).catch((e: unknown) => {
          stopping = true;
          killRuns();
          throw e;
        }),
      ),
    );
  } finally {
    const last = progress?.end(performance.now());
    if (last !== undefined) io.err.write(last);
    progress?.free();
    closeSync(runsFd);
  }
}

/** Run index `r` recorded by the campaign's DIR: `{"line", "outcome"}`. */
function record(s: Shell, r: number, variant: Uint8Array, inputMode: number, ran: Ran): string {
  const [ending, code, signal] = howItEnded(ran.ending);
  const { stdout, durationMs } = ran;
  const now = performance.now();
  return s.dir.record(
    s.ledger,
    r,
    ending,
    code,
    signal,
    variant,
    inputMode,
    stdout,
    ran.ending.stderr,
    durationMs,
    now,
    s.files,
  );
}

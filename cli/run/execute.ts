// `fracture run` executed (docs/campaigns.md) as the campaign model's steps say
// (fracture_host::campaign::drive through the host module, the native CLI's
// engine-rs/cli/src/campaign/execute.rs takes the same steps): each input unmodified first, then the
// slice's unrecorded runs, `--jobs` at a time, then the crashes it names minimised. The model writes
// DIR and every line through node:fs (cli/files.ts); this shell makes the variants, runs the
// programs and keeps the clock.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Campaign } from '../../lib/engine/host-pkg/fracture_host.js';
import { cannotCreateTemp, runInterrupted } from '../../lib/engine/shared/messages.ts';
import type { NodeEngine, RunSettings } from '../../sdk/engine.ts';
import { privateDir, whenInterrupted } from '../../sdk/outputs.ts';
import type { RunArgs } from '../args.ts';
import { type HostFiles, nodeFiles } from '../files.ts';
import { ioText } from '../io.ts';
import { drive } from '../minimize.ts';
import { type Input, Stop } from './program.ts';
import { killRuns } from './spawner.ts';
import { howItEnded, type Io, orStop, runIn, type Shell } from './shell.ts';

/** A private directory of its own for each of the `jobs` slots, under `temp`. */
function jobSlots(temp: string, jobs: number): string[] {
  return Array.from({ length: jobs }, (_, s) => {
    mkdirSync(path.join(temp, String(s)), { mode: 0o700 });
    return path.resolve(temp, String(s));
  });
}

const asStop = (e: unknown) => (e instanceof Stop ? e : new Stop(e instanceof Error ? e.message : String(e)));

export async function execute(a: RunArgs, c: Campaign, inputs: Input[], engine: NodeEngine, io: Io) {
  const files = nodeFiles(io.err);
  orStop(() => c.open(files));
  const temp = await privateDir('fracture-run-').catch((e: unknown) => {
    throw new Stop(cannotCreateTemp(ioText(e)));
  });
  const shell: Shell = { a, inputs, io, slots: jobSlots(temp, a.decided.jobs) };
  let interrupted = false;
  const forget = whenInterrupted(() => {
    // Ctrl-C, SIGTERM, SIGHUP: no new run; the running ones' groups killed (not recorded).
    interrupted = true;
    killRuns();
    try {
      c.save(files);
    } catch (e) {
      io.err.write(`fracture: run: ${asStop(e).message}\n`);
    }
    rmSync(temp, { recursive: true, force: true });
    io.err.write(`${runInterrupted()}\n`);
  });
  try {
    for (const i of c.baselines()) {
      const ran = await runIn(shell, 0, inputs[i], inputs[i].bytes);
      if (interrupted) return 130;
      if (ran) c.baseline(i, ...howItEnded(ran.ending), ran.ending.stderr);
    }
    orStop(() => c.begin(!a.decided.quiet && io.err.isTTY === true, performance.now(), files));
    let stop: Stop | undefined;
    await runAll(shell, c, engine, files, () => interrupted).catch((e: unknown) => {
      stop = asStop(e);
    });
    if (interrupted) return 130;
    orStop(() => c.runsEnded(performance.now(), files));
    if (!stop) {
      await minimizeCrashes(shell, c, files, () => interrupted).catch((e: unknown) => {
        // The other candidates of the round end with it.
        killRuns();
        stop = asStop(e);
      });
    }
    if (interrupted) return 130;
    forget();
    if (stop) {
      orStop(() => c.save(files));
      throw stop;
    }
    return orStop(() => c.close(files));
  } finally {
    forget();
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * Each run's variant, made one at a time (the engine's module is one instance) by the engine's
 * report-free `variant`. `makeAhead` starts the next run's while this one's program runs (in the
 * spawner's process), so a fast program waits for no engine.
 */
function variantMaker(s: Shell, engine: NodeEngine) {
  const c = s.a.decided.corruption;
  const settings: RunSettings = {
    mode: c.mode,
    intensity: c.intensity,
    ranges: { only: c.only, protect: c.protect },
    fixChecksums: c.fixChecksums,
  };
  let queue: Promise<unknown> = Promise.resolve();
  /** Run `[r, input, seed]`'s variant. */
  const make = ([, i, seed]: Float64Array): Promise<Uint8Array> => {
    const input = s.inputs[i];
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
    take(job: Float64Array) {
      const made = ahead.get(job[0]) ?? make(job);
      ahead.delete(job[0]);
      return made;
    },
    makeAhead(job: Float64Array) {
      if (ahead.has(job[0])) return;
      const made = make(job);
      made.catch(() => undefined); // its failure is met when that run takes it
      ahead.set(job[0], made);
    },
  };
}

/** The slice's unrecorded runs on the job slots; the first worker that fails stops the others. */
async function runAll(s: Shell, c: Campaign, engine: NodeEngine, files: HostFiles, interrupted: () => boolean) {
  const variants = variantMaker(s, engine);
  let stopping = false;
  const worker = async (slot: number) => {
    while (!stopping && !interrupted()) {
      const job = c.nextRun(false);
      if (job === undefined) return;
      const [r, i] = job;
      const variant = await variants.take(job);
      if (stopping || interrupted()) return;
      const running = runIn(s, slot, s.inputs[i], variant);
      const next = c.nextRun(true);
      if (next !== undefined) variants.makeAhead(next);
      const ran = await running;
      if (stopping || interrupted() || !ran) return;
      // Recorded in one synchronous step: a signal finds DIR consistent.
      const [kind, code, signal] = howItEnded(ran.ending);
      const { stdout, durationMs, ending } = ran;
      const now = performance.now();
      orStop(() => c.ran(r, kind, code, signal, variant, stdout, ending.stderr, durationMs, now, files));
    }
  };
  await Promise.all(
    s.slots.map((_, k) =>
      worker(k).catch((e: unknown) => {
        stopping = true;
        killRuns();
        throw e;
      }),
    ),
  );
}

/**
 * The crashes the model names (not minimised yet, not pre-existing), each shrunk by the minimiser's
 * machine on the job slots (`drive`, as `fracture minimize` does): a candidate fails when the program
 * gives the crash's signature.
 */
async function minimizeCrashes(s: Shell, c: Campaign, files: HostFiles, interrupted: () => boolean) {
  // The inputs, as the campaign model makes each crash's machine against its own.
  const inputs = Buffer.concat(s.inputs.map((i) => i.bytes));
  const lengths = Float64Array.from(s.inputs, (i) => i.bytes.length);
  const next = () => c.nextCrash(inputs, lengths, files);
  for (let m = next(); m !== undefined && !interrupted(); m = next()) {
    const input = s.inputs[c.crashInput()];
    try {
      const test = async (slot: number, bytes: Uint8Array, onCancel: (cancel: () => void) => void) => {
        const ran = await runIn(s, slot, input, bytes, onCancel);
        if (!ran) return undefined;
        return { fail: c.reproduces(...howItEnded(ran.ending), ran.ending.stderr), how: '' };
      };
      if (!(await drive(m, s.slots.length, test, () => undefined, interrupted))) return;
      const machine = m;
      orStop(() => c.shrunk(machine, files));
    } finally {
      m.free();
    }
  }
}

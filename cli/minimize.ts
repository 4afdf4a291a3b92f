// `fracture minimize`: the fewest changed bytes of CORRUPTED that still make a command fail. The same
// delta debugging as the native CLI (engine-rs/cli/src/minimize.rs), step for step, so both print the
// same lines and write the same file: ddmin over runs of changed bytes, then over single bytes; each
// round's candidates run in parallel and the first failing one in order wins.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { type FileHandle, open, stat, writeFile } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import path from 'node:path';
import {
  checkPlan,
  display,
  fileKey,
  identifyOutput,
  OutputError,
  outputMode,
  Refusal,
  specialKind,
  temporaryDir,
  whenInterrupted,
  writeAtomically,
} from '../sdk/outputs.ts';
import { type MinimizeArgs, refusal } from './args.ts';
import { ioText } from './io.ts';
import * as msg from '../lib/engine/shared/messages.ts';

export type Outcome = { fail: false } | { fail: true; how: string };

interface Io {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

export async function minimize(a: MinimizeArgs, io: Io): Promise<number> {
  try {
    io.out.write(`${await run(a, io)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof Refusal) {
      io.err.write(refusal(e.message, 'fracture minimize'));
      return 2;
    }
    io.err.write(`fracture: minimize: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

/**
 * The output, planned before anything is read or written (docs/cli.md, "Plan, then write"): ORIGINAL
 * and CORRUPTED must be regular files (or missing: they fail when read), and the output neither of
 * them nor a directory.
 */
async function plan(a: MinimizeArgs, out: string) {
  const inputs = [];
  for (const file of [a.original, a.corrupted]) {
    const info = await stat(file, { bigint: true }).catch(() => undefined);
    const kind = info && specialKind(info);
    if (kind) throw new Refusal(msg.notRegular(display(file), kind));
    inputs.push({ shown: file, key: info ? fileKey(info) : undefined });
  }
  const refusal = await checkPlan(inputs, [{ shown: out, id: await identifyOutput(out) }]);
  if (refusal) throw new Refusal(refusal);
}

/** A file's bytes and permissions; a file that changes while it is read fails. */
async function read(file: string): Promise<{ bytes: Uint8Array; mode: number }> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    const before = await handle.stat({ bigint: true });
    const bytes = await handle.readFile();
    const after = await handle.stat({ bigint: true });
    if (BigInt(bytes.length) !== before.size || before.size !== after.size || before.mtimeNs !== after.mtimeNs) {
      return Promise.reject(new Error(`${display(file)}: the file changed while it was being read`));
    }
    return { bytes, mode: Number(before.mode) };
  } catch (e) {
    if (e instanceof Error && e.message.endsWith('changed while it was being read')) throw e;
    throw new Error(`${display(file)}: ${ioText(e)}`);
  } finally {
    await handle?.close();
  }
}

async function run(a: MinimizeArgs, io: Io): Promise<string> {
  const out = a.out ?? minimizedPath(a.corrupted);
  await plan(a, out);
  const { bytes: original, mode: originalMode } = await read(a.original);
  const { bytes: corrupted, mode: corruptedMode } = await read(a.corrupted);
  if (original.length !== corrupted.length) {
    throw new Error(msg.minimizeLengths(String(original.length), String(corrupted.length)));
  }
  const changed: number[] = [];
  for (let i = 0; i < original.length; i++) if (original[i] !== corrupted[i]) changed.push(i);
  if (changed.length === 0) throw new Error(msg.minimizeIdentical());
  const runs = runsOf(changed);
  const say = (text: string) => {
    if (!a.quiet) io.err.write(`fracture: minimize: ${text}\n`);
  };
  say(msg.minimizeStart(String(changed.length), String(runs.length)));

  const limit = budget(changed.length);
  const tester = new Tester(a, original, corrupted, limit);
  try {
    const [onCorrupted, onOriginal] = await tester.outcomes([changed, []]);
    if (!onCorrupted.fail) throw new Error(msg.minimizePasses());
    if (onOriginal.fail) throw new Error(msg.minimizeFailsOnOriginal(onOriginal.how));
    let last = changed.length;
    const report = (positions: number) => {
      if (positions !== last) {
        last = positions;
        say(msg.minimizeProgress(String(positions)));
      }
    };
    const kept = await shrink(
      runs,
      (sets) => tester.firstFailing(sets),
      () => tester.spent,
      report,
      () => say(msg.minimizeBytes()),
    );
    const result = Uint8Array.from(original);
    for (const p of kept) result[p] = corrupted[p];
    // Through a temporary file, with the permissions both inputs grant.
    await writeAtomically(out, outputMode([originalMode, corruptedMode]), (h) => h.writeFile(result)).catch((e) => {
      throw new Error(msg.cannotWrite(display(out), ioText(e instanceof OutputError ? e.error : e)));
    });
    const spent = tester.spent ? msg.minimizeSpent(String(limit)) : '';
    return msg.minimizeDone(display(out), String(kept.length), String(changed.length), spent);
  } finally {
    tester.close();
  }
}

/**
 * Test runs at most, for `n` changed bytes: 2 · n · ceil(log2(n + 1)) (ddmin alone is quadratic in
 * the worst case). The two precondition runs count too.
 */
export function budget(n: number): number {
  return 2 * n * n.toString(2).length;
}

/**
 * The fewest changed positions that still fail, from `runs` of changed positions ([start, end)):
 * ddmin over the runs (a corrupting mode changes bytes in runs, and dropping a whole run is one test),
 * then, unless the run budget is spent, over single bytes (`onBytes` hears that second pass start).
 */
export async function shrink(
  runs: [number, number][],
  firstFailing: (sets: number[][]) => Promise<Found>,
  spent: () => boolean,
  progress: (positions: number) => void,
  onBytes: () => void,
): Promise<number[]> {
  const runUnits = runs.map(([start, end]) => Array.from({ length: end - start }, (_, k) => start + k));
  let kept = (await ddmin(runUnits, firstFailing, progress)).flat();
  if (!spent()) {
    onBytes();
    kept = (
      await ddmin(
        kept.map((p) => [p]),
        firstFailing,
        progress,
      )
    ).flat();
  }
  return kept;
}

/** The first failing candidate's index; `undefined`: every candidate passes; 'spent': the run budget ran out first. */
export type Found = number | undefined | 'spent';

/** Maximal runs of consecutive positions, as `[start, end)`. */
export function runsOf(positions: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const p of positions) {
    const last = runs.at(-1);
    if (last && last[1] === p) last[1] = p + 1;
    else runs.push([p, p + 1]);
  }
  return runs;
}

/** `{base}_minimized{.ext}` beside CORRUPTED (`{name}_minimized.bin` without an extension). */
export function minimizedPath(corrupted: string): string {
  const name = path.basename(corrupted);
  const dot = name.lastIndexOf('.');
  const named = dot > 0 ? `${name.slice(0, dot)}_minimized${name.slice(dot)}` : `${name}_minimized.bin`;
  return corrupted.slice(0, corrupted.length - name.length) + named;
}

/**
 * ddmin over `units` (each a set of positions): the smallest list of units found whose union still
 * fails. `firstFailing` gets the round's candidates in order and resolves to the index of the first
 * that fails (or 'spent' when the run budget is: then the units kept so far are the answer);
 * `progress` hears the number of positions kept after each reduction.
 */
export async function ddmin(
  units: number[][],
  firstFailing: (sets: number[][]) => Promise<Found>,
  progress: (positions: number) => void,
): Promise<number[][]> {
  let c = units;
  let n = 2;
  while (c.length >= 2) {
    const len = c.length;
    const bounds = Array.from({ length: n }, (_, k) => [Math.floor((k * len) / n), Math.floor(((k + 1) * len) / n)]);
    const candidates = bounds.map(([a, b]) => Array.from({ length: b - a }, (_, k) => a + k));
    // With two parts each complement is the other part: already a candidate.
    if (n > 2) {
      for (const [a, b] of bounds)
        candidates.push(Array.from({ length: len }, (_, i) => i).filter((i) => i < a || i >= b));
    }
    const k = await firstFailing(candidates.map((us) => us.flatMap((u) => c[u])));
    if (k === 'spent') break;
    if (k !== undefined) {
      c = candidates[k].map((u) => c[u]);
      n = k < n ? 2 : Math.max(n - 1, 2);
      progress(c.reduce((sum, u) => sum + u.length, 0));
    } else if (n < len) {
      n = Math.min(2 * n, len);
    } else {
      break;
    }
  }
  return c;
}

/** CORRUPTED's file name with only letters, digits, `.`, `_` and `-` (others become `_`). */
export function safeName(corrupted: string): string {
  const safe = [...path.basename(corrupted)].map((ch) => (/^[A-Za-z0-9._-]$/.test(ch) ? ch : '_')).join('');
  return safe === '' || safe.startsWith('-') ? `input${safe}` : safe;
}

/** `file` as one shell word: as it is when it has only safe characters, else single-quoted. */
export function shellWord(file: string): string {
  return /^[A-Za-z0-9._\-/]+$/.test(file) ? file : `'${file.replace(/'/g, "'\\''")}'`;
}

/**
 * One test of a candidate's bytes in job slot `slot`: its outcome, or undefined when `onCancel`'s
 * function was called before it ended.
 */
export type RunOne = (
  slot: number,
  bytes: Uint8Array,
  onCancel: (cancel: () => void) => void,
) => Promise<Outcome | undefined>;

/**
 * Runs candidates (sets of CORRUPTED's positions over ORIGINAL), `slots` at a time, each known one
 * once, within a budget of test runs: the rounds of ddmin. `fracture minimize` runs a shell test
 * through it, `fracture run` its PROGRAM (same signature: fails).
 */
export class Candidates {
  private readonly known = new Map<string, boolean>();
  /** Test runs started. */
  private runs = 0;
  /** Whether a round stopped for the budget. */
  spent = false;

  constructor(
    private readonly slots: number,
    private readonly original: Uint8Array,
    private readonly corrupted: Uint8Array,
    private readonly budget: number,
    private readonly runOne: RunOne,
  ) {}

  /** Every candidate's outcome (the preconditions). */
  async outcomes(sets: number[][]): Promise<Outcome[]> {
    return (await this.runBatch(sets, false)).map((r) => r ?? { fail: false });
  }

  /**
   * The first candidate, in order, on which the test fails. Candidates are started in order, so when
   * the budget stops them, those run are the first ones: a failure among them is the first.
   */
  async firstFailing(sets: number[][]): Promise<Found> {
    const results = await this.runBatch(sets, true);
    const i = results.findIndex((r) => r?.fail === true);
    if (i >= 0) return i;
    // Nothing failed, so nothing was cancelled: a candidate not run was stopped by the budget.
    if (results.includes(undefined)) {
      this.spent = true;
      return 'spent';
    }
    return undefined;
  }

  /** Outcomes of `sets` (undefined: not run, because an earlier candidate failed and `stopEarly`). */
  private async runBatch(sets: number[][], stopEarly: boolean): Promise<(Outcome | undefined)[]> {
    const keys = sets.map((s) => s.join(','));
    const results: (Outcome | undefined)[] = keys.map((k) => {
      const fail = this.known.get(k);
      return fail === undefined ? undefined : fail ? { fail: true, how: '' } : { fail: false };
    });
    const firstKnownFail = results.findIndex((r) => r?.fail === true);
    const todo = sets
      .map((_, i) => i)
      .filter((i) => results[i] === undefined && !(stopEarly && firstKnownFail >= 0 && i > firstKnownFail));
    let next = 0;
    let best = stopEarly && firstKnownFail >= 0 ? firstKnownFail : undefined;
    const cancels = new Map<number, () => void>();
    const worker = async (slot: number) => {
      for (;;) {
        const i = todo[next];
        if (i === undefined || (stopEarly && best !== undefined && i > best) || this.runs >= this.budget) return;
        next++;
        this.runs++;
        const bytes = Uint8Array.from(this.original);
        for (const p of sets[i]) bytes[p] = this.corrupted[p];
        const outcome = await this.runOne(slot, bytes, (cancel) => cancels.set(i, cancel));
        cancels.delete(i);
        if (stopEarly && outcome?.fail && (best === undefined || i < best)) {
          best = i;
          // Later candidates cannot win any more: stop them.
          for (const [j, cancel] of cancels) if (j > i) cancel();
        }
        if (outcome) this.known.set(keys[i], outcome.fail);
        results[i] = outcome;
      }
    };
    const workers = Math.min(Math.max(1, this.slots), todo.length);
    await Promise.all(Array.from({ length: workers }, (_, slot) => worker(slot)));
    return results;
  }
}

/** Runs the shell test on candidate files, `jobs` at a time, each in a temporary slot of its own. */
class Tester {
  private readonly temp: string;
  private readonly slots: string[];
  private readonly groups = new Set<number>();
  private readonly forget: () => void;
  private readonly candidates: Candidates;

  constructor(
    private readonly a: MinimizeArgs,
    original: Uint8Array,
    corrupted: Uint8Array,
    budget: number,
  ) {
    this.temp = temporaryDir(mkdtempSync(path.join(tmpdir(), 'fracture-minimize-')));
    const name = safeName(a.corrupted);
    this.slots = Array.from({ length: Math.max(1, a.jobs) }, (_, j) => {
      mkdirSync(path.join(this.temp, String(j)));
      return path.join(this.temp, String(j), name);
    });
    this.candidates = new Candidates(this.slots.length, original, corrupted, budget, (slot, bytes, onCancel) =>
      this.runTest(this.slots[slot], bytes, onCancel),
    );
    // Ctrl-C, SIGTERM or SIGHUP (exitCleanlyOnSignals, cli/main.ts): the tests' groups are killed
    // (they are not in the terminal's foreground group, so the terminal's Ctrl-C never reaches them)
    // and the temporary files removed.
    this.forget = whenInterrupted(() => {
      this.close();
      process.stderr.write('fracture: minimize: interrupted; the temporary files are removed\n');
    });
  }

  get spent(): boolean {
    return this.candidates.spent;
  }

  close() {
    this.forget();
    for (const g of this.groups) killGroup(g);
    rmSync(this.temp, { recursive: true, force: true });
  }

  outcomes(sets: number[][]): Promise<Outcome[]> {
    return this.candidates.outcomes(sets);
  }

  firstFailing(sets: number[][]): Promise<Found> {
    return this.candidates.firstFailing(sets);
  }

  /** One test on `bytes`, written to `file`; undefined when cancelled. */
  private async runTest(file: string, bytes: Uint8Array, onCancel: (cancel: () => void) => void) {
    try {
      await writeFile(file, bytes);
    } catch (e) {
      return { fail: true, how: `cannot write ${file}: ${ioText(e)}` } as Outcome;
    }
    // `{}` is the file's path; a command without `{}` reads the file on standard input.
    const withPath = this.a.test.includes('{}');
    const script = withPath ? this.a.test.replaceAll('{}', shellWord(file)) : this.a.test;
    const stdin = withPath ? 'ignore' : openSync(file, 'r');
    return new Promise<Outcome | undefined>((resolve) => {
      let child: ChildProcess;
      try {
        child = spawn('/bin/sh', ['-c', script], { stdio: [stdin, 'ignore', 'ignore'], detached: true });
      } finally {
        if (typeof stdin === 'number') closeSync(stdin);
      }
      const group = child.pid;
      if (group !== undefined) this.groups.add(group);
      let settled: Outcome | undefined | null = null;
      const settle = (o: Outcome | undefined) => {
        if (settled === null) settled = o;
      };
      const timer = setTimeout(() => {
        settle({ fail: true, how: `timed out after ${this.a.timeoutMs} ms` });
        if (group !== undefined) killGroup(group);
      }, this.a.timeoutMs);
      onCancel(() => {
        settle(undefined);
        if (group !== undefined) killGroup(group);
      });
      child.on('error', (e) => {
        clearTimeout(timer);
        resolve({ fail: true, how: `cannot start /bin/sh: ${e.message}` });
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        if (code === 0) settle({ fail: false });
        else if (code !== null) settle({ fail: true, how: `exit ${code}` });
        else settle({ fail: true, how: `killed by signal ${signal ? constants.signals[signal] : '?'}` });
        // Whatever the shell started and left behind goes with it.
        if (group !== undefined) {
          killGroup(group);
          this.groups.delete(group);
        }
        resolve(settled ?? undefined);
      });
    });
  }
}

export function killGroup(group: number) {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

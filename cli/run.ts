// `fracture run` (docs/campaigns.md): the variants of FILEs, as `fracture --seed S --count N` makes
// them, fed to PROGRAM in a process group of its own, `--jobs` at a time; each outcome appended to
// DIR/runs.jsonl as it comes, each unique crash kept in DIR/crashes/ID/ and minimised with the
// minimiser of `fracture minimize` (cli/minimize.ts) to the same signature. Plan, execute, emit, as
// the rest of the CLI: every usage error is found before the first run.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { constants } from 'node:os';
import path from 'node:path';
import { forgetTemporaryFile, temporaryFile } from '../lib/engine/host/temporaries.ts';
import { MAX_SEED } from '../lib/engine/reference/errors.ts';
import { type NodeEngine, nodeEngine, type RunSettings } from '../sdk/engine.ts';
import { display, outputMode, privateDir, whenInterrupted } from '../sdk/outputs.ts';
import type { RunArgs } from './args.ts';
import {
  CAPTURE_LIMIT,
  type CampaignFile,
  type CampaignSpec,
  campaignJson,
  campaignValue,
  canonicalCommand,
  type Ending,
  type InputInfo,
  type Judging,
  judge,
  minimizedFileName,
  parseRecords,
  type RunRecord,
  recordLine,
  signalName,
  sortRecords,
  summaryMd,
  variantFileName,
} from './campaign.ts';
import { usage } from './cli-tables.ts';
import { ioText } from './io.ts';
import { budget, Candidates, killGroup, runsOf, safeName, shrink } from './minimize.ts';

interface Io {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream & { isTTY?: boolean };
}

/** A usage error of `run` or `merge`: one line, exit 2. */
export class CampaignUsage extends Error {}

/** The campaign stops (cannot start PROGRAM, cannot write DIR): exit 1. */
class Stop extends Error {}

/** An input as read before the first run. */
interface Input {
  file: string;
  name: string;
  bytes: Uint8Array;
  mode: number;
  info: InputInfo;
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

let tempCounter = 0;
/** Writes `target` whole through a temporary file beside it and a rename (synchronously: a signal may come next). */
export function writeAtomicSync(target: string, data: Uint8Array | string, mode: number) {
  const tmp = path.join(
    path.dirname(target),
    `.fracture-${process.pid}-${tempCounter++}-${randomBytes(4).toString('hex')}.tmp`,
  );
  temporaryFile(tmp);
  try {
    writeFileSync(tmp, data, { mode: 0o600, flag: 'wx' });
    chmodSync(tmp, mode);
    renameSync(tmp, target);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  } finally {
    forgetTemporaryFile(tmp);
  }
}

/** A FILE, read whole before the first run (a usage error when it cannot be). */
async function readInput(file: string): Promise<Input> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(file);
  } catch (e) {
    throw new CampaignUsage(`${display(file)}: ${ioText(e)}`);
  }
  if (!info.isFile()) {
    throw new CampaignUsage(`${display(file)} is ${info.isDirectory() ? 'a directory' : 'not a regular file'}`);
  }
  let bytes: Uint8Array;
  try {
    const handle = await open(file, 'r');
    try {
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (e) {
    throw new CampaignUsage(`${display(file)}: ${ioText(e)}`);
  }
  return {
    file,
    name: path.basename(file),
    bytes,
    mode: Number(info.mode),
    info: { file, size: bytes.length, sha256: sha256(bytes) },
  };
}

/** The runs of the slice: every run index r < total with r % M == K - 1. */
export function plannedRuns(total: number, shard: [number, number] | null): number {
  if (!shard) return total;
  const [k, m] = shard;
  return total >= k ? Math.floor((total - k) / m) + 1 : 0;
}

/**
 * Reads a campaign.json, or refuses with the usage error that says why not: it cannot be read
 * (`--resume: ` first when `resuming`), or it is not a campaign of version 1.
 */
export function readCampaign(file: string, resuming = false): CampaignFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const unreadable = resuming ? usage.resumeUnreadable : usage.campaignUnreadable;
    throw new CampaignUsage(unreadable(display(file), ioText(e)));
  }
  let c: CampaignFile | undefined;
  try {
    c = JSON.parse(text);
  } catch {
    c = undefined;
  }
  if (!c || typeof c !== 'object' || c.version !== 1 || !Array.isArray(c.command))
    throw new CampaignUsage(usage.notACampaign(display(file)));
  return c;
}

/** What makes this campaign another than `old` (docs/campaigns.md, section 8), or undefined. */
function difference(old: CampaignFile, command: string[], shard: [number, number] | null, inputs: InputInfo[]) {
  if (JSON.stringify(old.command) !== JSON.stringify(command)) return 'the command differs';
  if (JSON.stringify(old.shard ?? null) !== JSON.stringify(shard)) return 'the shard differs';
  const same = (a: InputInfo, b: InputInfo) => a.file === b.file && a.size === b.size && a.sha256 === b.sha256;
  if (
    !Array.isArray(old.inputs) ||
    old.inputs.length !== inputs.length ||
    old.inputs.some((x, i) => !same(x, inputs[i]))
  )
    return 'the inputs differ (a FILE changed)';
  return undefined;
}

/** A signal's number from Node's name for it. */
function signalNumber(name: string): number {
  return (constants.signals as Record<string, number>)[name] ?? 0;
}

/** How a run of PROGRAM went, and how long it took. */
interface Ran {
  ending: Ending;
  durationMs: number;
  stdout: Uint8Array;
}

/** PROGRAM could not be started. */
class StartError extends Error {}

/**
 * Runs PROGRAM on the variant at `variant` (docs/campaigns.md, section 2): `{}` in ARGS made its path,
 * else the file on standard input; a process group of its own, killed at the timeout and after exit.
 * `groups` holds the running groups (for Ctrl-C); `onCancel` gets a function that kills this one
 * (the run then resolves to undefined).
 */
function runProgram(
  program: string[],
  variant: string,
  timeoutMs: number,
  groups: Set<number>,
  onCancel?: (cancel: () => void) => void,
): Promise<Ran | undefined> {
  const [prog, ...args] = program;
  const fed = args.some((a) => a.includes('{}'));
  const argv = fed ? args.map((a) => a.replaceAll('{}', variant)) : args;
  return new Promise((resolve, reject) => {
    let stdin: number | 'ignore' = 'ignore';
    if (!fed) {
      try {
        stdin = openSync(variant, 'r');
      } catch (e) {
        reject(new Stop(`cannot open ${variant}: ${ioText(e)}`));
        return;
      }
    }
    const started = performance.now();
    let child: ChildProcess;
    try {
      child = spawn(prog, argv, { stdio: [stdin, 'pipe', 'pipe'], detached: true });
    } catch (e) {
      reject(new StartError(e instanceof Error ? e.message : String(e)));
      return;
    } finally {
      if (typeof stdin === 'number') closeSync(stdin);
    }
    const group = child.pid;
    if (group !== undefined) groups.add(group);
    const keep = (chunks: Buffer[], counter: { n: number }) => (chunk: Buffer) => {
      if (counter.n >= CAPTURE_LIMIT) return;
      const part = chunk.subarray(0, CAPTURE_LIMIT - counter.n);
      chunks.push(part);
      counter.n += part.length;
    };
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', keep(out, { n: 0 }));
    child.stderr?.on('data', keep(err, { n: 0 }));
    let hung = false;
    let cancelled = false;
    let ended: number | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    const kill = () => {
      if (group !== undefined) killGroup(group);
    };
    const timer = setTimeout(() => {
      if (exit) return;
      hung = true;
      ended = performance.now();
      kill();
    }, timeoutMs);
    onCancel?.(() => {
      cancelled = true;
      kill();
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (group !== undefined) groups.delete(group);
      reject(new StartError(ioText(e)));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      ended ??= performance.now();
      exit = { code, signal };
      // What PROGRAM left behind goes with it; then the pipes end.
      kill();
    });
    child.on('close', () => {
      if (group !== undefined) groups.delete(group);
      if (!exit) return;
      if (cancelled) {
        resolve(undefined);
        return;
      }
      const ending: Ending = hung
        ? { hung: true, exitCode: null, signal: null, stderr: Buffer.concat(err) }
        : {
            hung: false,
            exitCode: exit.code,
            signal: exit.signal === null ? null : signalName(signalNumber(exit.signal)),
            stderr: Buffer.concat(err),
          };
      resolve({ ending, durationMs: Math.floor((ended ?? performance.now()) - started), stdout: Buffer.concat(out) });
    });
  });
}

/** The progress line on a terminal: at most 10 redraws a second. */
class ProgressLine {
  private last = 0;
  private shown = false;
  private readonly started = performance.now();
  private session = 0;

  constructor(
    private readonly err: NodeJS.WritableStream & { isTTY?: boolean },
    private readonly enabled: boolean,
    private readonly planned: number,
  ) {}

  update(done: number, counts: CampaignFile['counts'], ranNow: boolean) {
    if (ranNow) this.session++;
    if (!this.enabled) return;
    const now = performance.now();
    if (now - this.last < 100 && done < this.planned) return;
    this.last = now;
    const rate = this.session / Math.max((now - this.started) / 1000, 0.001);
    this.err.write(
      `\r${done}/${this.planned} runs, ${rate.toFixed(1)} runs/s, ${counts.accepted} accepted, ${counts.rejected} rejected, ${counts.crashed} crashed, ${counts.hung} hung\x1b[K`,
    );
    this.shown = true;
  }

  /** Ends the line (a newline), so other lines come below it. */
  end() {
    if (this.shown) this.err.write('\n');
    this.shown = false;
  }
}

export async function runCampaign(a: RunArgs, io: Io): Promise<number> {
  // Plan: every usage error before anything is written.
  const inputs: Input[] = [];
  for (const file of a.files) inputs.push(await readInput(file));
  const dir = a.out;
  const dirInfo = await stat(dir).catch(() => undefined);
  if (dirInfo && !dirInfo.isDirectory()) throw new CampaignUsage(usage.campaignOutNotDirectory(display(dir)));
  const campaignPath = path.join(dir, 'campaign.json');
  const runsPath = path.join(dir, 'runs.jsonl');
  let old: CampaignFile | undefined;
  if (a.resume) {
    old = readCampaign(campaignPath, true);
  } else if (existsSync(campaignPath) || existsSync(runsPath)) {
    throw new CampaignUsage(usage.campaignExists(display(dir)));
  }
  const seed = a.seed ?? old?.seed ?? Math.floor(Math.random() * 2147483647);
  const total = inputs.length * a.count;
  if (seed + total - 1 > MAX_SEED) {
    throw new CampaignUsage(`Seed must be an integer from 0 to ${MAX_SEED}, got ${seed + total - 1}`);
  }
  const spec: CampaignSpec = {
    mode: a.mode,
    intensity: a.intensity,
    only: a.only,
    protect: a.protect,
    fixChecksums: a.fixChecksums,
    seed,
    count: a.count,
    timeoutMs: a.timeoutMs,
    crashExit: a.crashExit,
    crashPattern: a.crashPattern,
    minimize: a.minimize,
    files: a.files,
    program: a.program,
    shard: a.shard,
  };
  const infos = inputs.map((i) => i.info);
  if (old) {
    const why = difference(old, canonicalCommand(spec), a.shard, infos);
    if (why) throw new CampaignUsage(usage.anotherCampaignBecause(display(campaignPath), why));
  }
  const planned = plannedRuns(total, a.shard);
  io.err.write(`fracture: run: seed ${seed} (variant j of file i uses seed ${seed} + i * ${a.count} + j)\n`);

  // Execute.
  const engine = await nodeEngine('wasm');
  try {
    return await execute(a, spec, inputs, infos, planned, old, engine, io);
  } finally {
    await engine.close();
  }
}

async function execute(
  a: RunArgs,
  spec: CampaignSpec,
  inputs: Input[],
  infos: InputInfo[],
  planned: number,
  old: CampaignFile | undefined,
  engine: NodeEngine,
  io: Io,
): Promise<number> {
  const dir = a.out;
  const campaignPath = path.join(dir, 'campaign.json');
  const runsPath = path.join(dir, 'runs.jsonl');
  const fileMode = outputMode([]);
  const total = inputs.length * a.count;
  const inSlice = (r: number) => !a.shard || r % a.shard[1] === a.shard[0] - 1;
  const fail = (what: string, e: unknown): never => {
    throw new Stop(`cannot write ${display(what)}: ${ioText(e)}`);
  };
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    fail(dir, e);
  }

  // What runs.jsonl holds already (--resume): its valid lines, of this campaign's runs.
  const records = new Map<number, RunRecord>();
  const signatures = new Map<string, string>();
  for (const e of old?.crashes ?? []) if (typeof e.signature === 'string') signatures.set(e.id, e.signature);
  if (a.resume && existsSync(runsPath)) {
    for (const rec of parseRecords(readFileSync(runsPath, 'utf8'))) {
      const r = rec.seed - spec.seed;
      if (r < 0 || r >= total || !inSlice(r) || records.has(r)) continue;
      if (inputs[Math.floor(r / a.count)].file !== rec.file) continue;
      records.set(r, rec);
    }
  }
  const sorted = () => sortRecords([...records.values()]);
  try {
    // Only whole lines: what a cut-short line left is gone before new lines follow it.
    writeAtomicSync(runsPath, sorted().map(recordLine).join(''), fileMode);
  } catch (e) {
    fail(runsPath, e);
  }

  // The representative of each crash id: its run index.
  const reps = new Map<string, number>();
  for (const [r, rec] of records) {
    if (rec.crash_id !== null && (reps.get(rec.crash_id) ?? Number.POSITIVE_INFINITY) > r) reps.set(rec.crash_id, r);
  }
  const minimizedDone = new Map<string, { path: string; changes: number }>();
  const facts = {
    signature: (id: string) => signatures.get(id),
    minimized: (id: string, file: string, seed: number) => {
      const known = minimizedDone.get(id);
      if (known) return known;
      const rel = `crashes/${id}/${minimizedFileName(file, seed)}`;
      const at = path.join(dir, rel);
      if (!existsSync(at)) return null;
      const input = inputs.find((i) => i.file === file);
      if (!input) return null;
      const bytes = readFileSync(at);
      if (bytes.length !== input.bytes.length) return null;
      let changes = 0;
      for (let i = 0; i < bytes.length; i++) if (bytes[i] !== input.bytes[i]) changes++;
      const found = { path: rel, changes };
      minimizedDone.set(id, found);
      return found;
    },
  };
  const value = () => campaignValue(spec, infos, [...records.values()], planned, facts);
  const writeCampaign = (c: CampaignFile = value()) => {
    try {
      writeAtomicSync(campaignPath, campaignJson(c), fileMode);
    } catch (e) {
      fail(campaignPath, e);
    }
  };
  // While the runs go on, campaign.json is rewritten when a crash id is new (it holds the signatures
  // --resume needs after a kill that no handler sees), at most once a second: a campaign where every
  // run is a new id costs linear time, not quadratic. Ctrl-C and the end write it whatever the clock.
  let lastWrite = 0;
  let pendingWrite: NodeJS.Timeout | undefined;
  const campaignSoon = () => {
    const wait = lastWrite + 1000 - performance.now();
    if (wait <= 0) {
      lastWrite = performance.now();
      writeCampaign();
    } else {
      pendingWrite ??= setTimeout(() => {
        pendingWrite = undefined;
        lastWrite = performance.now();
        if (!stopping) writeCampaign();
      }, wait);
    }
  };
  const stopWrites = () => {
    if (pendingWrite) clearTimeout(pendingWrite);
    pendingWrite = undefined;
  };
  /** runs.jsonl sorted, campaign.json and summary.md: the DIR as a finished (or stopped) campaign leaves it. */
  const finish = (): CampaignFile => {
    writeAtomicSync(runsPath, sorted().map(recordLine).join(''), fileMode);
    const c = value();
    writeAtomicSync(campaignPath, campaignJson(c), fileMode);
    writeAtomicSync(path.join(dir, 'summary.md'), summaryMd(c), fileMode);
    return c;
  };
  writeCampaign();
  let runsFd: number;
  try {
    runsFd = openSync(runsPath, 'a');
  } catch (e) {
    return fail(runsPath, e);
  }

  const temp = await privateDir('fracture-run-');
  const slots = Array.from({ length: a.jobs }, (_, s) => {
    mkdirSync(path.join(temp, String(s)), { mode: 0o700 });
    return path.resolve(temp, String(s));
  });
  const groups = new Set<number>();
  const judging: Judging = {
    crashExit: new Set(a.crashExit),
    crashPattern: a.crashPattern === null ? null : new RegExp(a.crashPattern, 'u'),
  };
  // Kept as runs are recorded (value() goes over every run: once a run would be quadratic).
  const tally: CampaignFile['counts'] = { accepted: 0, rejected: 0, crashed: 0, hung: 0 };
  for (const rec of records.values()) tally[rec.outcome]++;
  const progress = new ProgressLine(io.err, !a.quiet && io.err.isTTY === true, planned);
  let stopping = false;
  let interrupted = false;
  const forget = whenInterrupted(() => {
    // Ctrl-C, SIGTERM, SIGHUP: no new run; the running ones' groups killed (not recorded).
    interrupted = true;
    stopping = true;
    stopWrites();
    for (const g of groups) killGroup(g);
    progress.end();
    try {
      closeSync(runsFd);
    } catch {
      // Closed already.
    }
    try {
      finish();
    } catch (e) {
      io.err.write(`fracture: run: ${e instanceof Error ? e.message : String(e)}\n`);
    }
    rmSync(temp, { recursive: true, force: true });
    io.err.write('fracture: run: interrupted; continue with --resume\n');
  });

  /** Keeps a crash's representative files: the variant, and the run's standard output and error. */
  const keepCrash = (id: string, rec: RunRecord, variant: Uint8Array, ran: Ran, inputMode: number) => {
    const crashDir = path.join(dir, 'crashes', id);
    const name = variantFileName(rec.file, rec.seed);
    const files = [name, 'stdout.txt', 'stderr.txt'];
    try {
      mkdirSync(crashDir, { recursive: true });
      writeAtomicSync(path.join(crashDir, name), variant, outputMode([inputMode]));
      writeAtomicSync(path.join(crashDir, 'stdout.txt'), ran.stdout, fileMode);
      writeAtomicSync(path.join(crashDir, 'stderr.txt'), ran.ending.stderr, fileMode);
      // An earlier representative's files (a higher run index) go.
      for (const f of readdirSync(crashDir)) if (!files.includes(f)) rmSync(path.join(crashDir, f), { force: true });
    } catch (e) {
      fail(crashDir, e);
    }
    minimizedDone.delete(id);
  };

  // The runs still to do, in index order; `jobs` workers take them in turn.
  const todo: number[] = [];
  for (let r = 0; r < total; r++) if (inSlice(r) && !records.has(r)) todo.push(r);
  let next = 0;
  let stop: Stop | undefined;
  // One variant made at a time: the engine's module is one instance.
  let engineQueue: Promise<unknown> = Promise.resolve();
  const settings: RunSettings = {
    mode: a.mode,
    intensity: a.intensity,
    ranges: { only: a.only, protect: a.protect },
    fixChecksums: a.fixChecksums,
  };
  const makeVariant = (input: Input, seed: number): Promise<Uint8Array> => {
    const made = engineQueue.then(() => engine.run(input.bytes, input.name, settings, seed));
    engineQueue = made.catch(() => undefined);
    return made.then((r) => r.data);
  };
  progress.update(records.size, tally, false);
  const worker = async (slot: number) => {
    while (!stopping && next < todo.length) {
      const r = todo[next++];
      const input = inputs[Math.floor(r / a.count)];
      const seed = spec.seed + r;
      const variant = await makeVariant(input, seed);
      if (stopping) return;
      const at = path.join(slots[slot], safeName(input.file));
      writeFileSync(at, variant, { mode: 0o600 });
      let ran: Ran | undefined;
      try {
        ran = await runProgram(a.program, at, a.timeoutMs, groups);
      } catch (e) {
        stopping = true;
        for (const g of groups) killGroup(g);
        stop ??= e instanceof StartError ? new Stop(`cannot start ${a.program[0]}: ${e.message}`) : (e as Stop);
        return;
      }
      if (stopping || !ran) return;
      const verdict = judge(ran.ending, judging);
      const rec: RunRecord = {
        file: input.file,
        seed,
        outcome: verdict.outcome,
        exit_code: ran.ending.hung ? null : ran.ending.exitCode,
        signal: ran.ending.hung ? null : ran.ending.signal,
        duration_ms: ran.durationMs,
        variant_sha256: sha256(variant),
        crash_id: verdict.crashId,
      };
      // Recorded in one synchronous step: a signal finds the DIR consistent.
      records.set(r, rec);
      tally[rec.outcome]++;
      if (verdict.crashId !== null && verdict.signature !== null) {
        const id = verdict.crashId;
        signatures.set(id, verdict.signature);
        const rep = reps.get(id);
        if (rep === undefined || r < rep) {
          reps.set(id, r);
          keepCrash(id, rec, variant, ran, input.mode);
          campaignSoon();
        }
      }
      try {
        writeSync(runsFd, recordLine(rec));
      } catch (e) {
        fail(runsPath, e);
      }
      progress.update(records.size, tally, true);
    }
  };
  // A worker that fails stops the others (they record nothing more) and is waited for with them: no
  // run is recorded once the campaign is being closed.
  await Promise.all(
    slots.map((_, s) =>
      worker(s).catch((e: unknown) => {
        stopping = true;
        for (const g of groups) killGroup(g);
        stop ??= e instanceof Stop ? e : new Stop(e instanceof Error ? e.message : String(e));
      }),
    ),
  );
  stopWrites();
  if (interrupted) return 130;
  progress.end();
  closeSync(runsFd);

  // Minimise each crash entry not minimised yet (section 9).
  if (!stop && a.minimize) {
    try {
      await minimizeCrashes(a, inputs, value(), dir, slots, groups, judging, io, (id, found) => {
        minimizedDone.set(id, found);
        writeCampaign();
      });
    } catch (e) {
      // The other candidates of the round end with it.
      for (const g of groups) killGroup(g);
      stop = e instanceof Stop ? e : new Stop(e instanceof Error ? e.message : String(e));
    }
  }
  if (interrupted) return 130;
  forget();
  let c: CampaignFile;
  try {
    c = finish();
  } catch (e) {
    io.err.write(`fracture: run: ${e instanceof Error ? e.message : String(e)}\n`);
    rmSync(temp, { recursive: true, force: true });
    return 1;
  }
  rmSync(temp, { recursive: true, force: true });
  if (stop) {
    io.err.write(`fracture: run: ${stop.message}\n`);
    return 1;
  }
  if (!a.quiet) io.err.write(`${closingLine('run', c, dir)}\n`);
  return c.counts.crashed + c.counts.hung > 0 ? 1 : 0;
}

/** The last line: what the campaign found, and where the summary is. */
export function closingLine(command: string, c: CampaignFile, dir: string): string {
  const n = c.counts;
  const recorded = n.accepted + n.rejected + n.crashed + n.hung;
  const summary = dir.endsWith('/') ? `${dir}summary.md` : `${dir}/summary.md`;
  return `fracture: ${command}: ${recorded} runs: ${n.accepted} accepted, ${n.rejected} rejected, ${n.crashed} crashed, ${n.hung} hung; ${c.crashes.length} unique -> ${display(summary)}`;
}

/**
 * Section 9: each crash entry without a minimised file, whose variant has the input's length, shrunk
 * to a 1-minimal set of changes that gives the same signature.
 */
async function minimizeCrashes(
  a: RunArgs,
  inputs: Input[],
  c: CampaignFile,
  dir: string,
  slots: string[],
  groups: Set<number>,
  judging: Judging,
  io: Io,
  done: (id: string, found: { path: string; changes: number }) => void,
) {
  for (const entry of c.crashes) {
    if (entry.minimized !== null) continue;
    const input = inputs.find((i) => i.file === entry.file);
    if (!input) continue;
    const variant = readFileSync(path.join(dir, entry.variant));
    if (variant.length !== input.bytes.length) continue;
    const original = input.bytes;
    const changed: number[] = [];
    for (let i = 0; i < original.length; i++) if (original[i] !== variant[i]) changed.push(i);
    io.err.write(`fracture: run: minimizing ${entry.id} (${changed.length} bytes changed)\n`);
    const name = safeName(input.file);
    const candidates = new Candidates(
      slots.length,
      original,
      variant,
      budget(changed.length),
      async (slot, bytes, onCancel) => {
        const at = path.join(slots[slot], name);
        writeFileSync(at, bytes, { mode: 0o600 });
        let ran: Ran | undefined;
        try {
          ran = await runProgram(a.program, at, a.timeoutMs, groups, onCancel);
        } catch (e) {
          throw e instanceof StartError ? new Stop(`cannot start ${a.program[0]}: ${e.message}`) : e;
        }
        if (!ran) return undefined;
        const v = judge(ran.ending, judging);
        return v.signature === entry.signature ? { fail: true, how: entry.id } : { fail: false };
      },
    );
    const [again] = await candidates.outcomes([changed]);
    if (!again.fail) {
      io.err.write(`fracture: run: ${entry.id}: the variant no longer gives its signature; not minimised\n`);
      continue;
    }
    const kept = await shrink(
      runsOf(changed),
      (sets) => candidates.firstFailing(sets),
      () => candidates.spent,
      () => undefined,
      () => undefined,
    );
    const result = Uint8Array.from(original);
    for (const p of kept) result[p] = variant[p];
    const rel = `crashes/${entry.id}/${minimizedFileName(entry.file, entry.seed)}`;
    try {
      writeAtomicSync(path.join(dir, rel), result, outputMode([input.mode]));
    } catch (e) {
      throw new Stop(`cannot write ${display(path.join(dir, rel))}: ${ioText(e)}`);
    }
    done(entry.id, { path: rel, changes: kept.length });
    io.err.write(`fracture: run: ${entry.id}: ${kept.length} bytes\n`);
  }
}

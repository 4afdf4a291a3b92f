// The shell of `fracture run` around the campaign model (engine-rs/host through the host module):
// PROGRAM started in a process group of its own (docs/campaigns.md, section 2), the inputs read, and
// DIR's files written whole through a temporary file and a rename.
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { constants } from 'node:os';
import path from 'node:path';
import { fsPath, lossyName, toBytes } from '../../lib/engine/host/byte-paths.ts';
import { forgetTemporaryFile, temporaryFile } from '../../lib/engine/host/temporaries.ts';
import { display } from '../../sdk/outputs.ts';
import { CAPTURE_LIMIT, type Ending, signalName } from '../campaign.ts';
import { spawnExact } from '../exact-exec.ts';
import { ioText } from '../io.ts';
import { killGroup } from '../minimize.ts';
import { loadHostModule } from '../../lib/engine/host-module/node.ts';

/** A usage error of `run` or `merge`: one line, exit 2. */
export class CampaignUsage extends Error {}

/** The campaign stops (cannot start PROGRAM, cannot write DIR): exit 1. */
export class Stop extends Error {}

/** An input as read before the first run. */
export interface Input {
  file: string;
  name: string;
  /** Its name in a job slot (the host module's `slotName`, as the native CLI and `fracture minimize` name it). */
  slotName: string;
  bytes: Uint8Array;
  mode: number;
  sha256: string;
}

export const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

let tempCounter = 0;
/** Writes `target` whole through a temporary file beside it and a rename (synchronously: a signal may come next). */
export function writeAtomicSync(target: string, data: Uint8Array | string, mode: number) {
  const tmp = path.join(
    path.dirname(target),
    `.fracture-${process.pid}-${tempCounter++}-${randomBytes(4).toString('hex')}.tmp`,
  );
  temporaryFile(tmp);
  try {
    writeFileSync(fsPath(tmp), data, { mode: 0o600, flag: 'wx' });
    chmodSync(fsPath(tmp), mode);
    renameSync(fsPath(tmp), fsPath(target));
  } catch (e) {
    rmSync(fsPath(tmp), { force: true });
    throw e;
  } finally {
    forgetTemporaryFile(tmp);
  }
}

/** A FILE, read whole before the first run (a usage error when it cannot be). */
export async function readInput(file: string): Promise<Input> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(fsPath(file));
  } catch (e) {
    throw new CampaignUsage(`${display(file)}: ${ioText(e)}`);
  }
  if (!info.isFile()) {
    throw new CampaignUsage(`${display(file)} is ${info.isDirectory() ? 'a directory' : 'not a regular file'}`);
  }
  let bytes: Uint8Array;
  try {
    const handle = await open(fsPath(file), 'r');
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
    // The engine's name for it is the native CLI's `to_string_lossy` of the name.
    name: lossyName(path.basename(file)),
    slotName: (await loadHostModule()).slotName(toBytes(file)),
    bytes,
    mode: Number(info.mode),
    sha256: sha256(bytes),
  };
}

/** A signal's number from Node's name for it. */
function signalNumber(name: string): number {
  return (constants.signals as Record<string, number>)[name] ?? 0;
}

/** How a run of PROGRAM went, and how long it took. */
export interface Ran {
  ending: Ending;
  durationMs: number;
  stdout: Uint8Array;
}

/** PROGRAM could not be started. */
export class StartError extends Error {}

/** Standard output or error as PROGRAM writes it, kept up to CAPTURE_LIMIT bytes (the rest is read and dropped). */
class Capture {
  private readonly chunks: Buffer[] = [];
  private n = 0;
  readonly take = (chunk: Buffer) => {
    if (this.n >= CAPTURE_LIMIT) return;
    const part = chunk.subarray(0, CAPTURE_LIMIT - this.n);
    this.chunks.push(part);
    this.n += part.length;
  };
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** How PROGRAM ended: killed at the timeout (hung), else its exit code or the signal that ended it. */
function endingOf(hung: boolean, exit: { code: number | null; signal: NodeJS.Signals | null }, stderr: Buffer): Ending {
  if (hung) return { hung: true, exitCode: null, signal: null, stderr };
  const signal = exit.signal === null ? null : signalName(signalNumber(exit.signal));
  return { hung: false, exitCode: exit.code, signal, stderr };
}

/**
 * Runs PROGRAM on the variant at `variant` (docs/campaigns.md, section 2): `{}` in ARGS made its path,
 * else the file on standard input; a process group of its own, killed at the timeout and after exit.
 * `groups` holds the running groups (for Ctrl-C); `onCancel` gets a function that kills this one
 * (the run then resolves to undefined).
 */
export function runProgram(
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
    let stdin: number | 'ignore';
    try {
      stdin = fed ? 'ignore' : openSync(fsPath(variant), 'r');
    } catch (e) {
      reject(new Stop(`cannot open ${variant}: ${ioText(e)}`));
      return;
    }
    const started = performance.now();
    let child: ChildProcess;
    try {
      child = spawnExact(prog, argv, { stdio: [stdin, 'pipe', 'pipe'], detached: true });
    } catch (e) {
      reject(new StartError(ioText(e)));
      return;
    } finally {
      if (typeof stdin === 'number') closeSync(stdin);
    }
    const group = child.pid;
    if (group !== undefined) groups.add(group);
    const out = new Capture();
    const err = new Capture();
    child.stdout?.on('data', out.take);
    child.stderr?.on('data', err.take);
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
      const ending = endingOf(hung, exit, err.bytes());
      resolve({ ending, durationMs: Math.floor((ended ?? performance.now()) - started), stdout: out.bytes() });
    });
  });
}

// PROGRAM's runs started from a small process of their own (issue 41, point 4; docs/performance.md,
// "Campaigns"). Linux's fork copies the page tables of the process that forks, so starting a program
// costs time in proportion to that process's memory: about 0.2 ms a MiB here, and the CLI holds the
// engine's and the host module's WebAssembly memories (a run of /bin/true took 7.2 ms in the CLI
// against 4.6 ms in a bare Node loop). The spawner is a bare Node process: the source below, with no
// imports of the CLI's, started once per campaign. It starts each run as a process group of its own,
// feeds the variant, keeps what CAPTURE_LIMIT allows of its output, kills it at the timeout and after
// it ends, and answers with how it ended, over an IPC channel (JSON, the captured bytes in base64:
// a quarter faster a round trip than Node's advanced serialisation). When the CLI ends, however it ends, the channel closes and the
// spawner kills every group it still runs and exits; it ignores Ctrl-C, which is the CLI's to handle.
import { type ChildProcess, spawn } from 'node:child_process';
import { CAPTURE_LIMIT } from '../campaign.ts';

/** What the CLI asks for: one run. */
export interface SpawnRequest {
  command: string;
  args: string[];
  /** The file to open as standard input (a name's bytes in base64 when it is not UTF-8), or null for none. */
  stdin: { path: string } | { base64: string } | null;
  timeoutMs: number;
}

/** How a run went: an exit (code or signal name, Node's), the timeout, or an error before it started. */
export type SpawnReply =
  | {
      hung: boolean;
      code: number | null;
      signal: NodeJS.Signals | null;
      durationMs: number;
      stdout: Buffer;
      stderr: Buffer;
    }
  | { openError: NodeJS.ErrnoException }
  | { startError: NodeJS.ErrnoException }
  | { cancelled: true };

/** A reply as the channel carries it (JSON: the bytes in base64, errors as code and message). */
type Wire = { id: number } & Record<string, unknown>;

/** A reply decoded once, for every caller. */
function decode(m: Wire): SpawnReply {
  const errno = (e: { code?: string; message: string }) => Object.assign(new Error(e.message), { code: e.code });
  if ('openError' in m) return { openError: errno(m.openError as { message: string }) };
  if ('startError' in m) return { startError: errno(m.startError as { message: string }) };
  if ('cancelled' in m) return { cancelled: true };
  return {
    hung: m.hung as boolean,
    code: m.code as number | null,
    signal: m.signal as NodeJS.Signals | null,
    durationMs: m.durationMs as number,
    stdout: Buffer.from(m.stdout as string, 'base64'),
    stderr: Buffer.from(m.stderr as string, 'base64'),
  };
}

const SOURCE = `'use strict';
const { spawn } = require('node:child_process');
const { closeSync, openSync } = require('node:fs');
const LIMIT = ${CAPTURE_LIMIT};
const runs = new Map();
// A parent gone between the check and the write fails the write (EPIPE): with a callback that is no
// uncaught error (a stack trace after Ctrl-C); 'disconnect' ends this process.
const send = (m) => { if (process.connected) process.send(m, () => {}); };
const errorOf = (e) => ({ code: e && e.code, message: e instanceof Error ? e.message : String(e) });
for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(s, () => {});
process.on('disconnect', () => { for (const r of runs.values()) r.kill(); process.exit(0); });
process.on('message', (m) => {
  if (m.cancel !== undefined) { const r = runs.get(m.cancel); if (r) r.cancel(); return; }
  if (m.killAll) { for (const r of runs.values()) r.kill(); return; }
  start(m);
});
function capture() {
  const chunks = [];
  let n = 0;
  return {
    take(c) { if (n >= LIMIT) return; const part = c.subarray(0, LIMIT - n); chunks.push(part); n += part.length; },
    base64() { return Buffer.concat(chunks).toString('base64'); },
  };
}
function start({ id, command, args, stdin, timeoutMs }) {
  let fd = 'ignore';
  if (stdin !== null) {
    try { fd = openSync(stdin.path !== undefined ? stdin.path : Buffer.from(stdin.base64, 'base64'), 'r'); }
    catch (e) { send({ id, openError: errorOf(e) }); return; }
  }
  const started = performance.now();
  let child;
  try { child = spawn(command, args, { stdio: [fd, 'pipe', 'pipe'], detached: true }); }
  catch (e) { send({ id, startError: errorOf(e) }); return; }
  finally { if (typeof fd === 'number') closeSync(fd); }
  const group = child.pid;
  const kill = () => { if (group !== undefined) try { process.kill(-group, 'SIGKILL'); } catch {} };
  const out = capture();
  const err = capture();
  child.stdout.on('data', out.take);
  child.stderr.on('data', err.take);
  let hung = false, cancelled = false, failed = false, ended, exit;
  runs.set(id, { kill, cancel() { cancelled = true; kill(); } });
  const timer = setTimeout(() => { if (exit) return; hung = true; ended = performance.now(); kill(); }, timeoutMs);
  child.on('error', (e) => {
    clearTimeout(timer);
    runs.delete(id);
    if (failed || exit) return;
    failed = true;
    send({ id, startError: errorOf(e) });
  });
  child.on('exit', (code, signal) => {
    clearTimeout(timer);
    if (ended === undefined) ended = performance.now();
    exit = { code, signal };
    // What PROGRAM left behind goes with it; then the pipes end.
    kill();
  });
  child.on('close', () => {
    runs.delete(id);
    if (!exit || failed) return;
    if (cancelled) { send({ id, cancelled: true }); return; }
    send({ id, hung, code: exit.code, signal: exit.signal, durationMs: Math.floor(ended - started),
      stdout: out.base64(), stderr: err.base64() });
  });
}
`;

interface Pending {
  resolve: (r: SpawnReply) => void;
  reject: (e: Error) => void;
}

class Spawner {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private gone: Error | undefined;

  constructor() {
    this.child = spawn(process.execPath, ['-e', SOURCE], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    this.child.on('message', (m: Wire) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      this.idle();
      p.resolve(decode(m));
    });
    const end = (why: string) => {
      this.gone ??= new Error(why);
      if (current === this) current = undefined;
      for (const p of this.pending.values()) p.reject(this.gone);
      this.pending.clear();
    };
    this.child.on('error', (e) => end(`cannot start the spawner: ${e.message}`));
    this.child.on('exit', (code, signal) => end(`the spawner ended (${signal ?? `exit ${code}`})`));
    this.child.unref();
    this.idle();
  }

  /** The channel keeps the CLI alive only while a run is out. */
  private idle() {
    if (this.pending.size === 0) this.child.channel?.unref();
  }

  /** Kills the process group of every run out (Ctrl-C, a failed job): each then answers. */
  killAll() {
    if (!this.gone && this.pending.size > 0) this.child.send({ killAll: true });
  }

  run(request: SpawnRequest, onCancel?: (cancel: () => void) => void) {
    return new Promise<SpawnReply>((resolve, reject) => {
      if (this.gone) {
        reject(this.gone);
        return;
      }
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.child.channel?.ref();
      this.child.send({ id, ...request });
      // A cancel after the answer, or once the spawner is gone, has nothing left to kill.
      onCancel?.(() => {
        if (!this.gone && this.pending.has(id)) this.child.send({ cancel: id });
      });
    });
  }
}

let current: Spawner | undefined;

/** The campaign's spawner, started on first use. */
export function spawner(): Spawner {
  current ??= new Spawner();
  return current;
}

/** Kills every run the spawner has out, if it was started. */
export function killRuns() {
  current?.killAll();
}

// `fracture minimize`: the fewest changed bytes of CORRUPTED that still make a command fail. The rounds
// (ddmin over runs of changed bytes, then single bytes; the run budget; the first failing candidate in
// order wins) and the files (planned, read, the result written) are the native CLI's own,
// fracture_host::shrink through the host module, so both print the same lines and write the same
// file. This is the shell: the tests on the job slots (`drive`, also a campaign's crashes), their
// timeouts and process groups, Ctrl-C.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { display, temporaryDir, whenInterrupted } from '../sdk/outputs.ts';
import type { MinimizeArgs } from './args.ts';
import { toBytes } from '../lib/engine/host/byte-paths.ts';
import { nodeFiles } from './files.ts';
import { ioText } from './io.ts';
import * as msg from '../lib/engine/shared/messages.ts';
import type { Shrinker } from '../lib/engine/host-pkg/fracture_host.js';
import { loadHostModule } from '../lib/engine/host-module/node.ts';
import { killRuns, type SpawnReply, spawner } from './run/spawner.ts';

export type Outcome = { fail: false } | { fail: true; how: string };

interface Io {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

export async function minimize(a: MinimizeArgs, io: Io): Promise<number> {
  // The files planned and read, the machine made, the result written: fracture_host's
  // (shrink::command, as natively), through node:fs (cli/files.ts); the tests between are this shell's.
  const host = await loadHostModule();
  const files = nodeFiles(io.err);
  let m: Shrinker | undefined;
  try {
    m = host.minimizeOpen(toBytes(a.original), toBytes(a.corrupted), toBytes(a.out ?? ''), files);
    await test(a, m, io);
    io.out.write(`${m.writeResult(files)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof host.MinimizeStop) {
      io.err.write(`${e.line}\n`);
      return e.code;
    }
    io.err.write(`${msg.minimizeLine(e instanceof Error ? e.message : String(e))}\n`);
    return 1;
  } finally {
    m?.free();
  }
}

/** Runs the machine's tests on `--jobs` job slots (promises, each slot a file of its own). */
async function test(a: MinimizeArgs, m: Shrinker, io: Io) {
  const host = await loadHostModule();
  const say = (text: string) => {
    if (!a.quiet) io.err.write(`${msg.minimizeLine(text)}\n`);
  };
  say(m.startLine());
  const tester = new Tester(a, host.slotName(toBytes(a.corrupted)), (file) => host.testScript(a.test, file));
  try {
    await drive(m, tester.slots.length, (slot, bytes, onCancel) => tester.runTest(slot, bytes, onCancel), say);
  } finally {
    tester.close();
  }
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
 * Drives the machine's rounds to their end on `slots` job slots: each takes the next candidate the
 * machine hands out, tests it and reports it; a failure cancels the running candidates it makes
 * useless. `events` hears the progress. False when `stop` (Ctrl-C in a campaign) ended it first; a
 * test that throws ends it too, once the running ones are done.
 */
export async function drive(
  m: Shrinker,
  slots: number,
  runOne: RunOne,
  events: (text: string) => void,
  stop: () => boolean = () => false,
): Promise<boolean> {
  for (;;) {
    const cancels = new Map<number, () => void>();
    let failure: { error: unknown } | undefined;
    const worker = async (slot: number) => {
      while (!failure && !stop()) {
        const id = m.start();
        if (id < 0) return;
        const bytes = m.bytes();
        let outcome: Outcome | undefined;
        try {
          outcome = await runOne(slot, bytes, (cancel) => cancels.set(id, cancel));
        } catch (error) {
          failure ??= { error };
        }
        cancels.delete(id);
        if (!outcome || stop()) {
          m.abandon(id);
          continue;
        }
        m.finish(id, outcome.fail, outcome.fail ? outcome.how : '');
        // Later candidates cannot win any more: stop them.
        if (outcome.fail) for (const [j, cancel] of cancels) if (m.superseded(j)) cancel();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, slots) }, (_, slot) => worker(slot)));
    if (failure) throw failure.error;
    if (stop()) return false;
    const over = m.endRound();
    for (const text of m.events()) events(text);
    if (over) return true;
  }
}

/** Runs the shell test on candidate files, each job slot a temporary directory of its own. */
class Tester {
  private readonly temp: string;
  readonly slots: string[];
  private readonly forget: () => void;

  constructor(
    private readonly a: MinimizeArgs,
    name: string,
    private readonly script: (file: string) => string | undefined,
  ) {
    try {
      this.temp = temporaryDir(mkdtempSync(path.join(tmpdir(), 'fracture-minimize-')));
    } catch (e) {
      throw new Error(msg.cannotCreateTemp(ioText(e)));
    }
    this.slots = Array.from({ length: Math.max(1, a.jobs) }, (_, j) => {
      mkdirSync(path.join(this.temp, String(j)));
      return path.join(this.temp, String(j), name);
    });
    // Ctrl-C, SIGTERM or SIGHUP (exitCleanlyOnSignals, cli/main.ts): the tests' groups are killed
    // (they are not in the terminal's foreground group, so the terminal's Ctrl-C never reaches them)
    // and the temporary files removed.
    this.forget = whenInterrupted(() => {
      this.close();
      process.stderr.write(`${msg.minimizeInterrupted()}\n`);
    });
  }

  close() {
    this.forget();
    killRuns();
    rmSync(this.temp, { recursive: true, force: true });
  }

  /** One test on `bytes`, written to slot `slot`'s file; undefined when cancelled. */
  async runTest(slot: number, bytes: Uint8Array, onCancel: (cancel: () => void) => void) {
    const file = this.slots[slot];
    try {
      await writeFile(file, bytes);
    } catch (e) {
      return { fail: true, how: msg.cannotWrite(display(file), ioText(e)) } as Outcome;
    }
    // `{}` is the file's path; a command without `{}` reads the file on standard input. Started by
    // the spawner (cli/run/spawner.ts): a fork from this process, which holds the WebAssembly
    // memories, costs in proportion to them, and the spawner kills the tests of a killed CLI.
    const script = this.script(file);
    const request = {
      command: '/bin/sh',
      args: ['-c', script ?? this.a.test],
      stdin: script === undefined ? { path: file } : null,
      timeoutMs: this.a.timeoutMs,
    };
    let reply: SpawnReply;
    try {
      reply = await spawner().run(request, onCancel);
    } catch (e) {
      return { fail: true, how: msg.minimizeCannotStart(e instanceof Error ? e.message : String(e)) } as Outcome;
    }
    if ('cancelled' in reply) return undefined;
    if ('openError' in reply)
      return { fail: true, how: msg.cannotWrite(display(file), ioText(reply.openError)) } as Outcome;
    if ('startError' in reply) return { fail: true, how: msg.minimizeCannotStart(reply.startError.message) } as Outcome;
    // How it failed, in the host crate's words (the signal by its Linux number, as natively).
    const kind = reply.hung ? 'timeout' : reply.code !== null ? 'code' : 'signal';
    const how = (await loadHostModule()).testFailure(kind, reply.code ?? 0, reply.signal ?? '', this.a.timeoutMs);
    return how === undefined ? ({ fail: false } as Outcome) : { fail: true, how };
  }
}

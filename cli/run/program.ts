import { fsPath } from '../../lib/engine/host/byte-paths.ts';
import { display } from '../../sdk/outputs.ts';
import { cannotRead } from '../../lib/engine/shared/messages.ts';
import type { Ending } from '../campaign.ts';
import { exactStart } from '../exact-exec.ts';
import { ioText } from '../io.ts';
import { type SpawnRequest, spawner } from './spawner.ts';

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
}

/**
 * `dir` then `names`, as Rust's `Path::join` joins relative names (a `/` unless `dir` ends with one,
 * nothing normalised): DIR's files print as the native CLI prints them (`./summary.md`).
 */
export const joined = (dir: string, ...names: string[]): string =>
  names.reduce((at, name) => (at.endsWith('/') ? `${at}${name}` : `${at}/${name}`), dir);

/** How a run of PROGRAM went, and how long it took. */
export interface Ran {
  ending: Ending;
  durationMs: number;
  stdout: Uint8Array;
}

/** PROGRAM could not be started. */
export class StartError extends Error {}

/** How PROGRAM ended: killed at the timeout (hung), else its exit code or the signal that ended it. */
function endingOf(hung: boolean, code: number | null, signal: string | null, stderr: Buffer): Ending {
  if (hung) return { hung: true, exitCode: null, signal: null, stderr };
  return { hung: false, exitCode: code, signal, stderr };
}

/** The variant's name as the spawner opens it: a string, or its bytes when it is not UTF-8. */
function stdinOf(variant: string): SpawnRequest['stdin'] {
  const p = fsPath(variant);
  return typeof p === 'string' ? { path: p } : { base64: Buffer.from(p).toString('base64') };
}

/**
 * Runs PROGRAM on the variant at `variant` (docs/campaigns.md, section 2): `{}` in ARGS made its path,
 * else the file on standard input; a process group of its own, killed at the timeout and after exit
 * (by the campaign's spawner, cli/run/spawner.ts, whose killRuns ends them all on Ctrl-C). `onCancel`
 * gets a function that kills this one (the run then resolves to undefined).
 */
export async function runProgram(
  program: string[],
  variant: string,
  timeoutMs: number,
  onCancel?: (cancel: () => void) => void,
): Promise<Ran | undefined> {
  const [prog, ...args] = program;
  const fed = args.some((a) => a.includes('{}'));
  const argv = fed ? args.map((a) => a.replaceAll('{}', variant)) : args;
  let start: { command: string; args: string[] };
  try {
    start = exactStart(prog, argv);
  } catch (e) {
    throw new StartError(ioText(e));
  }
  const reply = await spawner().run({ ...start, stdin: fed ? null : stdinOf(variant), timeoutMs }, onCancel);
  if ('openError' in reply) throw new Stop(cannotRead(display(variant), ioText(reply.openError)));
  if ('startError' in reply) throw new StartError(ioText(reply.startError));
  if ('cancelled' in reply) return undefined;
  const ending = endingOf(reply.hung, reply.code, reply.signal, reply.stderr);
  return { ending, durationMs: reply.durationMs, stdout: reply.stdout };
}

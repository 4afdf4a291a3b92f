// What the campaign's steps share (cli/run/execute.ts): the job slots, and one run of PROGRAM on
// bytes in a slot, its ending as the campaign model takes it.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fsPath, lossyName } from '../../lib/engine/host/byte-paths.ts';
import type { RunArgs } from '../args.ts';
import type { Ending } from '../campaign.ts';
import { cannotStart } from '../../lib/engine/shared/messages.ts';
import { type Input, runProgram, StartError, Stop } from './program.ts';

export interface Io {
  err: NodeJS.WritableStream & { isTTY?: boolean };
}

/** A run's ending as the campaign model takes it: kind, exit code, signal name. */
export function howItEnded(e: Ending): [string, number, string] {
  if (e.hung) return ['timeout', 0, ''];
  if (e.signal !== null) return ['signal', 0, e.signal];
  return ['code', e.exitCode ?? -1, ''];
}

/** What the shell needs while the campaign runs. */
export interface Shell {
  a: RunArgs;
  inputs: Input[];
  slots: string[];
  io: Io;
}

/** A call into the campaign model, whose failure (the line's message) stops the campaign. */
export function orStop<T>(call: () => T): T {
  try {
    return call();
  } catch (e) {
    throw e instanceof Stop ? e : new Stop(e instanceof Error ? e.message : String(e));
  }
}

/** Runs PROGRAM on `bytes` in job slot `slot`, as a file named like input `input`. */
export async function runIn(
  s: Shell,
  slot: number,
  input: Input,
  bytes: Uint8Array,
  onCancel?: (c: () => void) => void,
) {
  const at = path.join(s.slots[slot], input.slotName);
  // A new file, not the last run's truncated: rewriting a truncated file makes ext4 start writing it
  // back to disk when it is closed (its auto_da_alloc guard for programs that replace files that
  // way), about 4 ms a run; a new one stays in the page cache. As the native runner does.
  rmSync(fsPath(at), { force: true });
  writeFileSync(fsPath(at), bytes, { mode: 0o600, flag: 'wx' });
  try {
    return await runProgram(s.a.program, at, s.a.decided.timeoutMs, onCancel);
  } catch (e) {
    throw e instanceof StartError ? new Stop(cannotStart(lossyName(s.a.program[0]), e.message)) : e;
  }
}

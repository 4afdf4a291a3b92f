// Outputs that never touch inputs (docs/cli.md, "Nothing lost: outputs, inputs, names and signals"):
// the npm CLI, its minimiser and the SDK's corruptFile plan every output before anything is written
// (an output that is an input, another output or a directory is refused), write each through a
// temporary file renamed onto its final name, give it no more permissions than its inputs, and
// remove their temporary files on SIGINT, SIGTERM and SIGHUP. The native CLI follows the same rules
// (engine-rs/cli); tests/fs runs both.
import { randomBytes } from 'node:crypto';
import { type BigIntStats, lstatSync, readlinkSync, realpathSync, type Stats, statSync } from 'node:fs';
import { type FileHandle, link, lstat, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { fromBytes, fsPath, hasEscapedBytes, toBytes } from '../lib/engine/host/byte-paths.ts';
import { loadOutputsModule } from '../lib/engine/host-module/node.ts';
import { nativeExchange } from '../lib/engine/host/node.ts';
import {
  exitCleanlyOnSignals,
  forgetTemporaryFile,
  privateDir,
  removePrivateDir,
  temporaryDir,
  temporaryFile,
  whenInterrupted,
} from '../lib/engine/host/temporaries.ts';
import { displayName } from '../lib/report/display.ts';
import * as msg from '../lib/engine/shared/messages.ts';

export { exitCleanlyOnSignals, privateDir, removePrivateDir, temporaryDir, whenInterrupted };

/** A name in its display form (docs/cli.md, "Names"): no raw control character in a message or a per-file line. */
export const display = displayName;

/** What a FILE that is not a regular file is, for the refusal `IN is a FIFO, not a regular file`. */
export function specialKind(info: Stats | BigIntStats): string | undefined {
  if (info.isDirectory()) return msg.kindDirectory();
  if (info.isFIFO()) return msg.kindFifo();
  if (info.isCharacterDevice()) return msg.kindCharacterDevice();
  if (info.isBlockDevice()) return msg.kindBlockDevice();
  if (info.isSocket()) return msg.kindSocket();
  if (!info.isFile()) return msg.kindSpecial();
  return undefined;
}

/** A refused run: one line, exit 2, nothing written. */
export class Refusal extends Error {}

/** Device and inode of an existing file, as one key. */
export function fileKey(info: { dev: number | bigint; ino: number | bigint }): string {
  return `${info.dev}:${info.ino}`;
}

/**
 * The file a write to `p` lands on: `p`, or when `p` is a symlink (dangling or not) the file it names,
 * link after link (the link is kept and names the new bytes). Synchronous, as the plan's other looks
 * (`identifyOutput`): the host crate's plans call them through cli/files.ts.
 */
export function destinationOf(p: string): string {
  let at = p;
  for (let hops = 0; hops < 40; hops++) {
    const info = lstatOrNot(at);
    if (!info?.isSymbolicLink()) return at;
    at = path.resolve(path.dirname(at), fromBytes(readlinkSync(fsPath(at), { encoding: 'buffer' })));
  }
  return at;
}

function lstatOrNot(p: string): Stats | undefined {
  try {
    return lstatSync(fsPath(p));
  } catch {
    return undefined;
  }
}

/**
 * An output as the plan knows it: its key (device and inode, or its real path) and, when it exists
 * and is not a regular file, what it is (`a directory`, `a FIFO`, ...).
 */
export interface OutputId {
  key: string;
  kind?: string;
}

/**
 * Identifies the output `p`: an existing file by device and inode (through symlinks), a missing one
 * by its nearest existing ancestor's real path and the names below it. `listing`, when given, holds
 * the names in `p`'s directory (a name not in it does not exist: no call to the system).
 */
export function identifyOutput(p: string, listing?: Set<string>): OutputId {
  if (listing === undefined || listing.has(path.basename(p))) {
    const target = destinationOf(p);
    let info: BigIntStats | undefined;
    try {
      info = statSync(fsPath(target), { bigint: true });
    } catch {
      return { key: realKey(target) };
    }
    return { key: fileKey(info), kind: specialKind(info) };
  }
  return { key: realKey(p) };
}

const realDirs = new Map<string, string>();

/** `p` as its nearest existing ancestor's real path and the missing names below it. */
function realKey(p: string): string {
  const absolute = path.resolve(p);
  const dir = path.dirname(absolute);
  let real = realDirs.get(dir);
  if (real === undefined) {
    try {
      real = fromBytes(realpathSync(fsPath(dir), { encoding: 'buffer' }));
    } catch {
      real = dir === absolute ? dir : realKey(dir);
    }
    realDirs.set(dir, real);
  }
  return `path:${path.join(real, path.basename(absolute))}`;
}

/** An input of the plan: as given (`standard input` for `-`) and its key when it is a file. */
export interface PlannedInput {
  shown: string;
  key?: string;
}

/** An output of the plan: as the per-file line shows it, and its identity. */
export interface PlannedOutput {
  shown: string;
  id: OutputId;
}

/**
 * The first reason the plan cannot run, in the order of docs/cli.md: for each output in turn, a
 * directory, another file that is not a regular one, an input, or an earlier output of the same run.
 * Decided by the host module (fracture_host::output_plan::Claims, as the native CLI decides it).
 */
export async function checkPlan(inputs: PlannedInput[], outputs: PlannedOutput[]): Promise<string | undefined> {
  const host = await loadOutputsModule();
  const claims = new host.PlanClaims();
  try {
    for (const i of inputs) if (i.key !== undefined) claims.input(toBytes(i.key), display(i.shown));
    for (const o of outputs) {
      const refusal = claims.output(toBytes(o.id.key), o.id.kind, display(o.shown));
      if (refusal !== undefined) return refusal;
    }
    return undefined;
  } finally {
    claims.free();
  }
}

/** The default mode of a new file: 0666 less the umask (read once). */
let defaultMode: number | undefined;
function createMode(): number {
  if (defaultMode === undefined) {
    // process.umask() reads it (setting it back at once); it is read before any file is written.
    defaultMode = 0o666 & ~process.umask();
  }
  return defaultMode;
}

/**
 * An output's final mode: the process's default less every permission one of its inputs does not
 * grant (undefined: an input that restricts nothing, as standard input that is not a file).
 */
export function outputMode(inputModes: readonly (number | undefined)[]): number {
  let mode = createMode();
  for (const m of inputModes) if (m !== undefined) mode &= m & 0o777;
  return mode;
}

let counter = 0;

/** A new temporary file's name in `dir`: `.fracture-{pid}-{n}-{random}.tmp` (`-old` in place of the random part: an earlier output's second link). */
export function temporaryName(dir: string, old = false): string {
  const tail = old ? 'old' : randomBytes(4).toString('hex');
  return path.join(dir, `.fracture-${process.pid}-${counter++}-${tail}.tmp`);
}

/** Creates a new file exclusively, mode 0600, registered as temporary (`dir`'s temporary file). */
export async function createTemp(dir: string): Promise<{ file: string; handle: FileHandle }> {
  for (;;) {
    const file = temporaryName(dir);
    temporaryFile(file);
    try {
      // Read too: checksum fixing patches the output in place.
      return { file, handle: await open(fsPath(file), 'wx+', 0o600) };
    } catch (e) {
      forgetTemporaryFile(file);
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

/** Whether the addon swapped the names `a` and `b` (not where it does not load, or the system cannot). */
function exchanged(a: string, b: string): boolean {
  const exchange = nativeExchange();
  // The addon takes UTF-8 paths: a name that is not UTF-8 goes the portable way.
  if (!exchange || hasEscapedBytes(a) || hasEscapedBytes(b)) return false;
  try {
    exchange(a, b);
    return true;
  } catch {
    return false;
  }
}

async function removeTemp(file: string) {
  await unlink(fsPath(file)).catch(() => undefined);
  forgetTemporaryFile(file);
}

/** A failure of the output file itself (creating, renaming), not of what was written into it. */
export class OutputError extends Error {
  constructor(readonly error: unknown) {
    super(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Writes an output at `target` through a temporary file beside it: `fill` writes the open temporary
 * file (mode 0600), which then gets `mode` and is renamed onto the final name (the file a symlink
 * there names). A failure removes the temporary file and leaves the final name as it was. With
 * `discarding`, an earlier file at the final name is freed beside the run (the promise goes there):
 * where the native addon loads, the two files' names are swapped in one step (as the native CLI
 * does: ext4 writes out a file renamed onto another first, tens of ms for a large one) and the
 * earlier file, now under the temporary name, removed; else it first gets a second link, removed
 * after the rename.
 */
export async function writeAtomically<T>(
  target: string,
  mode: number,
  fill: (handle: FileHandle) => Promise<T>,
  discarding?: Promise<unknown>[],
): Promise<T> {
  const destination = destinationOf(target);
  const dir = path.dirname(destination);
  const { file, handle } = await createTemp(dir).catch((e) => Promise.reject(new OutputError(e)));
  let result: T;
  try {
    try {
      result = await fill(handle);
      await handle.chmod(mode).catch((e) => Promise.reject(new OutputError(e)));
    } finally {
      await handle.close();
    }
    let aside: string | undefined;
    if (discarding) {
      const old = await lstat(fsPath(destination)).catch(() => undefined);
      if (old?.isFile() && exchanged(file, destination)) {
        discarding.push(removeTemp(file));
        return result;
      }
      if (old?.isFile() && old.nlink === 1) {
        aside = temporaryName(dir, true);
        temporaryFile(aside);
        await link(fsPath(destination), fsPath(aside)).catch(() => {
          forgetTemporaryFile(aside as string);
          aside = undefined;
        });
      }
    }
    try {
      await rename(fsPath(file), fsPath(destination)).catch((e) => Promise.reject(new OutputError(e)));
    } finally {
      if (aside !== undefined) discarding?.push(removeTemp(aside));
    }
    forgetTemporaryFile(file);
  } catch (e) {
    await removeTemp(file);
    throw e;
  }
  return result;
}

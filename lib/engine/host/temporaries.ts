// The temporary files and directories of this process (the outputs' temporary files, the spools of
// standard input and of checksum fixing), removed when SIGINT, SIGTERM or SIGHUP ends a command line
// (docs/cli.md, "Every output through a temporary file"), and by their owners otherwise. Node only.
import { randomBytes } from 'node:crypto';
import { rmSync, unlinkSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import path from 'node:path';
import { interruptedTemporaries } from '../shared/messages.ts';
import { fsPath } from './byte-paths.ts';

const tempFiles = new Set<string>();
const tempDirs = new Set<string>();
const onInterrupt: (() => void)[] = [];

/** Removes every temporary file and directory now (synchronously: a signal is ending the process). */
function removeTemporaries() {
  for (const f of tempFiles) {
    try {
      unlinkSync(fsPath(f));
    } catch {
      // Gone already.
    }
  }
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
  tempFiles.clear();
  tempDirs.clear();
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * For a command line: SIGINT, SIGTERM and SIGHUP remove the temporary files (no final name is
 * touched: a final name only ever gets a whole file, by rename) and end the process with 128 + the
 * signal's number (130, 143, 129). What `whenInterrupted` was given runs first.
 */
export function exitCleanlyOnSignals() {
  for (const s of SIGNALS) {
    process.on(s, () => {
      // A hook (the minimiser's) says it in its own words.
      const quiet = onInterrupt.length > 0;
      for (const f of [...onInterrupt]) f();
      removeTemporaries();
      if (!quiet) process.stderr.write(`${interruptedTemporaries()}\n`);
      process.exit(128 + constants.signals[s]);
    });
  }
}

/** Runs `f` when a signal ends the process, before the temporary files are removed; returns its remover. */
export function whenInterrupted(f: () => void): () => void {
  onInterrupt.push(f);
  return () => {
    const i = onInterrupt.indexOf(f);
    if (i >= 0) onInterrupt.splice(i, 1);
  };
}

/**
 * A temporary directory of this process's own (mode 0700), removed on a signal too. Its name is
 * registered before the directory is made: a signal handled between the two (the directory made in
 * the thread pool, its promise not yet resolved) then finds it in the list, where registering after
 * `mkdtemp` resolved left it behind.
 */
export async function privateDir(prefix: string): Promise<string> {
  for (;;) {
    // As mkdtemp names it: the prefix and six random characters.
    const dir = path.join(tmpdir(), prefix + randomBytes(3).toString('hex'));
    tempDirs.add(dir);
    try {
      await mkdir(dir, { mode: 0o700 });
    } catch (e) {
      tempDirs.delete(dir);
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw e;
    }
    await testingPause();
    return dir;
  }
}

/**
 * A testing aid (docs/cli.md, "Every output through a temporary file"): FRACTURE_TEST_DIR_PAUSE_MS
 * holds the run this many milliseconds after a private directory is made, before it is used, so a
 * test can deliver a signal in the window where the directory exists and the run has not yet moved on.
 */
function testingPause(): Promise<void> {
  const ms = Number(process.env.FRACTURE_TEST_DIR_PAUSE_MS ?? 0);
  return ms > 0 ? new Promise((r) => setTimeout(r, Math.min(ms, 60_000))) : Promise.resolve();
}

/** Registers `dir`, a temporary directory, to be removed on a signal; returns it. */
export function temporaryDir(dir: string): string {
  tempDirs.add(dir);
  return dir;
}

/** Registers `file`, a temporary file, to be removed on a signal (`forget`: it was renamed or removed). */
export function temporaryFile(file: string): string {
  tempFiles.add(file);
  return file;
}

export function forgetTemporaryFile(file: string): void {
  tempFiles.delete(file);
}

/** Removes a directory from `privateDir`. */
export async function removePrivateDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

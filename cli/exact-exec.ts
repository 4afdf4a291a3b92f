// Programs run with their exact bytes (docs/cli.md, "Names"): spawn() takes its program and
// arguments as strings and writes them as UTF-8, so a PROGRAM, an argument or a FILE path that is
// not UTF-8 (held as lib/engine/host/byte-paths.ts holds it) cannot reach execve as it is. Such a
// command goes through /bin/sh instead: an ASCII script rebuilds each word from printf's octal
// escapes and execs it, so the program gets the same argv (argv[0] included), the same process and
// the same process group as a direct start. A command that is UTF-8 starts directly, as before.
import {
  type ChildProcess,
  type SpawnOptions,
  type SpawnSyncOptionsWithStringEncoding,
  type SpawnSyncReturns,
  spawn,
  spawnSync,
} from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { fsPath, hasEscapedBytes, toBytes } from '../lib/engine/host/byte-paths.ts';

/** Bytes printf writes as themselves in a single-quoted format (no `%`, no `\`, no quote). */
const PLAIN = /[A-Za-z0-9/._,:=+]/;

/** `s`'s bytes as a printf format that writes exactly them. */
function format(s: string): string {
  let out = '';
  for (const b of toBytes(s)) {
    const c = String.fromCharCode(b);
    out += PLAIN.test(c) ? c : `\\${b.toString(8).padStart(3, '0')}`;
  }
  return out;
}

/**
 * spawn()'s command and arguments for `program` with `args`: themselves when every word is UTF-8,
 * else /bin/sh with a script that makes each word's bytes (`$(...)` drops trailing newlines: an `x`
 * after each word keeps them) and execs the program with them.
 */
export function exactCommand(program: string, args: readonly string[]): { command: string; args: string[] } {
  const words = [program, ...args];
  if (!words.some(hasEscapedBytes)) return { command: program, args: [...args] };
  const lines = ['set --'];
  for (const w of words) lines.push(`w=$(printf '${format(w)}x'); set -- "$@" "\${w%x}"`);
  lines.push('exec "$@"');
  return { command: '/bin/sh', args: ['-c', lines.join('\n')] };
}

/**
 * Why `program` cannot be started, as a direct start would say (`no such file`, `permission
 * denied`), or undefined: the check spawn() makes, made here for a command that goes through
 * /bin/sh (where a failed exec would be the shell's exit 127 instead of a start error).
 */
function cannotStart(program: string, args: readonly string[]): string | undefined {
  if (![program, ...args].some(hasEscapedBytes)) return undefined;
  const executable = (p: string) => {
    try {
      accessSync(fsPath(p), constants.X_OK);
      return statSync(fsPath(p)).isDirectory() ? 'permission denied' : undefined;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return code === 'EACCES' || code === 'EPERM' ? 'permission denied' : 'no such file';
    }
  };
  if (program.includes('/')) return executable(program);
  const dirs = (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(':');
  return dirs.some((d) => executable(path.join(d || '.', program)) === undefined) ? undefined : 'no such file';
}

/** A start error as spawn() makes one: `code` for io.ts's ioText. */
function startError(program: string, why: string): NodeJS.ErrnoException {
  const code = why === 'permission denied' ? 'EACCES' : 'ENOENT';
  return Object.assign(new Error(`spawn ${program} ${code}`), { code });
}

/** spawn()'s command and arguments for `program` with `args` (exactCommand); throws when it cannot start. */
export function exactStart(program: string, args: readonly string[]): { command: string; args: string[] } {
  const why = cannotStart(program, args);
  if (why !== undefined) throw startError(program, why);
  return exactCommand(program, args);
}

/** spawn(), with the exact bytes of a program and arguments that are not UTF-8; throws when it cannot start. */
export function spawnExact(program: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const c = exactStart(program, args);
  return spawn(c.command, c.args, options);
}

/** spawnSync(), as spawnExact (a program that cannot start: its error in `error`). */
export function spawnSyncExact(
  program: string,
  args: readonly string[],
  options: SpawnSyncOptionsWithStringEncoding,
): Pick<SpawnSyncReturns<string>, 'error' | 'status' | 'stdout'> {
  const why = cannotStart(program, args);
  if (why !== undefined) return { error: startError(program, why), status: null, stdout: '' };
  const c = exactCommand(program, args);
  return spawnSync(c.command, c.args, options);
}

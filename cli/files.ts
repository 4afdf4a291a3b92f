// The npm CLI's files for what the host crate does whole (fracture_host::shell::Files: `merge`, a
// campaign's DIR; natively engine-rs/cli/src/files.rs): node:fs, synchronously, on each path's
// bytes; outputs through a temporary file and a rename. A failed call throws its reason (ioText's
// words), which the host crate words into the command's line.
import {
  appendFileSync,
  type BigIntStats,
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { fromBytes, fsPath, toBytes } from '../lib/engine/host/byte-paths.ts';
import { identifyOutput, outputMode, specialKind } from '../sdk/outputs.ts';
import { changedWhileRead } from '../lib/engine/shared/messages.ts';
import { ioText } from './io.ts';
import { writeAtomicSync } from './run/program.ts';

/** Paths or words as the host crate's modules take a list of them: each one's bytes, NUL-ended. */
export const nulEnded = (items: string[]): Buffer =>
  Buffer.concat(items.flatMap((i) => [toBytes(i), Buffer.from([0])]));

/** The paths of a NUL-ended list, as this CLI holds them. */
export function splitNulEnded(packed: Uint8Array): string[] {
  const items: string[] = [];
  for (let start = 0, i = 0; i < packed.length; i++) {
    if (packed[i] !== 0) continue;
    items.push(fromBytes(packed.subarray(start, i)));
    start = i + 1;
  }
  return items;
}

/** What the host crate's modules call (engine-rs/host/src/js.rs). */
export interface HostFiles {
  look(path: Uint8Array): string;
  standard(output: boolean): string;
  identify(path: Uint8Array): Uint8Array;
  readInput(path: Uint8Array): Uint8Array;
  occupied(path: Uint8Array): boolean;
  read(path: Uint8Array): Uint8Array | undefined;
  permissions(path: Uint8Array): number;
  createDirAll(path: Uint8Array): void;
  write(path: Uint8Array, bytes: Uint8Array, allowed: number): void;
  append(path: Uint8Array, bytes: Uint8Array): void;
  remove(path: Uint8Array): void;
  err(text: string): void;
}

/**
 * An input's bytes, whole; a file whose size or time changes while it is read fails, as natively
 * (engine-rs/cli/src/read.rs).
 */
function readWhole(file: string | Buffer): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const before = fstatSync(fd, { bigint: true });
    const bytes = readFileSync(fd);
    const after = fstatSync(fd, { bigint: true });
    if (BigInt(bytes.length) !== before.size || after.size !== before.size || after.mtimeNs !== before.mtimeNs) {
      throw new Error(changedWhileRead());
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** The names in `dir` (none when it cannot be read). */
function safeList(dir: string): string[] {
  try {
    return readdirSync(fsPath(dir), { encoding: 'buffer' }).map(fromBytes);
  } catch {
    return [];
  }
}

/** A call of node:fs whose failure is thrown as its reason. */
function said<T>(call: () => T): T {
  try {
    return call();
  } catch (e) {
    throw ioText(e);
  }
}

/** What is there, as engine-rs/host/src/js.rs reads it: nothing, something else, or a file. */
function looked(stat: () => BigIntStats): string {
  let info: BigIntStats;
  try {
    info = stat();
  } catch {
    return '';
  }
  const kind = specialKind(info);
  if (kind !== undefined) return `special\0${kind}`;
  return ['regular', info.dev, info.ino, info.size, info.mode].join('\0');
}

/**
 * Node's files for the host crate's commands; lines to `err`. Outputs are identified against one
 * listing of their directory (a name not there is a file not there yet: no system call each, which
 * counts when a run has thousands of outputs).
 */
export function nodeFiles(err: NodeJS.WritableStream = process.stderr): HostFiles {
  const at = (path: Uint8Array) => fsPath(fromBytes(path));
  const listings = new Map<string, Set<string>>();
  const listing = (dir: string) => listings.get(dir) ?? listings.set(dir, new Set(safeList(dir))).get(dir);
  return {
    look: (path) => looked(() => statSync(at(path), { bigint: true })),
    standard: (output) => looked(() => fstatSync(output ? 1 : 0, { bigint: true })),
    identify: (path) => {
      const p = fromBytes(path);
      const id = identifyOutput(p, listing(dirname(p)));
      return Buffer.concat([toBytes(id.key), Buffer.from([0]), Buffer.from(id.kind ?? '')]);
    },
    readInput: (path) => said(() => readWhole(at(path))),
    occupied: (path) => {
      if (!existsSync(at(path))) return false;
      try {
        return !statSync(at(path)).isDirectory() || readdirSync(at(path)).length > 0;
      } catch {
        return true;
      }
    },
    read: (path) => {
      try {
        return readFileSync(at(path));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw ioText(e);
      }
    },
    permissions: (path) => {
      try {
        return statSync(at(path)).mode & 0o777;
      } catch {
        return 0o600;
      }
    },
    createDirAll: (path) => said(() => mkdirSync(at(path), { recursive: true })),
    write: (path, bytes, allowed) => said(() => writeAtomicSync(fromBytes(path), bytes, outputMode([allowed]))),
    append: (path, bytes) => said(() => appendFileSync(at(path), bytes)),
    remove: (path) => {
      try {
        rmSync(at(path), { force: true });
      } catch {
        // It was to go anyway.
      }
    },
    err: (text) => err.write(text),
  };
}

// The npm CLI's files for what the host crate does whole (fracture_host::shell::Files: `merge`, a
// campaign's DIR; natively engine-rs/cli/src/files.rs): node:fs, synchronously, on each path's
// bytes; outputs through a temporary file and a rename. A failed call throws its reason (ioText's
// words), which the host crate words into the command's line.
import {
  type BigIntStats,
  closeSync,
  constants,
  existsSync,
  fchmodSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { fromBytes, fsPath, toBytes } from '../lib/engine/host/byte-paths.ts';
import { destinationOf, identifyOutput, outputMode, specialKind, temporaryName } from '../sdk/outputs.ts';
import { changedWhileRead } from '../lib/engine/shared/messages.ts';
import { ioText } from './io.ts';
import { forgetTemporaryFile, temporaryFile } from '../lib/engine/host/temporaries.ts';

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
  readAt(path: Uint8Array, offset: number, len: number): Uint8Array;
  create(path: Uint8Array, allowed: number): number;
  put(output: number, bytes: Uint8Array): void;
  commit(output: number): void;
  discard(output: number): void;
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

/** Up to `len` bytes of the file at `file` from `offset` on (fewer at its end). */
function readAt(file: string | Buffer, offset: number, len: number): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(len);
    let got = 0;
    for (let n = 1; got < len && n > 0; got += n) n = readSync(fd, buffer, got, len - got, offset + got);
    return buffer.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/** All of `bytes` written to `fd`. */
function writeAllSync(fd: number, bytes: Uint8Array) {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
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

type Outputs = Pick<HostFiles, 'create' | 'put' | 'commit' | 'discard'>;

/** Outputs written a piece at a time: each a temporary file beside its target, renamed over it whole. */
function temporaryOutputs(): Outputs {
  const outputs = new Map<number, { fd: number; temp: string; target: string; mode: number }>();
  let made = 0;
  const output = (k: number) => {
    const o = outputs.get(k);
    if (o === undefined) throw new Error('no such output');
    return o;
  };
  /** Output `k` let go: closed, its temporary file removed (a committed one is no longer there). */
  const discard = (k: number) => {
    const o = outputs.get(k);
    if (o === undefined) return;
    outputs.delete(k);
    closeSync(o.fd);
    rmSync(fsPath(o.temp), { force: true });
    forgetTemporaryFile(o.temp);
  };
  return {
    create: (path, allowed) =>
      said(() => {
        const target = destinationOf(fromBytes(path));
        const temp = temporaryName(dirname(target));
        temporaryFile(temp);
        try {
          outputs.set(++made, { fd: openSync(fsPath(temp), 'wx', 0o600), temp, target, mode: outputMode([allowed]) });
        } catch (e) {
          forgetTemporaryFile(temp);
          throw e;
        }
        return made;
      }),
    put: (k, bytes) => said(() => writeAllSync(output(k).fd, bytes)),
    commit: (k) =>
      said(() => {
        const { fd, temp, target, mode } = output(k);
        try {
          fchmodSync(fd, mode);
          renameSync(fsPath(temp), fsPath(target));
        } finally {
          discard(k);
        }
      }),
    discard,
  };
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
    readAt: (path, offset, len) => said(() => readAt(at(path), offset, len)),
    ...temporaryOutputs(),
    // As natively: the file must be there (a runs.jsonl removed meanwhile is a failure, not a new file).
    append: (path, bytes) =>
      said(() => {
        const fd = openSync(at(path), constants.O_WRONLY | constants.O_APPEND);
        try {
          writeAllSync(fd, bytes);
        } finally {
          closeSync(fd);
        }
      }),
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

// Checksum fixing for the streamed npm path (docs/engine.md, Streaming): the corrupted pieces go to a
// temporary file (as large as the output), the module's walk fixes its fields in place through
// synchronous positional reads and writes on the descriptors, then the fixed file is read once for its
// SHA-256, byte counts and byte_flip's verdict, and finally copied to the caller's destination.
import { changedWhileRead } from '../shared/messages.ts';
import { createHash } from 'node:crypto';
import { fstatSync, readSync, writeSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import path from 'node:path';
import { privateDir, removePrivateDir } from './temporaries.ts';

/** What the fixing steps need of the module's `StreamRun`. */
export interface FixingRun {
  fix(input: HostFile, output: HostFile): void;
  countOutput(bytes: Uint8Array): void;
  judge(head: Uint8Array): boolean;
}

import type { HostFile } from './stream-driver.ts';

export type { HostFile };

export function hostFile(fd: number): HostFile {
  return {
    size: () => fstatSync(fd).size,
    read: (pos, len) => {
      const buf = new Uint8Array(len);
      let at = 0;
      try {
        while (at < len) {
          const n = readSync(fd, buf, at, len - at, pos + at);
          if (n === 0) break;
          at += n;
        }
      } catch (e) {
        throw e instanceof Error ? e.message : String(e);
      }
      // Fewer bytes than asked: the module reports the file as changed.
      return at === len ? buf : buf.subarray(0, at);
    },
    write: (pos, bytes) => {
      try {
        let at = 0;
        while (at < bytes.length) at += writeSync(fd, bytes, at, bytes.length - at, pos + at);
      } catch (e) {
        throw e instanceof Error ? e.message : String(e);
      }
    },
  };
}

/** The temporary output: written by position, then fixed, measured, copied and removed. */
export interface Spool {
  handle: FileHandle;
  /** Writes the pieces in order from position 0 (call `rewind` before a second pass). */
  write: (bytes: Uint8Array) => Promise<void>;
  rewind: () => void;
  remove: () => Promise<void>;
}

/**
 * A temporary file (mode 0600, in a private directory of mode 0700), removed afterwards, and by a
 * command line's signal handler if a signal ends the run (temporaries.ts).
 */
export async function openSpool(): Promise<Spool> {
  const dir = await privateDir('fracture-fix-');
  const handle = await open(path.join(dir, 'output'), 'wx+', 0o600).catch(async (e) => {
    await removePrivateDir(dir);
    throw e;
  });
  return spoolOn(handle, async () => {
    await handle.close().catch(() => undefined);
    await removePrivateDir(dir);
  });
}

/** The caller's own output file (open for reading and writing): fixed where it is, nothing copied. */
export function spoolOn(handle: FileHandle, remove: () => Promise<void> = async () => undefined): Spool {
  let pos = 0;
  return {
    handle,
    write: async (bytes) => {
      let at = 0;
      while (at < bytes.length) {
        const { bytesWritten } = await handle.write(bytes, at, bytes.length - at, pos + at);
        at += bytesWritten;
      }
      pos += bytes.length;
    },
    rewind: () => {
      pos = 0;
    },
    remove,
  };
}

/**
 * Fixes the written spool in place and measures it: the fixed output's SHA-256 (hex), or undefined
 * when byte_flip escalates and the run must be written again. `onProgress` hears the fraction read.
 */
export async function fixAndMeasure(
  run: FixingRun,
  input: FileHandle,
  spool: Spool,
  outLen: number,
  piece: number,
  onProgress?: (fraction: number) => void,
): Promise<string | undefined> {
  run.fix(hostFile(input.fd), hostFile(spool.handle.fd));
  const sha = createHash('sha256');
  const buf = new Uint8Array(Math.min(piece, Math.max(outLen, 1)));
  let head = new Uint8Array(0);
  for (let pos = 0; pos < outLen; pos += piece) {
    const part = buf.subarray(0, Math.min(piece, outLen - pos));
    await readExact(spool.handle, part, pos, SPOOL_SHORTER);
    if (pos === 0) head = part.slice(0, 1024);
    sha.update(part);
    run.countOutput(part);
    onProgress?.((pos + part.length) / outLen);
  }
  return run.judge(head) ? undefined : sha.digest('hex');
}

/** Copies the fixed spool to the caller's `write`, in pieces. */
export async function copySpool(
  spool: Spool,
  outLen: number,
  piece: number,
  write: (bytes: Uint8Array) => Promise<void>,
): Promise<void> {
  // Two buffers: one being read while the other is written.
  const bufs = [0, 1].map(() => new Uint8Array(Math.min(piece, Math.max(outLen, 1))));
  let writing: Promise<void> = Promise.resolve();
  for (let pos = 0, k = 0; pos < outLen; pos += piece, k++) {
    const part = bufs[k % 2].subarray(0, Math.min(piece, outLen - pos));
    await readExact(spool.handle, part, pos, SPOOL_SHORTER);
    await writing;
    writing = write(part);
  }
  await writing;
}

/** Fills `buf` from `pos`; a file that got shorter is an error (`shorter` says which), as natively. */
export async function readExact(
  handle: FileHandle,
  buf: Uint8Array,
  pos: number,
  shorter = changedWhileRead(),
): Promise<void> {
  let at = 0;
  while (at < buf.length) {
    const { bytesRead } = await handle.read(buf, at, buf.length - at, pos + at);
    if (bytesRead === 0) throw new Error(shorter);
    at += bytesRead;
  }
}

const SPOOL_SHORTER = 'the temporary output got shorter';

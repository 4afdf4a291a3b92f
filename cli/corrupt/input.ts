// The corrupting command's inputs (cli/fracture.ts): a file read whole or opened to stream, standard
// input held or spooled to a private copy, each checked against the engine's limits before it is read.
import { type BigIntStats, fstatSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import path from 'node:path';
import type { CorruptResult } from '../../lib/engine/shared/types.ts';
import type { NodeEngine, RunSettings } from '../../sdk/engine.ts';
import { writeAllTo } from '../../lib/engine/host/stream-node.ts';
import { fsPath, lossyName } from '../../lib/engine/host/byte-paths.ts';
import { privateDir, removePrivateDir } from '../../sdk/outputs.ts';
import { STDIN } from '../args.ts';
import { ioText } from '../io.ts';
import { standardFile } from '../plan.ts';
import * as msg from '../../lib/engine/shared/messages.ts';

const MAX_INPUT = 0xffffffff;

/** Whether descriptor `fd` is a directory. */
function isDirectory(fd: number): boolean {
  try {
    return fstatSync(fd).isDirectory();
  } catch {
    return false;
  }
}
/** The most standard input a streamed run takes (the engine's positions are exact doubles). */
const MAX_STREAMED = Number.MAX_SAFE_INTEGER;

/**
 * The size limit of standard input: `max`, or less when the environment variable
 * FRACTURE_STDIN_LIMIT (a number of bytes, a testing aid both CLIs take) says so.
 */
function stdinLimit(max: number): number {
  const text = process.env.FRACTURE_STDIN_LIMIT;
  return text !== undefined && /^[0-9]+$/.test(text) ? Math.min(max, Number(text)) : max;
}

function tooLarge(limit: number): Error {
  return new Error(msg.stdinTooLarge(String(limit)));
}
/** Bytes read at a time, so the progress bar moves while a large file is read. */
const PIECE = 8 * 1024 * 1024;
/** Where the scan stage ends: reading counts as its part (docs/contract.md, section 11.1). */
const SCAN = 0.15;

/** A file's bytes, read a piece at a time; `check` refuses bad arguments before a large file is read. */
async function readFileInput(file: string, check: () => void, progress: (fraction: number) => void) {
  let handle: FileHandle;
  try {
    handle = await open(fsPath(file), 'r');
  } catch (e) {
    throw new Error(ioText(e));
  }
  try {
    const info = await handle.stat({ bigint: true });
    if (info.isDirectory()) throw new Error('is a directory');
    if (info.size > MAX_INPUT) {
      throw new Error(`Input too large: ${info.size} bytes (the engine takes at most ${MAX_INPUT} bytes)`);
    }
    check();
    const bytes = new Uint8Array(Number(info.size));
    let at = 0;
    try {
      while (at < bytes.length) {
        const { bytesRead } = await handle.read(bytes, at, Math.min(PIECE, bytes.length - at), at);
        if (bytesRead === 0) break;
        at += bytesRead;
        progress((SCAN * at) / bytes.length);
      }
    } catch (e) {
      throw new Error(ioText(e));
    }
    const probe = await handle.read(new Uint8Array(1), 0, 1, at);
    if (at !== bytes.length || probe.bytesRead !== 0 || changed(info, await handle.stat({ bigint: true }))) {
      throw new Error(msg.changedWhileRead());
    }
    return { bytes, mode: Number(info.mode) };
  } finally {
    await handle.close();
  }
}

/** Whether a file's size or modification time differs between two looks at it. */
export function changed(before: BigIntStats, after: BigIntStats): boolean {
  return before.size !== after.size || before.mtimeNs !== after.mtimeNs;
}

/** Standard input to its end, at most `limit` bytes (a longer stream stops with an error as it passes it). */
async function readStdin(): Promise<Uint8Array> {
  const limit = stdinLimit(MAX_INPUT);
  const pieces: Buffer[] = [];
  let size = 0;
  try {
    for await (const piece of process.stdin as AsyncIterable<Buffer>) {
      size += piece.length;
      if (size > limit) throw tooLarge(limit);
      pieces.push(piece);
    }
  } catch (e) {
    throw new Error(ioText(e));
  }
  return Buffer.concat(pieces, size);
}

/** Standard input up to this long is held in memory; longer, it is copied to a temporary file (as natively). */
export const STDIN_IN_MEMORY = 16 * 1024 * 1024;

/**
 * Standard input for a run that streams: its bytes when they end within STDIN_IN_MEMORY, else a copy
 * to stream from, in a private directory (mode 0700, the file 0600; `dir`, which the caller removes
 * with removePrivateDir; removed here if the copy fails). At most MAX_STREAMED bytes (stdinLimit),
 * counted as they come: a longer stream stops there.
 */
async function spoolStdin(): Promise<{ bytes: Uint8Array } | { dir: string; file: string }> {
  const limit = stdinLimit(MAX_STREAMED);
  const stdin = process.stdin as AsyncIterable<Buffer> & NodeJS.ReadableStream;
  const iterator = stdin[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let ended = false;
  try {
    while (size <= STDIN_IN_MEMORY) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      size += next.value.length;
      if (size > limit) throw tooLarge(limit);
    }
  } catch (e) {
    throw new Error(ioText(e));
  }
  if (ended) return { bytes: Buffer.concat(head, size) };
  const dir = await privateDir('fracture-stdin-').catch((e) => {
    throw new Error(msg.cannotCopyStdin(ioText(e)));
  });
  const file = path.join(dir, 'input');
  try {
    const out = await open(file, 'wx', 0o600);
    try {
      for (let piece = head.shift(); piece !== undefined; piece = head.shift()) await writeAllTo(out, piece);
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        size += next.value.length;
        if (size > limit) throw tooLarge(limit);
        await writeAllTo(out, next.value);
      }
    } finally {
      await out.close();
    }
  } catch (e) {
    await removePrivateDir(dir);
    if (e instanceof Error && e.message.startsWith('Input too large')) throw e;
    throw new Error(`cannot copy standard input to ${file}: ${ioText(e)}`);
  }
  return { dir, file };
}

/** Writes all of `data` to `stream`, resolving once it is handed to the system. */
export function writeAll(stream: NodeJS.WritableStream, data: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    stream.once('error', onError);
    stream.write(data, (e) => {
      stream.off('error', onError);
      if (e) reject(e);
      else resolve();
    });
  });
}

/**
 * One input through the engine with `seed`: the corrupted bytes and the report. The one place where
 * the CLI turns bytes into their corrupted copy, whatever they were read from or are written to.
 */
export function corruptOne(
  engine: NodeEngine,
  input: Uint8Array,
  name: string,
  settings: RunSettings,
  seed: number,
  progress: (fraction: number) => void,
): Promise<CorruptResult> {
  // Reading was the first part of the scan stage; the engine's fractions carry on from there.
  return engine.run(input, name, settings, seed, { onProgress: (f) => progress(Math.max(SCAN, f)) });
}

/** An input opened for its runs: its bytes, or a handle to stream from. */
export interface OpenedInput {
  /** The bytes, when the input is read whole (empty when it streams). */
  input: Uint8Array;
  /** The name the engine and the reports go by. */
  name: string;
  /** The input's permissions, which every output made from it keeps within (none: standard input that is not a regular file). */
  inputMode?: number;
  /** A file the WebAssembly engine streams, read piece by piece as each variant is written. */
  streamed?: { handle: FileHandle; size: number; info: BigIntStats };
  /** Standard input past STDIN_IN_MEMORY, copied here to be streamed; removed after its runs (closeInput). */
  spool?: string;
}

/** How one FILE is opened. */
export interface InputWay {
  /** The FILE as given (`-`: standard input). */
  file: string;
  /** The name standard input goes by (--name). */
  stdinName: string;
  /** The plan streams it and the engine can. */
  streams: boolean;
  /** The engine's checks, run once the file is open and before a large file is read. */
  check: () => void;
  /** Standard input's size, known once it is read. */
  grow: (bytes: number) => void;
  progress: (fraction: number) => void;
}

/** Opens (or reads) one FILE for its variants; nothing is left open or spooled when it fails. */
export async function openInput(way: InputWay): Promise<OpenedInput> {
  const { file, streams } = way;
  const stdin = file === STDIN ? standardFile(0) : undefined;
  const inputMode = stdin && Number(stdin.mode) & 0o777;
  // Node reads a directory on standard input as nothing; reading it fails natively.
  if (file === STDIN && isDirectory(0)) throw new Error(msg.ioIsDirectory());
  if (file === STDIN && streams) {
    way.check();
    const got = await spoolStdin();
    if ('bytes' in got) {
      way.grow(got.bytes.length);
      return { input: got.bytes, name: way.stdinName, inputMode };
    }
    try {
      const handle = await open(got.file, 'r');
      const info = await handle.stat({ bigint: true });
      way.grow(Number(info.size));
      return {
        input: new Uint8Array(0),
        name: way.stdinName,
        inputMode,
        spool: got.dir,
        streamed: { handle, size: Number(info.size), info },
      };
    } catch (e) {
      await removePrivateDir(got.dir);
      throw e;
    }
  }
  if (file === STDIN) {
    const input = await readStdin();
    way.grow(input.length);
    return { input, name: way.stdinName, inputMode };
  }
  const name = lossyName(path.basename(file));
  if (!streams) {
    // Bad arguments (seed + i past the limit, say) are refused before a large file is read.
    const got = await readFileInput(file, way.check, way.progress);
    return { input: got.bytes, name, inputMode: got.mode };
  }
  const handle = await open(fsPath(file), 'r').catch((e) => {
    throw new Error(ioText(e));
  });
  try {
    const info = await handle.stat({ bigint: true }).catch((e) => {
      throw new Error(ioText(e));
    });
    if (!info.isFile()) throw new Error(info.isDirectory() ? 'is a directory' : 'not a regular file');
    way.check();
    return {
      input: new Uint8Array(0),
      name,
      inputMode: Number(info.mode),
      streamed: { handle, size: Number(info.size), info },
    };
  } catch (e) {
    await handle.close();
    throw e;
  }
}

/** What an opened input holds, let go after its last variant. */
export async function closeInput(opened: OpenedInput): Promise<void> {
  await opened.streamed?.handle.close();
  if (opened.spool) await removePrivateDir(opened.spool);
}

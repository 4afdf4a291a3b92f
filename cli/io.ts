import { type FileHandle, lstat, open, rename, rm } from 'node:fs/promises';

// File errors as the native CLI words them (engine-rs/cli/src/process.rs, io_text).
export function ioText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'EPIPE') return 'standard output was closed';
  return e instanceof Error ? e.message : String(e);
}

/**
 * Opens `target` for a streamed output, readable too (checksum fixing patches it in place). An
 * existing regular file there is renamed aside and deleted beside the run (the promise goes into
 * `discarding`, awaited before the process ends) rather than truncated in place: on ext4 the
 * truncation and the flush at close of a file truncated and rewritten lie on the run's critical
 * path (engine-rs/cli/src/process.rs, create_output). Where the rename fails, the file is truncated.
 */
export async function openOutput(target: string, discarding: Promise<unknown>[]): Promise<FileHandle> {
  const found = await lstat(target).catch(() => undefined);
  if (found?.isFile()) {
    const aside = `${target}.fracture-old-${process.pid}-${discarding.length}`;
    const moved = await rename(target, aside).then(
      () => true,
      () => false,
    );
    if (moved) discarding.push(rm(aside, { force: true }).catch(() => undefined));
  }
  return open(target, 'w+');
}

/** Writes a whole output at `target`, an earlier file there replaced as `openOutput` does. */
export async function writeWhole(target: string, data: Uint8Array, discarding: Promise<unknown>[]): Promise<void> {
  const out = await openOutput(target, discarding);
  try {
    await out.writeFile(data);
  } finally {
    await out.close();
  }
}

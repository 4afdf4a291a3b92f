// File errors as the native CLI words them (engine-rs/cli/src/process.rs, io_text).
export function ioText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'EPIPE') return 'standard output was closed';
  return e instanceof Error ? e.message : String(e);
}

// File errors as both command lines word them (engine-data/messages.toml; natively process.rs's io_text).
import * as msg from '../lib/engine/shared/messages.ts';

export function ioText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return msg.ioNotFound();
  if (code === 'EACCES' || code === 'EPERM') return msg.ioPermissionDenied();
  if (code === 'EISDIR') return msg.ioIsDirectory();
  if (code === 'EPIPE') return msg.ioStdoutClosed();
  return e instanceof Error ? e.message : String(e);
}

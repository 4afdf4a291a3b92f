// File errors as both command lines word them, by errno (engine-data/messages.toml; natively
// process.rs's io_text, the same codes).
import * as msg from '../lib/engine/shared/messages.ts';

const SAID: Record<string, () => string> = {
  ENOENT: msg.ioNotFound,
  EACCES: msg.ioPermissionDenied,
  EPERM: msg.ioPermissionDenied,
  EISDIR: msg.ioIsDirectory,
  EPIPE: msg.ioStdoutClosed,
  EEXIST: msg.ioExists,
  ENOTDIR: msg.ioNotDirectory,
  ENOSPC: msg.ioNoSpace,
  EDQUOT: msg.ioNoSpace,
  EFBIG: msg.ioTooLarge,
  EROFS: msg.ioReadOnly,
  EIO: msg.ioFailed,
  ELOOP: msg.ioLinkLoop,
  ENAMETOOLONG: msg.ioNameTooLong,
  EBUSY: msg.ioBusy,
  EMFILE: msg.ioTooManyOpen,
  ENFILE: msg.ioTooManyOpen,
  ETXTBSY: msg.ioTextBusy,
};

export function ioText(e: unknown): string {
  const { code, errno } = (e ?? {}) as NodeJS.ErrnoException;
  const said = code === undefined ? undefined : SAID[code];
  if (said) return said();
  // Node numbers a system error negatively (-17 for EEXIST).
  if (typeof errno === 'number' && code !== undefined) return msg.ioErrno(String(Math.abs(errno)));
  return e instanceof Error ? e.message : String(e);
}

// File errors as both command lines word them, by errno (engine-data/messages.toml's `[errno]`
// table; natively process.rs's io_text over the same table).
import * as msg from '../lib/engine/shared/messages.ts';

export function ioText(e: unknown): string {
  const { code, errno } = (e ?? {}) as NodeJS.ErrnoException;
  const said = code === undefined ? undefined : msg.IO_REASONS[code];
  if (said) return said();
  // Node numbers a system error negatively (-17 for EEXIST).
  if (typeof errno === 'number' && code !== undefined) return msg.ioErrno(String(Math.abs(errno)));
  return e instanceof Error ? e.message : String(e);
}
